import { shortPlanHash } from '../journal/plan-hash.js';
import type { BlockedChange, Plan, PlanWarning, UnmanagedResource } from '../plan/plan.js';
import { stringifyJson } from '../util/visible-text.js';

/**
 * The sentences a plan is told in, shared by the text and Markdown renderers so that a terminal
 * and a pull request say the same thing. Each renderer lays them out and escapes them its own way;
 * the words come from a plan already made visible (render/visible-plan).
 */

export type ReportKind = 'plan' | 'drift';

function counted(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`;
}

function changeCounts(plan: Plan): string {
  const s = plan.summary;
  return `${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.replace} to replace`;
}

/** The plan in a few words, for a heading: the counts, or what stands in for them. */
/**
 * The plan's hash, said so that a reviewer can match it with the journal of the apply that ran it:
 * in full where it is copied (Markdown), short where it is read (text), as `paycfg journal` shows it.
 */
export function planHashLine(hash: string, form: 'full' | 'short' = 'full'): string {
  if (form === 'short') return `Plan ${shortPlanHash(hash)} (the journal of its apply shows the same; --json gives the full hash)`;
  return `Plan hash ${hash}: an apply of this plan with --journal records the same hash.`;
}

export function planInBrief(plan: Plan): string {
  if (plan.changes.length > 0) return `${changeCounts(plan)}.`;
  return plan.blocked.length > 0 ? `no changes paycfg can make, ${plan.blocked.length} blocked` : 'no changes';
}

export function summaryLine(plan: Plan): string {
  return `Plan: ${changeCounts(plan)}.`;
}

/**
 * What the plan says when it has no change to make. A targeted plan compared only its targets (an
 * unkeyed record is not even in the manifest), so it says nothing of the rest of the group.
 */
export function noChangeLine(plan: Plan): string {
  const blocked = plan.blocked.length;
  if (blocked > 0) return `No changes paycfg can make, and ${counted(blocked, 'blocked change')} (below): the live group does not match the manifest.`;
  if (plan.targets !== undefined && plan.targets.length > 0) {
    return 'No changes to the targeted resources. The rest of the group was not compared: run a plan without --target for that.';
  }
  return 'No changes. The live group matches the manifest.';
}

/**
 * Why the blocked changes are held back, for their heading: the service's refusals, the manifest's
 * `protect:` list, unsettled settlement batches, or several of them (a change that waits for a
 * blocked one shares its cause). One blocked change is "it", several "them".
 */
export function blockedWhy(plan: Plan): string {
  // Read as words: a plan saved by a later version may name a cause this one does not list.
  const causes = new Set<string>(plan.blocked.map((b) => b.cause));
  const protectedOnes = causes.has('protected');
  const refused = causes.has('in-use');
  const unsettled = causes.has('unsettled');
  const them = plan.blocked.length === 1 ? 'it' : 'them';
  if (unsettled) {
    if (!protectedOnes && !refused) return `unsettled settlement batches route through ${them}`;
    const others = [...(refused ? ['the service would refuse some'] : []), ...(protectedOnes ? ["the manifest's protect: list keeps some"] : [])];
    return `${others.join(', ')}, and unsettled settlement batches route through the others`;
  }
  if (protectedOnes && refused) return 'the service would refuse some, and the manifest\'s protect: list keeps the others';
  return protectedOnes ? `the manifest's protect: list keeps ${them}` : `the service would refuse ${them}`;
}

/** What a blocked change would have done, in one word: a terminal's logout or decommission says so, not `delete`. */
export function blockedAction(b: Pick<BlockedChange, 'action' | 'disposal'>): string {
  return b.action === 'delete' && (b.disposal === 'logout' || b.disposal === 'decommission') ? b.disposal : b.action;
}

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

/**
 * A warning as its address and its words: the address is left out when the words name it already.
 * The text renderer writes `address: message`, the Markdown one puts the address in a code span.
 */
export function warningParts(w: PlanWarning): { address?: string; message: string } {
  return w.address === undefined || w.message.includes(w.address) ? { message: w.message } : { address: w.address, message: w.message };
}

/** The warnings about one change, which its block and its table row point out. */
export function warningsAbout(plan: Plan, address: string): PlanWarning[] {
  return (plan.warnings ?? []).filter((w) => w.address === address);
}

/**
 * What follows the address in an unmanaged line: ` (id 1234, "Coffee Corner"): note`. The live id
 * and name say which record it is when the key cannot; the name, from the service, is quoted as
 * JSON (visiblePlan leaves it raw for that), so that a `"` or a control character in it reads as one.
 */
export function unmanagedDetail(u: UnmanagedResource): string {
  const identity = [...(u.liveId !== undefined ? [`id ${u.liveId}`] : []), ...(u.name !== undefined ? [stringifyJson(u.name)] : [])];
  return `${identity.length > 0 ? ` (${identity.join(', ')})` : ''}${u.note !== undefined ? `: ${u.note}` : ''}`;
}

/** Where a reader finds the changes a pull-request comment had no room for. */
export function notShownLine(count: number, what: string, kind: ReportKind): string {
  const whole = kind === 'plan' ? '`paycfg show PLANFILE` (a plan saved with --out) or `paycfg plan`' : '`paycfg drift`';
  return `… ${counted(count, what)} not shown, to keep this comment under GitHub's size limit: ${whole} prints them all, as does the job log if it ran one.`;
}

/** The note over a long single-line value shown in pieces (Markdown only: see field-rows). */
export function piecesNote(length: number, width: number): string {
  return `(one line of ${length} characters, no line break in it: shown in pieces of ${width}, each followed by \\ where the next continues it)`;
}
