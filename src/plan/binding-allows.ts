import type { MethodsMap } from '../model/state.js';
import { NO_ALLOWS } from '../model/state.js';

/**
 * How a plan treats a binding's `allows` (per method), by what the run could read of them.
 *
 * Binding records carry no `allows`: the only read that shows them is the merchant list's
 * acquirers[] summary, and it shows the binding's own only under the "binding reading", which a run
 * trusts once it has proof of it (live/summary-reading.ts). Without proof the summary item may hold
 * the bound profile's `allows`; comparing the manifest with it would show an update on every plan
 * for a binding whose `allows` differ from its profile's (and rewrite them on every apply), and
 * would miss a change made outside paycfg. So for that run `allows` are write-only, as passcode is:
 * sent with every create and update of the binding, compared never, a change of them alone not
 * seen. The plan says so on each update of a binding that has allows, in the manifest or live. With
 * proof they are compared as any field.
 */
export interface BindingAllowsReading {
  /** Set when the run could not read binding `allows` (no proof of the binding reading); unset, they are compared. */
  readonly bindingAllowsWriteOnly?: boolean;
}

export const ALLOWS_WRITE_ONLY_NOTE =
  'allows: no merchant summary of this run was shown to carry the bindings’ own lists, and binding records have none, ' +
  'so a change of allows alone cannot be seen. The manifest’s allows are sent with this update';

/** Whether any method of a binding's fields has allows. */
export function holdsAllows(fields: Record<string, unknown>): boolean {
  return withoutAllows(fields) !== fields;
}

/**
 * Binding fields as a plan compares them while `allows` are write-only: every method's `allows`
 * left empty. The fields themselves when no method has any (almost every binding).
 */
export function withoutAllows(fields: Record<string, unknown>): Record<string, unknown> {
  const methods = fields['methods'] as MethodsMap | undefined;
  if (methods === undefined || Object.values(methods).every((method) => method.allows.length === 0)) return fields;
  const stripped: MethodsMap = {};
  for (const [code, method] of Object.entries(methods)) stripped[code] = { emvs: method.emvs, allows: NO_ALLOWS };
  return { ...fields, methods: stripped };
}

/** What an update writes while `allows` are write-only: the compared fields, with the manifest's methods (and their allows) back. */
export function withAllowsSent(after: Record<string, unknown>, desired: Record<string, unknown>): Record<string, unknown> {
  return desired['methods'] === undefined ? after : { ...after, methods: desired['methods'] };
}
