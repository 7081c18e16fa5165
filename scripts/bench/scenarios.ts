import { measureBareReads, type BareReadFigures } from './bare-reads.js';
import type { BenchSimulator } from './bench-simulator.js';
import { driftGroup } from './drift.js';
import { BenchError } from './errors.js';
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import type { GroupSpec } from './group-shape.js';
import { lowerBoundMs, scenarioPhases, totalRequests, type GroupCounts, type RequestPhase, type Scenario } from './lower-bound.js';
import { runPaycfg, type ChildReport, type PaycfgBuild } from './run-paycfg.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';

/** One measured paycfg run. */
export interface RunFigures {
  readonly wallMs: number;
  readonly startupMs: number;
  readonly maxRssKb: number;
  readonly cpuMs: number;
  /** /api requests the simulator received during the run. */
  readonly requests: number;
  readonly byRoute: Readonly<Record<string, number>>;
}

export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly parallelism: number;
  readonly runs: readonly RunFigures[];
  readonly median: { readonly wallMs: number; readonly maxRssKb: number; readonly cpuMs: number; readonly requests: number };
  readonly phases: readonly RequestPhase[];
  /** Requests the model says cannot be avoided; a run that sends other than these is flagged. */
  readonly expectedRequests: number;
  readonly lowerBoundMs: number;
  /** Median wall time ÷ lower bound. */
  readonly ratio: number;
}

export interface ScenarioContext {
  readonly sim: BenchSimulator;
  readonly build: PaycfgBuild;
  readonly spec: GroupSpec;
  readonly manifestDir: string;
  readonly latencyMs: number;
  readonly cwd: string;
  /** The benchmark's scratch directory (removed at the end). */
  readonly workDir: string;
  /** A fresh group id for each group the benchmark fills. */
  readonly nextGroupId: () => string;
  readonly log: (line: string) => void;
}

async function measuredRun(ctx: ScenarioContext, groupId: string, argv: string[], expectedExit: number, what: string): Promise<RunFigures> {
  return measuredChild(ctx, { argv, env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd }, expectedExit, what);
}

/**
 * One measured paycfg child at the context's latency, with the simulator's statistics reset
 * before it: its exit code must be `expectedExit`, and a fault or error of the simulator voids it.
 */
export async function measuredChild(
  ctx: ScenarioContext,
  child: { readonly argv: string[]; readonly env: Record<string, string>; readonly cwd: string },
  expectedExit: number,
  what: string,
): Promise<RunFigures> {
  const { argv } = child;
  await ctx.sim.setLatency(ctx.latencyMs);
  await ctx.sim.resetStats();
  let report: ChildReport;
  try {
    report = await runPaycfg({ build: ctx.build, argv, env: child.env, cwd: child.cwd });
  } finally {
    await ctx.sim.setLatency(0);
  }
  const stats = await ctx.sim.stats();
  if (report.exitCode !== expectedExit) {
    throw new BenchError(`${what}: paycfg ${argv[0]} exited ${report.exitCode}, expected ${expectedExit}: ${report.stderrTail.trim().slice(-1200)}`);
  }
  if (stats.faulted + stats.dropped + stats.rateLimited + stats.internalErrors > 0) {
    throw new BenchError(`${what}: the simulator answered with faults or errors (${JSON.stringify(stats)}); the run does not count`);
  }
  return {
    wallMs: report.wallMs,
    startupMs: report.startupMs,
    maxRssKb: report.maxRssKb,
    cpuMs: report.cpuUserMs + report.cpuSystemMs,
    requests: stats.total,
    byRoute: stats.byRoute,
  };
}

/** `paycfg validate` of the manifest: YAML, model and cross-checks, no request. */
export interface ManifestLoadFigures {
  readonly runs: readonly { readonly wallMs: number; readonly maxRssKb: number; readonly cpuMs: number }[];
  readonly median: { readonly wallMs: number; readonly maxRssKb: number; readonly cpuMs: number };
  /** Size of the manifest's files together. */
  readonly yamlBytes: number;
  /** yamlBytes in MB (10^6 bytes) ÷ the median wall time in seconds: the load as a rate of its own. */
  readonly mbPerSecond: number;
}

/** MB (10^6 bytes) of YAML loaded per second; NaN without a time. */
export function yamlMbPerSecond(bytes: number, wallMs: number): number {
  return wallMs > 0 ? bytes / 1e6 / (wallMs / 1000) : Number.NaN;
}

/**
 * Measures what every plan and apply does before its first request: loading and checking the
 * manifest. Subtracted from a scenario's wall time, it leaves the part the lower bound describes.
 */
export async function measureManifestLoad(ctx: ScenarioContext, runs: number, yamlBytes: number): Promise<ManifestLoadFigures> {
  const figures: { wallMs: number; maxRssKb: number; cpuMs: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    ctx.log(`validate (manifest load, no requests), run ${run + 1}/${runs}`);
    const report = await runPaycfg({ build: ctx.build, argv: ['validate', '-f', ctx.manifestDir], env: paycfgEnv(ctx.sim, 'G-00000000'), cwd: ctx.cwd });
    if (report.exitCode !== 0) throw new BenchError(`paycfg validate of the generated manifest exited ${report.exitCode}: ${report.stderrTail.trim().slice(-1200)}`);
    figures.push({ wallMs: report.wallMs, maxRssKb: report.maxRssKb, cpuMs: report.cpuUserMs + report.cpuSystemMs });
  }
  const wallMs = median(figures.map((f) => f.wallMs));
  return {
    runs: figures,
    median: { wallMs, maxRssKb: median(figures.map((f) => f.maxRssKb)), cpuMs: median(figures.map((f) => f.cpuMs)) },
    yamlBytes,
    mbPerSecond: yamlMbPerSecond(yamlBytes, wallMs),
  };
}

/** Puts the manifest's group in place without measuring, straight through the API (no latency). */
async function fillGroup(ctx: ScenarioContext, groupId: string): Promise<void> {
  await ctx.sim.setLatency(0);
  await seedGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groupId), DEVICE_ADMIN);
}

/** After the applies, a plan (not measured, no latency) must find nothing to do: figures of an apply that did not converge are worthless. */
async function checkConverged(ctx: ScenarioContext, groupId: string): Promise<void> {
  const report = await runPaycfg({ build: ctx.build, argv: ['plan', '-f', ctx.manifestDir, '--detailed-exitcode'], env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd });
  if (report.exitCode !== 0) {
    throw new BenchError(`after the applies, a plan of group ${groupId} still finds changes or fails (exit ${report.exitCode}): ${report.stderrTail.trim().slice(-1200)}`);
  }
}

function summarise(scenario: Scenario, parallelism: number, runs: RunFigures[], group: GroupCounts, latencyMs: number): ScenarioResult {
  const phases = scenarioPhases(scenario, group);
  const bound = lowerBoundMs(phases, parallelism, latencyMs);
  const wallMs = median(runs.map((r) => r.wallMs));
  return {
    scenario,
    parallelism,
    runs,
    median: {
      wallMs,
      maxRssKb: median(runs.map((r) => r.maxRssKb)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
      requests: median(runs.map((r) => r.requests)),
    },
    phases,
    expectedRequests: totalRequests(phases),
    lowerBoundMs: bound,
    ratio: bound > 0 ? wallMs / bound : Number.NaN,
  };
}

export function groupCounts(spec: GroupSpec, driftedMerchants: number): GroupCounts {
  return {
    merchants: spec.size.merchants,
    bindingsPerMerchant: spec.size.bindingsPerMerchant,
    devicesPerMerchant: spec.size.devicesPerMerchant,
    profiles: spec.size.profiles,
    emvConfigs: spec.size.emvConfigs,
    withMid: spec.size.withMid,
    driftedMerchants,
  };
}

/**
 * The four scenarios at one parallelism: apply into empty groups (a new group per run), then on
 * the first of them: plan unchanged (and, when asked, the same reads by a bare client; see
 * bare-reads.ts), drift, plan with drift, and apply of the drift (drifted again before every run).
 * Each run's exit code is checked: 0, except 2 for the drift plan (--detailed-exitcode). The group
 * ends up matching the manifest.
 */
export async function runScenarios(
  ctx: ScenarioContext,
  options: { readonly parallelism: number; readonly runs: number; readonly fromEmpty: boolean; readonly bareReads: boolean },
  driftedMerchants: number,
): Promise<{ scenarios: ScenarioResult[]; bareReads?: BareReadFigures }> {
  const { parallelism, runs } = options;
  const par = ['--parallelism', String(parallelism)];
  const group = groupCounts(ctx.spec, driftedMerchants);
  const tag = (scenario: string, run: number): string => `${scenario} at parallelism ${parallelism}, run ${run + 1}/${runs}`;

  const fromEmpty: RunFigures[] = [];
  let groupId = '';
  for (let run = 0; run < (options.fromEmpty ? runs : 1); run += 1) {
    const fresh = ctx.nextGroupId();
    await ctx.sim.createGroup(fresh);
    if (options.fromEmpty) {
      ctx.log(tag('apply from empty', run));
      fromEmpty.push(await measuredRun(ctx, fresh, ['apply', '-f', ctx.manifestDir, '--auto-approve', ...par], 0, `apply from empty (group ${fresh})`));
    } else {
      ctx.log(`filling a group for the scenarios at parallelism ${parallelism} (not measured)`);
      await fillGroup(ctx, fresh);
    }
    if (run === 0) groupId = fresh;
  }

  const unchanged: RunFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    ctx.log(tag('plan, unchanged', run));
    unchanged.push(await measuredRun(ctx, groupId, ['plan', '-f', ctx.manifestDir, '--detailed-exitcode', ...par], 0, 'plan of an unchanged group'));
  }

  const bareReads = options.bareReads ? await measureBareReads(ctx, groupId, group, parallelism, runs) : undefined;

  const drift = (): Promise<number> => driftGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groupId));
  const changed = await drift();
  if (changed !== driftedMerchants) throw new BenchError(`the drift changed ${changed} merchants, expected ${driftedMerchants}`);
  const drifted: RunFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    ctx.log(tag('plan, 1% drift', run));
    drifted.push(await measuredRun(ctx, groupId, ['plan', '-f', ctx.manifestDir, '--detailed-exitcode', ...par], 2, 'plan of a drifted group'));
  }

  const applyDrift: RunFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    if (run > 0) await drift();
    ctx.log(tag('apply of 1% drift', run));
    applyDrift.push(await measuredRun(ctx, groupId, ['apply', '-f', ctx.manifestDir, '--auto-approve', ...par], 0, 'apply of the drift'));
  }
  await checkConverged(ctx, groupId);

  const scenarios = [
    summarise('plan-unchanged', parallelism, unchanged, group, ctx.latencyMs),
    summarise('plan-drift', parallelism, drifted, group, ctx.latencyMs),
    ...(fromEmpty.length > 0 ? [summarise('apply-from-empty', parallelism, fromEmpty, group, ctx.latencyMs)] : []),
    summarise('apply-drift', parallelism, applyDrift, group, ctx.latencyMs),
  ];
  return bareReads === undefined ? { scenarios } : { scenarios, bareReads };
}
