import type { Plan } from '../plan/plan.js';
import { redactPlan } from './redact.js';
import { renderChange, summaryLine, type ReportKind } from './render-text.js';
import { createStyle } from './style.js';
import { visiblePlan } from './visible-plan.js';

const SYMBOL = { create: '➕', update: '✏️', delete: '🗑️', replace: '♻️' } as const;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A compact summary with collapsible details, sized for a pull-request comment; control characters shown as escapes. */
export function renderPlanMarkdown(input: Plan, kind: ReportKind = 'plan'): string {
  const plan = visiblePlan(redactPlan(input));
  const plain = createStyle(false);
  const out: string[] = [];
  const drift = plan.changes.length > 0;
  out.push(`### paycfg ${kind}: ${drift ? summaryLine(plan).replace(/^Plan: /, '') : 'no changes'}`);
  out.push('', `Group \`${plan.group.groupId}\` (${cell(plan.group.groupName)}) at \`${plan.baseUrl}\``, '');
  if (drift) {
    out.push('| | change | reason |', '|---|---|---|');
    for (const change of plan.changes) {
      const symbol = change.step === 'replace-old' ? SYMBOL.delete : SYMBOL[change.action];
      out.push(`| ${symbol} | \`${cell(change.address)}\` | ${cell(change.reason)} |`);
    }
    out.push('', '<details><summary>Details</summary>', '', '```diff');
    for (const change of plan.changes) out.push(renderChange(plan, change, plain), '');
    out.push('```', '</details>');
  } else {
    out.push('The live group matches the manifest.');
  }
  if (plan.blocked.length > 0) {
    out.push('', `**Blocked (${plan.blocked.length})**: the service would refuse these; apply will not try them.`, '');
    for (const b of plan.blocked) out.push(`- \`${cell(b.address)}\` (${b.action}): ${cell(b.reason)}; ${b.blockers.map(cell).join('; ')}`);
  }
  if (plan.unmanaged.length > 0) {
    out.push('', `<details><summary>Not managed by the manifest (${plan.unmanaged.length})</summary>`, '');
    for (const u of plan.unmanaged) out.push(`- \`${cell(u.address)}\`${u.note !== undefined ? `: ${cell(u.note)}` : ''}`);
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}
