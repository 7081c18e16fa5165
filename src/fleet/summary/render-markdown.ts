import { code, fitted, inline, MARKDOWN_MAX_LENGTH, type Section } from '../../render/render-markdown.js';
import type { FleetSummary, FleetTargetResult } from '../types.js';
import {
  causeHeading,
  coverage,
  failureWords,
  FLEET_PLAN_HASH_NOTE,
  haltedLine,
  INTERRUPTED_LINE,
  missingPossessive,
  namedAndMore,
  statusCounts,
  targetNotes,
  untouchedNames,
  verdictInBrief,
  visibleSummary,
  type VisibleSummary,
} from './wording.js';

export interface FleetMarkdownOptions {
  /** The most characters the Markdown may have (default MARKDOWN_MAX_LENGTH, under GitHub's limit on a comment). */
  readonly maxLength?: number;
  /** The summary is meant to cover the whole fleet (`fleet report`): a shard it has no summary of is missing, and said in the verdict. */
  readonly wholeFleet?: boolean;
}

const TABLE_HEAD = ['| target | group | status | create | update | delete | replace | notes |', '|---|---|---|--:|--:|--:|--:|---|'];
/** validate plans nothing: its table counts each target's records instead. */
const VALIDATE_TABLE_HEAD = ['| target | group | status | records | notes |', '|---|---|---|--:|---|'];

/**
 * The summary for a pull-request comment or an issue: the verdict in the heading, what the summary
 * covers, a table of targets, the failures by cause, what halted the run and what it left untouched,
 * the fleet plan's hash. Names and messages escaped (render-markdown `inline` and `code`, after their
 * control characters are made visible). Within `maxLength`: when the table of every target does not
 * fit, the `ok` targets are counted instead of listed, and what still does not fit is counted too.
 */
export function renderFleetSummaryMarkdown(input: FleetSummary, options: FleetMarkdownOptions = {}): string {
  const summary = visibleSummary(input);
  const budget = options.maxLength ?? MARKDOWN_MAX_LENGTH;
  const whole = options.wholeFleet === true;
  const every = sections(summary, summary.targets, 0, whole);
  const all = every.flatMap((section) => section.layout(section.entries, 0));
  const lines = size(all) <= budget ? all : collapsed(summary, budget, whole);
  // The sections each end with a blank line; the document ends with one newline.
  while (lines[lines.length - 1] === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/** The `ok` targets counted, not listed; then as many causes and rows as fit, the rest counted. */
function collapsed(summary: VisibleSummary, budget: number, wholeFleet: boolean): string[] {
  const listed = summary.targets.filter((target) => target.status !== 'ok');
  return fitted(sections(summary, listed, summary.targets.length - listed.length, wholeFleet), [1, 2], budget);
}

function size(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

/** The heading, causes, table (holding `listed`, counting `okNotListed` targets), stops and hash. */
function sections(summary: VisibleSummary, listed: readonly FleetTargetResult[], okNotListed: number, wholeFleet: boolean): Section[] {
  const { words } = verdictInBrief(summary, { wholeFleet });
  const { covered, missing, shards } = coverage(summary, { wholeFleet });
  const heading: Section = {
    entries: [],
    layout: () => [
      `### paycfg fleet ${summary.command}: ${inline(words)}`,
      '',
      `Fleet ${code(summary.fleetFile)}, ${covered}${missing !== undefined ? `: **${missing}**` : ''}. ${inline(statusCounts(summary))}.`,
      '',
      ...(missing !== undefined
        ? ['> [!WARNING]', `> ${capitalised(missing)}: ${missingPossessive(shards)} targets are not in this summary.`, '']
        : []),
    ],
  };

  const causes: Section = {
    entries: summary.causes.map((group) => {
      const { named, more } = namedAndMore(group.targets);
      return `- **${inline(causeHeading(group))}**: ${named.map((name) => code(name)).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    }),
    layout: (shown, left) =>
      summary.causes.length === 0 ? [] : ['**Failures by cause**', '', ...shown, ...(left > 0 ? [`- and ${left} more ${left === 1 ? 'cause' : 'causes'} (see \`--json\`)`] : []), ''],
  };

  const validate = summary.command === 'validate';
  const table: Section = {
    entries: listed.map((target) => (validate ? validateRow(target) : row(target))),
    layout(shown, left) {
      const notListed = [
        ...(left > 0 ? [`${left} more ${left === 1 ? 'target' : 'targets'}`] : []),
        ...(okNotListed > 0 ? [`${okNotListed} ${okNotListed === 1 ? 'target' : 'targets'} \`ok\``] : []),
      ];
      return [
        ...(shown.length > 0 ? [...(validate ? VALIDATE_TABLE_HEAD : TABLE_HEAD), ...shown, ''] : []),
        ...(notListed.length > 0 ? [`Not listed for room: ${notListed.join(' and ')}; \`paycfg fleet report --json\` lists every target.`, ''] : []),
      ];
    },
  };

  const untouched = untouchedNames(summary);
  const stops: Section = {
    entries: [],
    layout: () => {
      const lines = [
        ...(summary.halted !== undefined ? [`**${inline(haltedLine(summary.halted))}.**`] : []),
        ...(summary.interrupted ? [`**${inline(INTERRUPTED_LINE)}.**`] : []),
      ];
      if (untouched.length > 0) {
        const { named, more } = namedAndMore(untouched);
        lines.push(`Untouched (${untouched.length}): ${named.map((name) => code(name)).join(', ')}${more > 0 ? ` and ${more} more` : ''}.`);
      }
      return lines.length === 0 ? [] : [lines.join('\n\n'), ''];
    },
  };

  const hash: Section = {
    entries: [],
    layout: () => (summary.fleetPlanHash === undefined ? [] : [`<sub>Fleet plan hash ${code(summary.fleetPlanHash)}: \`paycfg fleet apply DIR\` ${FLEET_PLAN_HASH_NOTE}.</sub>`, '']),
  };

  return [heading, causes, table, stops, hash];
}

function row(target: FleetTargetResult): string {
  const counts = target.counts;
  const number = (value: number | undefined): string => (value === undefined ? '' : String(value));
  const notes = [...targetNotes(target), ...(target.failure !== undefined ? [failureWords(target)!] : [])];
  const status = target.status === 'failed' || target.status === 'blocked' ? `**${target.status}**` : target.status;
  return `| ${code(target.name, true)} | ${code(target.group, true)} | ${status} | ${number(counts?.create)} | ${number(counts?.update)} | ${number(counts?.delete)} | ${number(counts?.replace)} | ${inline(notes.join('; '))} |`;
}

function validateRow(target: FleetTargetResult): string {
  const notes = [...targetNotes(target), ...(target.failure !== undefined ? [failureWords(target)!] : [])];
  const status = target.status === 'failed' ? `**${target.status}**` : target.status;
  const records = target.counts?.records;
  return `| ${code(target.name, true)} | ${code(target.group, true)} | ${status} | ${records === undefined ? '' : String(records)} | ${inline(notes.join('; '))} |`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
