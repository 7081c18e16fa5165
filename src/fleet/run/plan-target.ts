import path from 'node:path';
import type { Finding } from '../../findings/types.js';
import { publishCheckedPlan } from '../../library/plan.js';
import { hasChanges } from '../../plan/plan.js';
import type { ServiceRecordOption } from '../../service-record/resolve.js';
import type { FleetTargetResult } from '../types.js';
import { planFileOf } from './saved-plans.js';
import { countsOfPlan, elapsed, failedResult, resolveTarget, resultBase, TargetSecrets, withTargetClient, type TargetContext, type TargetStart } from './target-context.js';

/**
 * A target planned as `paycfg plan --env NAME` plans it (with `planDir`, saved as `--out` saves it:
 * the plan names its environment). Only the plan's counts and hash are kept.
 * exitCode: 2 when the plan has changes, as `--detailed-exitcode` has it.
 */
export async function planTarget(context: TargetContext, start: TargetStart, planDir: string | undefined): Promise<{ readonly result: FleetTargetResult; readonly findings?: readonly Finding[] }> {
  const { options } = context;
  const file = planFileOf(start.target.name);
  const secrets = new TargetSecrets(options.hideSecret);
  try {
    const resolved = await resolveTarget(context, start.target, secrets);
    const plan = await withTargetClient(context, resolved, secrets, async (client) =>
      (
        await publishCheckedPlan({
          environment: resolved,
          client,
          cwd: options.cwd,
          parseCache: context.parseCache,
          ...planFlagsOf(options),
          ...(planDir !== undefined ? { out: path.join(planDir, file), force: options.force === true } : {}),
        })
      ).plan,
    );
    const changes = hasChanges(plan);
    const result: FleetTargetResult = {
      ...resultBase(start),
      status: changes ? 'changes' : 'ok',
      exitCode: changes ? 2 : 0,
      counts: countsOfPlan(plan),
      ...(planDir !== undefined ? { planFile: file } : {}),
      ...(plan.planHash !== undefined ? { planHash: plan.planHash } : {}),
      durationMs: elapsed(start),
    };
    // The findings go to the progress display as the target ends; the summary keeps their count.
    return plan.findings !== undefined && plan.findings.length > 0 ? { result, findings: plan.findings } : { result };
  } catch (error) {
    return { result: failedResult(start, error, { secrets: secrets.values }) };
  }
}

/** The plan options a fleet run passes on to each target's plan, as the single commands take them. */
export function planFlagsOf(options: TargetContext['options']): {
  parallelism?: number;
  policy?: readonly string[];
  impactWindow?: string;
  allowUnsettled?: boolean;
  maxDeletes?: number;
  maxAffectedTerminals?: number;
  serviceRecord?: ServiceRecordOption;
} {
  return {
    ...(options.parallelism !== undefined ? { parallelism: options.parallelism } : {}),
    ...(options.policy !== undefined ? { policy: options.policy } : {}),
    ...(options.impactWindow !== undefined ? { impactWindow: options.impactWindow } : {}),
    ...(options.allowUnsettled === true ? { allowUnsettled: true } : {}),
    ...(options.maxDeletes !== undefined ? { maxDeletes: options.maxDeletes } : {}),
    ...(options.maxAffectedTerminals !== undefined ? { maxAffectedTerminals: options.maxAffectedTerminals } : {}),
    ...(options.serviceRecord !== undefined ? { serviceRecord: options.serviceRecord } : {}),
  };
}
