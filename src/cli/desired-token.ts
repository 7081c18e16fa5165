import { PaycfgError } from '../errors.js';
import type { Plan } from '../plan/plan.js';
import { createScrubber } from '../util/scrub.js';
import { showControls } from '../util/visible-text.js';

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

const MARK = '[token]';
/** Places listed in the message; the rest are counted. */
const SHOWN = 10;

function* stringsIn(value: unknown, path: string[]): Generator<{ path: string[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, [...path, String(i)]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { path: [...path, key], text: key };
      yield* stringsIn(item, [...path, key]);
    }
  }
}

/**
 * Throws PlanHoldsTokenError when a value the plan would write holds a form of the token: a
 * written change's `after` values and keys, and its key (a create or an update writes the key the
 * manifest gives it, and a binding or device is found under its merchant's key).
 */
export function refuseTokenInDesired(plan: Plan, token: string): void {
  if (token === '') return;
  const mask = createScrubber([token], MARK);
  const holds = (text: string): boolean => mask(text) !== text;
  const name = (text: string): string => showControls(mask(text));
  const places: string[] = [];
  for (const change of plan.changes) {
    if (change.after === null) continue;
    if (holds(change.key)) places.push(`${name(change.address)}: its key`);
    if (change.merchant !== undefined && holds(change.merchant)) places.push(`${name(change.address)}: its merchant's providerReference`);
    for (const { path, text } of stringsIn(change.after, [])) if (holds(text)) places.push(`${name(change.address)} field ${name(path.join('.'))}`);
  }
  if (places.length === 0) return;
  const unique = [...new Set(places)];
  const more = unique.length > SHOWN ? `, and ${unique.length - SHOWN} more` : '';
  throw new PlanHoldsTokenError(
    `the manifest holds the access token in ${unique.length === 1 ? 'one value' : `${unique.length} values`} the plan would write: ${unique.slice(0, SHOWN).join('; ')}${more}. ` +
      'A saved plan never holds the token, and a masked value would be written to the service as it is, so the plan was not saved. ' +
      'Take the token out of the manifest (and consider it exposed: revoke it), then plan again.',
    { places: unique.length },
  );
}
