import { hasChildren, KIND_MODULES, kindModule, type Kind } from '../kinds/registry.js';
import { addressOf, KIND_LEVEL, type Address } from '../model/kinds.js';
import { type AcquirerFields, type DesiredState, fieldsOf, type LiveResource } from '../model/state.js';
import { disposalOf, stepAddress, type Change, type PlannedBlock, type PlannedChange } from './plan.js';
import { PlanError } from './errors.js';
import { forEachReference } from '../kinds/references.js';
import { referencesOf } from './references.js';
import { MinHeap } from '../util/min-heap.js';

type Draft = { -readonly [K in keyof PlannedChange]: PlannedChange[K] };

type Claims = (fields: Readonly<Record<string, unknown>> | null) => string[];
/** Each kind's claims among its owner's records, where it has some (kinds/kind-module.ts). */
const CLAIMS = new Map<Kind, Claims | undefined>(KIND_MODULES.map((module) => [module.kind, module.claims]));

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
  blocked: PlannedBlock[],
): Change[] {
  // Changes are numbered by their place in `drafts`; edges are lists of those numbers, made on first use.
  const indexOf = new Map<Address, number>();
  drafts.forEach((d, i) => indexOf.set(d.address, i));
  const edges = new Edges(drafts.length);
  // A dependsOn given by the builder that names no change of the plan is kept as it is.
  const foreign = new Map<number, string[]>();
  drafts.forEach((d, i) => {
    edges.startSource(i);
    for (const dep of d.dependsOn) {
      const j = indexOf.get(dep);
      if (j !== undefined) edges.add(i, j);
      else if (!(foreign.get(i) ?? []).includes(dep)) foreign.set(i, [...(foreign.get(i) ?? []), dep]);
    }
  });
  let current = 0;
  const dependOn = (to: Address | undefined): void => {
    if (to === undefined) return;
    const j = indexOf.get(to);
    if (j !== undefined && j !== current) edges.add(current, j);
  };
  const isDelete = (d: Draft): boolean => d.action === 'delete';

  // Who names what, before and after: the raw material of the reference edges.
  const namedBefore = new Map<Address, Draft[]>();
  for (const d of drafts) {
    if (d.before === null) continue;
    for (const ref of referencesOf(d.kind, d.before, d.merchant)) {
      let list = namedBefore.get(ref);
      if (list === undefined) namedBefore.set(ref, (list = []));
      list.push(d);
    }
  }
  // The live records of each kind with claims, by owner: a change of one is checked against its owner's others.
  const liveClaimers = new Map<Kind, Map<string, LiveResource[]>>();
  for (const r of view.values()) {
    if (r.merchant === undefined || CLAIMS.get(r.kind) === undefined) continue;
    let byOwner = liveClaimers.get(r.kind);
    if (byOwner === undefined) liveClaimers.set(r.kind, (byOwner = new Map()));
    let list = byOwner.get(r.merchant);
    if (list === undefined) byOwner.set(r.merchant, (list = []));
    list.push(r);
  }
  const cardDefaultChanges = drafts.filter((p) => p.kind === 'acquirer' && touchesCardDefault(p, view));
  const byMerchant = new Map<string, Draft[]>();
  // The create of each parent the plan creates, by its key: its children wait for it.
  const createdParents = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (hasChildren(d.kind) && d.action === 'create' && d.address === addressOf(d.kind, d.key)) createdParents.set(d.key, i);
  });
  for (const d of drafts) {
    if (d.merchant === undefined) continue;
    let list = byMerchant.get(d.merchant);
    if (list === undefined) byMerchant.set(d.merchant, (list = []));
    list.push(d);
  }

  const waitForCreated = (ref: Address): void => {
    const j = indexOf.get(ref);
    if (j === undefined) return;
    const target = drafts[j]!;
    if (target.action === 'create' || target.action === 'replace' || (target.action === 'update' && kindModule(target.kind).updatesAreWaitedFor === true)) dependOn(ref);
  };
  drafts.forEach((d, i) => {
    current = i;
    edges.startSource(i);
    // A create or update waits for whatever it names to exist, and for the profile changes it relies
    // on: the service checks a binding's methods against its profile's methodList, and a device's
    // acquirer fields against the profile's enablerParams.
    // (A detach step only lets go of things, so it waits for none of them.)
    if (d.after !== null && d.step !== 'detach') forEachReference(d.kind, d.after, d.merchant, waitForCreated);
    // A delete waits for everything that names the resource to stop naming it.
    if (isDelete(d)) {
      for (const user of namedBefore.get(recordOf(d)) ?? []) {
        if (user === d) continue;
        if (isDelete(user) || !referencesOf(user.kind, user.after, user.merchant).includes(recordOf(d))) dependOn(user.address);
      }
    }
    const siblings = d.merchant === undefined ? [] : (byMerchant.get(d.merchant) ?? []);
    // Everything of a merchant the plan creates waits for it, including the removal of the binding
    // the service makes by itself on create (its delete names no merchant change otherwise).
    const parentCreate = d.merchant === undefined ? undefined : createdParents.get(d.merchant);
    if (parentCreate !== undefined && parentCreate !== i) edges.add(i, parentCreate);
    // Inside a merchant too, creates and updates run top-down (the provisioning push on device create
    // carries one block per bound acquirer, 01 §4.5) and deletes bottom-up.
    if (isDelete(d)) {
      for (const s of siblings) if (isDelete(s) && KIND_LEVEL[s.kind] > KIND_LEVEL[d.kind]) dependOn(s.address);
    } else {
      for (const s of siblings) if (!isDelete(s) && KIND_LEVEL[s.kind] < KIND_LEVEL[d.kind]) dependOn(s.address);
    }
    const claims = CLAIMS.get(d.kind);
    const othersOfOwner = claims !== undefined && d.after !== null ? liveClaimers.get(d.kind)?.get(d.merchant!) : undefined;
    if (othersOfOwner !== undefined) addMoveEdges(d, claims!, othersOfOwner, indexOf, drafts, dependOn);
    if (d.kind === 'merchant' && d.action === 'create') for (const p of cardDefaultChanges) dependOn(p.address);
  });

  const blockedIndexes = propagateBlocked(drafts, indexOf, edges, blocked, desired);
  const kept: number[] = [];
  drafts.forEach((d, i) => {
    if (blockedIndexes.has(i)) return;
    kept.push(i);
    const deps: string[] = [];
    for (const j of edges.of(i)) if (!blockedIndexes.has(j)) deps.push(drafts[j]!.address);
    for (const address of foreign.get(i) ?? []) deps.push(address);
    d.dependsOn = deps.length > 1 ? deps.sort() : deps;
  });
  return topologicalOrder(drafts, kept, edges, blockedIndexes);
}

/** The address of the record a change acts on, a step's or a duplicate code's as much as its own. */
function recordOf(d: Pick<Change, 'kind' | 'key'>): Address {
  return addressOf(d.kind, d.key);
}

/**
 * Edge lists by change number, without repeats. Every edge of a change is added while that change
 * is the "source" (the builder's own dependsOn first, then the main pass), so a stamp per target
 * finds repeats without a set per change.
 */
class Edges {
  private readonly lists: (number[] | undefined)[];
  private readonly stamp: Int32Array;

  constructor(size: number) {
    this.lists = new Array<number[] | undefined>(size);
    this.stamp = new Int32Array(size);
  }

  /** Marks the edges `from` already has, before adding more to it. */
  startSource(from: number): void {
    for (const to of this.lists[from] ?? []) this.stamp[to] = from + 1;
  }

  add(from: number, to: number): void {
    if (this.stamp[to] === from + 1) return;
    this.stamp[to] = from + 1;
    const list = this.lists[from];
    if (list === undefined) this.lists[from] = [to];
    else list.push(to);
  }

  of(from: number): readonly number[] {
    return this.lists[from] ?? [];
  }
}

/**
 * When a record takes over a claim another record of its owner holds now (a binding, a currency and
 * method: `currency:method`), the other one changes first.
 */
function addMoveEdges(
  d: Draft,
  claims: Claims,
  liveOfOwner: readonly LiveResource[],
  indexOf: ReadonlyMap<Address, number>,
  drafts: readonly Draft[],
  dependOn: (to: Address | undefined) => void,
): void {
  const draftAt = (address: Address): Draft | undefined => {
    const i = indexOf.get(address);
    return i === undefined ? undefined : drafts[i];
  };
  const wanted = new Set(claims(d.after));
  for (const live of liveOfOwner) {
    if (live.key === d.key) continue;
    const shared = claims(fieldsOf(live)).filter((p) => wanted.has(p));
    if (shared.length === 0) continue;
    const address = addressOf(live.kind, live.key);
    const giver = draftAt(stepAddress(address, 'detach')) ?? draftAt(address);
    const keeps = giver === undefined || (giver.action !== 'delete' && claims(giver.after).some((p) => shared.includes(p)));
    if (keeps) {
      const [currency, code] = shared[0]!.split(':');
      throw new PlanError(
        `${addressOf(d.kind, d.key)} and ${address} would both bind method ${code} in ${currency} for merchant "${d.merchant}"; ` +
          `the service allows one profile per (currency, method) of a merchant`,
      );
    }
    dependOn(giver.address);
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
 * the sub-resources that were only going because it was. Returns the numbers of the blocked changes.
 */
function propagateBlocked(
  drafts: Draft[],
  indexOf: ReadonlyMap<Address, number>,
  edges: Edges,
  blocked: PlannedBlock[],
  desired: DesiredState,
): Set<number> {
  const out = new Set<number>();
  if (blocked.length === 0) return out;
  const queue: number[] = [];
  for (const b of blocked) {
    for (const address of [b.address, stepAddress(b.address, 'replace-old')]) {
      const i = indexOf.get(address);
      if (i !== undefined && !out.has(i)) {
        out.add(i);
        queue.push(i);
      }
    }
  }
  const dependents: number[][] = drafts.map(() => []);
  drafts.forEach((_, from) => {
    for (const to of edges.of(from)) dependents[to]!.push(from);
  });
  let deletesByMerchant: Map<string, number[]> | undefined;
  const blockOne = (i: number, because: number): void => {
    if (out.has(i)) return;
    const d = drafts[i]!;
    const cause = recordOf(drafts[because]!);
    out.add(i);
    queue.push(i);
    blocked.push({
      address: d.address,
      kind: d.kind,
      key: d.key,
      action: d.action,
      ...disposalOf(d, d.action),
      cause: 'dependency',
      reason: `it must wait for ${cause}, which is blocked`,
      blockers: [cause],
      ...(d.role !== undefined ? { role: d.role } : {}),
    });
  };
  for (let head = 0; head < queue.length; head += 1) {
    const i = queue[head]!;
    for (const dependent of dependents[i]!) blockOne(dependent, i);
    const d = drafts[i]!;
    if (hasChildren(d.kind) && d.action === 'delete' && !desired.resources.has(d.address)) {
      if (deletesByMerchant === undefined) {
        deletesByMerchant = new Map();
        drafts.forEach((sub, j) => {
          if (sub.merchant === undefined || sub.action !== 'delete') return;
          const list = deletesByMerchant!.get(sub.merchant);
          if (list === undefined) deletesByMerchant!.set(sub.merchant, [j]);
          else list.push(j);
        });
      }
      for (const j of deletesByMerchant.get(d.key) ?? []) blockOne(j, i);
    }
  }
  return out;
}

function rank(d: Draft): number {
  const level = KIND_LEVEL[d.kind];
  return d.action === 'delete' ? 10 + (4 - level) : level;
}

/** Change numbers by rank, then by address (UTF-16 order): bucketed by rank, each bucket sorted by the native string sort. */
function sortedByRankAndAddress(drafts: readonly Draft[], kept: readonly number[]): number[] {
  const buckets = new Map<number, Map<Address, number>>();
  for (const i of kept) {
    const d = drafts[i]!;
    const r = rank(d);
    let bucket = buckets.get(r);
    if (bucket === undefined) buckets.set(r, (bucket = new Map()));
    bucket.set(d.address, i);
  }
  const out: number[] = [];
  for (const r of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(r)!;
    for (const address of [...bucket.keys()].sort()) out.push(bucket.get(address)!);
  }
  return out;
}

/** Kahn's algorithm; among ready changes, creates and updates top-down first, then deletes bottom-up. */
function topologicalOrder(drafts: Draft[], kept: readonly number[], edges: Edges, blocked: ReadonlySet<number>): Change[] {
  const sorted = sortedByRankAndAddress(drafts, kept);
  const position = new Int32Array(drafts.length);
  sorted.forEach((i, p) => (position[i] = p));
  const waiting = new Int32Array(sorted.length);
  const dependents: number[][] = sorted.map(() => []);
  sorted.forEach((i, p) => {
    for (const j of edges.of(i)) {
      if (blocked.has(j)) continue;
      waiting[p]! += 1;
      dependents[position[j]!]!.push(p);
    }
  });
  const heap = new MinHeap();
  waiting.forEach((w, p) => {
    if (w === 0) heap.push(p);
  });
  const out: Change[] = [];
  while (heap.size > 0) {
    const p = heap.pop();
    out.push(drafts[sorted[p]!]!);
    for (const q of dependents[p]!) {
      waiting[q]! -= 1;
      if (waiting[q] === 0) heap.push(q);
    }
  }
  if (out.length !== sorted.length) {
    const stuck = sorted.filter((_, p) => waiting[p]! > 0).map((i) => drafts[i]!);
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
