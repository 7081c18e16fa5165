/**
 * `npm run bench -- --only fleet` (and part of the whole benchmark): `paycfg fleet plan` of many
 * groups against the benchmark's simulator with a per-request latency, so that the wall is
 * latency-bound as against a real service. Issue 33's figures: the one-machine wall against its
 * lower bound at the default global bound, peak memory over the number of groups, and the fleet
 * split over shards run as processes of their own, started together. The bound's definition is in
 * fleet-bound.ts.
 *
 * The groups are seeded straight through the service API without latency (seed-group.ts), not
 * through paycfg; every paycfg run is a child process of the compiled build (run-paycfg.ts), timed
 * from its spawn to its exit as the bench sees it, with the simulator's statistics reset before it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_FLEET_MAX_IN_FLIGHT, DEFAULT_PARALLEL_TARGETS } from '../../src/fleet/run/index.js';
import type { FleetSummary } from '../../src/fleet/types.js';
import { mapWithConcurrency } from '../../src/util/map-with-concurrency.js';
import type { TargetCheck } from './bench-report.js';
import type { BenchSimulator } from './bench-simulator.js';
import { DEVICE_ADMIN } from './child-env.js';
import { BenchError } from './errors.js';
import { fleetLowerBound, fleetMemoryLine, fleetTargets, ratioTo, shardBoundMs, type FleetBound, type FleetMemoryLine, type FleetMemoryPoint } from './fleet-bound.js';
import { CHANGES_PER_TARGET, FLEET_TILL_ADMIN_SOURCE, fleetTargetName, writeFleetFiles } from './fleet-files.js';
import { buildGroupSpec, type GroupSize } from './group-shape.js';
import { planPhases, totalRequests } from './lower-bound.js';
import { runPaycfg, type PaycfgBuild } from './run-paycfg.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';

/** paycfg's per-group --parallelism default, which the fleet's targets keep. */
const GROUP_PARALLELISM = 8;
/** Groups seeded at once (each seeding keeps its own 16 requests in flight). */
const SEED_GROUPS_AT_ONCE = 4;

/**
 * A fleet's group: the bench's bindings and devices per merchant, at `merchants` merchants, with the
 * few profiles and EMV configs a PBO of that size has (4 and 8, or what the bindings need): the
 * group-wide lists are three requests at any of these sizes, and seeding a hundred groups stays quick.
 */
export function fleetGroupSize(base: GroupSize, merchants: number): GroupSize {
  const slots = Math.max(1, base.bindingsPerMerchant);
  return { ...base, merchants, profiles: Math.max(4, slots), emvConfigs: Math.max(8, 2 * slots) };
}

export interface FleetOptions {
  readonly groups: number;
  /** Each group's shape: the bench's (bindings, devices), at its own number of merchants. */
  readonly size: GroupSize;
  readonly latencyMs: number;
  readonly runs: number;
  readonly shards: number;
  /** Smaller fleets for the memory line (the whole fleet is always its last point). */
  readonly memoryGroups: readonly number[];
}

export interface FleetContext {
  readonly sim: BenchSimulator;
  readonly build: PaycfgBuild;
  readonly workDir: string;
  readonly nextGroupId: () => string;
  readonly log: (line: string) => void;
}

/** One timed paycfg process. */
export interface FleetRun {
  /** Spawn to exit, as the benchmark sees it. */
  readonly wallMs: number;
  readonly maxRssKb: number;
  readonly requests: number;
}

export interface FleetFigures {
  readonly groups: number;
  readonly group: GroupSize;
  readonly latencyMs: number;
  readonly maxInFlight: number;
  readonly parallelTargets: number;
  readonly parallelism: number;
  readonly seedMs: number;
  /** Start-up: `fleet validate --target <first>` of one target (Node, paycfg, the fleet file, one target's manifests). */
  readonly startup: { readonly command: string; readonly runs: readonly FleetRun[]; readonly medianMs: number };
  /** L: `fleet validate` of every target (start-up included); sends no request. */
  readonly load: { readonly runs: readonly FleetRun[]; readonly medianMs: number };
  /** The first target's plan alone; `longestTargetMs` is its median less the start-up. */
  readonly alone: { readonly target: string; readonly runs: readonly FleetRun[]; readonly medianMs: number; readonly longestTargetMs: number };
  readonly oneMachine: {
    readonly runs: readonly FleetRun[];
    readonly medianMs: number;
    readonly requests: number;
    /** Requests of one target's plan as the single plan's model counts them (lower-bound.ts), times the groups: for reading. */
    readonly modelRequests: number;
    readonly bound: FleetBound;
    readonly ratio: number;
    readonly strictRatio: number;
  };
  readonly memory: { readonly points: readonly FleetMemoryPoint[]; readonly line: FleetMemoryLine };
  readonly shards: {
    readonly count: number;
    /** Per run: each shard's wall (spawn to exit) and peak RSS, in shard order, the longest (the run's figure), and the requests of the shards together. */
    readonly runs: readonly { readonly shards: readonly Omit<FleetRun, 'requests'>[]; readonly longestMs: number; readonly requests: number }[];
    readonly medianLongestMs: number;
    readonly boundMs: number;
    readonly ratio: number;
  };
  readonly targets: readonly TargetCheck[];
}

/** Seeds `groups` groups of the spec through the API, at latency 0; returns their ids and tokens. */
async function seedGroups(ctx: FleetContext, size: GroupSize, groups: number): Promise<{ id: string; token: string }[]> {
  const spec = buildGroupSpec(size);
  const ids = Array.from({ length: groups }, () => ctx.nextGroupId());
  await ctx.sim.setLatency(0);
  let done = 0;
  await mapWithConcurrency(ids, SEED_GROUPS_AT_ONCE, async (id) => {
    await ctx.sim.createGroup(id);
    await seedGroup(spec, ctx.sim.url, ctx.sim.token(id), DEVICE_ADMIN);
    done += 1;
    if (done % 25 === 0 || done === groups) ctx.log(`fleet: ${done}/${groups} groups seeded`);
  });
  return ids.map((id) => ({ id, token: ctx.sim.token(id) }));
}

interface Timed extends FleetRun {
  readonly exitCode: number;
  readonly stderrTail: string;
}

async function timedPaycfg(ctx: FleetContext, cwd: string, argv: readonly string[]): Promise<Timed> {
  const env = { PATH: process.env['PATH'] ?? '', [FLEET_TILL_ADMIN_SOURCE]: DEVICE_ADMIN, CI: 'true', NO_COLOR: '1' };
  const started = performance.now();
  const report = await runPaycfg({ build: ctx.build, argv, env, cwd });
  return { wallMs: performance.now() - started, maxRssKb: report.maxRssKb, requests: 0, exitCode: report.exitCode, stderrTail: report.stderrTail };
}

/** The simulator at the latency, its statistics reset; after `run`, no fault or error, else the run does not count. */
async function atLatency<T>(ctx: FleetContext, latencyMs: number, what: string, run: () => Promise<T>): Promise<{ result: T; requests: number }> {
  await ctx.sim.setLatency(latencyMs);
  await ctx.sim.resetStats();
  let result: T;
  try {
    result = await run();
  } finally {
    await ctx.sim.setLatency(0);
  }
  const stats = await ctx.sim.stats();
  if (stats.faulted + stats.dropped + stats.rateLimited + stats.internalErrors > 0) {
    throw new BenchError(`${what}: the simulator answered with faults or errors (${JSON.stringify(stats)}); the run does not count`);
  }
  return { result, requests: stats.total };
}

function expectExit(what: string, run: Timed, expected: number): void {
  if (run.exitCode !== expected) throw new BenchError(`${what}: paycfg exited ${run.exitCode}, expected ${expected}: ${run.stderrTail.trim().slice(-1200)}`);
}

/** A plan's summary must hold every target it ran, each with exactly the template's changes: figures of another plan are worthless. */
async function checkedSummary(path: string, expectedTargets: readonly string[], what: string, every = true): Promise<{ names: string[]; bytes: number }> {
  const text = await readFile(path, 'utf8');
  const summary = JSON.parse(text) as FleetSummary;
  const names = summary.targets.map((t) => t.name);
  const wrong = summary.targets.filter((t) => t.status !== 'changes' || t.counts?.update !== CHANGES_PER_TARGET || (t.counts?.create ?? 0) + (t.counts?.delete ?? 0) > 0);
  if (wrong.length > 0) {
    const first = wrong[0]!;
    throw new BenchError(
      `${what}: ${wrong.length} targets did not plan exactly ${CHANGES_PER_TARGET} updates (${first.name}: ${first.status}, ${JSON.stringify(first.counts ?? first.failure ?? {})})`,
    );
  }
  const expected = new Set(expectedTargets);
  if (names.some((n) => !expected.has(n))) throw new BenchError(`${what}: the summary holds targets the run was not given`);
  if (every && new Set(names).size !== expected.size) throw new BenchError(`${what}: the summary holds ${names.length} targets, not the ${expected.size} of the run`);
  return { names, bytes: Buffer.byteLength(text) };
}

export async function measureFleet(ctx: FleetContext, options: FleetOptions): Promise<FleetFigures> {
  const { groups, runs, latencyMs } = options;
  if (options.shards < 2 || options.shards > groups) throw new BenchError(`fleet: ${options.shards} shards of ${groups} groups: give 2 to ${groups}`);
  const sizes = [...new Set([...options.memoryGroups.filter((n) => n < groups), groups])].sort((a, b) => a - b);
  const every = Array.from({ length: groups }, (_, i) => fleetTargetName(i + 1));

  ctx.log(`fleet: seeding ${groups} groups of ${options.size.merchants} merchants through the API (not measured)`);
  const seedStarted = performance.now();
  const seeded = await seedGroups(ctx, options.size, groups);
  const seedMs = performance.now() - seedStarted;
  const dir = join(ctx.workDir, 'fleet');
  const layout = await writeFleetFiles(dir, buildGroupSpec(options.size), seeded, sizes, ctx.sim.url);
  const fleetFile = (n: number): string => layout.fleetFiles.get(n)!;
  const first = every[0]!;

  // Each measurement is repeated `runs` times; its figure is the median.
  const repeat = async (what: string, argv: readonly string[], exit: number, check?: () => Promise<void>): Promise<FleetRun[]> => {
    const out: FleetRun[] = [];
    for (let i = 0; i < runs; i += 1) {
      ctx.log(`fleet: ${what}, run ${i + 1}/${runs}`);
      const { result, requests } = await atLatency(ctx, latencyMs, what, () => timedPaycfg(ctx, dir, argv));
      expectExit(what, result, exit);
      await check?.();
      out.push({ wallMs: result.wallMs, maxRssKb: result.maxRssKb, requests });
    }
    return out;
  };
  const noRequests = (what: string, measured: readonly FleetRun[]): void => {
    if (measured.some((r) => r.requests > 0)) throw new BenchError(`${what} sent requests (${measured.map((r) => r.requests).join(', ')}); it must load offline`);
  };

  const whole = fleetFile(groups);
  const startupCommand = `fleet validate --target ${first}`;
  const startupRuns = await repeat(startupCommand, ['fleet', 'validate', '--fleet', whole, '--target', first], 0);
  noRequests(startupCommand, startupRuns);
  const loadRuns = await repeat(`fleet validate of ${groups} targets`, ['fleet', 'validate', '--fleet', whole], 0);
  noRequests('fleet validate', loadRuns);
  const aloneSummary = join(dir, 'summary-alone.json');
  const aloneRuns = await repeat(`fleet plan --target ${first} (alone)`, ['fleet', 'plan', '--fleet', whole, '--target', first, '--summary', aloneSummary], 2, async () => {
    await checkedSummary(aloneSummary, [first], `fleet plan --target ${first}`);
  });

  const summaries: { groups: number; bytes: number }[] = [];
  const planOf = (n: number): Promise<FleetRun[]> => {
    const summary = join(dir, `summary-${n}.json`);
    return repeat(`fleet plan of ${n} groups`, ['fleet', 'plan', '--fleet', fleetFile(n), '--summary', summary], 2, async () => {
      const { bytes } = await checkedSummary(summary, every.slice(0, n), `fleet plan of ${n} groups`);
      summaries.push({ groups: n, bytes });
    });
  };
  const oneMachineRuns = await planOf(groups);
  const requests = median(oneMachineRuns.map((r) => r.requests));
  const points: FleetMemoryPoint[] = [];
  for (const n of sizes) {
    const measured = n === groups ? oneMachineRuns : await planOf(n);
    points.push({
      groups: n,
      maxRssKb: median(measured.map((r) => r.maxRssKb)),
      runsKb: measured.map((r) => r.maxRssKb),
      summaryBytes: median(summaries.filter((s) => s.groups === n).map((s) => s.bytes)),
    });
  }

  const shardRuns: FleetFigures['shards']['runs'][number][] = [];
  for (let i = 0; i < runs; i += 1) {
    ctx.log(`fleet: ${options.shards} shards as ${options.shards} processes, started together, run ${i + 1}/${runs}`);
    const indexes = Array.from({ length: options.shards }, (_, s) => s + 1);
    const summaryOf = (s: number): string => join(dir, `shard-${s}-of-${options.shards}.json`);
    const { result, requests: shardRequests } = await atLatency(ctx, latencyMs, 'shards', () =>
      Promise.all(indexes.map((s) => timedPaycfg(ctx, dir, ['fleet', 'plan', '--fleet', whole, '--shard', `${s}/${options.shards}`, '--summary', summaryOf(s)]))),
    );
    result.forEach((run, s) => expectExit(`shard ${s + 1}/${options.shards}`, run, 2));
    const covered = (await Promise.all(indexes.map((s) => checkedSummary(summaryOf(s), every, `shard ${s}/${options.shards}`, false)))).flatMap((c) => c.names);
    if (covered.length !== groups || new Set(covered).size !== groups) {
      throw new BenchError(`the ${options.shards} shards planned ${covered.length} targets (${new Set(covered).size} distinct), not each of the ${groups} once`);
    }
    if (shardRequests !== requests) ctx.log(`fleet: warning: the shards sent ${shardRequests} requests, the one-machine plan ${requests}`);
    shardRuns.push({ shards: result.map((r) => ({ wallMs: r.wallMs, maxRssKb: r.maxRssKb })), longestMs: Math.max(...result.map((r) => r.wallMs)), requests: shardRequests });
  }

  const startupMs = median(startupRuns.map((r) => r.wallMs));
  const loadMs = median(loadRuns.map((r) => r.wallMs));
  const aloneMs = median(aloneRuns.map((r) => r.wallMs));
  const longestTargetMs = Math.max(0, aloneMs - startupMs);
  const oneMachineMs = median(oneMachineRuns.map((r) => r.wallMs));
  const bound = fleetLowerBound({ loadMs, startupMs, requests, latencyMs, maxInFlight: DEFAULT_FLEET_MAX_IN_FLIGHT, longestTargetMs });
  const line = fleetMemoryLine(points);
  const medianLongestMs = median(shardRuns.map((r) => r.longestMs));
  const shardsBound = shardBoundMs(oneMachineMs, options.shards, startupMs);
  const perTarget = totalRequests(planPhases({ ...options.size, driftedMerchants: 0 }, options.size.merchants, false));
  return {
    groups,
    group: options.size,
    latencyMs,
    maxInFlight: DEFAULT_FLEET_MAX_IN_FLIGHT,
    parallelTargets: DEFAULT_PARALLEL_TARGETS,
    parallelism: GROUP_PARALLELISM,
    seedMs,
    startup: { command: startupCommand, runs: startupRuns, medianMs: startupMs },
    load: { runs: loadRuns, medianMs: loadMs },
    alone: { target: first, runs: aloneRuns, medianMs: aloneMs, longestTargetMs },
    oneMachine: {
      runs: oneMachineRuns,
      medianMs: oneMachineMs,
      requests,
      modelRequests: perTarget * groups,
      bound,
      ratio: ratioTo(oneMachineMs, bound.boundMs),
      strictRatio: ratioTo(oneMachineMs, bound.strictBoundMs),
    },
    memory: { points, line },
    shards: { count: options.shards, runs: shardRuns, medianLongestMs, boundMs: shardsBound, ratio: ratioTo(medianLongestMs, shardsBound) },
    targets: fleetTargets({ groups, shards: options.shards, oneMachineWallMs: oneMachineMs, bound, memory: line, longestShardMs: medianLongestMs, shardBoundMs: shardsBound }),
  };
}
