import { stringifyJson, showControls } from '../util/visible-text.js';
import type { ReadJournal, TornLine } from './reader.js';
import type { RunSource } from './records.js';
import { shortPlanHash } from './plan-hash.js';
import { evidenceNote } from '../render/evidence-wording.js';
import { summariseJournal, type JournalRun, type RunOverride, type RunPromotion } from './summary.js';

/**
 * A journal summarised for people (text, Markdown) and programs (JSON). A journal may come from
 * anywhere: every string read from it is shown with its control characters escaped (text), or as
 * Markdown text that opens no construct (Markdown), whatever the writer did.
 */

export const JOURNAL_SUMMARY_FORMAT_VERSION = 1;

const t = (text: string): string => showControls(text);

function seconds(ms: number | null): string {
  return ms === null ? '' : ` (${(ms / 1000).toFixed(1)} s)`;
}

/** The form the plan's text shows, so that a reviewer matches the two at a glance; --json has it in full. */
function shortHash(hash: string | null): string {
  return hash === null ? 'unknown' : shortPlanHash(hash);
}

function sourceText(source: RunSource | null): string {
  if (source === null) return 'unknown';
  if (source.kind === 'manifest') return `manifest ${source.files.map((f) => `${t(f.path)} (sha256 ${f.sha256 ?? 'not recorded'})`).join(', ')}`;
  const from = source.manifestFiles.length > 0 ? ` from ${source.manifestFiles.map(t).join(', ')}` : '';
  return `saved plan ${t(source.file.path)} (sha256 ${source.file.sha256 ?? 'not recorded'})${source.createdAt !== undefined ? `, made ${t(source.createdAt)}` : ''}${from}`;
}

function gitText(run: JournalRun): string {
  const git = run.git;
  if (git === null || git.commit === null) return 'not in a git work tree';
  const state = git.clean === null ? 'state unknown' : git.clean ? 'clean work tree' : 'work tree with changes';
  const files = git.uncommitted !== null && git.uncommitted.length > 0 ? `; not as committed: ${git.uncommitted.map(t).join(', ')}` : '';
  return `commit ${t(git.commit)} (${state}${files})`;
}

function countsText(run: JournalRun): string {
  const { done, failed, skipped, notStarted, blocked } = run.counts;
  const parts = [`${done} done`, `${failed} failed`, `${skipped} skipped`];
  if (notStarted > 0) parts.push(`${notStarted} not started`);
  if (blocked > 0) parts.push(`${blocked} blocked`);
  return parts.join(', ');
}

function headline(run: JournalRun): string {
  const stop = run.status === 'interrupted' && run.signal !== undefined ? ` by ${t(run.signal)}` : '';
  const end = run.status === 'unfinished' ? 'no end recorded: the process was killed or crashed' : `${countsText(run)}; exit ${run.exitCode}`;
  return `${run.status}${stop}: ${end}`;
}

/** `jane (GITHUB_ACTOR)`, `root (OS account)`: who, and what said so. */
function whoText(run: JournalRun): string {
  if (run.actor === null) return 'unknown';
  return `${t(run.actor.name)} (${run.actor.from === 'os-account' ? 'OS account' : t(run.actor.from)})`;
}

const MARK = { done: '✓', failed: '✗', skipped: '-' } as const;

/** One block per run: when, who, where, from what, how it ended, each change. */
export function renderJournalText(file: string, journal: ReadJournal): string {
  const runs = summariseJournal(journal.records);
  const lines = [`Journal ${t(file)}: ${runs.length} run${runs.length === 1 ? '' : 's'}.`];
  for (const run of runs) {
    lines.push('', `Run ${t(run.id)}: ${headline(run)}`);
    lines.push(`  started  ${run.start === null ? 'unknown (no run-start record)' : t(run.start)} by ${whoText(run)}`);
    if (run.end !== null) lines.push(`  ended    ${t(run.end)}${seconds(run.durationMs)}`);
    if (run.environment !== undefined) lines.push(`  env      ${t(run.environment)}`);
    if (run.group !== null) lines.push(`  group    ${t(run.group.groupId)} "${t(run.group.groupName)}" at ${t(run.baseUrl ?? '')}`);
    lines.push(`  plan     ${t(shortHash(run.planHash))}`);
    lines.push(`  source   ${sourceText(run.source)}`);
    lines.push(`  git      ${gitText(run)}`);
    if (run.error !== undefined) lines.push(`  error    ${t(run.error.code)}: ${t(run.error.message)}`);
    if (run.promotion !== undefined) {
      lines.push(`  promoted ${t(promotionText(run.promotion))}`);
      for (const change of run.promotion.changes) lines.push(`    evidence of ${change.action} ${t(change.address)}: ${t(evidenceNote(change.evidence, run.promotion))}`);
    }
    for (const override of run.overrides ?? []) lines.push(`  override ${t(overrideText(override))}`);
    for (const change of run.changes) {
      const what = change.outcome === 'done' ? (change.detail !== undefined && change.detail !== '' ? `: ${t(change.detail)}` : '') : '';
      if (change.outcome === 'failed') continue;
      lines.push(`  ${MARK[change.outcome]} ${change.action} ${change.movedFrom !== undefined ? `${t(change.movedFrom)} → ` : ''}${t(change.address)}${what}${change.outcome === 'skipped' ? `: skipped, ${t(change.because ?? '')}` : ''}`);
    }
    for (const failure of run.failures) {
      const code = failure.serviceCode !== undefined ? `service code ${failure.serviceCode}` : t(failure.code);
      lines.push(`  ${MARK.failed} ${failure.action} ${t(failure.address)}: FAILED (${code}): ${t(failure.message)}`);
    }
    if (run.notStarted.length > 0) lines.push(`  not started: ${run.notStarted.map(t).join(', ')}`);
    if (run.unended.length > 0) lines.push(`  no outcome recorded (half-done, or never started; plan again to see): ${run.unended.map(t).join(', ')}`);
  }
  for (const torn of journal.torn) lines.push('', tornText(file, torn));
  return `${lines.join('\n')}\n`;
}

/** `plan-terminal-reach (paycfg/plan-rules) by jane at 2026-…: "reason" (emv/visa-usd)`: what a policy override let through, who, when and why. */
function overrideText(override: RunOverride): string {
  const where = override.addresses.length > 0 ? ` (${override.addresses.join(', ')})` : '';
  return `${override.rule} (${override.pack}) by ${override.actor?.name ?? 'unknown'} at ${override.time}: "${override.reason}"${where}`;
}

/** `from test (group G-… at …) to production (group G-… at …)`, and whether unproven changes were allowed. */
function promotionText(promotion: RunPromotion): string {
  const { from, to } = promotion;
  const allowed = promotion.allowedUnproven ? '; unproven changes allowed (--allow-unproven)' : '';
  return `from ${from.name} (group ${from.groupId} at ${from.baseUrl}) to ${to.name} (group ${to.groupId} at ${to.baseUrl})${allowed}`;
}

function tornText(file: string, torn: TornLine): string {
  return `Line ${torn.line} of ${t(file)} is a record cut short (a crash or a full disk while it was written): skipped.`;
}

/** The runs as JSON: `{formatVersion, file, runs[], torn[]}`, each run as summariseJournal gives it. */
export function renderJournalJson(file: string, journal: ReadJournal): string {
  return `${stringifyJson({ formatVersion: JOURNAL_SUMMARY_FORMAT_VERSION, file, runs: summariseJournal(journal.records), torn: journal.torn }, 2)}\n`;
}

const INLINE_SYNTAX = /[\\`*_[\]<>&|~$]/g;
const WORD_JOINER = '\u2060';

/** Text read from a journal in a Markdown table cell or list item, read as the words it is (as render/render-markdown does for plans). */
function md(text: string): string {
  return showControls(text)
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(/@/g, `@${WORD_JOINER}`)
    .replace(/#(?=\d)/g, `#${WORD_JOINER}`)
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/www\./gi, (www) => `${www.slice(0, 3)}${WORD_JOINER}.`);
}

/** For a change-control record or a pull-request comment: a table of runs, then each run's failures. */
export function renderJournalMarkdown(file: string, journal: ReadJournal): string {
  const runs = summariseJournal(journal.records);
  const lines = [`### Apply journal ${md(file)}`, '', `${runs.length} run${runs.length === 1 ? '' : 's'}.`];
  if (runs.length > 0) {
    lines.push('', '| Started | Who | Group | Result | Plan | Git commit | Run |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const run of runs) {
      const result = run.status === 'unfinished' ? '**unfinished** (no end recorded)' : `**${run.status}**: ${countsText(run)}; exit ${run.exitCode}`;
      const git = run.git?.commit ? `${md(run.git.commit.slice(0, 12))}${run.git.clean === false ? ' (changes)' : ''}` : '';
      lines.push(
        `| ${md(run.start ?? 'unknown')} | ${run.actor === null ? 'unknown' : md(run.actor.name)} | ${run.group === null ? '' : md(run.group.groupId)}${run.environment !== undefined ? ` (${md(run.environment)})` : ''} | ${result} | ${md(shortPlanHash(run.planHash ?? ''))} | ${git} | ${md(run.id)} |`,
      );
    }
  }
  for (const run of runs) {
    const changed = run.changes.filter((c) => c.outcome === 'done');
    if (run.failures.length === 0 && changed.length === 0 && run.notStarted.length === 0 && run.error === undefined && run.promotion === undefined && run.overrides === undefined) continue;
    lines.push('', `#### Run ${md(run.id)}`, '');
    if (run.promotion !== undefined) {
      lines.push(`- promotion ${md(promotionText(run.promotion))}`);
      for (const change of run.promotion.changes) lines.push(`  - evidence of ${change.action} ${md(change.address)}: ${md(evidenceNote(change.evidence, run.promotion))}`);
    }
    for (const override of run.overrides ?? []) lines.push(`- policy override ${md(overrideText(override))}`);
    for (const change of changed) lines.push(`- ${change.action} ${change.movedFrom !== undefined ? `${md(change.movedFrom)} → ` : ''}${md(change.address)}${change.detail !== undefined && change.detail !== '' ? `: ${md(change.detail)}` : ''}`);
    for (const failure of run.failures) {
      const code = failure.serviceCode !== undefined ? `service code ${failure.serviceCode}` : md(failure.code);
      lines.push(`- **failed** ${failure.action} ${md(failure.address)} (${code}): ${md(failure.message)}`);
    }
    if (run.notStarted.length > 0) lines.push(`- not started: ${run.notStarted.map(md).join(', ')}`);
    if (run.error !== undefined) lines.push(`- the run stopped on an error (${md(run.error.code)}): ${md(run.error.message)}`);
  }
  for (const torn of journal.torn) lines.push('', md(tornText(file, torn)));
  return `${lines.join('\n')}\n`;
}
