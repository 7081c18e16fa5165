import { AuthenticationError, ApiError, OutcomeUnknownError, RateLimitedError, TransportError } from '../../api/errors.js';
import { LegacyApiLimitError } from '../../backend/errors.js';
import { EnvironmentsError } from '../../environments/errors.js';
import { ConfigError, PaycfgError } from '../../errors.js';
import { JournalError } from '../../journal/errors.js';
import { GroupMismatchError } from '../../live/errors.js';
import { ManifestError } from '../../manifest/diagnostics.js';
import { AffectedTerminalsError } from '../../plan/terminal-budget.js';
import { DeleteBudgetError } from '../../plan/delete-budget.js';
import { SavedPlanUnsettledError } from '../../plan/settlement-guard.js';
import { SavedPlanError, SavedPlanStaleError } from '../../plan/saved-plan.js';
import { PolicyBlockedError, PolicyModuleError, PolicyOverrideError } from '../../policy/errors.js';
import type { FailureCause } from '../types.js';
import { TargetTokenError } from './errors.js';

/** The causes a fleet summary groups failures by; an error none of them covers is grouped by its code. */
export const CAUSES = {
  tokenExpired: { id: 'token-expired', title: 'token expired' },
  tokenRejected: { id: 'token-rejected', title: 'token rejected' },
  tokenOfAnotherGroup: { id: 'token-of-another-group', title: 'token of another group' },
  tokenMissing: { id: 'token-missing', title: 'token missing' },
  valuesMissing: { id: 'values-missing', title: 'values cannot be read' },
  unreachable: { id: 'unreachable', title: 'service unreachable' },
  rateLimited: { id: 'rate-limited', title: 'rate limited' },
  outcomeUnknown: { id: 'outcome-unknown', title: 'outcome of a write unknown' },
  manifestInvalid: { id: 'manifest-invalid', title: 'manifest invalid' },
  planStale: { id: 'plan-stale', title: 'group changed since the plan' },
  savedPlanRefused: { id: 'saved-plan-refused', title: 'saved plan refused' },
  policyBlocked: { id: 'policy-blocked', title: 'blocked by policy' },
  policyError: { id: 'policy-error', title: 'policy pack failed' },
  safetyLimit: { id: 'safety-limit', title: 'over a safety limit' },
  serviceRefused: { id: 'service-refused', title: 'service refused a request' },
  changesBlocked: { id: 'changes-blocked', title: 'changes blocked' },
  journal: { id: 'journal-unwritable', title: 'journal cannot be written' },
  config: { id: 'config', title: 'configuration refused' },
  interrupted: { id: 'interrupted', title: 'interrupted mid-apply' },
  internal: { id: 'internal', title: 'internal error' },
} as const satisfies Record<string, FailureCause>;

/**
 * Why a target failed, from the error that ended it (or, for an apply, the first change that
 * failed). Subclasses are tested before their parents: a stale saved plan is a SavedPlanError, an
 * expired token an ApiError.
 */
export function causeOf(error: unknown): FailureCause {
  if (error instanceof AuthenticationError) return error.tokenProblem === 'expired' ? CAUSES.tokenExpired : CAUSES.tokenRejected;
  if (error instanceof GroupMismatchError) return CAUSES.tokenOfAnotherGroup;
  if (error instanceof TargetTokenError) return CAUSES.tokenMissing;
  if (error instanceof EnvironmentsError) return CAUSES.valuesMissing;
  if (error instanceof TransportError) return CAUSES.unreachable;
  if (error instanceof RateLimitedError) return CAUSES.rateLimited;
  if (error instanceof OutcomeUnknownError) return CAUSES.outcomeUnknown;
  if (error instanceof ManifestError || error instanceof LegacyApiLimitError) return CAUSES.manifestInvalid;
  if (error instanceof SavedPlanStaleError) return CAUSES.planStale;
  if (error instanceof SavedPlanError) return CAUSES.savedPlanRefused;
  if (error instanceof PolicyBlockedError) return CAUSES.policyBlocked;
  if (error instanceof PolicyModuleError || error instanceof PolicyOverrideError) return CAUSES.policyError;
  if (error instanceof DeleteBudgetError || error instanceof AffectedTerminalsError || error instanceof SavedPlanUnsettledError) return CAUSES.safetyLimit;
  if (error instanceof ApiError) return CAUSES.serviceRefused;
  if (error instanceof JournalError) return CAUSES.journal;
  if (error instanceof ConfigError) return CAUSES.config;
  if (error instanceof PaycfgError) return causeOfCode(error.code);
  return CAUSES.internal;
}

/** A cause for an error code no class above covers: `SETTLEMENT_READ` → `settlement-read`, "settlement read". */
function causeOfCode(code: string): FailureCause {
  const id = code.toLowerCase().replace(/_/g, '-');
  return { id, title: id.replace(/-/g, ' ') };
}
