/**
 * The lower bound of a scenario: the requests paycfg cannot avoid, and how long they take at best.
 *
 * Model. A scenario is a sequence of phases separated by real barriers: a phase needs the answers
 * of the previous one before it can start (the owner check comes before any other read; the
 * per-merchant lists need the merchant list's ids; apply needs the finished plan). Inside a phase,
 * requests run `concurrency` at a time, and some form chains that must follow one another (a
 * merchant's create, then its binding read-back, then its bindings, then its devices). Every
 * request costs the injected latency and nothing else (no CPU, no transfer time). So a phase takes
 * at least max(ceil(requests / concurrency), depth) × latency, and the scenario the sum over its
 * phases. Measured time divided by this bound is the overhead paycfg adds to the network.
 */
import { SETTLE_MS as DEVICE_SETTLE_MS } from '../../src/apply/concurrent-create.js';
import type { GroupSize } from './group-shape.js';

export interface RequestPhase {
  readonly name: string;
  readonly requests: number;
  /** The longest chain of requests inside the phase that must run one after another. */
  readonly depth: number;
  /** Time the phase must wait on top of its requests, whatever the latency (the device twin check's settle time). */
  readonly waitMs?: number;
}

/** Rounds of `latency` a phase needs at best. */
export function phaseRounds(phase: RequestPhase, concurrency: number): number {
  if (phase.requests === 0) return 0;
  return Math.max(Math.ceil(phase.requests / concurrency), phase.depth);
}

export function lowerBoundMs(phases: readonly RequestPhase[], concurrency: number, latencyMs: number): number {
  return phases.reduce((sum, phase) => sum + phaseRounds(phase, concurrency) * latencyMs + (phase.requests > 0 ? (phase.waitMs ?? 0) : 0), 0);
}

export function totalRequests(phases: readonly RequestPhase[]): number {
  return phases.reduce((sum, phase) => sum + phase.requests, 0);
}

/** What decides the unavoidable requests of a group: its size (with `mid` set, the merchant list does not carry it), and the drift. */
export interface GroupCounts extends GroupSize {
  /** Merchants the drift changed (contact name, one binding's methods, one device's name). */
  readonly driftedMerchants: number;
}

export type Scenario = 'plan-unchanged' | 'plan-drift' | 'apply-from-empty' | 'apply-drift';
export const SCENARIOS: readonly Scenario[] = ['plan-unchanged', 'plan-drift', 'apply-from-empty', 'apply-drift'];

/**
 * The reads of a plan against a group holding `liveMerchants` of the manifest's merchants: the owner
 * (alone, so that a run against the wrong group reads nothing else), the three group-wide lists,
 * then per merchant one device list (the manifest manages every merchant's devices) and one
 * binding-record list when the manifest sets `mid` or when the run found no proof that the merchant
 * list's acquirers[] summary shows the bindings' own lists rather than their profiles' (a summary
 * item that differs from its profile, once its merchant's binding records confirm it, proves it:
 * src/live/summary-reading.ts). That check is one binding-record list more, sent beside the device
 * lists, unless the records are read anyway for `mid`. The generated group binds every profile
 * whole, so its unchanged plan has no proof; the drift binds one binding to part of its profile,
 * which is one.
 *
 * A plan that re-routes money (the drift's repair puts a binding's methods back) reads the group's
 * settlement batches once more, after the lists: the settlement guard and the impact of its changes
 * (src/payments/read-settlements.ts). A plan that re-routes nothing reads none.
 */
export function planPhases(group: GroupCounts, liveMerchants: number, summaryProven: boolean, reroutes = false): RequestPhase[] {
  const check = summaryProven && !group.withMid && liveMerchants > 0 ? 1 : 0;
  const perMerchant = liveMerchants * (1 + (group.withMid || !summaryProven ? 1 : 0)) + check;
  return [
    { name: 'owner', requests: 1, depth: 1 },
    { name: 'group lists', requests: 3, depth: 1 },
    { name: 'per-merchant lists', requests: perMerchant, depth: perMerchant > 0 ? 1 : 0 },
    ...(reroutes ? [{ name: 'settlement batches', requests: 1, depth: 1 }] : []),
  ];
}

/**
 * The plan of an unchanged group whose service record says the summary carries the bindings' own
 * lists (`binding` recorded, src/service-record/): the summary is trusted without a proof, so no
 * binding-record list is read unless the manifest sets `mid`, and a group where every binding binds
 * its whole profile offers no evidence to check. The owner, the three group lists and one device
 * list per merchant: 2,004 requests for the benchmark's 2,000-merchant group.
 */
export function recordedPlanPhases(group: GroupCounts): RequestPhase[] {
  const perMerchant = group.merchants * (1 + (group.withMid ? 1 : 0));
  return [
    { name: 'owner', requests: 1, depth: 1 },
    { name: 'group lists', requests: 3, depth: 1 },
    { name: 'per-merchant lists', requests: perMerchant, depth: perMerchant > 0 ? 1 : 0 },
  ];
}

/** The drift changes one binding's methods per drifted merchant: its repair re-routes money. */
function driftReroutes(group: GroupCounts): boolean {
  return group.driftedMerchants > 0 && group.bindingsPerMerchant > 0;
}

/**
 * Apply into an empty group: every EMV config, profile, merchant, binding and device is created,
 * and each new merchant's bindings are read back once (the service may bind it to a default card
 * profile, 01 §4.3). Two chains meet at each binding: EMV config → profile, and merchant → its
 * read-back (a merchant create waits for no profile unless a profile changes the card default,
 * which the generated group never does); then binding → device → the merchant's device list, read
 * once for all its new devices DEVICE_SETTLE_MS after the last was created (the twin check that
 * keeps two concurrent applies from leaving a duplicate, src/apply/settled-device-lists.ts).
 */
export function applyFromEmptyPhases(group: GroupCounts): RequestPhase[] {
  const m = group.merchants;
  const devices = group.devicesPerMerchant > 0;
  const writes = group.emvConfigs + group.profiles + m * (2 + group.bindingsPerMerchant + group.devicesPerMerchant + (devices ? 1 : 0));
  const profileChain = (group.emvConfigs > 0 ? 1 : 0) + (group.profiles > 0 ? 1 : 0);
  const merchantChain = m > 0 ? 2 : 0;
  const depth = Math.max(profileChain, merchantChain) + (group.bindingsPerMerchant > 0 ? 1 : 0) + (devices ? 2 : 0);
  return [...planPhases(group, 0, false), { name: 'writes', requests: writes, depth, ...(devices && m > 0 ? { waitMs: DEVICE_SETTLE_MS } : {}) }];
}

/**
 * Apply of the drift: the plan's reads, then per drifted merchant a merchant update (re-read, then
 * the full-replace PUT: paycfg never overwrites a field changed since the plan), a binding update
 * (its records first when the manifest does not set `mid`, since the PUT replaces the whole binding
 * and must carry the live `mid`), and a device update after it (devices wait for their merchant's
 * binding changes).
 */
export function applyDriftPhases(group: GroupCounts): RequestPhase[] {
  const d = group.driftedMerchants;
  const bindingChain = group.bindingsPerMerchant > 0 ? (group.withMid ? 1 : 2) : 0;
  const deviceChain = group.devicesPerMerchant > 0 ? bindingChain + 1 : 0;
  const requests = d * (2 + bindingChain + (group.devicesPerMerchant > 0 ? 1 : 0));
  return [...planPhases(group, group.merchants, d > 0, driftReroutes(group)), { name: 'writes', requests, depth: d > 0 ? Math.max(2, bindingChain, deviceChain) : 0 }];
}

export function scenarioPhases(scenario: Scenario, group: GroupCounts): RequestPhase[] {
  switch (scenario) {
    case 'plan-unchanged':
      return planPhases(group, group.merchants, false);
    case 'plan-drift':
      return planPhases(group, group.merchants, group.driftedMerchants > 0, driftReroutes(group));
    case 'apply-from-empty':
      return applyFromEmptyPhases(group);
    case 'apply-drift':
      return applyDriftPhases(group);
  }
}

/**
 * Wall time ÷ lower bound, the manifest load first taken off the wall time: the part of the run the
 * bound describes, since the load comes before the first request and sends none. NaN without a bound.
 */
export function ratioWithoutLoad(wallMs: number, loadMs: number, boundMs: number): number {
  return boundMs > 0 ? (wallMs - loadMs) / boundMs : Number.NaN;
}
