/**
 * Payment methods as profiles and bindings hold them: code → EMV configs (by name) and the
 * reserved transaction types. One normalised form (MethodsMap) for the manifest's map, a profile's
 * `methodList`/`emvList` and a binding's `paymentMethods`.
 */
import { canonicalMethodCode } from '../model/canonical.js';
import { allowsOf, NO_ALLOWS, type MethodsMap } from '../model/state.js';
import type { OnTheWire } from './field-facts.js';

type ManifestMethods = Record<string, { emvs?: readonly string[] | undefined; allows?: readonly string[] | undefined } | undefined>;

/** The manifest's map → the normalised form. */
export function methodsOf(methods: ManifestMethods | undefined): MethodsMap | undefined {
  if (methods === undefined) return undefined;
  const out: MethodsMap = {};
  for (const [code, entry] of Object.entries(methods)) {
    // Keys in sorted order, the diff's canonical form: a create's patch then shares the entry instead of copying it.
    out[canonicalMethodCode(code)] = { allows: allowsOf(entry?.allows), emvs: [...(entry?.emvs ?? [])] };
  }
  return out;
}

/** A profile's (or a merchant summary item's) `methodList` and `emvList`, parsed, → the normalised form. */
export function methodsFrom(
  methodList: Record<string, unknown> | undefined,
  emvList: Record<string, unknown> | undefined,
  emvName: (id: unknown) => string,
): MethodsMap {
  const methods: MethodsMap = {};
  for (const [code, allows] of Object.entries(methodList ?? {})) {
    methods[canonicalMethodCode(code)] = { emvs: [], allows: allowsOf(Array.isArray(allows) ? allows : undefined) };
  }
  for (const [code, ids] of Object.entries(emvList ?? {})) {
    const entry = (methods[canonicalMethodCode(code)] ??= { emvs: [], allows: NO_ALLOWS });
    // The service documents 0 as "no EMV config" (01 §4.1: "at least one non-zero id").
    entry.emvs = (Array.isArray(ids) ? ids : []).filter((id) => Number(id) !== 0).map(emvName).sort();
  }
  return methods;
}

/** The normalised form → `methodList` (code → allows), JSON-encoded. */
export function methodListText(methods: MethodsMap): string {
  return JSON.stringify(Object.fromEntries(Object.entries(methods).map(([code, m]) => [code, m.allows])));
}

/** The normalised form → `emvList` (code → EMV config ids), JSON-encoded. */
export function emvListText(methods: MethodsMap, emvId: (name: string) => number): string {
  return JSON.stringify(Object.fromEntries(Object.entries(methods).map(([code, m]) => [code, m.emvs.map((name) => emvId(name))])));
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Methods as the manifest writes them: code → `{emvs}` (and `allows` when the service holds any and they can be read). */
export function manifestMethods(methods: MethodsMap, withAllows = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const code of Object.keys(methods).sort(byText)) {
    const { emvs, allows } = methods[code]!;
    out[code] = { ...(emvs.length > 0 ? { emvs: [...emvs].sort(byText) } : {}), ...(withAllows && allows.length > 0 ? { allows: [...allows] } : {}) };
  }
  return out;
}

/** The docs of a method map's entry (docs/manifest-reference.md, section MethodEntry). */
export const METHOD_ENTRY_ON_THE_WIRE = {
  id: 'MethodEntry',
  title: 'Payment methods (methods)',
  where: "each value of a profile's or a binding's `methods`, keyed by method code",
  requests: "Inside a profile's `methodList`/`emvList`, or a binding's `paymentMethods`, under the method's two-digit code.",
  fields: {
    emvs: { sentAs: [], text: "Profile: `emvList[code]`, the EMV configs' ids. Binding: `paymentMethods[].emvs[].emvId`." },
    allows: { sentAs: [], text: 'Profile: `methodList[code]`. Binding: `paymentMethods[].allows`. Absent: an empty list.' },
  } satisfies Record<string, OnTheWire>,
} as const;
