/**
 * paycfg's lead over the per-resource refresh (refresh.ts): on one group seeded to match the
 * manifest, at each latency asked for, by turns so that the machine's drift during the measurement
 * falls on all alike: paycfg's plan of the unchanged group without a service record (the figures
 * as today), the same plan with a record of the binding reading (`--service-record`, which skips
 * the binding-record lists: 2,004 requests for the 2,000-merchant group), the bare client's time
 * for the recorded plan's reads (bare-reads.ts), and the refresh. The plans run in their own
 * process, manifest load included, as the plan scenario runs them. The lead is the refresh's median
 * wall time ÷ a plan's, all from this one run of the benchmark.
 */
import { join } from 'node:path';
import { measureBareReadRun, summariseBareReads, type BareReadFigures } from './bare-reads.js';
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import { BenchError } from './errors.js';
import type { GroupSize } from './group-shape.js';
import { recordedPlanPhases, scenarioPhases, totalRequests, type GroupCounts } from './lower-bound.js';
import { prepareRefresh, REFRESH_PARALLELISM, summariseRefresh, type RefreshFigures } from './refresh.js';
import { measuredChild, type RunFigures, type ScenarioContext } from './scenarios.js';
import { seedGroup } from './seed-group.js';
import { recordBindingReading } from './service-record.js';
import { median } from './statistics.js';
import { readsOverBareClient } from './targets.js';

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
  /** paycfg's plan with the record of the binding reading. */
  readonly recordedPlan: LeadPlanFigures;
  /** The recorded plan's reads (owner, three lists, one device list per merchant) by the bare client. */
  readonly bareRecordedReads: BareReadFigures;
  readonly refresh: RefreshFigures;
  /** Refresh ÷ plan, median wall times, the plan's manifest load included: without a record, and with. */
  readonly lead: number;
  readonly recordedLead: number;
  /** The recorded plan's reads (its wall less the load) ÷ the bare client's time for them. */
  readonly recordedReadsOverBare: number;
}

export interface RefreshLeadFigures {
  readonly group: GroupSize;
  /** The manifest load (paycfg validate, median) taken off the plans' wall time for `readsMs`. */
  readonly loadMs: number;
  /** The record the recorded plans ran with (scripts/bench/service-record.ts). */
  readonly record: { readonly summaryLists: 'binding'; readonly group: string };
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

export function leadPoint(
  latencyMs: number,
  figures: { readonly plan: LeadPlanFigures; readonly recordedPlan: LeadPlanFigures; readonly bareRecordedReads: BareReadFigures; readonly refresh: RefreshFigures },
  loadMs: number,
): LeadPoint {
  const { plan, recordedPlan, bareRecordedReads, refresh } = figures;
  return {
    latencyMs,
    ...figures,
    lead: leadOf(refresh.medianWallMs, plan.median.wallMs),
    recordedLead: leadOf(refresh.medianWallMs, recordedPlan.median.wallMs),
    recordedReadsOverBare: readsOverBareClient(recordedPlan.median.wallMs, loadMs, bareRecordedReads.medianWallMs),
  };
}

/** Runs whose requests differ from their model, one line each (the benchmark then exits 1). */
export function leadRequestMismatches(figures: RefreshLeadFigures): string[] {
  const differ = (p: LeadPoint, plan: LeadPlanFigures, what: string): string[] =>
    plan.runs.some((r) => r.requests !== plan.expectedRequests)
      ? [`${what} at ${p.latencyMs} ms (beside the refresh): ${plan.runs.map((r) => r.requests).join(', ')} requests, model ${plan.expectedRequests}`]
      : [];
  return figures.points.flatMap((p) => [
    ...differ(p, p.plan, 'plan, unchanged'),
    ...differ(p, p.recordedPlan, 'plan, unchanged, binding reading recorded'),
  ]);
}

/**
 * Seeds a group of the manifest's size (not measured, no latency), reads its state for the refresh,
 * records the simulator's reading on a small group of its own, then at each of `latencies` runs
 * `runs` rounds of: paycfg's plan (exit 0, nothing to change), the same with the record, the bare
 * client's reads of the recorded plan, the refresh.
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
  const recordGroup = ctx.nextGroupId();
  await ctx.sim.createGroup(recordGroup);
  const recordFile = join(ctx.workDir, 'paycfg.service.yaml');
  ctx.log(`service record: the simulator's reading, from a one-merchant group of its own (not measured)`);
  await recordBindingReading(ctx.sim, recordGroup, recordFile);

  const planArgv = ['plan', '-f', ctx.manifestDir, '--detailed-exitcode', '--parallelism', String(options.parallelism)];
  const recordedArgv = [...planArgv, '--service-record', recordFile];
  const planRequests = totalRequests(scenarioPhases('plan-unchanged', group));
  const recordedPhases = recordedPlanPhases(group);
  const child = (argv: string[]) => ({ argv, env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd });
  const points: LeadPoint[] = [];
  for (const latencyMs of options.latencies) {
    const at = { ...ctx, latencyMs };
    const plans: RunFigures[] = [];
    const recordedPlans: RunFigures[] = [];
    const bareWalls: number[] = [];
    const refreshes: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const tag = `at ${latencyMs} ms, run ${run + 1}/${options.runs}`;
      ctx.log(`plan, unchanged (beside the refresh) ${tag}`);
      plans.push(await measuredChild(at, child(planArgv), 0, `plan beside the refresh at ${latencyMs} ms`));
      ctx.log(`plan, unchanged, binding reading recorded ${tag}`);
      recordedPlans.push(await measuredChild(at, child(recordedArgv), 0, `plan with the service record at ${latencyMs} ms`));
      ctx.log(`bare-client reads of the recorded plan ${tag}`);
      bareWalls.push(await measureBareReadRun(at, groupId, group, options.parallelism, recordedPhases));
      ctx.log(`per-resource refresh (${refresh.requests} requests, parallelism ${REFRESH_PARALLELISM}) ${tag}`);
      await ctx.sim.setLatency(latencyMs);
      try {
        refreshes.push(await refresh.run());
      } finally {
        await ctx.sim.setLatency(0);
      }
    }
    const figures = {
      plan: summarisePlan(plans, options.parallelism, planRequests, options.loadMs),
      recordedPlan: summarisePlan(recordedPlans, options.parallelism, totalRequests(recordedPhases), options.loadMs),
      bareRecordedReads: summariseBareReads(bareWalls, recordedPhases, options.parallelism, latencyMs),
      refresh: summariseRefresh(refreshes, size, REFRESH_PARALLELISM, latencyMs),
    };
    points.push(leadPoint(latencyMs, figures, options.loadMs));
  }
  if (points.length === 0) throw new BenchError('the per-resource refresh needs at least one latency');
  return { group: size, loadMs: options.loadMs, record: { summaryLists: 'binding', group: recordGroup }, points };
}
