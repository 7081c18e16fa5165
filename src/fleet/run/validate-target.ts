import { recordsOf } from '../shard.js';
import { loadEnvironmentManifest } from '../../environments/manifests.js';
import type { Diagnostic } from '../../manifest/diagnostics.js';
import { checkLegacyLimits } from '../../manifest/legacy-limits.js';
import { secretDefaultWarnings } from '../../manifest/secret-default-warnings.js';
import { assertPaymentRules } from '../../rules/index.js';
import type { FleetTargetResult } from '../types.js';
import { elapsed, failedResult, resolveTarget, resultBase, TargetSecrets, type TargetContext, type TargetStart } from './target-context.js';

/**
 * A target checked offline, as `paycfg validate --env NAME` checks an environment: its values read
 * (with allowMissingEnv, a value whose source gives nothing is a placeholder), its manifests loaded
 * with them alone, the legacy API's limits for a manifest that pins `api: legacy`, and the payment
 * rules (their errors make it invalid; their warnings and secrets written with a default are its
 * findings). No token is read, no request sent.
 */
export async function validateTarget(context: TargetContext, start: TargetStart): Promise<{ readonly result: FleetTargetResult; readonly warnings?: readonly Diagnostic[] }> {
  const secrets = new TargetSecrets(context.options.hideSecret);
  try {
    const allowMissing = context.options.allowMissingEnv === true;
    const resolved = await resolveTarget(context, start.target, secrets, allowMissing);
    const loaded = await loadEnvironmentManifest(resolved, { cwd: context.options.cwd, allowMissingEnv: allowMissing, parseCache: context.parseCache });
    // Offline there is no service to ask: a manifest that pins no API is checked as for the current one, as validate does.
    if (loaded.manifest.api === 'legacy') checkLegacyLimits(loaded);
    const rules = assertPaymentRules(loaded);
    // In the order `paycfg validate` prints them; only their count stays in the summary.
    const warnings = [...secretDefaultWarnings(loaded.secrets, loaded.locate), ...rules.warnings];
    const result: FleetTargetResult = {
      ...resultBase(start),
      status: 'ok',
      exitCode: 0,
      counts: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0, unmanaged: 0, findings: warnings.length, blockingFindings: 0, records: recordsOf(loaded.counts) },
      durationMs: elapsed(start),
    };
    return warnings.length > 0 ? { result, warnings } : { result };
  } catch (error) {
    return { result: failedResult(start, error, { secrets: secrets.values }) };
  }
}
