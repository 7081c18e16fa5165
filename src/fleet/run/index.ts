/**
 * Runs a fleet command over its targets: one bound on requests in flight shared by every group's
 * client, each group's own rate limit heard apart, a bounded number of targets at once, waves for
 * apply, Ctrl-C that stops starting targets. A target's plan is reduced to its counts as soon as
 * the target ends: the run holds the summary, not the plans.
 */
import { preflightDriftAlerts, publishDriftAlerts, type AlertOptions, type AlertReport, type DriftObservation } from '../../alerts/index.js';
import { createConnectionPools } from '../../api/connection-pools.js';
import { createRequestSlots } from '../../api/request-slots.js';
import type { Finding } from '../../findings/types.js';
import type { Diagnostic } from '../../manifest/diagnostics.js';
import { ParseCache } from '../../manifest/parse-cache.js';
import { summariseFleet } from '../summary/summarise.js';
import type { FleetSummary, FleetTarget, FleetTargetResult, Shard } from '../types.js';
import { applyTarget } from './apply-target.js';
import { driftTarget } from './drift-target.js';
import { FleetAlertsError, FleetInputError } from './errors.js';
import { PaycfgError } from '../../errors.js';
import { DEFAULT_FLEET_MAX_IN_FLIGHT, DEFAULT_PARALLEL_TARGETS, type FleetRunOptions, type FleetRunResult } from './options.js';
import { planTarget } from './plan-target.js';
import { preflight } from './preflight.js';
import { runBounded } from './run-targets.js';
import { checkSavedFleetPlan, preparePlanDirectory, writeFleetPlanIndex, type SavedTargetEntry, type SavedTargetPlan } from './saved-plans.js';
import type { TargetContext, TargetStart } from './target-context.js';
import { validateTarget } from './validate-target.js';
import { haltOf, planWaves, type Wave } from './waves.js';
import { withHeapGrowthCapped } from '../../manifest/heap-growth.js';

export { DEFAULT_FLEET_MAX_IN_FLIGHT, DEFAULT_PARALLEL_TARGETS, type FleetRunOptions, type FleetRunResult, type FleetTargetEvent, type WaveOptions } from './options.js';
export { FleetAlertsError, FleetInputError, TargetTokenError } from './errors.js';
export { CAUSES, causeOf } from './causes.js';
export { planWaves, haltOf, type Wave } from './waves.js';
export { FLEET_PLAN_FILE, FLEET_PLAN_KIND, fleetPlanHash, planFileOf, type FleetPlanContent, type FleetPlanIndex, type SavedTargetEntry } from './saved-plans.js';

/**
 * Runs the command over the targets and returns the one summary. A target's failure is recorded and
 * the rest go on (apply: within its wave; a wave with a failure or a policy block halts the run).
 * Refused before any request: a token or value source missing for any target that connects, a
 * saved plan directory that does not match the fleet, drift alerts that could not be published.
 *
 * @throws FleetInputError (exit 1) for every problem found before any request, listed at once.
 * @throws AlertConfigError (exit 1) for alerts whose state file cannot be read or whose metrics file cannot be written, found before any request.
 * @throws FleetAlertsError (exit 1) when the alerts could not be published after every target ran: it holds the run's summary.
 */
export async function runFleet(options: FleetRunOptions): Promise<FleetRunResult> {
  return withHeapGrowthCapped(() => runCapped(options), FLEET_HEAP_GROWTH_PERCENT);
}

/**
 * V8-specific, kept for the figure. A fleet's targets each leave their plan and live state as
 * garbage, promoted before it dies (the heap after a full collection stays flat: about 1 KiB a
 * target); with V8's own rule, the more targets, the more of it piles up before a major
 * collection. With the heap's growth capped at half what it keeps for the whole run, `npm run bench
 * -- --only fleet --runs 1` (100 groups of 20 merchants, one evening): peak RSS at 25, 50 and 100
 * groups 152, 152, 185 MB (489 KiB a group) uncapped; 151, 153, 158 MB (90 KiB) at 100%; 152,
 * 148, 155 MB (50 KiB) at 50%; the fleet plan's wall 7.30, 7.07 and 6.51 s.
 */
const FLEET_HEAP_GROWTH_PERCENT = 50;

async function runCapped(options: FleetRunOptions): Promise<FleetRunResult> {
  const startedAt = new Date();
  const began = performance.now();
  const { command, fleet } = options;
  checkOptions(options);
  let targets: readonly FleetTarget[] = options.targets;
  let savedPlans: ReadonlyMap<string, SavedTargetPlan> | undefined;
  let fleetPlanHash: string | undefined;
  if (command === 'apply' && options.savedPlanDir !== undefined) {
    const checked = await checkSavedFleetPlan(options.savedPlanDir, fleet, targets, { cwd: options.cwd, shard: options.shard });
    targets = checked.plans.map((plan) => plan.target);
    savedPlans = new Map(checked.plans.map((plan) => [plan.target.name, plan]));
    fleetPlanHash = checked.fleetPlanHash;
  }
  const waves = planWaves(targets, command === 'apply' ? options.waves : undefined);
  // validate sends no request and reads no token: a target whose values cannot be read is its own failure, as validate reports it.
  if (command !== 'validate') await preflight(fleet, targets, { env: options.env });
  // A state file that cannot be read, or a metrics file that cannot be written, refuses the run before its checks are made.
  if (command === 'drift' && options.alerts !== undefined) await preflightDriftAlerts(options.alerts);
  const planDir = command === 'plan' && options.planDir !== undefined ? await preparePlanDirectory(options.planDir, targets, { cwd: options.cwd, force: options.force === true, fleetFile: fleet.name, shard: options.shard }) : undefined;

  const bound = options.maxInFlight ?? DEFAULT_FLEET_MAX_IN_FLIGHT;
  const context: TargetContext = {
    fleet,
    options,
    parseCache: new ParseCache(),
    ...(command !== 'validate' ? { slots: createRequestSlots(bound), pools: createConnectionPools(bound) } : {}),
  };
  const results: FleetTargetResult[] = [];
  const observations: DriftObservation[] = [];
  let halted: FleetSummary['halted'];
  try {
    for (const wave of waves) {
      if (halted !== undefined || options.stopStarting?.aborted === true) {
        results.push(...wave.targets.map((target) => untouched(target, wave.index)));
        continue;
      }
      if (wave.index !== undefined) options.onEvent?.({ type: 'wave-start', wave: wave.index, targets: wave.targets.map((t) => t.name) });
      const ran = await runBounded(
        wave.targets,
        options.parallelTargets ?? DEFAULT_PARALLEL_TARGETS,
        async (target) => {
          options.onEvent?.({ type: 'target-start', target, ...(wave.index !== undefined ? { wave: wave.index } : {}) });
          const start: TargetStart = { target, wave: wave.index, startedAt: performance.now() };
          const { result, observation, warnings, findings } = await runTarget(context, start, planDir, savedPlans?.get(target.name));
          if (observation !== undefined) observations.push(observation);
          options.onEvent?.({ type: 'target-end', result, ...(warnings !== undefined ? { warnings } : {}), ...(findings !== undefined ? { findings } : {}) });
          return result;
        },
        options.stopStarting,
      );
      results.push(...ran.map((result, i) => result ?? untouched(wave.targets[i]!, wave.index)));
      halted = haltOf(wave, ran.filter((result): result is FleetTargetResult => result !== undefined));
    }
  } finally {
    // Every target's requests are over: the connections they shared go.
    await context.pools?.close();
  }

  if (planDir !== undefined) fleetPlanHash = await writeFleetPlanIndex(planDir, { fleetFile: fleet.name, ...(options.shard !== undefined ? { shard: options.shard } : {}), targets: savedEntries(results) });
  let alerts: AlertReport | undefined;
  let alertsFailed: PaycfgError | undefined;
  let final = results;
  if (command === 'drift' && options.alerts !== undefined) {
    try {
      alerts = await publishDriftAlerts(observations, alertsOfRun(options.alerts, options.shard));
    } catch (error) {
      if (!(error instanceof PaycfgError)) throw error;
      alertsFailed = error;
    }
    const transitions = new Map((alerts?.transitions ?? []).map((t) => [t.subject.name, t.kind]));
    final = results.map((result) => {
      const transition = transitions.get(result.name);
      return transition === undefined ? result : { ...result, transition };
    });
  }
  const summary = summariseFleet({
    command,
    fleetFile: fleet.name,
    ...(options.shard !== undefined ? { shards: [options.shard] } : {}),
    targets: final,
    ...(halted !== undefined ? { halted } : {}),
    interrupted: options.stopStarting?.aborted === true,
    ...(fleetPlanHash !== undefined ? { fleetPlanHash } : {}),
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - began),
  });
  if (alertsFailed !== undefined) throw new FleetAlertsError(summary, alertsFailed);
  return { summary, ...(alerts !== undefined ? { alerts } : {}) };
}

async function runTarget(
  context: TargetContext,
  start: TargetStart,
  planDir: string | undefined,
  saved: SavedTargetPlan | undefined,
): Promise<{ readonly result: FleetTargetResult; readonly observation?: DriftObservation; readonly warnings?: readonly Diagnostic[]; readonly findings?: readonly Finding[] }> {
  switch (context.options.command) {
    case 'validate':
      return validateTarget(context, start);
    case 'plan':
      return planTarget(context, start, planDir);
    case 'drift':
      return driftTarget(context, start);
    case 'apply':
      return { result: await applyTarget(context, start, saved) };
  }
}

/**
 * A shard's alerts: its metrics pushed under a grouping key of its own, so that the shards of one
 * fleet do not replace each other's metrics at the push gateway (a push replaces its whole group).
 * `3-of-8`, not `3/8`: a grouping key's value with no slash stays readable in the gateway's URL.
 */
export function alertsOfRun(alerts: AlertOptions, shard: Shard | undefined): AlertOptions {
  if (shard === undefined || alerts.pushGateway === undefined) return alerts;
  return { ...alerts, pushGroupingKey: { ...alerts.pushGroupingKey, shard: `${shard.index}-of-${shard.count}` } };
}

/** A target never started: a wave before it halted, or the run was stopped. */
function untouched(target: FleetTarget, wave: Wave['index']): FleetTargetResult {
  return { name: target.name, group: target.group, baseUrl: target.baseUrl, status: 'untouched', exitCode: 0, ...(wave !== undefined ? { wave } : {}), durationMs: 0 };
}

/** The plans a plan run saved, as fleet.json lists them. */
function savedEntries(results: readonly FleetTargetResult[]): SavedTargetEntry[] {
  const entries: SavedTargetEntry[] = [];
  for (const result of results) {
    if (result.planFile === undefined || result.planHash === undefined) continue;
    entries.push({ name: result.name, group: result.group, baseUrl: result.baseUrl, file: result.planFile, planHash: result.planHash });
  }
  return entries;
}

/** The options no target could run with, refused before anything is read. */
function checkOptions(options: FleetRunOptions): void {
  const problems: string[] = [];
  const whole = (name: string, value: number | undefined): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) problems.push(`${name} is ${value}: give a whole number of at least 1`);
  };
  whole('maxInFlight', options.maxInFlight);
  whole('parallelTargets', options.parallelTargets);
  whole('parallelism', options.parallelism);
  if (options.command !== 'apply' && options.waves !== undefined) problems.push(`waves are for apply, not ${options.command}`);
  if (options.command !== 'apply' && options.savedPlanDir !== undefined) problems.push(`a saved plan directory is applied (apply), not given to ${options.command}`);
  if (options.command !== 'plan' && options.planDir !== undefined) problems.push(`plans are saved by plan, not ${options.command}`);
  if (options.command !== 'drift' && options.alerts !== undefined) problems.push(`alerts are for drift, not ${options.command}`);
  const names = new Set<string>();
  for (const target of options.targets) {
    if (names.has(target.name)) problems.push(`target ${target.name} is given twice`);
    names.add(target.name);
    if (!options.fleet.environments.environments.has(target.name)) problems.push(`target ${target.name} is not in ${options.fleet.name}`);
  }
  if (problems.length > 0) throw new FleetInputError('the fleet run cannot start', problems);
}
