/**
 * paycfg's lead over the per-resource refresh (refresh.ts): on one group seeded to match the
 * manifest, at each latency asked for, paycfg's plan of the unchanged group (its own process,
 * manifest load included, as the plan scenario runs it) and the refresh, run by turns so that the
 * machine's drift during the measurement falls on both alike. The lead is the refresh's median wall
 * time ÷ the plan's, both from this one run of the benchmark.
 */
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import { BenchError } from './errors.js';
import type { GroupSize } from './group-shape.js';
import { scenarioPhases, totalRequests, type GroupCounts } from './lower-bound.js';
import { prepareRefresh, REFRESH_PARALLELISM, summariseRefresh, type RefreshFigures } from './refresh.js';
import { measuredChild, type RunFigures, type ScenarioContext } from './scenarios.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';

/** A paycfg plan of the unchanged group at one latency. */
export interface LeadPlanFigures {
  readonly parallelism: number;
  readonly runs: readonly RunFigures[];
  readonly median: { readonly wallMs: number; readonly requests: number; readonly maxRssKb: number; readonly cpuMs: number };
  /** What the request model (lower-bound.ts) says the plan sends. */
  readonly expectedRequests: number;
  /** Median wall time less the manifest load: the plan's reads and planning. */
  readonly readsMs: number;
}

export interface LeadPoint {
  readonly latencyMs: number;
  /** paycfg's plan without a service record: the figures as today. */
  readonly plan: LeadPlanFigures;
  readonly refresh: RefreshFigures;
  /** Refresh ÷ plan, median wall times, the plan's manifest load included. */
  readonly lead: number;
}

export interface RefreshLeadFigures {
  readonly group: GroupSize;
  /** The manifest load (paycfg validate, median) taken off the plans' wall time for `readsMs`. */
  readonly loadMs: number;
  readonly points: readonly LeadPoint[];
}

/** How many times faster paycfg's plan is than the refresh: refresh wall ÷ plan wall; NaN without a plan time. */
export function leadOf(refreshWallMs: number, planWallMs: number): number {
  return planWallMs > 0 ? refreshWallMs / planWallMs : Number.NaN;
}

export function summarisePlan(runs: readonly RunFigures[], parallelism: number, expectedRequests: number, loadMs: number): LeadPlanFigures {
  const wallMs = median(runs.map((r) => r.wallMs));
  return {
    parallelism,
    runs,
    median: {
      wallMs,
      requests: median(runs.map((r) => r.requests)),
      maxRssKb: median(runs.map((r) => r.maxRssKb)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
    },
    expectedRequests,
    readsMs: wallMs - loadMs,
  };
}

export function leadPoint(latencyMs: number, plan: LeadPlanFigures, refresh: RefreshFigures): LeadPoint {
  return { latencyMs, plan, refresh, lead: leadOf(refresh.medianWallMs, plan.median.wallMs) };
}

/** Runs whose requests differ from their model, one line each (the benchmark then exits 1). */
export function leadRequestMismatches(figures: RefreshLeadFigures): string[] {
  return figures.points.flatMap((p) =>
    p.plan.runs.some((r) => r.requests !== p.plan.expectedRequests)
      ? [`plan, unchanged, at ${p.latencyMs} ms (beside the refresh): ${p.plan.runs.map((r) => r.requests).join(', ')} requests, model ${p.plan.expectedRequests}`]
      : [],
  );
}

/**
 * Seeds a group of the manifest's size (not measured, no latency), reads its state for the refresh,
 * then at each of `latencies` runs `runs` rounds of: paycfg's plan (exit 0, nothing to change), the
 * refresh.
 */
export async function measureRefreshLead(
  ctx: ScenarioContext,
  options: { readonly latencies: readonly number[]; readonly runs: number; readonly parallelism: number; readonly loadMs: number },
): Promise<RefreshLeadFigures> {
  const size = ctx.spec.size;
  const group: GroupCounts = { ...size, driftedMerchants: 0 };
  const groupId = ctx.nextGroupId();
  await ctx.sim.createGroup(groupId);
  await ctx.sim.setLatency(0);
  ctx.log(`per-resource refresh: seeding a group of ${size.merchants} merchants through the API (not measured)`);
  await seedGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groupId), DEVICE_ADMIN);
  const refresh = await prepareRefresh(ctx, groupId, size);

  const planArgv = ['plan', '-f', ctx.manifestDir, '--detailed-exitcode', '--parallelism', String(options.parallelism)];
  const planRequests = totalRequests(scenarioPhases('plan-unchanged', group));
  const points: LeadPoint[] = [];
  for (const latencyMs of options.latencies) {
    const at = { ...ctx, latencyMs };
    const plans: RunFigures[] = [];
    const refreshes: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const tag = `at ${latencyMs} ms, run ${run + 1}/${options.runs}`;
      ctx.log(`plan, unchanged (beside the refresh) ${tag}`);
      plans.push(await measuredChild(at, { argv: planArgv, env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd }, 0, `plan beside the refresh at ${latencyMs} ms`));
      ctx.log(`per-resource refresh (${refresh.requests} requests, parallelism ${REFRESH_PARALLELISM}) ${tag}`);
      await ctx.sim.setLatency(latencyMs);
      try {
        refreshes.push(await refresh.run());
      } finally {
        await ctx.sim.setLatency(0);
      }
    }
    const plan = summarisePlan(plans, options.parallelism, planRequests, options.loadMs);
    points.push(leadPoint(latencyMs, plan, summariseRefresh(refreshes, size, REFRESH_PARALLELISM, latencyMs)));
  }
  if (points.length === 0) throw new BenchError('the per-resource refresh needs at least one latency');
  return { group: size, loadMs: options.loadMs, points };
}
