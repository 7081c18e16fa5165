import { baseAddress } from '../model/pointers.js';
import type { Change, Plan, PlanWarning, UnmanagedResource } from '../plan/plan.js';
import { changeRows, type Row } from './field-rows.js';
import { publicPlan } from './public-plan.js';
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

/** One line of a change block: its mark (if any) stands at `markCol`, its text two columns further. */
export interface BlockLine {
  readonly markCol: number;
  readonly mark: string;
  readonly text: string;
  /** The action whose colour the mark takes. */
  readonly action?: Change['action'];
  readonly tone?: 'bold' | 'dim';
  /** A remark after the text, shown dim. */
  readonly note?: string;
}

const ROW_MARK_ACTION: Record<Row['mark'], Change['action'] | undefined> = { '+': 'create', '-': 'delete', '~': 'update', ' ': undefined };

/**
 * One change as lines: its heading, the block of its fields (render/field-rows), why it exists,
 * the service's side effects and what it waits for. `change` must come from a plan already made
 * public and visible (publicPlan, visiblePlan).
 */
export function changeLines(change: Change): BlockLine[] {
  const action = change.step === 'replace-old' ? 'delete' : change.action;
  const symbol = change.step === 'replace-old' ? '-' : SYMBOL[change.action];
  const lines: BlockLine[] = [
    { markCol: 0, mark: '', text: `# ${headline(change)}`, tone: 'bold' },
    { markCol: 2, mark: symbol, text: `${change.kind} "${change.key}" {`, action },
  ];
  for (const row of changeRows(change)) {
    const rowAction = ROW_MARK_ACTION[row.mark];
    lines.push({
      markCol: 6 + 4 * row.depth,
      mark: row.mark === ' ' ? '' : row.mark,
      text: row.text,
      ...(rowAction !== undefined ? { action: rowAction } : {}),
      ...(row.comment === true ? { tone: 'dim' as const } : {}),
      ...(row.note !== undefined ? { note: row.note } : {}),
    });
  }
  lines.push({ markCol: 2, mark: '', text: '}' });
  lines.push({ markCol: 2, mark: '', text: `reason: ${change.reason}`, tone: 'dim' });
  for (const note of change.notes) lines.push({ markCol: 2, mark: '', text: `note: ${note}`, tone: 'dim' });
  if (change.dependsOn.length > 0) lines.push({ markCol: 2, mark: '', text: `after: ${change.dependsOn.join(', ')}`, tone: 'dim' });
  return lines;
}

function colorFor(action: Change['action'], style: Style): (s: string) => string {
  return action === 'create' ? style.green : action === 'update' ? style.yellow : action === 'delete' ? style.red : style.magenta;
}

function textLine(line: BlockLine, style: Style): string {
  const mark = line.mark === '' ? '  ' : `${line.action !== undefined ? colorFor(line.action, style)(line.mark) : line.mark} `;
  const text = line.tone === 'bold' ? style.bold(line.text) : line.tone === 'dim' ? style.dim(line.text) : line.text;
  return `${' '.repeat(line.markCol)}${mark}${text}${line.note !== undefined ? ` ${style.dim(line.note)}` : ''}`;
}

/** One change block, from a plan already made public and visible (as renderPlanText does). */
export function renderChange(change: Change, style: Style): string {
  return changeLines(change).map((line) => textLine(line, style)).join('\n');
}

export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  return `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.replace} to replace.`;
}

export type ReportKind = 'plan' | 'drift';

/** The warning a plan limited by --target carries: it may not show every change the manifest asks for. */
export function targetingWarning(targets: readonly string[]): { title: string; detail: string } {
  return {
    title: 'Resource targeting is in effect',
    detail:
      `This plan was limited by --target to ${targets.join(', ')}: it holds only the changes to ${targets.length === 1 ? 'that resource' : 'those resources'} ` +
      '(a merchant with its bindings and devices) and to what they depend on, and may not show every change the manifest asks for. ' +
      'Run a plan without --target before relying on it.',
  };
}

/** `merchant/~1234 (id 1234, "Coffee Corner"): note`: the live id and name say which record it is when the key cannot. */
export function unmanagedLine(u: UnmanagedResource): string {
  return `${u.address}${unmanagedDetail(u)}`;
}

/** What follows the address in an unmanaged line. */
export function unmanagedDetail(u: UnmanagedResource): string {
  const identity = [
    ...(u.liveId !== undefined ? [`id ${u.liveId}`] : []),
    ...(u.name !== undefined ? [`"${u.name}"`] : []),
  ];
  return `${identity.length > 0 ? ` (${identity.join(', ')})` : ''}${u.note !== undefined ? `: ${u.note}` : ''}`;
}

/** A warning's words, led by the address it is about unless they name it already. */
export function warningText(w: PlanWarning): string {
  return w.address === undefined || w.message.includes(w.address) ? w.message : `${w.address}: ${w.message}`;
}

/** What the plan says when it has no change to make. */
export function noChangeLine(plan: Plan): string {
  const blocked = plan.blocked.length;
  if (blocked > 0) return `No changes paycfg can make, and ${blocked} blocked change${blocked === 1 ? '' : 's'} (below): the live group does not match the manifest.`;
  if (plan.targets !== undefined && plan.targets.length > 0) return 'No changes. The targeted resources match the manifest.';
  return 'No changes. The live group matches the manifest.';
}

/**
 * Human text in the manner of `terraform plan`. Secrets are shown as (sensitive), control
 * characters from the service as escapes.
 */
export function renderPlanText(input: Plan, style: Style, kind: ReportKind = 'plan'): string {
  const plan = visiblePlan(publicPlan(input));
  const out: string[] = [`paycfg ${kind === 'plan' ? 'plan' : 'drift report'} for group ${plan.group.groupId} ("${plan.group.groupName}") at ${plan.baseUrl}`, ''];
  if (plan.changes.length > 0) {
    out.push(
      kind === 'plan'
        ? 'paycfg will perform the following actions, in this order:'
        : 'The live group differs from the manifest. `paycfg apply` would make these changes, in this order:',
      '',
    );
    for (const change of plan.changes) out.push(renderChange(change, style), '');
  }
  const warnings: { title: string; detail?: string }[] = [];
  if (plan.targets !== undefined && plan.targets.length > 0) warnings.push(targetingWarning(plan.targets));
  for (const w of plan.warnings ?? []) warnings.push({ title: warningText(w) });
  for (const w of warnings) {
    out.push(`${style.yellow(style.bold('Warning:'))} ${style.yellow(w.title)}`);
    if (w.detail !== undefined) out.push('', `  ${w.detail}`);
    out.push('');
  }
  if (plan.changes.length > 0) out.push(style.bold(summaryLine(plan)));
  else out.push(plan.blocked.length > 0 ? style.yellow(noChangeLine(plan)) : style.green(noChangeLine(plan)));
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
    for (const u of shown) out.push(style.dim(`  ? ${unmanagedLine(u)}`));
    if (plan.unmanaged.length > shown.length) out.push(style.dim(`  … and ${plan.unmanaged.length - shown.length} more (see --json)`));
  }
  return `${out.join('\n')}\n`;
}
