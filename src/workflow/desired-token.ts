import { PaycfgError } from '../errors.js';
import type { Plan } from '../plan/plan.js';
import { listPlaces, stringsIn, tokenSearch } from '../util/token-search.js';

/**
 * `plan --out` saves a plan with the token masked wherever the service put it (render/redact
 * scrubPlan), and `apply PLANFILE` writes the saved plan's desired values to the service as they
 * are. A desired value (from the manifest) that holds the token, in any form, would therefore be
 * written as the mask. Such a plan is not saved: the error names each change and field, never the
 * value. Only what the service returned (live values, keys and ids of records the manifest does
 * not name, reasons quoting them) may be masked in a saved plan.
 */
export class PlanHoldsTokenError extends PaycfgError {
  readonly code = 'PLAN_HOLDS_TOKEN';
}

/**
 * Throws PlanHoldsTokenError when a value the plan would write holds a form of the token: a
 * written change's `after` values and keys, and its key (a create or an update writes the key the
 * manifest gives it, and a binding or device is found under its merchant's key).
 */
export function refuseTokenInDesired(plan: Plan, token: string): void {
  if (token === '') return;
  const { holds, name } = tokenSearch(token);
  const places: string[] = [];
  for (const change of plan.changes) {
    if (change.after === null) continue;
    if (holds(change.key)) places.push(`${name(change.address)}: its key`);
    if (change.merchant !== undefined && holds(change.merchant)) places.push(`${name(change.address)}: its merchant's providerReference`);
    for (const { path, text } of stringsIn(change.after)) if (holds(text)) places.push(`${name(change.address)} field ${name(path.join('.'))}`);
  }
  if (places.length === 0) return;
  const unique = [...new Set(places)];
  throw new PlanHoldsTokenError(
    `the manifest holds the access token in ${unique.length === 1 ? 'one value' : `${unique.length} values`} the plan would write: ${listPlaces(unique)}. ` +
      'A saved plan never holds the token, and a masked value would be written to the service as it is, so the plan was not saved. ' +
      'Take the token out of the manifest (and consider it exposed: revoke it), then plan again.',
    { places: unique.length },
  );
}
