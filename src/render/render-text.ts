import { forEnvironment, serviceRecordWords, throughApi } from './api-words.js';
import { hasDrifted, type Change, type Plan, type PlannedChange, type PlanWarning, type PublishedPlan } from '../plan/plan.js';
import { stringifyJson } from '../util/visible-text.js';
import { changeRows, type Row, type RowOptions } from './field-rows.js';
import { batchLines, blockersBesideBatches, impactLine, type WithBatches, type WithImpact } from './impact-wording.js';
import {
  blockedAction,
  blockedWhy,
  driftVerdict,
  noChangeLine,
  summaryLine,
  targetingWarning,
  unmanagedGroups,
  unmanagedHeading,
  warningParts,
  warningsAbout,
  type ReportKind,
  planHashLine,
} from './plan-wording.js';
import { changesByOrigin, hasOrigins, ORIGIN_DETAIL, ORIGIN_HEADING, originNote, originOf, revertedAddresses, revertSentence } from './origin-wording.js';
import { allowedUnprovenSentence, evidenceNote, promotionLine, unprovenAddresses } from './evidence-wording.js';
import { evidenceOf, type PlanPromotion } from '../plan/promotion.js';
import type { Style } from './style.js';
import { visiblePlan, visibleRecordAddress } from './visible-plan.js';
import { FINDING_HEADING, findingLine, findingsByGroup, locationText, overrideNote, packLine, packsHeading, policyVerdict, skippedHeading, skippedLine } from './findings-wording.js';
import type { Finding } from '../findings/types.js';

const SYMBOL: Record<Change['action'], string> = { create: '+', update: '~', delete: '-', replace: '-/+' };

function headline(change: PlannedChange): string {
  const base = visibleRecordAddress(change);
  if (change.role === 'duplicate') return `${base}: duplicate code ${change.liveId ?? ''} will be deleted`;
  if (change.step === 'replace-old') return `${base} (old record${change.liveId !== undefined ? ` ${change.liveId}` : ''}) will be deleted to make way for its replacement`;
  if (change.step === 'detach') return `${base} will let go of a resource that is being replaced`;
  const movedFrom = movedFromOf(change);
  if (movedFrom !== undefined) return `${movedFrom} → ${base} (moved): renamed in place`;
  switch (change.action) {
    case 'create':
      return `${base} will be created`;
    case 'update':
      // The automatic binding does not exist yet: the service makes it with its merchant.
      return change.predicted === true ? `${base} will be made by the service with its merchant, then updated` : `${base} will be updated in place`;
    case 'replace':
      return `${base} must be replaced`;
    case 'delete':
      if (change.disposal === 'logout') return `${base} will be logged out`;
      if (change.disposal === 'decommission') return `${base} will be DECOMMISSIONED`;
      return change.predicted === true ? `${base} will be made by the service with its merchant, then deleted` : `${base} will be deleted`;
  }
}

/** The address a change renames its record from (`moved:` in the manifest), when it does. */
export function movedFromOf(change: Change): string | undefined {
  const movedFrom = (change as { movedFrom?: unknown }).movedFrom;
  return typeof movedFrom === 'string' ? movedFrom : undefined;
}

/** One line of a change block: its mark (if any) stands at `markCol`, its text two columns further. */
export interface BlockLine {
  readonly markCol: number;
  readonly mark: string;
  readonly text: string;
  /** The action whose colour the mark takes. */
  readonly action?: Change['action'];
  readonly tone?: 'bold' | 'dim' | 'warning';
  /** A remark after the text, shown dim. */
  readonly note?: string;
}

const ROW_MARK_ACTION: Record<Row['mark'], Change['action'] | undefined> = { '+': 'create', '-': 'delete', '~': 'update', ' ': undefined };

/**
 * One change as lines: its heading, the block of its fields (render/field-rows), what it reaches
 * and the payments through it (when it has an impact to tell), the warnings about it (which the
 * plan also lists together), why it exists, the service's side effects and what it waits for. `change` and `warnings` must come from a plan already made public and visible
 * (publicPlan, visiblePlan); the key, left raw there, is quoted as JSON.
 */
export function changeLines(change: Change, warnings: readonly PlanWarning[] = [], options: RowOptions = {}, promotion?: PlanPromotion): BlockLine[] {
  const action = change.step === 'replace-old' ? 'delete' : change.action;
  const symbol = change.step === 'replace-old' ? '-' : SYMBOL[change.action];
  const lines: BlockLine[] = [
    { markCol: 0, mark: '', text: `# ${headline(change)}`, tone: 'bold' },
    { markCol: 2, mark: symbol, text: `${change.kind} ${stringifyJson(change.key)} {`, action },
  ];
  for (const row of changeRows(change, options)) {
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
  const impact = impactLine(change as Change & WithImpact);
  if (impact !== undefined) lines.push({ markCol: 2, mark: '', text: `impact: ${impact}` });
  for (const w of warnings) lines.push({ markCol: 2, mark: '', text: `warning: ${w.message}`, tone: 'warning' });
  const origin = originOf(change);
  if (origin !== undefined) lines.push({ markCol: 2, mark: '', text: `origin: ${originNote(origin)}`, tone: origin === 'intended' ? 'dim' : 'warning' });
  const evidence = promotion === undefined ? undefined : evidenceOf(change);
  if (evidence !== undefined) lines.push({ markCol: 2, mark: '', text: `evidence: ${evidenceNote(evidence, promotion!)}`, tone: evidence.status === 'proven' ? 'dim' : 'warning' });
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
  const text = line.tone === 'bold' ? style.bold(line.text) : line.tone === 'dim' ? style.dim(line.text) : line.tone === 'warning' ? style.yellow(line.text) : line.text;
  return `${' '.repeat(line.markCol)}${mark}${text}${line.note !== undefined ? ` ${style.dim(line.note)}` : ''}`;
}

/** One change block, from a plan already made public and visible (as renderPlanText does). */
export function renderChange(change: Change, style: Style, warnings: readonly PlanWarning[] = [], promotion?: PlanPromotion): string {
  return changeLines(change, warnings, {}, promotion).map((line) => textLine(line, style)).join('\n');
}

/** How many lines of the unmanaged list the text shows before counting the rest: `--json` has them all. */
const UNMANAGED_LINES = 50;

export interface TextOptions {
  /** Drift run with --ignore-unmanaged: the records are listed, and its verdict does not count them. */
  readonly ignoreUnmanaged?: boolean;
}

/**
 * Human text in the manner of `terraform plan`. Secrets are shown as (sensitive), control
 * characters from the service as escapes. A plan says what it will do, or that it changes nothing;
 * a drift report ends in one verdict, as its exit code has it.
 */
export function renderPlanText(input: PublishedPlan, style: Style, kind: ReportKind = 'plan', options: TextOptions = {}): string {
  const plan = visiblePlan(input);
  const out: string[] = [
    `paycfg ${kind === 'plan' ? 'plan' : 'drift report'} for ${forEnvironment(plan)}group ${plan.group.groupId} (${stringifyJson(plan.group.groupName)}) at ${plan.baseUrl}${throughApi(plan)}`,
    ...(plan.serviceRecord !== undefined ? [style.dim(serviceRecordWords(plan.serviceRecord))] : []),
    '',
  ];
  const { promotion } = plan;
  if (promotion !== undefined) out.push(promotionLine(promotion), '');
  if (plan.changes.length > 0 && hasOrigins(plan)) {
    out.push('paycfg will perform the following actions, grouped by where they come from (compared with the base manifest); apply runs them in the order their `after:` lines allow:', '');
    for (const group of changesByOrigin(plan.changes)) {
      out.push(style.bold(`${ORIGIN_HEADING[group.origin]} (${group.changes.length}): ${ORIGIN_DETAIL[group.origin]}.`), '');
      for (const change of group.changes) out.push(renderChange(change, style, warningsAbout(plan, change.address), promotion), '');
    }
  } else if (plan.changes.length > 0) {
    out.push(
      kind === 'plan'
        ? 'paycfg will perform the following actions, in this order:'
        : 'The live group differs from the manifest. `paycfg apply` would make these changes, in this order:',
      '',
    );
    for (const change of plan.changes) out.push(renderChange(change, style, warningsAbout(plan, change.address), promotion), '');
  }
  const warnings: { title: string; detail?: string }[] = [];
  const reverted = revertedAddresses(plan);
  if (reverted.length > 0) warnings.push({ title: `${revertSentence(reverted.length)}: ${reverted.join(', ')}` });
  const unproven = promotion === undefined ? [] : unprovenAddresses(plan);
  if (unproven.length > 0) warnings.push({ title: `${allowedUnprovenSentence(unproven.length, promotion!.from.name)}: ${unproven.join(', ')}` });
  if (plan.targets !== undefined && plan.targets.length > 0) warnings.push(targetingWarning(plan.targets));
  for (const w of plan.warnings ?? []) {
    const { address, message } = warningParts(w);
    warnings.push({ title: address === undefined ? message : `${address}: ${message}` });
  }
  for (const w of warnings) {
    out.push(`${style.yellow(style.bold('Warning:'))} ${style.yellow(w.title)}`);
    if (w.detail !== undefined) out.push('', `  ${w.detail}`);
    out.push('');
  }
  // A drift report's verdict comes last instead, once everything it counts is listed.
  if (kind === 'plan') {
    if (plan.changes.length > 0) out.push(style.bold(summaryLine(plan)));
    else out.push(plan.blocked.length > 0 ? style.yellow(noChangeLine(plan)) : style.green(noChangeLine(plan)));
  }
  // A plan's hash ties it to the journal of its apply; a drift report is applied by no one.
  if (kind === 'plan' && plan.planHash !== undefined && (plan.changes.length > 0 || plan.blocked.length > 0)) out.push(style.dim(planHashLine(plan.planHash, 'short')));
  if (plan.blocked.length > 0) {
    out.push('', style.red(style.bold(`Blocked: ${plan.blocked.length} change${plan.blocked.length === 1 ? '' : 's'} apply will not try (${blockedWhy(plan)}):`)));
    for (const b of plan.blocked) {
      const origin = originOf(b);
      out.push(`  ${style.red('!')} ${b.address} (${blockedAction(b)}${origin !== undefined ? `; origin: ${origin}` : ''}): ${b.reason}`);
      const { batches } = b as typeof b & WithBatches;
      for (const line of batchLines(batches ?? [])) out.push(`      - ${line}`);
      for (const blocker of blockersBesideBatches(b.blockers, batches)) out.push(`      - ${blocker}`);
    }
  }
  // One blank line before each section, whatever came before it.
  const section = (lines: readonly string[]): void => {
    if (lines.length === 0) return;
    if (out[out.length - 1] !== '') out.push('');
    out.push(...lines);
  };
  for (const lines of findingsSections(plan, style)) section(lines);
  section(unmanagedLines(plan, style));
  // What the apply will make of the findings comes last, where a CI log is read from.
  const policy = kind === 'plan' ? policyVerdict(plan) : undefined;
  if (policy !== undefined) section([policy.refused ? style.red(style.bold(policy.text)) : style.green(policy.text)]);
  if (kind === 'drift') {
    const verdict = driftVerdict(plan, options.ignoreUnmanaged === true);
    section([hasDrifted(plan, options.ignoreUnmanaged === true) ? style.yellow(style.bold(verdict)) : style.green(verdict)]);
  }
  return `${out.join('\n')}\n`;
}

/**
 * What the checks found, a section each: the findings that block the apply, those overridden, the
 * others (warnings, advisories), the rules the manifest switched off and the packs evaluated. None
 * when the plan has none of them.
 */
function findingsSections(plan: Plan, style: Style): string[][] {
  const sections: string[][] = [];
  for (const { group, findings } of findingsByGroup(plan)) {
    const heading = `${FINDING_HEADING[group]} (${findings.length}):`;
    sections.push([
      group === 'blocking' ? style.red(style.bold(heading)) : group === 'overridden' ? style.yellow(style.bold(heading)) : style.bold(heading),
      ...findings.flatMap((finding) => findingLines(finding, group === 'blocking' ? style.red('!') : '-', style)),
    ]);
  }
  const skipped = plan.skippedRules ?? [];
  if (skipped.length > 0) {
    sections.push([
      style.bold(`${skippedHeading(skipped.length)}:`),
      ...skipped.map((s) => `  - ${skippedLine(s)}${s.location !== undefined ? style.dim(` (${locationText(s.location)})`) : ''}`),
    ]);
  }
  const packs = plan.policyPacks ?? [];
  if (packs.length > 0) sections.push([style.dim(`${packsHeading(packs.length)}:`), ...packs.map((pack) => style.dim(`  - ${packLine(pack)}`))]);
  return sections;
}

/** `  ! mandatory plan-… (pack): emv/visa-usd at paycfg.yaml:4:5: message`, and how it was overridden under it. */
function findingLines(finding: Finding, mark: string, style: Style): string[] {
  return [`  ${mark} ${findingLine(finding)}`, ...(finding.override !== undefined ? [style.dim(`      ${overrideNote(finding.override)}`)] : [])];
}

/** The records left alone, a merchant's under it; past UNMANAGED_LINES lines, the records not shown are counted. */
function unmanagedLines(plan: Plan, style: Style): string[] {
  if (plan.unmanaged.length === 0 && (plan.unreadDevices ?? []).length === 0) return [];
  const lines: { text: string; record: boolean }[] = [];
  for (const group of unmanagedGroups(plan)) {
    lines.push({ text: `  ${group.mark ? '? ' : ''}${group.address}${group.detail}`, record: group.mark });
    for (const child of group.children) lines.push({ text: `      ? ${child.address}${child.detail}`, record: true });
  }
  const shown = lines.slice(0, UNMANAGED_LINES);
  const left = lines.slice(shown.length).filter((line) => line.record).length;
  return [
    style.dim(unmanagedHeading(plan)),
    ...shown.map((line) => style.dim(line.text)),
    ...(left > 0 ? [style.dim(`  … and ${left} more record${left === 1 ? '' : 's'} (see --json)`)] : []),
  ];
}
