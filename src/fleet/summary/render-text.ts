import type { Style } from '../../render/style.js';
import type { FleetSummary, FleetTargetResult, FleetTargetStatus } from '../types.js';
import {
  causeHeading,
  countsInBrief,
  coverage,
  failureWords,
  fleetPlanHashLine,
  haltedLine,
  INTERRUPTED_LINE,
  nameList,
  statusCounts,
  targetNotes,
  untouchedNames,
  verdictInBrief,
  verdictLine,
  visibleSummary,
} from './wording.js';

export interface FleetTextOptions {
  /** The summary is meant to cover the whole fleet (`fleet report`): a shard it has no summary of is missing, and said in the verdict. */
  readonly wholeFleet?: boolean;
}

/** How each status is coloured: bad news red, news yellow, the rest as the plan's own lines are. */
function statusStyle(status: FleetTargetStatus, style: Style): (text: string) => string {
  switch (status) {
    case 'ok':
    case 'applied':
      return style.green;
    case 'changes':
    case 'drifted':
      return style.yellow;
    case 'failed':
    case 'blocked':
      return style.red;
    case 'untouched':
      return style.dim;
  }
}

/**
 * The summary for a terminal or a CI log: a header (command, fleet file, shards, targets by status),
 * one aligned line per target (name, group, status, `+3 ~1 -0 -/+0`, what else there is to say, the
 * failure's cause), the failures grouped by cause, what halted or interrupted the run and what it
 * left untouched, the fleet plan's hash, and the verdict last, where a log is read from. Every string
 * from a file or a service shown with its control characters as escapes; colour only through `style`.
 */
export function renderFleetSummaryText(input: FleetSummary, style: Style, options: FleetTextOptions = {}): string {
  // A line per target: a message of several lines shows its first (the JSON has it whole).
  const summary = visibleSummary(input, 'first-line');
  const out: string[] = [];
  const { covered, missing, shards } = coverage(summary, options);
  out.push(style.bold(`paycfg fleet ${summary.command}: ${summary.fleetFile}, ${covered}`) + (missing !== undefined ? style.yellow(style.bold(`: ${missing}`)) : ''));
  out.push(statusCounts(summary));
  if (missing !== undefined) out.push(style.yellow(`The targets of the missing ${shards !== undefined && shards.missing.length > 1 ? 'shards' : 'shard'} are not in this summary.`));

  if (summary.targets.length > 0) out.push('', ...targetLines(summary.targets, style));

  const section = (lines: readonly string[]): void => {
    if (lines.length === 0) return;
    if (out[out.length - 1] !== '') out.push('');
    out.push(...lines);
  };
  if (summary.causes.length > 0) {
    section([
      style.bold('Failures by cause:'),
      ...summary.causes.map((group) => `  ${style.red(causeHeading(group))}: ${nameList(group.targets)}`),
    ]);
  }
  const stops: string[] = [];
  if (summary.halted !== undefined) stops.push(style.red(haltedLine(summary.halted)));
  if (summary.interrupted) stops.push(style.yellow(INTERRUPTED_LINE));
  const untouched = untouchedNames(summary);
  if (untouched.length > 0) stops.push(`Untouched (${untouched.length}): ${nameList(untouched)}`);
  section(stops);
  if (summary.fleetPlanHash !== undefined) section([style.dim(fleetPlanHashLine(summary.fleetPlanHash))]);

  const { tone } = verdictInBrief(summary, options);
  const verdict = verdictLine(summary, options);
  section([tone === 'good' ? style.green(verdict) : tone === 'changes' ? style.yellow(style.bold(verdict)) : style.red(style.bold(verdict))]);
  return `${out.join('\n')}\n`;
}

/** One line per target, its columns aligned on the widest (the text is escaped already, so its length is its width). */
function targetLines(targets: readonly FleetTargetResult[], style: Style): string[] {
  const plain = (text: string): string => text;
  const rows = targets.map((target) => {
    const colour = statusStyle(target.status, style);
    const failure = failureWords(target);
    return [
      { text: target.name, colour: plain },
      { text: target.group, colour: plain },
      { text: target.status, colour },
      { text: target.counts !== undefined ? countsInBrief(target.counts) : '', colour: plain },
      // What else there is to say, then the failure: free text, last, so never padded.
      { text: [...targetNotes(target), ...(failure !== undefined ? [failure] : [])].join('; '), colour: failure !== undefined ? colour : plain },
    ];
  });
  // Every column but a line's last is padded to the widest.
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((cells) => cells[column]!.text.length)));
  return rows.map((cells) => {
    let last = cells.length - 1;
    while (last > 0 && cells[last]!.text === '') last--;
    const shown = cells.slice(0, last + 1).map((cell, i) => {
      const padding = i < last ? ' '.repeat(widths[i]! - cell.text.length) : '';
      return `${cell.text === '' ? '' : cell.colour(cell.text)}${padding}`;
    });
    // An empty column (no target has notes) takes no room.
    return `  ${shown.filter((_, i) => i >= last || widths[i]! > 0).join('  ')}`;
  });
}
