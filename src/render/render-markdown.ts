import { serviceRecordWords, throughApi } from './api-words.js';
import type { Change, Plan, PublishedPlan } from '../plan/plan.js';
import { stringifyJson } from '../util/visible-text.js';
import {
  blockedAction,
  blockedWhy,
  driftInBrief,
  driftVerdict,
  noChangeLine,
  notShownLine,
  planInBrief,
  targetingWarning,
  unmanagedGroups,
  unmanagedHeading,
  warningParts,
  warningsAbout,
  type ReportKind,
  type UnmanagedGroup,
  planHashLine,
} from './plan-wording.js';
import { batchLines, blockersBesideBatches, impactLine, touchesTraffic, type WithBatches, type WithImpact } from './impact-wording.js';
import { changesByOrigin, hasOrigins, ORIGIN_DETAIL, ORIGIN_HEADING, originOf, revertedAddresses, revertSentence } from './origin-wording.js';
import { changeLines, movedFromOf, type BlockLine } from './render-text.js';
import { allowedUnprovenSentence, evidenceInBrief, promotionLine, unprovenAddresses } from './evidence-wording.js';
import { evidenceOf } from '../plan/promotion.js';
import { visiblePlan } from './visible-plan.js';
import {
  FINDING_HEADING,
  findingLine,
  findingsByGroup,
  locationText,
  overrideNote,
  packLine,
  packsHeading,
  policyVerdict,
  skippedHeading,
  skippedLine,
  type Words,
} from './findings-wording.js';
import type { Finding } from '../findings/types.js';
import type { FindingGroup } from '../plan/published-plan.js';

const SYMBOL = { create: '➕', update: '✏️', delete: '🗑️', replace: '♻️' } as const;

/** The most characters a comment has by default: GitHub refuses one over 65,536, and a caller may add a line or two. */
export const MARKDOWN_MAX_LENGTH = 60_000;

/** In the diff block a one-line string longer than this is shown in pieces this long: GitHub does not wrap a code block. */
export const MARKDOWN_WRAP_AT = 100;

export interface MarkdownOptions {
  /** The most characters the comment may have (default MARKDOWN_MAX_LENGTH); changes that do not fit are counted, not shown. */
  readonly maxLength?: number;
  /** Drift run with --ignore-unmanaged: the records are listed, and its verdict does not count them. */
  readonly ignoreUnmanaged?: boolean;
}

/** What opens or closes an inline construct wherever it stands: code, emphasis, strikethrough, links and images, HTML, entities, maths, table cells, escapes. */
const INLINE_SYNTAX = /[\\`*_[\]<>&|~$]/g;
const WORD_JOINER = '\u2060';

/**
 * Text from the plan (names, reasons, messages: much of it from the service) in a Markdown
 * paragraph, list item or table cell, read as the words it is:
 * - each character that can open or close an inline construct is backslash-escaped, so that
 *   `[Verify](https://…)` stays text, `**urgent**` is not bold, `<img>` is not HTML and `|` does
 *   not end a table cell;
 * - GitHub's own links, made in the rendered text where no escape reaches, are broken with an
 *   invisible word joiner: after `@` (`@org/team` would notify the team; an e-mail address), after
 *   a `#` before a digit (an issue reference), inside `://` and `www.` (a bare URL);
 * - a line break becomes a space.
 * paycfg never starts a line with such text, so the syntax of a line's start (`#`, `-`, `>`, `1.`)
 * cannot arise from it.
 */
export function inline(text: string): string {
  return text
    .replace(/\r?\n/g, ' ')
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(/@/g, `@${WORD_JOINER}`)
    .replace(/#(?=\d)/g, `#${WORD_JOINER}`)
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/www\./gi, (www) => `${www.slice(0, 3)}${WORD_JOINER}.`);
}

/** The most records the warning about reverted changes names; the rest are counted. */
const REVERTED_NAMED = 10;

/** The longest run of backticks in `text`: a code span or fence one longer cannot be closed by it. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * Inline code that holds any text: the fence is one backtick longer than the longest run inside.
 * Nothing inside is Markdown, and GitHub links no mention or URL in it. In a table cell each `|` is
 * escaped as well: GitHub splits the row before it reads the code span, and puts `\|` back as `|`.
 */
export function code(text: string, inTable = false): string {
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  const body = text.replace(/\r?\n/g, ' ');
  return `${fence}${pad}${inTable ? body.replace(/\|/g, '\\|') : body}${pad}${fence}`;
}

/**
 * A change line in a ```diff block: the mark moves to the first column, where GitHub colours `+`
 * green and `-` red; `~` is written `!`, which it colours as a change (Atlantis does the same).
 */
function diffLine(line: BlockLine): string {
  const note = line.note !== undefined ? ` ${line.note}` : '';
  if (line.mark === '') return `${' '.repeat(line.markCol + 2)}${line.text}${note}`;
  const mark = line.mark === '~' ? '!' : line.mark;
  return `${mark}${' '.repeat(Math.max(1, line.markCol + 2 - mark.length))}${line.text}${note}`;
}

/**
 * A part of the comment whose entries may be left out for room: `layout` gives its lines with the
 * entries that are shown and the count of those that are not (which it says, if any).
 */
export interface Section {
  readonly entries: readonly string[];
  layout(shown: readonly string[], notShown: number): string[];
}

/** Characters of lines joined by newlines, with the final newline. */
function size(lines: readonly string[]): number {
  let n = 0;
  for (const line of lines) n += line.length + 1;
  return n;
}

/**
 * The sections laid out within `budget` characters: each, in the order of `priority`, shows as many
 * of its entries as fit, from the first, with what the others already hold and a line counting what
 * is left out (sections not yet filled count with none of their entries and that line). What has no
 * entries (the heading) is always there.
 */
export function fitted(sections: readonly Section[], priority: readonly number[], budget: number): string[] {
  const shown = sections.map(() => 0);
  const total = (): number => sections.reduce((sum, s, i) => sum + size(s.layout(s.entries.slice(0, shown[i]), s.entries.length - shown[i]!)), 0);
  for (const i of priority) {
    const entries = sections[i]!.entries;
    shown[i] = entries.length;
    if (total() <= budget) continue;
    // Each entry shown costs more than the shorter count it saves, so the size grows with the number shown: search it.
    let low = 0;
    let high = entries.length - 1;
    while (low < high) {
      shown[i] = Math.ceil((low + high) / 2);
      if (total() <= budget) low = shown[i]!;
      else high = shown[i]! - 1;
    }
    shown[i] = low;
  }
  return sections.flatMap((s, i) => s.layout(s.entries.slice(0, shown[i]), s.entries.length - shown[i]!));
}

/**
 * A compact summary with collapsible details, for a pull-request comment; control characters shown
 * as escapes, text from the service escaped (see `inline`). The changes through which payments went
 * in the impact window come first in the table (a reviewer weighs those most, and the table is kept
 * before the details when room runs short), each group in the plan's order; the details keep the
 * order apply runs them in. The table gains an impact column when a change has an impact to tell. A
 * blocked change held by unsettled batches lists them. It stays within `maxLength` characters:
 * the heading, the warnings, the blocked changes and the table of changes come first, then as many
 * change blocks as fit, then the records paycfg leaves alone; what does not fit is counted, with the
 * command that shows it all.
 */
export function renderPlanMarkdown(input: PublishedPlan, kind: ReportKind = 'plan', options: MarkdownOptions = {}): string {
  const plan = visiblePlan(input);
  const drift = plan.changes.length > 0;
  const targets = plan.targets ?? [];
  // paycfg's own words, with Markdown of its own: not escaped.
  const notShown = (count: number, what: string): string => notShownLine(count, what, kind);
  // A drift report says its verdict, as its exit code has it; a plan what it would do.
  const verdict = driftVerdict(plan, options.ignoreUnmanaged === true);
  const brief = kind === 'drift' ? driftInBrief(plan, options.ignoreUnmanaged === true) : planInBrief(plan);

  const heading: Section = {
    entries: [],
    layout: () => [
      `### paycfg ${kind}: ${brief}`,
      '',
      `${plan.environment !== undefined ? `Environment ${code(plan.environment)}: group` : 'Group'} ${code(plan.group.groupId)} (${inline(stringifyJson(plan.group.groupName))}) at ${code(plan.baseUrl)}${throughApi(plan)}`,
      '',
      ...(plan.serviceRecord !== undefined ? [serviceRecordWords(plan.serviceRecord, code), ''] : []),
      ...(plan.promotion !== undefined ? [inline(promotionLine(plan.promotion)), ''] : []),
      ...revertLines(plan),
      ...unprovenLines(plan),
      ...(kind === 'plan' && plan.planHash !== undefined ? [`<sub>${inline(planHashLine(plan.planHash))}</sub>`, ''] : []),
    ],
  };

  const warnings: Section = {
    entries: (plan.warnings ?? []).map((w) => {
      const { address, message } = warningParts(w);
      return `> - ${address !== undefined ? `${code(address)}: ` : ''}${inline(message)}`;
    }),
    layout(shown, left) {
      if (targets.length === 0 && shown.length === 0 && left === 0) return [];
      const out = ['> [!WARNING]'];
      if (targets.length > 0) {
        const { title, detail } = targetingWarning(targets);
        out.push(`> **${title}.** ${inline(detail)}`);
        if (shown.length > 0 || left > 0) out.push('>');
      }
      out.push(...shown);
      if (left > 0) out.push(`> - ${notShown(left, 'more warning')}`);
      return [...out, ''];
    },
  };

  // Stable: within each group the plan's order stands, which is the order apply runs them in.
  const trafficFirst = (list: readonly Change[]): Change[] => [...list.filter((c) => touchesTraffic(c as WithImpact)), ...list.filter((c) => !touchesTraffic(c as WithImpact))];
  // With a base manifest the rows are grouped by origin (intended, revert, both), each group traffic first.
  const inPlanOrder = hasOrigins(plan) ? changesByOrigin(plan.changes) : [{ origin: undefined, changes: plan.changes }];
  const groups = inPlanOrder.map((g) => ({ ...g, changes: trafficFirst(g.changes) }));
  const changes = groups.flatMap((g) => g.changes);
  const groupAt = groups.flatMap((g) => g.changes.map(() => g));
  const reordered = groups.some((g, n) => g.changes.some((change, i) => change !== inPlanOrder[n]!.changes[i]));
  const impacts = changes.map((change) => impactLine(change as WithImpact));
  const impactColumn = impacts.some((line) => line !== undefined);
  const { promotion } = plan;
  // The first column, the action's symbol, has no name.
  const columns = ['change', ...(impactColumn ? ['impact'] : []), ...(promotion !== undefined ? ['evidence'] : []), 'reason'];
  const tableHead = [`| |${columns.map((column) => ` ${column} |`).join('')}`, `|---|${columns.map(() => '---|').join('')}`];
  const table: Section = {
    entries: changes.map((change, i) => {
      const symbol = change.step === 'replace-old' ? SYMBOL.delete : SYMBOL[change.action];
      const warned = warningsAbout(plan, change.address).length > 0 ? ' ⚠️' : '';
      const impact = impactColumn ? ` ${inline(impacts[i] ?? '')} |` : '';
      const evidence = promotion !== undefined ? ` ${inline(evidenceInBrief(evidenceOf(change), promotion))} |` : '';
      const movedFrom = movedFromOf(change);
      const shownAddress = movedFrom !== undefined ? `${code(`${movedFrom} → ${change.address}`, true)} (moved)` : code(change.address, true);
      return `| ${symbol}${warned} | ${shownAddress} |${impact}${evidence} ${inline(change.reason)} |`;
    }),
    layout(shown, left) {
      if (!drift) return [inline(kind === 'drift' ? verdict : noChangeLine(plan))];
      const intro = reordered ? ['Changes through which payments went in the impact window come first; `paycfg apply` runs them in the order of the details below.', ''] : [];
      const rows: string[] = [];
      shown.forEach((row, i) => {
        const group = groupAt[i]!;
        if (group.origin !== undefined && (i === 0 || groupAt[i - 1] !== group)) {
          rows.push(...(i === 0 ? [] : ['']), `#### ${ORIGIN_HEADING[group.origin]} (${group.changes.length})`, '', `${capitalised(ORIGIN_DETAIL[group.origin])}.`, '', ...tableHead);
        } else if (i === 0) rows.push(...tableHead);
        rows.push(row);
      });
      return [...intro, ...rows, ...(left > 0 ? ['', notShown(left, 'more change')] : [])];
    },
  };

  const blocks = plan.changes.map((change) => changeLines(change, warningsAbout(plan, change.address), { wrapAt: MARKDOWN_WRAP_AT }, promotion).map(diffLine).join('\n'));
  // A fence no line of the blocks can close: CommonMark closes one only with a run of backticks at least as long.
  const fence = '`'.repeat(Math.max(3, ...blocks.map((b) => longestBacktickRun(b) + 1)));
  const details: Section = {
    entries: blocks,
    layout(shown, left) {
      const out: string[] = [];
      if (shown.length > 0) {
        out.push('', '<details><summary>Details</summary>', '', '`+` create, `-` delete, `!` change in place (`~` in the terminal), `-/+` replace.', '');
        out.push(`${fence}diff`, ...shown.flatMap((block, i) => (i === 0 ? [block] : ['', block])), fence, '</details>');
      }
      if (left > 0) out.push('', notShown(left, shown.length > 0 ? 'more change' : 'change'));
      return out;
    },
  };

  const blocked: Section = {
    entries: plan.blocked.map((b) => {
      const { batches } = b as typeof b & WithBatches;
      const blockers = blockersBesideBatches(b.blockers, batches);
      const origin = originOf(b);
      const head = `- ${code(b.address)} (${blockedAction(b)}${origin !== undefined ? `; origin: ${origin}` : ''}): ${inline(b.reason)}${blockers.length > 0 ? `; ${blockers.map(inline).join('; ')}` : ''}`;
      return [head, ...batchLines(batches ?? []).map((line) => `  - ${inline(line)}`)].join('\n');
    }),
    layout: (shown, left) =>
      plan.blocked.length === 0
        ? []
        : ['', `**Blocked (${plan.blocked.length})**: apply will not try ${plan.blocked.length === 1 ? 'it' : 'these'} (${inline(blockedWhy(plan))}).`, '', ...shown, ...(left > 0 ? [`- ${notShown(left, 'more blocked change')}`] : [])],
  };

  const leftAlone = unmanagedGroups(plan);
  // An entry is a group, but the reader counts records: a merchant's line without a mark is no record.
  const recordsIn = (cut: readonly UnmanagedGroup[]): number => cut.reduce((sum, g) => sum + (g.mark ? 1 : 0) + g.children.length, 0);
  const unmanaged: Section = {
    // One entry per group, a merchant with the records left alone under it: what is cut for room is cut whole.
    entries: leftAlone.map((group) =>
      [
        `- ${code(group.address)}${inline(group.detail)}`,
        ...group.children.map((child) => `  - ${code(child.address)}${inline(child.detail)}`),
      ].join('\n'),
    ),
    layout: (shown, left) =>
      plan.unmanaged.length === 0 && (plan.unreadDevices ?? []).length === 0
        ? []
        : [
            '',
            `<details><summary>${inline(unmanagedHeading(plan))}</summary>`,
            '',
            ...shown,
            ...(left > 0 ? [`- ${notShown(recordsIn(leftAlone.slice(leftAlone.length - left)), 'more unmanaged record')}`] : []),
            '',
            '</details>',
          ],
  };

  const findingGroups = findingsByGroup(plan);
  const findingsOf = (group: FindingGroup): readonly Finding[] => findingGroups.find((g) => g.group === group)?.findings ?? [];
  const policy = kind === 'plan' ? policyVerdict(plan, MARKDOWN_WORDS) : undefined;
  // What blocks the apply is read first, under the heading: the findings, then what the apply will make of them.
  const blocking = findingsOf('blocking');
  const policyBlocking: Section = {
    entries: blocking.map((finding) => findingItem(finding, '> ')),
    layout: (shown, left) =>
      blocking.length === 0
        ? []
        : [
            '> [!CAUTION]',
            `> **${FINDING_HEADING.blocking} (${blocking.length})**`,
            '>',
            ...shown,
            ...(left > 0 ? [`> - ${notShown(left, 'more finding')}`] : []),
            ...(policy !== undefined ? ['>', `> ${policy.text}`] : []),
            '',
          ],
  };
  const findingList = (group: FindingGroup): Section => {
    const findings = findingsOf(group);
    return {
      entries: findings.map((finding) => findingItem(finding, '')),
      layout: (shown, left) =>
        findings.length === 0 ? [] : ['', `**${FINDING_HEADING[group]} (${findings.length})**`, '', ...shown, ...(left > 0 ? [`- ${notShown(left, 'more finding')}`] : [])],
    };
  };
  const skippedRules = plan.skippedRules ?? [];
  const skipped: Section = {
    entries: skippedRules.map((s) => `- ${skippedLine(s, MARKDOWN_WORDS)}${s.location !== undefined ? ` (${code(locationText(s.location))})` : ''}`),
    layout: (shown, left) =>
      skippedRules.length === 0
        ? []
        : ['', `<details><summary>${inline(skippedHeading(skippedRules.length))}</summary>`, '', ...shown, ...(left > 0 ? [`- ${notShown(left, 'more rule switched off')}`] : []), '', '</details>'],
  };
  const packs = plan.policyPacks ?? [];
  const checks: Section = {
    entries: [],
    layout: () => [
      ...(packs.length > 0 ? ['', `${packsHeading(packs.length)}: ${packs.map((pack) => packLine(pack, MARKDOWN_WORDS)).join(', ')}.`] : []),
      // A refusal is said in the caution above; that nothing blocks, once, after the findings.
      ...(policy !== undefined && !policy.refused ? ['', policy.text] : []),
    ],
  };

  const sections = [heading, policyBlocking, warnings, table, details, blocked, findingList('overridden'), findingList('other'), skipped, checks, unmanaged];
  const lines = fitted(sections, [1, 2, 5, 6, 7, 3, 4, 8, 10], options.maxLength ?? MARKDOWN_MAX_LENGTH);
  return `${lines.join('\n')}\n`;
}

/**
 * The warning at the top of a plan made with a base manifest whose apply would undo changes made
 * outside paycfg: said plainly, the records named (the first ten, then counted).
 */
function revertLines(plan: Plan): string[] {
  const reverted = revertedAddresses(plan);
  if (reverted.length === 0) return [];
  const named = reverted.slice(0, REVERTED_NAMED).map((address) => code(address));
  const more = reverted.length > named.length ? `, and ${reverted.length - named.length} more` : '';
  return [`**⚠️ ${revertSentence(reverted.length)}:** ${named.join(', ')}${more}. Make sure that is wanted, or bring the manifest in line with the live group first.`, ''];
}

/**
 * The warning at the top of a promotion plan made with --allow-unproven whose changes go ahead
 * without evidence: said plainly, the records named (the first ten, then counted).
 */
function unprovenLines(plan: Plan): string[] {
  if (plan.promotion === undefined) return [];
  const unproven = unprovenAddresses(plan);
  if (unproven.length === 0) return [];
  const named = unproven.slice(0, REVERTED_NAMED).map((address) => code(address));
  const more = unproven.length > named.length ? `, and ${unproven.length - named.length} more` : '';
  return [`**⚠️ ${inline(allowedUnprovenSentence(unproven.length, plan.promotion.from.name))}:** ${named.join(', ')}${more}.`, ''];
}

/** Ids, addresses, places and flags in code spans; words from a module or the manifest escaped. */
const MARKDOWN_WORDS: Words = { name: (text) => code(text), text: inline };

/** A finding as a list item (in a quote, after `quote`), how it was overridden under it. */
function findingItem(finding: Finding, quote: string): string {
  return [
    `${quote}- ${findingLine(finding, MARKDOWN_WORDS)}`,
    ...(finding.override !== undefined ? [`${quote}  - ${overrideNote(finding.override, MARKDOWN_WORDS)}`] : []),
  ].join('\n');
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
