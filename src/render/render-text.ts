import { baseAddress, pointerSegments } from '../model/pointers.js';
import { comparableFields } from '../plan/diff.js';
import type { Change, Plan } from '../plan/plan.js';
import { showControls } from '../util/visible-text.js';
import { formatValue, pointerToPath } from './format-value.js';
import { redactPlan } from './redact.js';
import type { Style } from './style.js';
import { visiblePlan } from './visible-plan.js';

const SYMBOL: Record<Change['action'], string> = { create: '+', update: '~', delete: '-', replace: '-/+' };

function headline(change: Change): string {
  const base = baseAddress(change.address);
  if (base !== change.address && change.address.startsWith(`${base}#duplicate-`)) return `${base}: duplicate code ${change.liveId ?? ''} will be deleted`;
  if (change.step === 'replace-old') return `${base} (old record${change.liveId !== undefined ? ` ${change.liveId}` : ''}) will be deleted to make way for its replacement`;
  if (change.step === 'detach') return `${base} will let go of a resource that is being replaced`;
  switch (change.action) {
    case 'create':
      return `${base} will be created`;
    case 'update':
      return `${base} will be updated in place`;
    case 'replace':
      return `${base} must be replaced`;
    case 'delete':
      if (change.disposal === 'logout') return `${base} will be logged out`;
      if (change.disposal === 'decommission') return `${base} will be DECOMMISSIONED`;
      return `${base} will be deleted`;
  }
}

function colorFor(action: Change['action'], style: Style): (s: string) => string {
  return action === 'create' ? style.green : action === 'update' ? style.yellow : action === 'delete' ? style.red : style.magenta;
}

/** Field lines of a change; the plan is already redacted, so secrets read "(sensitive)". */
function fieldLines(change: Change, style: Style): string[] {
  const lines: string[] = [];
  const show = (_field: string, value: unknown): string => formatValue(value);
  if (change.action === 'create' || (change.action === 'replace' && change.before === null)) {
    for (const field of Object.keys(change.after ?? {}).sort()) lines.push(`${style.green('+')} ${showControls(field)} = ${show(field, change.after![field])}`);
    return lines;
  }
  if (change.action === 'delete') {
    if (change.liveId !== undefined) lines.push(`${style.red('-')} id = ${formatValue(change.liveId)}`);
    return lines;
  }
  // The patch's pointers are into the canonical forms (sorted lists); a number they hold as text
  // is shown as the live record has it, as the patch shows the manifest's.
  const canonicalBefore = comparableFields(change.kind, change.before ?? {});
  const before = (pointer: string): unknown => {
    const canonical = valueAt(canonicalBefore, pointer);
    const written = valueAt(change.before ?? {}, pointer);
    return typeof canonical === 'string' && typeof written === 'number' && String(written) === canonical ? written : canonical;
  };
  for (const op of change.patch) {
    const path = pointerToPath(op.path);
    if (op.op === 'add') lines.push(`${style.green('+')} ${path} = ${formatValue(op.value)}`);
    else if (op.op === 'remove') lines.push(`${style.red('-')} ${path} = ${formatValue(before(op.path))}`);
    else if (op.op === 'replace') lines.push(`${style.yellow('~')} ${path} = ${formatValue(before(op.path))} → ${formatValue(op.value)}`);
  }
  return lines;
}

/** The value at a pointer; a pointer into a redacted secret lands on the "(sensitive)" marker. */
function valueAt(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const part of pointerSegments(pointer)) {
    if (typeof current !== 'object' || current === null) return current;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * One change block; `plan` must already be redacted and made visible (renderPlanText and
 * renderPlanMarkdown do both).
 */
export function renderChange(plan: Plan, change: Change, style: Style): string {
  void plan;
  const color = colorFor(change.step === 'replace-old' ? 'delete' : change.action, style);
  const symbol = change.step === 'replace-old' ? '-' : SYMBOL[change.action];
  const out = [`  ${style.bold(`# ${headline(change)}`)}`, `  ${color(symbol)} ${change.kind} "${change.key}" {`];
  for (const line of fieldLines(change, style)) out.push(`      ${line}`);
  out.push('    }');
  out.push(`    ${style.dim(`reason: ${change.reason}`)}`);
  for (const note of change.notes) out.push(`    ${style.dim(`note: ${note}`)}`);
  if (change.dependsOn.length > 0) out.push(`    ${style.dim(`after: ${change.dependsOn.join(', ')}`)}`);
  return out.join('\n');
}

export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  return `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.replace} to replace.`;
}

export type ReportKind = 'plan' | 'drift';

/**
 * Human text in the manner of `terraform plan`. Secrets are shown as (sensitive), control
 * characters from the service as escapes.
 */
export function renderPlanText(input: Plan, style: Style, kind: ReportKind = 'plan'): string {
  const plan = visiblePlan(redactPlan(input));
  const out: string[] = [`paycfg ${kind === 'plan' ? 'plan' : 'drift report'} for group ${plan.group.groupId} ("${plan.group.groupName}") at ${plan.baseUrl}`, ''];
  if (plan.changes.length === 0) {
    out.push(style.green('No changes. The live group matches the manifest.'));
  } else {
    out.push(
      kind === 'plan'
        ? 'paycfg will perform the following actions, in this order:'
        : 'The live group differs from the manifest. `paycfg apply` would make these changes, in this order:',
      '',
    );
    for (const change of plan.changes) out.push(renderChange(plan, change, style), '');
    out.push(style.bold(summaryLine(plan)));
  }
  if (plan.blocked.length > 0) {
    out.push('', style.red(style.bold(`Blocked: ${plan.blocked.length} change${plan.blocked.length === 1 ? '' : 's'} the service would refuse (apply will not try them):`)));
    for (const b of plan.blocked) {
      out.push(`  ${style.red('!')} ${b.address} (${b.action}): ${b.reason}`);
      for (const blocker of b.blockers) out.push(`      - ${blocker}`);
    }
  }
  if (plan.unmanaged.length > 0) {
    out.push('', style.dim(`Not managed by the manifest (left as they are): ${plan.unmanaged.length}`));
    const shown = plan.unmanaged.slice(0, 50);
    for (const u of shown) out.push(style.dim(`  ? ${u.address}${u.note !== undefined ? `: ${u.note}` : ''}`));
    if (plan.unmanaged.length > shown.length) out.push(style.dim(`  … and ${plan.unmanaged.length - shown.length} more (see --json)`));
  }
  return `${out.join('\n')}\n`;
}
