/**
 * `npm run bench`: measures paycfg plan and apply on a generated group against the embedded
 * simulator with a fixed per-request latency, and compares each figure with the lower bound the
 * unavoidable requests set. Prints tables and writes the figures as JSON (bench-results/ by
 * default) so that they can be compared across commits. `npm run bench -- --help` for the flags.
 *
 * paycfg runs as users run it, from its compiled build, in a child process per measured run; the
 * simulator runs in this process.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PaycfgError } from '../src/errors.js';
import { BENCH_HELP, parseBenchOptions, type BenchOptions } from './bench/bench-options.js';
import { BENCH_FORMAT_VERSION, formatManifestLoad, formatReport, type BenchResult } from './bench/bench-report.js';
import { startBenchSimulator } from './bench/bench-simulator.js';
import { BenchError } from './bench/errors.js';
import { fleetGroupSize, measureFleet, type FleetContext, type FleetFigures } from './bench/fleet.js';
import { fleetText } from './bench/fleet-report.js';
import { buildGroupSpec, driftedMerchantIndexes } from './bench/group-shape.js';
import type { Scenario } from './bench/lower-bound.js';
import { measurePromotion } from './bench/promotion.js';
import { measureRateLimited, type RateLimitedFigures } from './bench/rate-limited.js';
import { linearFit, measureMemoryScaling, type MemoryPoint } from './bench/memory-scaling.js';
import { measurePlanningCpu, type PlanningCpuFigures } from './bench/planning-cpu.js';
import { measurePolicyCpu, policyCpuText, type PolicyCpuFigures } from './bench/policy-cpu.js';
import { leadRequestMismatches, measureRefreshLead, type RefreshLeadFigures } from './bench/refresh-lead.js';
import { refreshLeadText } from './bench/refresh-report.js';
import { modulePath, type PaycfgBuild } from './bench/run-paycfg.js';
import { groupCounts, measureManifestLoad, runScenarios, type ScenarioContext, type ScenarioResult } from './bench/scenarios.js';
import { checkTargets, loadBudgets } from './bench/targets.js';
import { targetTable } from './bench/text-format.js';
import { writeManifest } from './bench/write-manifest.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const started = performance.now();

function log(line: string): void {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}\n`);
}

/** Compiles paycfg (`tsc -p tsconfig.build.json`, as `npm ci` does) so that the children run what users run. */
async function preparePaycfg(options: BenchOptions): Promise<PaycfgBuild> {
  if (options.tsx) return { root: join(ROOT, 'src'), extension: '.ts', nodeFlags: ['--import', 'tsx'] };
  if (!options.noBuild) {
    log('building paycfg (tsc -p tsconfig.build.json)');
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    try {
      await run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      // tsc still writes the JavaScript when it finds type errors; the figures are then of that code.
      const output = String((error as { stdout?: unknown }).stdout ?? '').trim();
      process.stderr.write(`warning: tsc reported errors; measuring what it emitted anyway:\n${output.split('\n').slice(0, 10).join('\n')}\n`);
    }
  }
  const build: PaycfgBuild = { root: join(ROOT, 'dist'), extension: '.js', nodeFlags: [] };
  if (!existsSync(modulePath(build, 'cli/main'))) throw new BenchError(`the build did not produce ${modulePath(build, 'cli/main')}`);
  return build;
}

async function gitState(): Promise<{ commit: string; uncommittedFiles: number }> {
  try {
    const head = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
    const status = await run('git', ['status', '--porcelain'], { cwd: ROOT });
    return { commit: head.stdout.trim(), uncommittedFiles: status.stdout.split('\n').filter((l) => l.trim() !== '').length };
  } catch {
    return { commit: 'unknown', uncommittedFiles: 0 };
  }
}

/** The whole benchmark's figures: BenchResult, and the fleet's (scripts/bench/fleet.ts) unless --fleet-groups 0. */
type FullResult = BenchResult & { readonly fleet?: FleetFigures };

/** The fleet measurement of the options, on the benchmark's simulator. */
function fleetOf(ctx: FleetContext, options: BenchOptions): Promise<FleetFigures> {
  const f = options.fleet;
  return measureFleet(ctx, { groups: f.groups, size: fleetGroupSize(options.size, f.merchants), latencyMs: f.latencyMs, runs: options.runs, shards: f.shards, memoryGroups: f.memoryGroups });
}

/**
 * What the whole benchmark and `--only refresh` start from: paycfg built, a simulator, a work
 * directory, and the generated group's manifest written there. The caller closes the simulator and
 * removes the directory.
 */
async function setUp(options: BenchOptions): Promise<{
  startedAt: string;
  sim: Awaited<ReturnType<typeof startBenchSimulator>>;
  workDir: string;
  yamlBytes: number;
  ctx: ScenarioContext;
}> {
  const startedAt = new Date().toISOString();
  const build = await preparePaycfg(options);
  const workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-'));
  const sim = await startBenchSimulator();
  let groupNumber = 0;
  const nextGroupId = (): string => `G-${String(10_000_000 + ++groupNumber)}`;
  const spec = buildGroupSpec(options.size);
  const manifestDir = join(workDir, 'manifest');
  const files = await writeManifest(spec, manifestDir);
  const yamlBytes = (await Promise.all(files.map((f) => stat(f)))).reduce((sum, s) => sum + s.size, 0);
  return { startedAt, sim, workDir, yamlBytes, ctx: { sim, build, spec, manifestDir, latencyMs: options.latencyMs, cwd: ROOT, workDir, nextGroupId, log } };
}

async function benchmark(options: BenchOptions): Promise<FullResult> {
  const { startedAt, sim, workDir, yamlBytes, ctx } = await setUp(options);
  const { build, spec, nextGroupId } = ctx;
  try {
    const drifted = driftedMerchantIndexes(spec.size.merchants).length;

    const manifestLoad = await measureManifestLoad(ctx, options.runs, yamlBytes);
    const main = await runScenarios(ctx, { parallelism: options.parallelism, runs: options.runs, fromEmpty: true, bareReads: true }, drifted);
    const scenarios: ScenarioResult[] = main.scenarios;
    if (options.baselineRuns > 0 && options.parallelism !== 1) {
      const baseline = { parallelism: 1, runs: options.baselineRuns, fromEmpty: options.baselineFromEmpty, bareReads: false };
      scenarios.push(...(await runScenarios(ctx, baseline, drifted)).scenarios);
    }
    let rateLimited: RateLimitedFigures | undefined;
    if (options.rateLimit > 0) {
      rateLimited = await measureRateLimited(ctx, {
        rateLimit: options.rateLimit,
        runs: options.runs,
        parallelism: options.parallelism,
        group: groupCounts(spec, drifted),
        loadMs: manifestLoad.median.wallMs,
      });
    }
    const promotion = options.promotionRuns > 0 ? await measurePromotion(ctx, { runs: options.promotionRuns, parallelism: options.parallelism }) : undefined;
    const refresh = await refreshLeadOf(ctx, options, manifestLoad.median.wallMs);
    const speedUp: Partial<Record<Scenario, number>> = {};
    for (const s of scenarios) {
      const naive = scenarios.find((b) => b.scenario === s.scenario && b.parallelism === 1);
      if (s.parallelism === options.parallelism && naive !== undefined && s !== naive) speedUp[s.scenario] = naive.median.wallMs / s.median.wallMs;
    }

    let planningCpu: PlanningCpuFigures | undefined;
    if (options.cpuMerchants > 0) {
      log(`planning CPU at ${options.cpuMerchants} merchants (own process, no I/O)`);
      planningCpu = await measurePlanningCpu({ size: { ...options.size, merchants: options.cpuMerchants }, runs: Math.max(3, options.runs), workDir, build }, ROOT);
    }

    let policyCpu: PolicyCpuFigures | undefined;
    if (options.policyCpuMerchants > 0) {
      log(`built-in checks' planning CPU at ${options.policyCpuMerchants} merchants (own process, no I/O)`);
      policyCpu = await measurePolicyCpu({ size: { ...options.size, merchants: options.policyCpuMerchants }, runs: Math.max(3, options.runs), workDir, build }, ROOT);
    }

    // Every point of the memory line is measured the same way (seeded group, no latency), the main size included.
    const sizes = options.memoryMerchants.length === 0 ? [] : [...new Set([spec.size.merchants, ...options.memoryMerchants])].sort((a, b) => a - b);
    const points: MemoryPoint[] = await measureMemoryScaling({ sim, build, workDir, cwd: ROOT, nextGroupId, log }, options.size, sizes, options.runs);
    const empty = scenarios.find((s) => s.scenario === 'apply-from-empty' && s.parallelism === options.parallelism);
    const withApply = points.map((p) => (p.merchants === spec.size.merchants && empty !== undefined ? { ...p, applyFromEmptyMaxRssKb: empty.median.maxRssKb } : p));
    const fit = linearFit(withApply.map((p) => ({ x: p.merchants, y: p.planUnchangedMaxRssKb })));
    const retained = linearFit(withApply.map((p) => ({ x: p.merchants, y: p.retainedHeapKib })));
    const memory: BenchResult['memory'] = {
      points: withApply,
      planKibPerMerchant: fit.slope,
      planBaseKib: fit.intercept,
      planFitR2: fit.r2,
      retainedKibPerMerchant: retained.slope,
      retainedBaseKib: retained.intercept,
      retainedFitR2: retained.r2,
    };

    const requestMismatches = scenarios
      .filter((s) => s.runs.some((r) => r.requests !== s.expectedRequests))
      .map((s) => `${s.scenario} at parallelism ${s.parallelism}: ${s.runs.map((r) => r.requests).join(', ')} requests, model ${s.expectedRequests}`);
    // Under the limit, the requests the service admitted (those not answered 429) are what the model counts.
    if (rateLimited !== undefined && rateLimited.runs.some((r) => r.requests - r.rateLimited !== rateLimited.neededRequests)) {
      const admitted = rateLimited.runs.map((r) => r.requests - r.rateLimited).join(', ');
      requestMismatches.push(`plan-unchanged at ${rateLimited.rateLimit} requests/s: ${admitted} requests admitted, model ${rateLimited.neededRequests}`);
    }
    if (refresh !== undefined) requestMismatches.push(...leadRequestMismatches(refresh));
    const fleet = options.fleet.groups > 0 ? await fleetOf({ sim, build, workDir, nextGroupId, log }, options) : undefined;
    const git = await gitState();
    const cpu = cpus();
    return {
      ...(fleet !== undefined ? { fleet } : {}),
      formatVersion: BENCH_FORMAT_VERSION,
      startedAt,
      durationMs: performance.now() - started,
      environment: {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        cpus: cpu.length,
        cpuModel: cpu[0]?.model ?? 'unknown',
        commit: git.commit,
        uncommittedFiles: git.uncommittedFiles,
        paycfg: options.tsx ? 'sources through tsx' : options.noBuild ? 'existing dist/ (not rebuilt)' : 'compiled build (dist/)',
      },
      group: { ...spec.size, driftedMerchants: drifted },
      latencyMs: options.latencyMs,
      parallelism: options.parallelism,
      manifestLoad,
      scenarios,
      ...(rateLimited !== undefined ? { rateLimited } : {}),
      ...(promotion !== undefined ? { promotion } : {}),
      ...(refresh !== undefined ? { refresh } : {}),
      ...(main.bareReads !== undefined ? { bareReads: main.bareReads } : {}),
      speedUp,
      ...(planningCpu !== undefined ? { planningCpu } : {}),
      ...(policyCpu !== undefined ? { policyCpu } : {}),
      memory,
      targets: checkTargets({
        group: spec.size,
        parallelism: options.parallelism,
        scenarios,
        loadMs: manifestLoad.median.wallMs,
        ...(main.bareReads !== undefined ? { bareReads: main.bareReads } : {}),
        ...(rateLimited !== undefined ? { rateLimited } : {}),
        ...(promotion !== undefined ? { promotion } : {}),
        ...(refresh !== undefined ? { refresh } : {}),
        ...(planningCpu !== undefined ? { planningCpu } : {}),
        memory: memory.points,
        retainedFitR2: memory.retainedFitR2,
      }),
      loadBudgets: loadBudgets({
        scenarios,
        parallelism: options.parallelism,
        loadMs: manifestLoad.median.wallMs,
        ...(main.bareReads !== undefined ? { bareReadsMs: main.bareReads.medianWallMs } : {}),
      }),
      requestMismatches,
    };
  } finally {
    await sim.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** paycfg's lead over the per-resource refresh at the options' latencies; undefined when none is asked for. */
function refreshLeadOf(ctx: ScenarioContext, options: BenchOptions, loadMs: number): Promise<RefreshLeadFigures | undefined> {
  if (options.refreshLatencies.length === 0) return Promise.resolve(undefined);
  return measureRefreshLead(ctx, { latencies: options.refreshLatencies, runs: options.runs, parallelism: options.parallelism, loadMs });
}

/**
 * `--only refresh`: paycfg's lead over the per-resource refresh alone, with the manifest load it
 * takes off the plans, on a simulator of its own; its targets checked as the whole benchmark checks them.
 */
async function refreshAlone(options: BenchOptions): Promise<number> {
  if (options.refreshLatencies.length === 0) throw new BenchError('bench: --only refresh needs at least one latency in --refresh-latencies');
  const { startedAt, sim, workDir, yamlBytes, ctx } = await setUp(options);
  const { spec } = ctx;
  try {
    const manifestLoad = await measureManifestLoad(ctx, options.runs, yamlBytes);
    const loadMs = manifestLoad.median.wallMs;
    const refresh = await measureRefreshLead(ctx, { latencies: options.refreshLatencies, runs: options.runs, parallelism: options.parallelism, loadMs });
    const targets = checkTargets({ group: spec.size, parallelism: options.parallelism, scenarios: [], loadMs, refresh });
    const requestMismatches = leadRequestMismatches(refresh);
    const git = await gitState();
    const out = resolve(ROOT, options.out ?? join('bench-results', `bench-refresh-${startedAt.replace(/[:.]/g, '-')}.json`));
    await mkdir(dirname(out), { recursive: true });
    const environment = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, commit: git.commit, uncommittedFiles: git.uncommittedFiles };
    const result = { formatVersion: BENCH_FORMAT_VERSION, startedAt, durationMs: performance.now() - started, environment, manifestLoad, refresh, targets, requestMismatches };
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`${formatManifestLoad(manifestLoad)}\n\n${refreshLeadText(refresh)}\n${targetTable(targets)}\n`);
    for (const line of requestMismatches) process.stdout.write(`request count differs from the model: ${line}\n`);
    process.stdout.write(`\nFigures written to ${out}\n`);
    return requestMismatches.length > 0 ? 1 : 0;
  } finally {
    await sim.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** `--only policy-cpu`: the built-in checks' share of planning CPU, alone (no simulator). */
async function policyCpuAlone(options: BenchOptions): Promise<number> {
  const build = await preparePaycfg(options);
  const workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-'));
  try {
    const merchants = options.policyCpuMerchants > 0 ? options.policyCpuMerchants : options.size.merchants;
    log(`built-in checks' planning CPU at ${merchants} merchants (own process, no I/O)`);
    const figures = await measurePolicyCpu({ size: { ...options.size, merchants }, runs: Math.max(3, options.runs), workDir, build }, ROOT);
    process.stdout.write(`${policyCpuText(figures)}\n`);
    if (options.out !== undefined) await writeFile(resolve(ROOT, options.out), `${JSON.stringify(figures, null, 2)}\n`);
    return figures.drift.addedPercent < figures.targetPercent && figures.fromEmpty.addedPercent < figures.targetPercent ? 0 : 1;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** `--only fleet`: the fleet plan's figures alone, on a simulator of their own. */
async function fleetAlone(options: BenchOptions): Promise<number> {
  if (options.fleet.groups === 0) throw new BenchError('bench: --only fleet needs --fleet-groups above 0');
  const startedAt = new Date().toISOString();
  const build = await preparePaycfg(options);
  const workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-'));
  const sim = await startBenchSimulator();
  let groupNumber = 0;
  const nextGroupId = (): string => `G-${String(10_000_000 + ++groupNumber)}`;
  try {
    const fleet = await fleetOf({ sim, build, workDir, nextGroupId, log }, options);
    const git = await gitState();
    const out = resolve(ROOT, options.out ?? join('bench-results', `bench-fleet-${startedAt.replace(/[:.]/g, '-')}.json`));
    await mkdir(dirname(out), { recursive: true });
    const environment = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, commit: git.commit, uncommittedFiles: git.uncommittedFiles };
    await writeFile(out, `${JSON.stringify({ formatVersion: BENCH_FORMAT_VERSION, startedAt, durationMs: performance.now() - started, environment, fleet }, null, 2)}\n`);
    process.stdout.write(fleetText(fleet));
    process.stdout.write(`\nFigures written to ${out}\n`);
    return 0;
  } finally {
    await sim.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const options = parseBenchOptions(argv);
    if (options.help) {
      process.stdout.write(`${BENCH_HELP}\n`);
      return 0;
    }
    if (options.only === 'policy-cpu') return await policyCpuAlone(options);
    if (options.only === 'fleet') return await fleetAlone(options);
    if (options.only === 'refresh') return await refreshAlone(options);
    const result = await benchmark(options);
    const out = resolve(ROOT, options.out ?? join('bench-results', `bench-${result.startedAt.replace(/[:.]/g, '-')}.json`));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(formatReport(result));
    if (result.fleet !== undefined) process.stdout.write(`\n${fleetText(result.fleet)}`);
    process.stdout.write(`\nFigures written to ${out}\n`);
    // A run whose requests differ from the model has a wrong lower bound: say so with the exit code.
    return result.requestMismatches.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof PaycfgError) {
      process.stderr.write(`bench: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
