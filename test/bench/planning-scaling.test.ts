/**
 * Planning must stay linear in the size of the group. Timing would flake, so this counts work
 * instead: address computations (every planner loop makes them) and Map lookups, for groups of
 * n and 3n merchants. Linear code does about 3 times the work on the larger group; a scan of
 * every resource per change (quadratic) would do about 9 times.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGroupSpec, DEFAULT_GROUP_SIZE, TILL_ADMIN_VARIABLE } from '../../scripts/bench/group-shape.js';
import { syntheticWireSnapshot } from '../../scripts/bench/synthetic-wire.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { normaliseLive } from '../../src/live/normalise-live.js';
import { loadManifest } from '../../src/manifest/index.js';
import * as kinds from '../../src/model/kinds.js';
import type { DesiredState, LiveState } from '../../src/model/state.js';
import { planChanges } from '../../src/plan/plan-changes.js';

vi.mock('../../src/model/kinds.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/model/kinds.js')>();
  return { ...actual, addressOf: vi.fn(actual.addressOf) };
});

const SMALL = 100;
const LARGE = 300;
const ADMIN = 'till-admin-1234';
const context = { baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-00000001', groupName: 'Test' } };

let workDir: string;
const states = new Map<number, { desired: DesiredState; unchanged: LiveState; drift: LiveState; wire: ReturnType<typeof syntheticWireSnapshot> }>();

/** Work units of `fn`: addressOf calls plus Map get/has/set calls made while it runs. */
function work(fn: () => unknown): number {
  const addressOf = vi.mocked(kinds.addressOf);
  addressOf.mockClear();
  const proto = Map.prototype;
  const original = { get: proto.get, has: proto.has, set: proto.set };
  let lookups = 0;
  proto.get = function (this: Map<unknown, unknown>, key: unknown) {
    lookups += 1;
    return original.get.call(this, key);
  };
  proto.has = function (this: Map<unknown, unknown>, key: unknown) {
    lookups += 1;
    return original.has.call(this, key);
  };
  proto.set = function (this: Map<unknown, unknown>, key: unknown, value: unknown) {
    lookups += 1;
    return original.set.call(this, key, value);
  };
  try {
    fn();
  } finally {
    Object.assign(proto, original);
  }
  return addressOf.mock.calls.length + lookups;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-scaling-'));
  for (const merchants of [SMALL, LARGE]) {
    const spec = buildGroupSpec({ ...DEFAULT_GROUP_SIZE, merchants });
    const files = await writeManifest(spec, join(workDir, String(merchants)));
    const desired = buildDesiredState(await loadManifest(files, { env: { [TILL_ADMIN_VARIABLE]: ADMIN }, cwd: workDir }));
    const wire = syntheticWireSnapshot(spec, { drift: false, deviceAdmin: ADMIN });
    states.set(merchants, {
      desired,
      wire,
      unchanged: normaliseLive(wire),
      drift: normaliseLive(syntheticWireSnapshot(spec, { drift: true, deviceAdmin: ADMIN })),
    });
  }
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const empty: LiveState = { resources: new Map(), unkeyedMerchants: [], bindingsRead: new Set(), devicesRead: new Set() };

/** The manifest without its second half of merchants, pruning them: deletes of merchants, bindings and devices. */
function pruning(desired: DesiredState, merchants: number): DesiredState {
  const kept = new Map([...desired.resources].filter(([, r]) => {
    const ref = r.kind === 'merchant' ? r.key : r.merchant;
    return ref === undefined || Number(ref.slice(2)) < merchants / 2;
  }));
  return { ...desired, resources: kept, prune: { ...desired.prune, merchants: true, activatedDevices: 'decommission' } };
}

describe('planning work grows linearly with the group', () => {
  const shapes: [string, (n: number) => [DesiredState, LiveState]][] = [
    ['unchanged', (n) => [states.get(n)!.desired, states.get(n)!.unchanged]],
    ['1% drift', (n) => [states.get(n)!.desired, states.get(n)!.drift]],
    ['from empty', (n) => [states.get(n)!.desired, empty]],
    ['half the merchants pruned', (n) => [pruning(states.get(n)!.desired, n), states.get(n)!.unchanged]],
  ];

  it.each(shapes)('planChanges, %s', (_, shape) => {
    const [smallDesired, smallLive] = shape(SMALL);
    const [largeDesired, largeLive] = shape(LARGE);
    const small = work(() => planChanges(smallDesired, smallLive, context));
    const large = work(() => planChanges(largeDesired, largeLive, context));
    expect(small).toBeGreaterThan(SMALL);
    expect(large / small).toBeLessThan(3.3);
  });

  it('normaliseLive', () => {
    const small = work(() => normaliseLive(states.get(SMALL)!.wire));
    const large = work(() => normaliseLive(states.get(LARGE)!.wire));
    expect(small).toBeGreaterThan(SMALL);
    expect(large / small).toBeLessThan(3.3);
  });
});
