/**
 * The sentences a fleet summary is told in, shared by the text and Markdown renderers so that a
 * terminal and a pull request say the same thing; each lays them out and escapes them its own way.
 * Every string from a file or a service (target names, groups, messages, the fleet file's name) is
 * made visible first (visibleSummary): no control or bidirectional character reaches either.
 */
import { shortPlanHash } from '../../journal/plan-hash.js';
import { plural } from '../../util/text.js';
import { showControls } from '../../util/visible-text.js';
import { FLEET_TARGET_STATUSES, type FleetSummary, type FleetTargetCounts, type FleetTargetResult, type FleetTargetStatus } from '../types.js';

declare const VISIBLE: unique symbol;

/** A summary whose every string from outside paycfg has its control characters written as escapes. */
export type VisibleSummary = FleetSummary & { readonly [VISIBLE]: true };

/** The most names a list of targets names before it counts the rest ("and 12 more"). */
export const NAMES_LISTED = 10;

/** The most characters of a failure's message shown on a target's line; the summary's JSON has it whole. */
export const MESSAGE_SHOWN = 200;

/**
 * How much of a failure's message a renderer shows: `whole` (escaped, a newline as `\n`, for a
 * Markdown cell), or `first-line` (its first line, `…` after it when more follows: a stale plan's
 * message lists what changed on the lines after, which a line per target cannot hold; the JSON
 * keeps the message whole).
 */
export type MessageShown = 'whole' | 'first-line';

/**
 * A message's first line, with ` …` when lines with something on them follow. A first line that
 * ends in a colon only announces what follows (`the manifest is invalid (1 error):`): the first
 * line after it is shown on the same line, or the reader would learn nothing.
 */
export function firstLineOf(message: string): string {
  const lines = message.split(/\r?\n/);
  let shown = lines.shift() ?? '';
  if (shown.trimEnd().endsWith(':')) {
    while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
    const next = lines.shift();
    if (next !== undefined) shown = `${shown.trimEnd()} ${next.trim()}`;
  }
  return lines.some((line) => line.trim() !== '') ? `${shown} …` : shown;
}

export function visibleSummary(summary: FleetSummary, messages: MessageShown = 'whole'): VisibleSummary {
  const t = (text: string): string => showControls(text);
  const shown = (message: string): string => shortened(messages === 'first-line' ? firstLineOf(message) : message);
  const visible: FleetSummary = {
    ...summary,
    fleetFile: t(summary.fleetFile),
    targets: summary.targets.map((target) => ({
      ...target,
      name: t(target.name),
      group: t(target.group),
      baseUrl: t(target.baseUrl),
      ...(target.failure !== undefined
        ? { failure: { cause: { id: t(target.failure.cause.id), title: t(target.failure.cause.title) }, code: t(target.failure.code), message: t(shown(target.failure.message)) } }
        : {}),
      ...(target.planFile !== undefined ? { planFile: t(target.planFile) } : {}),
      ...(target.planHash !== undefined ? { planHash: t(target.planHash) } : {}),
    })),
    causes: summary.causes.map((group) => ({ cause: { id: t(group.cause.id), title: t(group.cause.title) }, targets: group.targets.map(t) })),
    ...(summary.halted !== undefined ? { halted: { wave: summary.halted.wave, reason: t(summary.halted.reason) } } : {}),
    ...(summary.fleetPlanHash !== undefined ? { fleetPlanHash: t(summary.fleetPlanHash) } : {}),
  };
  return visible as VisibleSummary;
}

/** A message cut to MESSAGE_SHOWN characters, before it is escaped (an escape is never cut in half), whole code points. */
function shortened(message: string): string {
  const points = Array.from(message);
  return points.length <= MESSAGE_SHOWN ? message : `${points.slice(0, MESSAGE_SHOWN - 1).join('')}…`;
}

/** What a status reads as in a count: "2 with changes". */
const STATUS_WORDS: Readonly<Record<FleetTargetStatus, string>> = {
  ok: 'ok',
  changes: 'with changes',
  drifted: 'drifted',
  applied: 'applied',
  failed: 'failed',
  blocked: 'blocked',
  untouched: 'untouched',
};

/** "12 targets: 8 ok, 2 with changes, 1 failed, 1 blocked": the statuses that occur, in their order. */
export function statusCounts(summary: FleetSummary): string {
  const parts = FLEET_TARGET_STATUSES.filter((status) => summary.totals.byStatus[status] > 0).map((status) => `${summary.totals.byStatus[status]} ${STATUS_WORDS[status]}`);
  const total = plural(summary.totals.targets, 'target');
  return parts.length === 0 ? total : `${total}: ${parts.join(', ')}`;
}

/** "1, 2, 4" with runs of three or more written "5-9". */
function indexList(indexes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; ) {
    let j = i;
    while (j + 1 < indexes.length && indexes[j + 1] === indexes[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${indexes[i]}-${indexes[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(indexes[k]));
    i = j + 1;
  }
  return parts.join(', ');
}

/** Which shards of their count a summary covers; absent for a run of the whole fleet. */
export interface ShardCoverage {
  readonly count: number;
  /** The indexes covered, in order. */
  readonly covered: readonly number[];
  /** The indexes of the count not covered, in order. */
  readonly missing: readonly number[];
}

export function shardCoverage(summary: FleetSummary): ShardCoverage | undefined {
  const shards = summary.shards;
  if (shards === undefined || shards.length === 0) return undefined;
  const count = shards[0]!.count;
  const covered = [...new Set(shards.map((shard) => shard.index))].sort((a, b) => a - b);
  const missing: number[] = [];
  for (let index = 1; index <= count; index++) if (!covered.includes(index)) missing.push(index);
  return { count, covered, missing };
}

/** "shard 3" or "shards 1, 3-5". */
export function shardsWords(indexes: readonly number[]): string {
  return `${indexes.length === 1 ? 'shard' : 'shards'} ${indexList(indexes)}`;
}

/**
 * What part of the fleet the summary covers, worded: "the whole fleet", "shard 2 of 4", "all 4
 * shards", or "shards 1, 2, 4 of 4" with what is missing ("shard 3 missing") apart, for the
 * renderers to stress; `shards` the structure it is worded from. A shard's own run names only
 * itself: its siblings are not missing from it (unless `wholeFleet`: a report meant to cover
 * every shard, for which any shard not covered is missing).
 */
export function coverage(summary: FleetSummary, options: { readonly wholeFleet?: boolean } = {}): { readonly covered: string; readonly missing?: string; readonly shards?: ShardCoverage } {
  const shards = shardCoverage(summary);
  if (shards === undefined) return { covered: 'the whole fleet' };
  const { count, covered, missing } = shards;
  if (missing.length === 0) return { covered: count === 1 ? 'shard 1 of 1' : `all ${count} shards`, shards };
  const said = covered.length === 1 ? `shard ${covered[0]} of ${count}` : `shards ${indexList(covered)} of ${count}`;
  if (covered.length === 1 && options.wholeFleet !== true) return { covered: said, shards };
  return { covered: said, missing: `${shardsWords(missing)} missing`, shards };
}

/** "its" for one missing shard, "their" for several: whose targets a summary leaves out. */
export function missingPossessive(shards: ShardCoverage | undefined): 'its' | 'their' {
  return shards !== undefined && shards.missing.length > 1 ? 'their' : 'its';
}

/** "3 to create, 1 to update, 0 to delete, 0 to replace": a plan's words (render/plan-wording). */
export function changeCounts(counts: Pick<FleetTargetCounts, 'create' | 'update' | 'delete' | 'replace'>): string {
  return `${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ${counts.replace} to replace`;
}

/**
 * "+3 ~1 -0 -/+0": the marks a plan's changes carry in the terminal (render/render-text); for
 * validate, which plans nothing, its records: "12 records".
 */
export function countsInBrief(counts: FleetTargetCounts): string {
  if (counts.records !== undefined) return plural(counts.records, 'record');
  return `+${counts.create} ~${counts.update} -${counts.delete} -/+${counts.replace}`;
}

/** What else a target's line says, each when there is something to say. */
export function targetNotes(target: FleetTargetResult): string[] {
  const notes: string[] = [];
  if (target.wave !== undefined) notes.push(target.wave === 0 ? 'canary' : `wave ${target.wave}`);
  const counts = target.counts;
  if (counts !== undefined) {
    if (counts.applied !== undefined) {
      const { done, failed, skipped, notStarted } = counts.applied;
      notes.push([`${done} done`, `${failed} failed`, `${skipped} skipped`, ...(notStarted > 0 ? [`${notStarted} not started`] : [])].join(', '));
    }
    // validate's records are its counts column (countsInBrief), not a note.
    if (counts.blocked > 0) notes.push(`${counts.blocked} blocked`);
    if (counts.findings > 0) notes.push(`${plural(counts.findings, 'finding')}${counts.blockingFindings > 0 ? ` (${counts.blockingFindings} blocking)` : ''}`);
    if (counts.unmanaged > 0) notes.push(`${counts.unmanaged} unmanaged`);
  }
  if (target.transition !== undefined) notes.push(target.transition.replace('-', ' '));
  return notes;
}

/** "token expired: the token expired at 12:00": a failed or blocked target's cause, then what the service or paycfg said. */
export function failureWords(target: FleetTargetResult): string | undefined {
  if (target.failure === undefined) return undefined;
  const { cause, message } = target.failure;
  return message === '' || message === cause.title ? cause.title : `${cause.title}: ${message}`;
}

/** "token expired: 12 groups". */
export function causeHeading(group: FleetSummary['causes'][number]): string {
  return `${group.cause.title}: ${plural(group.targets.length, 'group')}`;
}

/** The first NAMES_LISTED names, and how many are not named. */
export function namedAndMore(names: readonly string[]): { readonly named: readonly string[]; readonly more: number } {
  const named = names.slice(0, NAMES_LISTED);
  return { named, more: names.length - named.length };
}

/** "a, b, c and 4 more". */
export function nameList(names: readonly string[], shown: (name: string) => string = (name) => name): string {
  const { named, more } = namedAndMore(names);
  return `${named.map(shown).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

export function untouchedNames(summary: FleetSummary): string[] {
  return summary.targets.filter((target) => target.status === 'untouched').map((target) => target.name);
}

/** "Halted after wave 2 (canary: wave 0): a target failed". */
export function haltedLine(halted: NonNullable<FleetSummary['halted']>): string {
  return `Halted at ${halted.wave === 0 ? 'the canary wave' : `wave ${halted.wave}`}: ${halted.reason}`;
}

export const INTERRUPTED_LINE = 'Interrupted: no target was started after the signal; those already running finished';

/** The fleet plan's hash, short, where it is read (text); the Markdown gives it whole, to be copied. */
export function fleetPlanHashLine(hash: string): string {
  return `Fleet plan ${shortPlanHash(hash)} (fleet.json; \`paycfg fleet apply DIR\` checks it; --json gives the full hash)`;
}

/** After the whole hash, in Markdown. */
export const FLEET_PLAN_HASH_NOTE = 'applies the plans of fleet.json only while they match it';

/** Whether the verdict is good news, news, or bad news: what it is coloured by. */
export type Tone = 'good' | 'changes' | 'bad';

/**
 * The run's verdict in a few words, as its exit code has it: the Markdown heading takes them as they
 * are, the text summary as its last line (verdictLine).
 */
export function verdictInBrief(summary: FleetSummary, options: { readonly wholeFleet?: boolean } = {}): { readonly words: string; readonly tone: Tone } {
  const { byStatus, targets } = summary.totals;
  // A report meant to cover the whole fleet (fleet report) fails for a shard it has no summary of: said first.
  const missing = options.wholeFleet === true ? (shardCoverage(summary)?.missing ?? []) : [];
  const of = (count: number, what?: string): string => `${count} of ${plural(targets, 'target')}${what !== undefined ? ` ${what}` : ''}`;
  if (summary.exitCode === 130) {
    const failed = byStatus.failed + byStatus.blocked;
    return { words: `interrupted: ${of(byStatus.untouched, 'untouched')}${failed > 0 ? `, ${failed} failed or blocked` : ''}`, tone: 'bad' };
  }
  if (summary.exitCode === 1) {
    const parts = [
      ...(missing.length > 0 ? [`${shardsWords(missing)} missing`] : []),
      ...(byStatus.failed > 0 ? [of(byStatus.failed, 'failed')] : []),
      ...(byStatus.blocked > 0 ? [byStatus.failed > 0 ? `${byStatus.blocked} blocked` : of(byStatus.blocked, 'blocked')] : []),
      ...(summary.halted !== undefined ? [`halted at ${summary.halted.wave === 0 ? 'the canary wave' : `wave ${summary.halted.wave}`}, ${byStatus.untouched} untouched`] : []),
      // What the others found is news too: a failure does not hide that a plan has changes.
      ...(byStatus.changes > 0 ? [`${byStatus.changes} with changes`] : []),
      ...(byStatus.drifted > 0 ? [`${byStatus.drifted} drifted`] : []),
    ];
    return { words: parts.length > 0 ? parts.join(', ') : 'failed', tone: 'bad' };
  }
  if (summary.exitCode === 2) {
    if (summary.command === 'drift') return { words: `drift detected in ${of(byStatus.drifted)}`, tone: 'changes' };
    return { words: `${changeCounts(summary.totals)}, in ${of(byStatus.changes)}`, tone: 'changes' };
  }
  if (targets === 0) return { words: 'no target in this run', tone: 'good' };
  switch (summary.command) {
    case 'validate':
      return { words: targets === 1 ? 'the target is valid' : `all ${targets} targets valid`, tone: 'good' };
    case 'plan':
      return { words: `no changes in ${plural(targets, 'target')}`, tone: 'good' };
    case 'drift':
      return { words: `no drift in ${plural(targets, 'target')}`, tone: 'good' };
    case 'apply':
      return { words: `${of(byStatus.applied, 'applied')}, ${byStatus.ok} with nothing to apply`, tone: 'good' };
  }
}

/** The verdict as the last line of the text summary: "Fleet plan: 3 to create, … in 2 of 12 targets." */
export function verdictLine(summary: FleetSummary, options: { readonly wholeFleet?: boolean } = {}): string {
  return `Fleet ${summary.command}: ${verdictInBrief(summary, options).words}.`;
}
