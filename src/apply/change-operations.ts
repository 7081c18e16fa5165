import type { ConfigurationClient } from '../backend/configuration-api.js';
import type { LiveRead } from '../live/read-live.js';
import type { DesiredState } from '../model/state.js';
import { OPERATIONS } from '../kinds/operations.js';
import { sameFields } from '../plan/diff.js';
import type { Change, Plan } from '../plan/plan.js';
import { createOnce, isAlreadyExists, type Created } from './create-once.js';
import type { IdRegistry } from './id-registry.js';
import type { ApplyRun, KindOperations, WaitOutside } from './kind-operations.js';
import type { OperationResult } from './operation-result.js';
import { SettledDeviceLists } from './settled-device-lists.js';

export type { OperationResult } from './operation-result.js';
export type { WaitOutside } from './kind-operations.js';

export interface OperationContext {
  readonly client: ConfigurationClient;
  readonly ids: IdRegistry;
  readonly live: LiveRead;
  readonly desired: DesiredState;
  readonly plan: Plan;
}

/**
 * One change, through its kind's operations (src/kinds/operations.ts). A create, or a
 * replacement's create half, is never repeated blindly (create-once.ts): a record found under its
 * key is compared as the kind reads it back, and a taken key is adopted, or written over where the
 * kind says so.
 */
export async function runChange(change: Change, run: ApplyRun): Promise<OperationResult> {
  const ops: KindOperations = OPERATIONS[change.kind];
  if (change.action === 'delete') return ops.delete(change, run);
  if (change.action === 'update') return ops.update(change, run);
  let created: Created<unknown>;
  try {
    created = await createOnce({
      address: change.address,
      ...(ops.taken === 'update' ? { adoptTaken: false as const } : {}),
      create: () => ops.post(change, run),
      find: async () => {
        const found = await ops.find(change, run);
        if (found === undefined) return undefined;
        return { value: found.value, id: found.id, matches: readBackMatches(ops, found.record, change, run) };
      },
    });
  } catch (error) {
    if (ops.taken === 'update' && isAlreadyExists(error)) {
      const updated = await ops.update(change, run);
      return { ...updated, words: `${updated.words} (it existed)` };
    }
    throw error;
  }
  return ops.created(created, change, run);
}

/** Whether a record found under a create's key has the plan's fields; a kind that reads nothing back takes what it finds. */
function readBackMatches(ops: KindOperations, record: unknown, change: Change, run: ApplyRun): boolean {
  if (ops.readBack === undefined) return true;
  const live = ops.readBack(record, change, run);
  return live !== undefined && sameFields(change.kind, change.after!, live);
}

export class ChangeOperations {
  private readonly shared: ApplyRun;

  constructor(ctx: OperationContext, waitOutside: WaitOutside = (work) => work()) {
    this.shared = {
      ...ctx,
      planned: new Set(ctx.plan.changes.map((c) => c.address)),
      waitOutside,
      settledDevices: new SettledDeviceLists((mchId) => ctx.client.devices.listAll(mchId)),
      bindingRecords: new Map(),
    };
  }

  run(change: Change): Promise<OperationResult> {
    return runChange(change, this.shared);
  }
}
