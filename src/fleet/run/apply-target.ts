import type { ApplyResult } from '../../apply/execute-plan.js';
import { journalApply, manifestSource, openJournal, savedPlanSource, type ApplyJournal, type Journal } from '../../journal/index.js';
import { prepareManifestApply, prepareSavedApply, type PreparedApply } from '../../library/apply.js';
import { tokenOf } from '../../library/client.js';
import { SavedPlanError } from '../../plan/saved-plan.js';
import { PolicyBlockedError } from '../../policy/errors.js';
import { scrubText } from '../../render/redact.js';
import { readSavedPlan } from '../../workflow/saved-plan-file.js';
import type { FleetTargetCounts, FleetTargetResult } from '../types.js';
import { causeOf, CAUSES } from './causes.js';
import { planFlagsOf } from './plan-target.js';
import type { SavedTargetPlan } from './saved-plans.js';
import { countsOfPlan, elapsed, failedResult, resolveTarget, resultBase, TargetSecrets, withTargetClient, type TargetContext, type TargetStart } from './target-context.js';

/**
 * A target applied as `paycfg apply --env NAME --auto-approve` applies it, or its saved plan as
 * `paycfg apply PLANFILE --env NAME` does (read again now, and refused when it is no longer the
 * file checked before the run). With the target's `journal:`, the run is journalled as that
 * command journals it: the journal opened before the plan, the run's start before its first
 * change, each change as it ends, its end. `stopRunning` stops the run between changes.
 */
export async function applyTarget(context: TargetContext, start: TargetStart, saved: SavedTargetPlan | undefined): Promise<FleetTargetResult> {
  const { options } = context;
  const known = new TargetSecrets(options.hideSecret);
  let secrets: readonly string[] = [];
  let counts: FleetTargetCounts | undefined;
  try {
    const resolved = await resolveTarget(context, start.target, known);
    const savedPlan = saved === undefined ? undefined : await readSavedPlan(saved.file, options.cwd);
    if (saved !== undefined && savedPlan?.planHash !== saved.planHash) {
      throw new SavedPlanError(`${saved.file} changed since the fleet plan was checked at the start of this run: it is no longer the plan fleet.json names; nothing was changed`);
    }
    return await withTargetClient(context, resolved, known, async (client) => {
      const { definition } = resolved;
      let journal: Journal | undefined;
      try {
        // Opened before the plan, as apply opens it: a journal that cannot be written refuses the target before anything is read.
        journal = definition.journal === undefined ? undefined : await openJournal(definition.journal, options.cwd);
        const prepared: PreparedApply =
          savedPlan === undefined
            ? await prepareManifestApply({ environment: resolved, client, cwd: options.cwd, parseCache: context.parseCache, ...planFlagsOf(options) })
            : await prepareSavedApply(savedPlan, {
                client,
                env: options.env,
                cwd: options.cwd,
                environment: resolved,
                // A saved plan keeps the impact window it was made with.
                ...withoutImpactWindow(planFlagsOf(options)),
              });
        const { plan } = prepared;
        const token = tokenOf(client);
        secrets = [...prepared.secretValues, token];
        counts = countsOfPlan(plan);
        const trail: ApplyJournal | undefined =
          journal === undefined
            ? undefined
            : await journalApply(journal, {
                plan,
                ...(savedPlan?.planHash !== undefined ? { planHash: savedPlan.planHash } : {}),
                source:
                  saved === undefined || savedPlan === undefined
                    ? await manifestSource(definition.manifests, options.cwd, { exclude: [resolved.file.path] })
                    : await savedPlanSource(saved.file, options.cwd, savedPlan),
                secrets: prepared.secretValues,
                token,
                env: options.env,
                overrides: prepared.overrides,
              });
        const { stopping, release } = stoppingOf(options.stopRunning, trail);
        let result: ApplyResult;
        try {
          result =
            plan.changes.length === 0
              ? { outcomes: [], done: 0, failed: 0, skipped: 0, notStarted: 0 }
              : await prepared.run({
                  ...(stopping !== undefined ? { interrupted: stopping } : {}),
                  // A stop already asked for starts no change at all (the executor hears the promise a tick late).
                  ...(options.stopRunning !== undefined ? { signal: options.stopRunning } : {}),
                  ...(trail !== undefined ? { onEvent: trail.onEvent } : {}),
                });
        } catch (error) {
          await trail?.finish(error instanceof Error ? error : new Error(String(error)), 1, signalOf(options.stopRunning)).catch(() => undefined);
          throw error;
        } finally {
          release();
        }
        const ended = appliedResult(start, { ...counts, applied: { done: result.done, failed: result.failed, skipped: result.skipped, notStarted: result.notStarted } }, result, plan.blocked.length, secrets);
        await trail?.finish(result, ended.exitCode, signalOf(options.stopRunning));
        return ended;
      } finally {
        await journal?.close().catch(() => undefined);
      }
    });
  } catch (error) {
    // Refused before any write by a blocking finding: the target is blocked, not failed.
    return failedResult(start, error, { secrets: [...secrets, ...known.values], ...(counts !== undefined ? { counts } : {}), ...(error instanceof PolicyBlockedError ? { status: 'blocked' as const } : {}) });
  }
}

function withoutImpactWindow<T extends { impactWindow?: string }>(flags: T): Omit<T, 'impactWindow'> {
  const { impactWindow: _unused, ...rest } = flags;
  return rest;
}

/**
 * What stops a running apply between changes: the run's stopRunning, or a journal that stops taking
 * records. `release` takes its listener off the run-wide signal once the target's apply is over: a
 * listener left on it per target would keep each finished target's closure until the run ends.
 */
function stoppingOf(stopRunning: AbortSignal | undefined, trail: ApplyJournal | undefined): { readonly stopping: Promise<unknown> | undefined; release(): void } {
  let release = (): void => undefined;
  const aborted =
    stopRunning === undefined
      ? undefined
      : stopRunning.aborted
        ? Promise.resolve(stopRunning.reason)
        : new Promise((resolve) => {
            const listener = (): void => resolve(stopRunning.reason);
            stopRunning.addEventListener('abort', listener, { once: true });
            release = () => stopRunning.removeEventListener('abort', listener);
          });
  const stopping = trail === undefined ? aborted : aborted === undefined ? trail.broken : Promise.race([aborted, trail.broken]);
  return { stopping, release: () => release() };
}

/** The signal that stopped the run, when stopRunning was aborted with one's name (the CLI's Ctrl-C), for the journal. */
function signalOf(stopRunning: AbortSignal | undefined): string | undefined {
  return stopRunning?.aborted === true && typeof stopRunning.reason === 'string' ? stopRunning.reason : undefined;
}

/**
 * An apply's result, as the apply command's exit code has it: a failed change fails the target (its
 * cause that of the first failure); changes left unstarted by stopRunning, interrupted (130);
 * blocked changes left undone, failed; else applied, or ok when there was nothing to do.
 */
function appliedResult(start: TargetStart, counts: FleetTargetCounts, result: ApplyResult, blocked: number, secrets: readonly string[]): FleetTargetResult {
  const base = { ...resultBase(start), counts, durationMs: elapsed(start) };
  const clean = (text: string): string => scrubText(text, secrets.filter((s) => s !== ''));
  if (result.failed > 0) {
    const first = result.outcomes.find((o) => o.status === 'failed');
    const error = first?.error;
    const code = (error as { code?: unknown } | undefined)?.code;
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      status: 'failed',
      exitCode: 1,
      failure: {
        cause: causeOf(error),
        code: typeof code === 'string' ? code : 'INTERNAL',
        message: clean(`${result.failed === 1 ? '1 change' : `${result.failed} changes`} failed${first !== undefined ? `; the first, ${first.action} ${first.address}: ${reason}` : ''}`),
      },
    };
  }
  if (result.notStarted > 0) {
    return {
      ...base,
      status: 'failed',
      exitCode: 130,
      failure: { cause: CAUSES.interrupted, code: 'INTERRUPTED', message: `stopped between changes: ${result.done} done, ${result.notStarted} not started` },
    };
  }
  if (blocked > 0) {
    return {
      ...base,
      status: 'failed',
      exitCode: 1,
      failure: { cause: CAUSES.changesBlocked, code: 'CHANGES_BLOCKED', message: `${blocked === 1 ? '1 change was' : `${blocked} changes were`} blocked and not attempted (refused by the service, held back by protect: or by unsettled batches)` },
    };
  }
  return { ...base, status: result.done > 0 ? 'applied' : 'ok', exitCode: 0 };
}
