import { addressOf, KIND_LEVEL, type Address } from '../model/kinds.js';
import type { AcquirerFields, DesiredState, LiveResource } from '../model/state.js';
import type { BlockedChange, Change } from './plan.js';
import { PlanError } from './errors.js';
import { bindingPairs, referencesOf } from './references.js';
import { MinHeap } from '../util/min-heap.js';

type Draft = { -readonly [K in keyof Change]: Change[K] };

/**
 * Turns the service's refusals into edges between changes, drops what is blocked, and returns the
 * changes in an order that respects every edge. Independent changes get no edge, so apply may run
 * them at the same time.
 *
 *   creates, updates   emv ──▶ acquirer ──▶ merchant ──▶ binding ──▶ device
 *   deletes            device ──▶ binding ──▶ merchant ──▶ acquirer ──▶ emv
 *
 * Plus the edges that cut across the levels:
 *   - a binding that takes over a (currency, method) waits for the binding that gives it up
 *     (the service refuses one pair on two profiles of a merchant);
 *   - a replacement's delete half waits for every user to detach; its create half waits for the delete;
 *   - a merchant create waits for the card profile changes that decide its automatic binding.
 */
export function orderChanges(
  drafts: Draft[],
  desired: DesiredState,
  view: ReadonlyMap<string, LiveResource>,
  blocked: BlockedChange[],
): Change[] {
  const byAddress = new Map(drafts.map((d) => [d.address, d]));
  const edges = new Map<Address, Set<Address>>(drafts.map((d) => [d.address, new Set(d.dependsOn)]));
  const dependOn = (from: Draft, to: Address | undefined): void => {
    if (to !== undefined && to !== from.address && byAddress.has(to)) edges.get(from.address)!.add(to);
  };
  const isDelete = (d: Draft): boolean => d.action === 'delete';
  const baseAddress = (d: Draft): Address => addressOf(d.kind, d.key);

  // Who names what, before and after: the raw material of the reference edges.
  const namedBefore = new Map<Address, Draft[]>();
  for (const d of drafts) {
    for (const ref of referencesOf(d.kind, d.before, d.merchant)) {
      let list = namedBefore.get(ref);
      if (list === undefined) namedBefore.set(ref, (list = []));
      list.push(d);
    }
  }
  const liveBindings = new Map<string, LiveResource[]>();
  for (const r of view.values()) {
    if (r.kind !== 'binding' || r.merchant === undefined) continue;
    let list = liveBindings.get(r.merchant);
    if (list === undefined) liveBindings.set(r.merchant, (list = []));
    list.push(r);
  }
  const cardDefaultChanges = drafts.filter((p) => p.kind === 'acquirer' && touchesCardDefault(p, view));
  const byMerchant = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.merchant === undefined) continue;
    let list = byMerchant.get(d.merchant);
    if (list === undefined) byMerchant.set(d.merchant, (list = []));
    list.push(d);
  }

  for (const d of drafts) {
    // A create or update waits for whatever it names to exist, and for the profile changes it relies
    // on: the service checks a binding's methods against its profile's methodList, and a device's
    // acquirer fields against the profile's enablerParams.
    // (A detach step only lets go of things, so it waits for none of them.)
    if (d.after !== null && d.step !== 'detach') {
      for (const ref of referencesOf(d.kind, d.after, d.merchant)) {
        const target = byAddress.get(ref);
        if (target === undefined) continue;
        if (target.action === 'create' || target.action === 'replace' || (target.kind === 'acquirer' && target.action === 'update')) dependOn(d, ref);
      }
    }
    // A delete waits for everything that names the resource to stop naming it.
    if (isDelete(d)) {
      for (const user of namedBefore.get(baseAddress(d)) ?? []) {
        if (user === d) continue;
        if (isDelete(user) || !referencesOf(user.kind, user.after, user.merchant).includes(baseAddress(d))) dependOn(d, user.address);
      }
    }
    const siblings = d.merchant === undefined ? [] : (byMerchant.get(d.merchant) ?? []);
    // Everything of a merchant the plan creates waits for it, including the removal of the binding
    // the service makes by itself on create (its delete names no merchant change otherwise).
    if (d.merchant !== undefined && byAddress.get(addressOf('merchant', d.merchant))?.action === 'create') dependOn(d, addressOf('merchant', d.merchant));
    // The provisioning push on device create carries one block per bound acquirer (01 §4.5).
    if (d.kind === 'device' && !isDelete(d)) {
      for (const s of siblings) if (s.kind === 'binding' && !isDelete(s)) dependOn(d, s.address);
    }
    // Deletes run bottom-up inside a merchant too.
    if (d.kind === 'binding' && isDelete(d)) {
      for (const s of siblings) if (s.kind === 'device' && isDelete(s)) dependOn(d, s.address);
    }
    if (d.kind === 'binding' && d.after !== null) addMoveEdges(d, liveBindings.get(d.merchant!) ?? [], byAddress, dependOn);
    if (d.kind === 'merchant' && d.action === 'create') for (const p of cardDefaultChanges) dependOn(d, p.address);
  }

  const blockedAddresses = propagateBlocked(drafts, edges, blocked, desired);
  const kept = drafts.filter((d) => !blockedAddresses.has(d.address));
  for (const d of kept) {
    d.dependsOn = [...edges.get(d.address)!].filter((a) => !blockedAddresses.has(a)).sort();
  }
  return topologicalOrder(kept);
}

/** When a binding takes over a (currency, method) another binding of the merchant holds now, the other one changes first. */
function addMoveEdges(
  d: Draft,
  liveBindingsOfMerchant: readonly LiveResource[],
  byAddress: Map<Address, Draft>,
  dependOn: (from: Draft, to: Address | undefined) => void,
): void {
  const wanted = new Set(bindingPairs(d.after));
  for (const live of liveBindingsOfMerchant) {
    if (live.key === d.key) continue;
    const shared = bindingPairs(live.fields as unknown as Record<string, unknown>).filter((p) => wanted.has(p));
    if (shared.length === 0) continue;
    const address = addressOf('binding', live.key);
    const giver = byAddress.get(`${address}#detach`) ?? byAddress.get(address);
    const keeps = giver === undefined || (giver.action !== 'delete' && bindingPairs(giver.after).some((p) => shared.includes(p)));
    if (keeps) {
      const [currency, code] = shared[0]!.split(':');
      throw new PlanError(
        `binding/${d.key} and binding/${live.key} would both bind method ${code} in ${currency} for merchant "${d.merchant}"; ` +
          `the service allows one profile per (currency, method) of a merchant`,
      );
    }
    dependOn(d, giver.address);
  }
}

function touchesCardDefault(p: Draft, view: ReadonlyMap<string, LiveResource>): boolean {
  const fields = (p.after ?? p.before ?? {}) as Partial<AcquirerFields>;
  const acqType = fields.acqType ?? (view.get(addressOf('acquirer', p.key))?.fields as AcquirerFields | undefined)?.acqType;
  if (acqType !== 'card') return false;
  if (p.action === 'create' || p.action === 'replace') return fields.asDefault === true;
  if (p.action === 'delete') return (p.before as Partial<AcquirerFields> | null)?.asDefault === true;
  return p.patch.some((op) => op.path === '/asDefault');
}

/**
 * A blocked change takes down what depends on it, and a merchant whose delete is blocked keeps
 * the sub-resources that were only going because it was.
 */
function propagateBlocked(
  drafts: Draft[],
  edges: Map<Address, Set<Address>>,
  blocked: BlockedChange[],
  desired: DesiredState,
): Set<Address> {
  const out = new Set<Address>();
  const byAddress = new Map(drafts.map((d) => [d.address, d]));
  const queue: Address[] = [];
  for (const b of blocked) {
    for (const address of [b.address, `${b.address}#old`]) {
      if (byAddress.has(address) && !out.has(address)) {
        out.add(address);
        queue.push(address);
      }
    }
  }
  const dependents = new Map<Address, Address[]>();
  for (const [from, tos] of edges) {
    for (const to of tos) {
      let list = dependents.get(to);
      if (list === undefined) dependents.set(to, (list = []));
      list.push(from);
    }
  }
  const blockOne = (address: Address, because: Address): void => {
    if (out.has(address)) return;
    const d = byAddress.get(address)!;
    out.add(address);
    queue.push(address);
    blocked.push({
      address: d.address,
      kind: d.kind,
      key: d.key,
      action: d.action,
      reason: `it must wait for ${because.replace(/#old$/, '')}, which is blocked`,
      blockers: [because.replace(/#old$/, '')],
    });
  };
  while (queue.length > 0) {
    const address = queue.shift()!;
    for (const dependent of dependents.get(address) ?? []) blockOne(dependent, address);
    const d = byAddress.get(address)!;
    if (d.kind === 'merchant' && d.action === 'delete' && !desired.resources.has(address)) {
      for (const sub of drafts) if (sub.merchant === d.key && sub.action === 'delete') blockOne(sub.address, address);
    }
  }
  return out;
}

function rank(d: Draft): number {
  const level = KIND_LEVEL[d.kind];
  return d.action === 'delete' ? 10 + (4 - level) : level;
}

/** Kahn's algorithm; among ready changes, creates and updates top-down first, then deletes bottom-up. */
function topologicalOrder(drafts: Draft[]): Change[] {
  const sorted = [...drafts].sort((a, b) => rank(a) - rank(b) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  const index = new Map(sorted.map((d, i) => [d.address, i]));
  const waiting = sorted.map((d) => d.dependsOn.length);
  const dependents: number[][] = sorted.map(() => []);
  sorted.forEach((d, i) => {
    for (const dep of d.dependsOn) dependents[index.get(dep)!]!.push(i);
  });
  const heap = new MinHeap();
  waiting.forEach((w, i) => {
    if (w === 0) heap.push(i);
  });
  const out: Change[] = [];
  while (heap.size > 0) {
    const i = heap.pop();
    out.push(sorted[i]!);
    for (const j of dependents[i]!) {
      waiting[j]! -= 1;
      if (waiting[j] === 0) heap.push(j);
    }
  }
  if (out.length !== sorted.length) {
    const stuck = sorted.filter((_, i) => waiting[i]! > 0);
    throw new PlanError(`no order satisfies the service's rules for these changes (a dependency cycle): ${findCycle(stuck).join(' → ')}`);
  }
  return out;
}

function findCycle(stuck: Draft[]): Address[] {
  const byAddress = new Map(stuck.map((d) => [d.address, d]));
  const start = stuck[0]!;
  const path: Address[] = [];
  const seen = new Map<Address, number>();
  let current: Draft | undefined = start;
  while (current !== undefined && !seen.has(current.address)) {
    seen.set(current.address, path.length);
    path.push(current.address);
    current = current.dependsOn.map((a) => byAddress.get(a)).find((d) => d !== undefined);
  }
  if (current === undefined) return path;
  return [...path.slice(seen.get(current.address)!), current.address];
}
