import type { Plan } from '../plan/plan.js';
import { publicPlan } from './public-plan.js';
import { changeLines, noChangeLine, summaryLine, targetingWarning, unmanagedDetail, type BlockLine, type ReportKind } from './render-text.js';
import { visiblePlan } from './visible-plan.js';

const SYMBOL = { create: '➕', update: '✏️', delete: '🗑️', replace: '♻️' } as const;

/**
 * Text from the plan in a Markdown paragraph or table cell: no line break, no `|` to end a cell,
 * no HTML (a name holding `</details>` would close the section it stands in).
 */
function cell(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that holds any text: the fence is one backtick longer than the longest run inside. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${fence}`;
}

/**
 * A fenced block no line of `body` can close: CommonMark closes a fence only with a run of
 * backticks at least as long as the opening one, so the fence is longer than any run inside.
 */
function fenced(info: string, body: string): string[] {
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, body, fence];
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

function headline(plan: Plan): string {
  if (plan.changes.length > 0) return summaryLine(plan).replace(/^Plan: /, '');
  const blocked = plan.blocked.length;
  return blocked > 0 ? `no changes paycfg can make, ${blocked} blocked` : 'no changes';
}

/** A compact summary with collapsible details, sized for a pull-request comment; control characters shown as escapes. */
export function renderPlanMarkdown(input: Plan, kind: ReportKind = 'plan'): string {
  const plan = visiblePlan(publicPlan(input));
  const out: string[] = [];
  const drift = plan.changes.length > 0;
  out.push(`### paycfg ${kind}: ${headline(plan)}`);
  out.push('', `Group ${code(plan.group.groupId)} (${cell(plan.group.groupName)}) at ${code(plan.baseUrl)}`, '');
  const targets = plan.targets ?? [];
  const warnings = plan.warnings ?? [];
  if (targets.length > 0 || warnings.length > 0) {
    out.push('> [!WARNING]');
    if (targets.length > 0) {
      const { title, detail } = targetingWarning(targets);
      out.push(`> **${title}.** ${cell(detail)}`);
    }
    if (targets.length > 0 && warnings.length > 0) out.push('>');
    for (const w of warnings) {
      const named = w.address === undefined || w.message.includes(w.address);
      out.push(`> - ${named ? '' : `${code(w.address!)}: `}${cell(w.message)}`);
    }
    out.push('');
  }
  if (drift) {
    out.push('| | change | reason |', '|---|---|---|');
    for (const change of plan.changes) {
      const symbol = change.step === 'replace-old' ? SYMBOL.delete : SYMBOL[change.action];
      out.push(`| ${symbol} | ${code(change.address)} | ${cell(change.reason)} |`);
    }
    const body = plan.changes.map((change) => changeLines(change).map(diffLine).join('\n')).join('\n\n');
    out.push('', '<details><summary>Details</summary>', '', '`+` create, `-` delete, `!` change in place (`~` in the terminal), `-/+` replace.', '');
    out.push(...fenced('diff', body), '</details>');
  } else {
    out.push(cell(noChangeLine(plan)));
  }
  if (plan.blocked.length > 0) {
    out.push('', `**Blocked (${plan.blocked.length})**: the service would refuse these; apply will not try them.`, '');
    for (const b of plan.blocked) out.push(`- ${code(b.address)} (${b.action}): ${cell(b.reason)}; ${b.blockers.map(cell).join('; ')}`);
  }
  if (plan.unmanaged.length > 0) {
    out.push('', `<details><summary>Not managed by the manifest (${plan.unmanaged.length})</summary>`, '');
    for (const u of plan.unmanaged) out.push(`- ${code(u.address)}${cell(unmanagedDetail(u))}`);
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}
