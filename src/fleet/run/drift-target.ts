import { failedDriftCheck, observeDrift, type DriftObservation } from '../../alerts/index.js';
import { PaycfgError } from '../../errors.js';
import { publishPlan } from '../../library/plan.js';
import { hasDrifted } from '../../plan/plan.js';
import type { FleetTargetResult } from '../types.js';
import { planFlagsOf } from './plan-target.js';
import { countsOfPlan, elapsed, failedResult, resolveTarget, resultBase, TargetSecrets, withTargetClient, type TargetContext, type TargetStart } from './target-context.js';

/**
 * A target's drift, as `paycfg drift --env NAME` checks it: the plan with every device read, so
 * that each unmanaged record counts; drifted when it has changes, blocked changes or (unless
 * ignoreUnmanaged) unmanaged records. With alerts, what the check saw (no value of a record, only
 * addresses and counts) for publishDriftAlerts.
 */
export async function driftTarget(context: TargetContext, start: TargetStart): Promise<{ readonly result: FleetTargetResult; readonly observation?: DriftObservation }> {
  const { options } = context;
  const ignoreUnmanaged = options.ignoreUnmanaged === true;
  const subject = { name: start.target.name, group: start.target.group, baseUrl: start.target.baseUrl };
  const observe = options.alerts !== undefined;
  const secrets = new TargetSecrets(options.hideSecret);
  try {
    const resolved = await resolveTarget(context, start.target, secrets);
    const plan = await withTargetClient(context, resolved, secrets, (client) =>
      publishPlan({ environment: resolved, client, cwd: options.cwd, parseCache: context.parseCache, ...planFlagsOf(options), readEveryDevice: true }),
    );
    const drifted = hasDrifted(plan, ignoreUnmanaged);
    const result: FleetTargetResult = {
      ...resultBase(start),
      status: drifted ? 'drifted' : 'ok',
      exitCode: drifted ? 2 : 0,
      counts: countsOfPlan(plan),
      ...(plan.planHash !== undefined ? { planHash: plan.planHash } : {}),
      durationMs: elapsed(start),
    };
    return observe ? { result, observation: observeDrift(subject, plan, { checkedAt: new Date(), ignoreUnmanaged }) } : { result };
  } catch (error) {
    const result = failedResult(start, error, { secrets: secrets.values });
    if (!observe) return { result };
    const code = error instanceof PaycfgError ? error.code : 'INTERNAL';
    return { result, observation: failedDriftCheck(subject, { code, message: result.failure?.message ?? '' }, new Date()) };
  }
}
