/**
 * The plan of an unchanged group against a service that admits `rate` requests a second, with the
 * usual latency on top. Here the service, not the network, sets the pace: the plan's reads cannot
 * take less than requests ÷ rate, and what paycfg takes over that is the cost of finding the rate
 * (the 429s it provokes, the pace it settles at) and of its load.
 *
 * The simulator's limit is a token bucket holding one second of requests, full when the rate is set.
 * A perfect client could therefore finish up to one second under the bound, which a small group
 * (under a second of requests) shows as a ratio below 1.
 */
import { BenchError } from './errors.js';
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import { ratioWithoutLoad, scenarioPhases, totalRequests, type GroupCounts } from './lower-bound.js';
import { runPaycfg, type ChildReport } from './run-paycfg.js';
import type { ScenarioContext } from './scenarios.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';

/** One measured run of the rate-limited plan. */
export interface RateLimitedRun {
  readonly wallMs: number;
  readonly maxRssKb: number;
  readonly cpuMs: number;
  /** /api requests the simulator received, the ones answered 429 included. */
  readonly requests: number;
  /** Of those, the ones answered 429. */
  readonly rateLimited: number;
}

export interface RateLimitedFigures {
  /** Requests per second the simulator admitted. */
  readonly rateLimit: number;
  readonly parallelism: number;
  readonly runs: readonly RateLimitedRun[];
  readonly median: {
    readonly wallMs: number;
    readonly maxRssKb: number;
    readonly cpuMs: number;
    readonly requests: number;
    readonly rateLimited: number;
  };
  /** The reads the unchanged plan needs (lower-bound.ts): what the service must admit. */
  readonly neededRequests: number;
  /** neededRequests ÷ rateLimit. */
  readonly boundMs: number;
  /** Median wall time ÷ bound. */
  readonly ratio: number;
  /** (Median wall time − median manifest load) ÷ bound. */
  readonly ratioWithoutLoad: number;
}

/** The least time `requests` take through a limit of `rps` requests a second; NaN without a limit. */
export function rateBoundMs(requests: number, rps: number): number {
  return rps > 0 ? (requests / rps) * 1000 : Number.NaN;
}

export function summariseRateLimited(
  runs: readonly RateLimitedRun[],
  figures: { readonly rateLimit: number; readonly parallelism: number; readonly neededRequests: number; readonly loadMs: number },
): RateLimitedFigures {
  const wallMs = median(runs.map((r) => r.wallMs));
  const boundMs = rateBoundMs(figures.neededRequests, figures.rateLimit);
  return {
    rateLimit: figures.rateLimit,
    parallelism: figures.parallelism,
    runs,
    median: {
      wallMs,
      maxRssKb: median(runs.map((r) => r.maxRssKb)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
      requests: median(runs.map((r) => r.requests)),
      rateLimited: median(runs.map((r) => r.rateLimited)),
    },
    neededRequests: figures.neededRequests,
    boundMs,
    ratio: boundMs > 0 ? wallMs / boundMs : Number.NaN,
    ratioWithoutLoad: ratioWithoutLoad(wallMs, figures.loadMs, boundMs),
  };
}

/**
 * Seeds a group of the manifest's size (not measured, no latency, no limit), then plans it `runs`
 * times with --detailed-exitcode at `rateLimit` and the context's latency; each run must exit 0
 * (nothing to change). Before each run the bucket is reset (the rate set to 0 and back: full again)
 * and the statistics too, so that every run starts alike. 429s are expected here; any other fault
 * or error voids the run.
 */
export async function measureRateLimited(
  ctx: ScenarioContext,
  options: { readonly rateLimit: number; readonly runs: number; readonly parallelism: number; readonly group: GroupCounts; readonly loadMs: number },
): Promise<RateLimitedFigures> {
  const { rateLimit, runs, parallelism } = options;
  const groupId = ctx.nextGroupId();
  await ctx.sim.createGroup(groupId);
  await ctx.sim.setLatency(0);
  await ctx.sim.setRateLimit(0);
  ctx.log(`rate-limited plan: seeding a group of ${ctx.spec.size.merchants} merchants through the API (not measured)`);
  await seedGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groupId), DEVICE_ADMIN);

  const argv = ['plan', '-f', ctx.manifestDir, '--detailed-exitcode', '--parallelism', String(parallelism)];
  const measured: RateLimitedRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    ctx.log(`plan, unchanged, at ${rateLimit} requests/s and parallelism ${parallelism}, run ${run + 1}/${runs}`);
    await ctx.sim.setRateLimit(0);
    await ctx.sim.setRateLimit(rateLimit);
    await ctx.sim.setLatency(ctx.latencyMs);
    await ctx.sim.resetStats();
    let report: ChildReport;
    try {
      report = await runPaycfg({ build: ctx.build, argv, env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd });
    } finally {
      await ctx.sim.setLatency(0);
      await ctx.sim.setRateLimit(0);
    }
    const stats = await ctx.sim.stats();
    if (report.exitCode !== 0) {
      throw new BenchError(`rate-limited plan at ${rateLimit} requests/s: paycfg plan exited ${report.exitCode}, expected 0: ${report.stderrTail.trim().slice(-1200)}`);
    }
    if (stats.faulted + stats.dropped + stats.internalErrors > 0) {
      throw new BenchError(`rate-limited plan: the simulator answered with faults or errors (${JSON.stringify(stats)}); the run does not count`);
    }
    measured.push({
      wallMs: report.wallMs,
      maxRssKb: report.maxRssKb,
      cpuMs: report.cpuUserMs + report.cpuSystemMs,
      requests: stats.total,
      rateLimited: stats.rateLimited,
    });
  }
  const neededRequests = totalRequests(scenarioPhases('plan-unchanged', options.group));
  return summariseRateLimited(measured, { rateLimit, parallelism, neededRequests, loadMs: options.loadMs });
}
