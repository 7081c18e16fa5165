import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiClient } from '../../src/api/index.js';
import type { LiveRead } from '../../src/live/read-live.js';
import type { ManifestContext } from '../../src/manifest/index.js';
import type { DesiredState, LiveState } from '../../src/model/state.js';
import type { Plan } from '../../src/plan/plan.js';
import { DEVICE_ADMIN } from './child-env.js';
import { BenchError } from './errors.js';
import { measureInChild } from './measure-child.js';
import { TILL_ADMIN_VARIABLE, buildGroupSpec, driftedMerchantIndexes, type GroupSize } from './group-shape.js';
import { modulePath, type PaycfgBuild } from './run-paycfg.js';
import { median } from './statistics.js';
import { syntheticWireSnapshot } from './synthetic-wire.js';
import { writeManifest } from './write-manifest.js';

/** Milliseconds of each stage (medians over the runs; the manifest load is measured once). */
export interface PlanningCpuFigures {
  readonly merchants: number;
  readonly runs: number;
  /** YAML files → validated manifest (reported apart: it is not planning, but it precedes every plan). */
  readonly loadManifestMs: number;
  readonly buildDesiredMs: number;
  /** Wire records → normalised live state, unchanged group. */
  readonly normaliseLiveMs: number;
  /** planChanges alone (diff, predictions, ordering): wall time of the call... */
  readonly planMs: { readonly unchanged: number; readonly drift: number; readonly fromEmpty: number };
  /** ...and the process CPU time it used (the garbage collector's helper threads included). */
  readonly planCpuMs: { readonly unchanged: number; readonly drift: number; readonly fromEmpty: number };
  readonly changes: { readonly unchanged: number; readonly drift: number; readonly fromEmpty: number };
  /** Hashing the live records not hashed on reading (EMV configs, profiles, bindings), which only saved plans need (see normaliseLive). */
  readonly fingerprintsMs: number;
  /**
   * Heap held, after a full GC, by what a plan of the unchanged group holds in paycfg (the manifest's
   * context, the desired state, what paycfg's reader keeps of the live group, the plan): the
   * heap at that point minus the heap before the manifest was loaded (modules, the benchmark's own
   * data). No garbage collector headroom, which RSS also counts.
   */
  readonly retainedHeapKib: number;
}

/** What the child needs to know; passed as JSON in its argv. */
export interface PlanningCpuRequest {
  readonly size: GroupSize;
  readonly runs: number;
  readonly workDir: string;
  readonly build: PaycfgBuild;
}

const CHILD = fileURLToPath(new URL('./planning-cpu-child.ts', import.meta.url));

/**
 * Planning CPU without I/O, measured in a process of its own (no simulator, no earlier runs in
 * its heap) on paycfg's build: the generated manifest loaded from disk, synthetic wire records
 * normalised, and planChanges on three shapes (unchanged, 1% drift, empty group).
 */
export function measurePlanningCpu(request: PlanningCpuRequest, cwd: string): Promise<PlanningCpuFigures> {
  return measureInChild<PlanningCpuFigures>(CHILD, request, 'planning-CPU', cwd);
}

const context = { baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-99999999', groupName: 'Bench PBO' } };

async function load<T>(build: PaycfgBuild, name: string): Promise<T> {
  return (await import(pathToFileURL(modulePath(build, name)).href)) as T;
}

/** Runs in the child: each timed stage starts after a full garbage collection, so that it pays for its own garbage only. */
export async function runPlanningCpu(request: PlanningCpuRequest): Promise<PlanningCpuFigures> {
  const { size, runs, build } = request;
  const { loadManifest } = await load<typeof import('../../src/manifest/index.js')>(build, 'manifest/index');
  const { buildDesiredState } = await load<typeof import('../../src/desired/build-desired.js')>(build, 'desired/build-desired');
  const { normaliseLive } = await load<typeof import('../../src/live/normalise-live.js')>(build, 'live/normalise-live');
  const { readLive } = await load<typeof import('../../src/live/read-live.js')>(build, 'live/read-live');
  const { planChanges } = await load<typeof import('../../src/plan/plan-changes.js')>(build, 'plan/plan-changes');
  const { fingerprintsOf } = await load<typeof import('../../src/plan/saved-plan.js')>(build, 'plan/saved-plan');
  const collect = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
  const cpuMs: Record<string, number[]> = {};
  const timed = <T>(fn: () => T, stage?: string): { value: T; ms: number } => {
    collect();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const value = fn();
    const used = process.cpuUsage(cpu);
    if (stage !== undefined) (cpuMs[stage] ??= []).push((used.user + used.system) / 1000);
    return { value, ms: performance.now() - started };
  };

  const spec = buildGroupSpec(size);
  const files = await writeManifest(spec, join(request.workDir, `cpu-manifest-${size.merchants}`));
  const env = { [TILL_ADMIN_VARIABLE]: DEVICE_ADMIN };
  collect();
  // The benchmark's own data (the group description, loaded modules) is in the heap from here on.
  const heapBeforeKib = process.memoryUsage().heapUsed / 1024;
  const { timings, held } = await timeStages();
  // Measured after the timings, whose data is out of scope by then (the manifest itself included):
  // what `paycfg plan` holds, the way it holds it (the manifest's context and the desired state,
  // as loadDesiredState leaves them).
  const retainedHeapKib = await (async () => {
    const { loaded, desired } = held;
    const live = await readAsPlanDoes(desired);
    const plan = planChanges(desired, live.state, context);
    collect();
    const heldKib = process.memoryUsage().heapUsed / 1024 - heapBeforeKib;
    // Read after the measurement, so that everything measured was still reachable during it.
    if (plan.changes.length !== 0 || live.state.resources.size === 0 || loaded.files.length === 0) {
      throw new BenchError('the retained-heap plan is not of the unchanged group');
    }
    return heldKib;
  })();
  return { ...timings, retainedHeapKib };

  /** What paycfg's own reader keeps, fed the synthetic records instead of the network's. */
  async function readAsPlanDoes(desired: DesiredState): Promise<LiveRead> {
    const wire = syntheticWireSnapshot(spec, { drift: false, deviceAdmin: DEVICE_ADMIN });
    const copy = <T>(records: readonly T[] | undefined): Promise<T[]> => Promise.resolve([...(records ?? [])]);
    // readLive calls these five lists and nothing else of the client.
    const client = {
      emvConfigs: { listAll: () => copy(wire.emvConfigs) },
      acquirerProfiles: { listAll: () => copy(wire.acquirerProfiles) },
      merchants: { listAll: () => copy(wire.merchants) },
      bindings: { listAll: (mchId: string) => copy(wire.bindings.get(mchId)) },
      devices: { listAll: (mchId: string) => copy(wire.devices.get(mchId)) },
    } as unknown as ApiClient;
    return readLive(client, desired, { groupId: 'G-00000001' }, { concurrency: 8 });
  }

  async function timeStages(): Promise<{
    timings: Omit<PlanningCpuFigures, 'retainedHeapKib'>;
    held: { loaded: ManifestContext; desired: DesiredState };
  }> {
    const loadStarted = performance.now();
    const loaded = await loadManifest(files, { env, cwd: request.workDir });
    const loadManifestMs = performance.now() - loadStarted;
    const emptyLive: LiveState = { resources: new Map(), unkeyedMerchants: [], bindingsRead: new Set(), devicesRead: new Set() };

    // Each shape holds what a paycfg process would hold for it (the manifest, the desired state, one
    // live read), and nothing of the other shapes: the heap size is part of what planning costs.
    const desiredTimes: number[] = [];
    const normalise: number[] = [];
    const plans = { unchanged: [] as number[], drift: [] as number[], fromEmpty: [] as number[] };
    let counts = { unchanged: 0, drift: 0, fromEmpty: 0 };
    let lastDesired: DesiredState | undefined;
    const fingerprintTimes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const desired = timed(() => buildDesiredState(loaded));
      desiredTimes.push(desired.ms);
      lastDesired = desired.value;
      const shape = (drift: boolean): { plan: Plan; ms: number } => {
        const wire = syntheticWireSnapshot(spec, { drift, deviceAdmin: DEVICE_ADMIN });
        const live = timed(() => normaliseLive(wire));
        if (!drift) normalise.push(live.ms);
        const plan = timed(() => planChanges(desired.value, live.value, context), drift ? 'drift' : 'unchanged');
        // Hashed only for saved plans (`plan --out`, `apply PLANFILE`).
        if (!drift) fingerprintTimes.push(timed(() => fingerprintsOf(live.value)).ms);
        return { plan: plan.value, ms: plan.ms };
      };
      const unchanged = shape(false);
      const drift = shape(true);
      const fromEmpty = timed(() => planChanges(desired.value, emptyLive, context), 'fromEmpty');
      plans.unchanged.push(unchanged.ms);
      plans.drift.push(drift.ms);
      plans.fromEmpty.push(fromEmpty.ms);
      checkPlans(size, unchanged.plan, drift.plan, fromEmpty.value);
      counts = { unchanged: unchanged.plan.changes.length, drift: drift.plan.changes.length, fromEmpty: fromEmpty.value.changes.length };
    }
    const { manifest: _manifest, locate: _locate, secrets: _secrets, ...manifestContext } = loaded;
    if (lastDesired === undefined) throw new BenchError('planning CPU needs at least one run');
    const timings = {
      merchants: size.merchants,
      runs,
      loadManifestMs,
      buildDesiredMs: median(desiredTimes),
      normaliseLiveMs: median(normalise),
      planMs: { unchanged: median(plans.unchanged), drift: median(plans.drift), fromEmpty: median(plans.fromEmpty) },
      planCpuMs: { unchanged: median(cpuMs['unchanged'] ?? []), drift: median(cpuMs['drift'] ?? []), fromEmpty: median(cpuMs['fromEmpty'] ?? []) },
      changes: counts,
      fingerprintsMs: median(fingerprintTimes),
    };
    return { timings, held: { loaded: manifestContext, desired: lastDesired } };
  }
}

/** The plans must be the ones the scenario implies; otherwise the synthetic records are wrong and so are the figures. */
function checkPlans(size: GroupSize, unchanged: Plan, drift: Plan, fromEmpty: Plan): void {
  const m = size.merchants;
  const expectedEmpty = size.emvConfigs + size.profiles + m * (1 + size.bindingsPerMerchant + size.devicesPerMerchant);
  const drifted = driftedMerchantIndexes(m).length;
  const expectedDrift = drifted * (1 + (size.bindingsPerMerchant > 0 ? 1 : 0) + (size.devicesPerMerchant > 0 ? 1 : 0));
  const problems: string[] = [];
  if (unchanged.changes.length !== 0) problems.push(`the unchanged plan has ${unchanged.changes.length} changes (first: ${unchanged.changes[0]?.address})`);
  if (drift.changes.length !== expectedDrift) problems.push(`the drift plan has ${drift.changes.length} changes, expected ${expectedDrift}`);
  if (fromEmpty.changes.length !== expectedEmpty) problems.push(`the from-empty plan has ${fromEmpty.changes.length} changes, expected ${expectedEmpty}`);
  if (problems.length > 0) throw new BenchError(`planning CPU at ${m} merchants: ${problems.join('; ')}`);
}
