import type { ConfigurationClient } from '../backend/configuration-api.js';
import type { BindingRecord } from '../api/wire-types.js';
import type { LiveRead } from '../live/read-live.js';
import type { DesiredState } from '../model/state.js';
import type { Change, Plan } from '../plan/plan.js';
import type { Created } from './create-once.js';
import type { IdRegistry } from './id-registry.js';
import type { OperationResult } from './operation-result.js';
import type { SettledDeviceLists } from './settled-device-lists.js';

/** Runs `work`, a wait, off the run's parallelism slot (see executePlan): other changes go on meanwhile. */
export type WaitOutside = <T>(work: () => Promise<T>) => Promise<T>;

/** What every operation of one apply run shares. */
export interface ApplyRun {
  readonly client: ConfigurationClient;
  readonly ids: IdRegistry;
  readonly live: LiveRead;
  readonly desired: DesiredState;
  readonly plan: Plan;
  /** Addresses of the plan's changes, built once: every merchant create asks about them. */
  readonly planned: ReadonlySet<string>;
  readonly waitOutside: WaitOutside;
  /** The device lists the twin checks after device creates share (settled-device-lists.ts). */
  readonly settledDevices: SettledDeviceLists;
  /** A merchant's binding records by mchId, read once per run; a merchant create's reconciliation primes it. */
  readonly bindingRecords: Map<string, Promise<BindingRecord[]>>;
}

/** A live record found under a create's key. */
export interface Found<R, V> {
  /** What the create would have answered. */
  readonly value: V;
  /** Its id, for the message when another run's record is in the way. */
  readonly id: string | number;
  readonly record: R;
}

/**
 * One kind's operations on the service, which apply runs through src/apply/change-operations.ts:
 * that file keeps what every kind shares (a create is never repeated blindly, see create-once.ts),
 * and each kind's file (src/kinds/<kind>.operations.ts) says what is its own. R is the kind's wire
 * record, V what its create answers.
 */
export interface KindOperations<R = unknown, V = unknown> {
  /** POST the change's record. */
  post(change: Change, run: ApplyRun): Promise<V>;
  /** Read back by identity: the live record under the change's key, for a create whose outcome is unknown or whose key is taken. */
  find(change: Change, run: ApplyRun): Promise<Found<R, V> | undefined>;
  /**
   * The found record's fields as the plan compares them (undefined: unreadable, so no match).
   * Absent: whatever is found under the key matches.
   */
  readBack?(record: R, change: Change, run: ApplyRun): Record<string, unknown> | undefined;
  /** A create refused because the key is taken: adopt a matching record (default), or write over it with `update` (`updated (it existed)`). */
  readonly taken?: 'adopt' | 'update';
  /** After the POST or the adoption: register the id, the follow-ups; the result names the record. */
  created(created: Created<V>, change: Change, run: ApplyRun): Promise<OperationResult>;
  update(change: Change, run: ApplyRun): Promise<OperationResult>;
  delete(change: Change, run: ApplyRun): Promise<OperationResult>;
}
