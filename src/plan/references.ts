import { addressOf, type Address, type Kind } from '../model/kinds.js';
import type { MethodsMap } from '../model/state.js';

/**
 * The names a resource's fields refer to, as addresses. This is what orders creates after the
 * things they name and deletes after the things that stop naming them.
 */
export function referencesOf(kind: Kind, fields: Record<string, unknown> | null, merchant?: string): Address[] {
  const refs = new Set<Address>();
  forEachReference(kind, fields, merchant, (ref) => void refs.add(ref));
  return [...refs];
}

/**
 * The same names as `referencesOf`, handed to `visit` one by one (a name may come twice), for the
 * planner's per-change loops: they run once per change of a plan, and need no list.
 */
export function forEachReference(kind: Kind, fields: Record<string, unknown> | null, merchant: string | undefined, visit: (ref: Address) => void): void {
  if (fields === null) return;
  if (merchant !== undefined && (kind === 'binding' || kind === 'device')) visit(addressOf('merchant', merchant));
  const methods = fields['methods'];
  if ((kind === 'acquirer' || kind === 'binding') && methods !== undefined && typeof methods === 'object' && methods !== null) {
    for (const entry of Object.values(methods as MethodsMap)) for (const emv of entry.emvs) visit(addressOf('emv', emv));
  }
  if (kind === 'binding' && typeof fields['acquirer'] === 'string') visit(addressOf('acquirer', fields['acquirer']));
  if (kind === 'device') {
    const acquirerFields = fields['acquirerFields'];
    if (acquirerFields !== undefined && acquirerFields !== null && typeof acquirerFields === 'object') {
      for (const profile of Object.keys(acquirerFields)) visit(addressOf('acquirer', profile));
    }
  }
}

/** (currency, method code) pairs a binding holds: the service refuses one pair on two profiles of a merchant. */
export function bindingPairs(fields: Record<string, unknown> | null): string[] {
  if (fields === null) return [];
  const methods = fields['methods'] as MethodsMap | undefined;
  const currency = String(fields['currency']);
  return Object.keys(methods ?? {}).map((code) => `${currency}:${code}`);
}

/** Removes every use of one EMV config from a methods map; a card method left with no EMV is dropped. */
export function withoutEmv(methods: MethodsMap, emvName: string, dropEmptyMethods: boolean): MethodsMap {
  const out: MethodsMap = {};
  for (const [code, entry] of Object.entries(methods)) {
    const emvs = entry.emvs.filter((e) => e !== emvName);
    if (emvs.length === 0 && entry.emvs.length > 0 && dropEmptyMethods) continue;
    out[code] = { emvs, allows: entry.allows };
  }
  return out;
}
