import { shortPlanHash } from '../journal/plan-hash.js';
import { hasChildren, KIND_MODULES, parentOf } from '../kinds/registry.js';
import { addressOf } from '../model/kinds.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';
import { hasDrifted, type BlockedChange, type Plan, type PlanWarning, type UnmanagedResource, type UnreadDevices } from '../plan/plan.js';
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
 * unkeyed record is not even in the manifest), so it says nothing of the rest of the group. A live
 * group that holds records the manifest does not manage does not "match" it: the line says they
 * are left alone, as the list below it shows.
 */
export function noChangeLine(plan: Plan): string {
  const blocked = plan.blocked.length;
  if (blocked > 0) return `No changes paycfg can make, and ${counted(blocked, 'blocked change')} (below): the live group does not match the manifest.`;
  if (plan.targets !== undefined && plan.targets.length > 0) {
    return 'No changes to the targeted resources. The rest of the group was not compared: run a plan without --target for that.';
  }
  const left = leftAlone(plan);
  if (left !== undefined) return `No changes. Not managed by the manifest, and left as they are (below): ${left}.`;
  return 'No changes. The live group matches the manifest.';
}

/** What a plan leaves alone, in parts: "3 live records", "the devices of 2 merchants" (whose devices it did not read). */
function leftAloneParts(plan: Plan): { records?: string; unread?: string } {
  const unread = plan.unreadDevices?.length ?? 0;
  return {
    ...(plan.unmanaged.length > 0 ? { records: counted(plan.unmanaged.length, 'live record') } : {}),
    ...(unread > 0 ? { unread: `the devices of ${counted(unread, 'merchant')}` } : {}),
  };
}

/** "3 live records and the devices of 2 merchants": what a plan leaves alone; undefined when nothing. */
function leftAlone(plan: Plan): string | undefined {
  const { records, unread } = leftAloneParts(plan);
  const parts = [records, unread].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/**
 * Drift's verdict in words, as its exit code has it (2 on drift, 0 without): the Markdown heading
 * takes them as they are, the text report as a sentence (driftVerdict).
 */
export function driftInBrief(plan: Plan, ignoreUnmanaged: boolean): string {
  const s = plan.summary;
  const changes = s.create + s.update + s.delete + s.replace;
  const unmanaged = plan.unmanaged.length;
  if (hasDrifted(plan, ignoreUnmanaged)) {
    const ignored = ignoreUnmanaged && unmanaged > 0 ? ' (not counted: --ignore-unmanaged)' : '';
    return `drift detected: ${counted(changes, 'change')} to make, ${s.blocked} blocked, ${counted(unmanaged, 'unmanaged record')}${ignored}`;
  }
  if (unmanaged > 0) {
    const them = unmanaged === 1 ? 'the live record it does not manage (listed) is' : `the ${unmanaged} live records it does not manage (listed) are`;
    return `no drift: the records the manifest manages match it; ${them} not counted (--ignore-unmanaged)`;
  }
  return 'no drift: the live group matches the manifest';
}

/** Drift's one verdict as the last line of its report. */
export function driftVerdict(plan: Plan, ignoreUnmanaged: boolean): string {
  const words = driftInBrief(plan, ignoreUnmanaged);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** The heading of the records a plan leaves alone: how many, and whose devices it did not read. */
export function unmanagedHeading(plan: Plan): string {
  const { records, unread } = leftAloneParts(plan);
  const parts = [records ?? (unread === undefined ? counted(0, 'live record') : undefined), unread === undefined ? undefined : `${unread}, not listed`];
  return `Not managed by the manifest (left as they are): ${parts.filter((part) => part !== undefined).join(', and ')}`;
}

/**
 * One line of the unmanaged list: a record (`mark`), or a merchant the manifest has whose bindings
 * or devices it does not manage (no mark: the merchant itself is managed). `detail` follows the address.
 */
export interface UnmanagedLine {
  readonly address: string;
  readonly mark: boolean;
  readonly detail: string;
}

/** A line with the records listed under it: a merchant's bindings and devices left alone with it. */
export interface UnmanagedGroup extends UnmanagedLine {
  readonly children: readonly UnmanagedLine[];
}

/**
 * The unmanaged records as a reviewer reads them: every record the manifest does not name, in
 * address order, a merchant's bindings and devices left alone for its sake under one line for the
 * merchant that says why (not in the manifest, or no `bindings:` / `devices:` key on its entry,
 * which an empty list would change) and names the devices the plan did not read.
 */
export function unmanagedGroups(plan: Plan): UnmanagedGroup[] {
  const children = new Map<string, UnmanagedResource[]>();
  const own: UnmanagedResource[] = [];
  for (const u of plan.unmanaged) {
    if (u.merchant === undefined || u.cause === undefined) own.push(u);
    else if (children.has(u.merchant)) children.get(u.merchant)!.push(u);
    else children.set(u.merchant, [u]);
  }
  const unread = new Map<string, UnreadDevices>((plan.unreadDevices ?? []).map((u) => [u.merchant, u]));
  const groups: UnmanagedGroup[] = [];
  const grouped = new Set<string>();
  for (const u of own) {
    const merchant = hasChildren(u.kind) && u.liveId !== undefined && !u.key.startsWith(UNKEYED_MARK) ? u.key : undefined;
    const mine = merchant === undefined ? [] : (children.get(merchant) ?? []);
    const unreadOf = merchant === undefined ? undefined : unread.get(merchant);
    if (merchant !== undefined) grouped.add(merchant);
    const what = merchant === undefined ? undefined : childrenInWords(mine, unreadOf);
    const detail = `${unmanagedDetail(u)}${what === undefined ? '' : `${u.note === undefined ? ': ' : '; '}not in the manifest: left as it is, with ${what}`}`;
    groups.push({ address: u.address, mark: true, detail, children: mine.map(childLine) });
  }
  for (const merchant of new Set([...children.keys(), ...unread.keys()])) {
    if (grouped.has(merchant)) continue;
    const mine = children.get(merchant) ?? [];
    const unreadOf = unread.get(merchant);
    const why = [...mine.map((u) => u.cause), unreadOf?.cause];
    const detail = why.includes('merchant-not-managed')
      ? `: not in the manifest: ${childrenInWords(mine, unreadOf)!}, left as they are`
      : `: ${listsNotManaged(mine, unreadOf)}`;
    groups.push({ address: addressOf('merchant', merchant), mark: false, detail, children: mine.map(childLine) });
  }
  return groups.sort((a, b) => a.address.localeCompare(b.address));
}

function childLine(u: UnmanagedResource): UnmanagedLine {
  return { address: u.address, mark: true, detail: unmanagedDetail(u) };
}

/** The kinds written inside a merchant's entry, in the registry's order. */
const CHILD_KINDS = KIND_MODULES.filter((module) => parentOf(module.kind) !== undefined);

/** "1 binding and 2 devices", "its devices (not read)", "its devices (3 terminals counted, not listed)": a merchant's records left alone. */
function childrenInWords(mine: readonly UnmanagedResource[], unread: UnreadDevices | undefined): string | undefined {
  const parts = [
    ...CHILD_KINDS.flatMap((child) => {
      const n = mine.filter((u) => u.kind === child.kind).length;
      return n > 0 ? [counted(n, child.kind)] : [];
    }),
    // Counted for a terminal budget, they were read for the count and not kept: not listed.
    ...(unread !== undefined ? [`its devices (${unread.terminals !== undefined ? `${counted(unread.terminals, 'terminal')} counted, not listed` : 'not read'})`] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** Why a managed merchant's bindings or devices are left alone: its entry has no such list, which is not an empty one. */
function listsNotManaged(mine: readonly UnmanagedResource[], unread: UnreadDevices | undefined): string {
  // The unread devices are the terminals'.
  const unmanaged = CHILD_KINDS.filter((child) => mine.some((u) => u.kind === child.kind) || (child.terminal === true && unread !== undefined));
  const lists = unmanaged.map((child) => child.manifest.list);
  const what = childrenInWords(mine, unread)!;
  const one = mine.length === 1 && unread === undefined;
  // An empty list manages the list: bindings go, pending devices go, and an activated terminal only as prune.activatedDevices says.
  const activated = unmanaged.some((child) => child.terminal === true) ? ', an activated terminal only under prune.activatedDevices' : '';
  if (lists.length > 1) {
    const deletes = lists.map((list, i) => `${list}: [] ${i === 0 ? 'would delete ' : ''}the ${list}`).join(', ');
    return `${what} are not managed: its entry in the manifest has neither ${lists.map((list) => `${list}:`).join(' nor ')} (${deletes}${activated})`;
  }
  return `${what} ${one ? 'is' : 'are'} not managed: its entry in the manifest has no ${lists[0]!}: (${lists[0]!}: [] would delete ${one ? 'it' : 'them'}${activated})`;
}

/**
 * Why the blocked changes are held back, for their heading: the service's refusals, the manifest's
 * `protect:` list, unsettled settlement batches, or several of them (a change that waits for a
 * blocked one shares its cause). One blocked change is "it", several "them".
 */
export function blockedWhy(plan: Plan): string {
  // A promotion holds back what it has no evidence for; the other causes are said as in any plan.
  if (plan.promotion !== undefined && plan.blocked.some((b) => b.cause === 'unproven')) {
    const source = plan.promotion.from.name;
    const others = plan.blocked.filter((b) => b.cause !== 'unproven' && b.cause !== 'dependency');
    if (others.length > 0) return `${blockedWhy({ ...plan, promotion: undefined, blocked: others })}, and no evidence shows the others live in ${source}`;
    if (!plan.blocked.some((b) => b.cause === 'dependency')) return `no evidence shows ${plan.blocked.length === 1 ? 'it' : 'them'} live in ${source}`;
    return `no evidence shows some live in ${source}, and the others wait for them`;
  }
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
