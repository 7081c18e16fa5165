import type { BindingFields, LiveResource, MethodsMap } from '../model/state.js';

/**
 * Whose lists a merchant's acquirers[] summary carries. The reference (01 §2.1) gives `methodList`
 * and `emvList` per bound profile, but not whether they are the binding's own methods and EMV ids
 * (the "binding reading") or the bound profile's methodList and emvList (the "profile reading").
 * Under the profile reading the summary still lists every binding, one item per (profile,
 * currency), but says nothing of its methods: a binding that binds part of its profile would look
 * whole, and one that lost a method behind paycfg's back would look unchanged.
 *
 * The rule, decided per run from what the run reads anyway (the profile list and the merchant list):
 *
 * 1. An item whose lists differ from the lists of its profile as listed (another method set, other
 *    EMV ids, other allows; compared normalised, as the diff compares) cannot be the profile's lists,
 *    so the service follows the binding reading, for every merchant: the summary is trusted and
 *    binding records are read only where the manifest sets `mid` (the summary has no `mid`).
 * 2. Without such an item every item equals its profile's lists. The binding reading then means that
 *    every binding binds its whole profile; the profile reading means nothing about any binding. No
 *    read tells the two apart: under the binding reading every binding record equals its item, and
 *    under the profile reading a binding may equal its profile too. A record that differs from its
 *    item would prove the profile reading, but proving it changes nothing (the records are needed
 *    either way), and a record that equals its item proves nothing. So the binding records are read
 *    of every merchant whose summary lists at least one binding (a merchant without items has no
 *    binding under either reading) and whose bindings the plan shows: the merchants of the manifest
 *    whose `bindings` it manages (only then is a subset binding, or a lost method, seen), the
 *    merchants prune deletes with their bindings, and, when the plan may delete or replace an EMV
 *    config, every merchant (the bindings that use it block the delete, and under the profile
 *    reading their items name the profile's EMV configs, not theirs).
 *
 * Cost in reads, beyond the merchants whose manifest sets `mid`: none when some merchant of the
 * group (in the manifest or not) binds anything but its whole profile; otherwise one binding-record
 * list per merchant of rule 2 (per managed merchant with bindings, in a plan that deletes nothing).
 * A group where every binding binds its whole profile pays the second, whichever reading the
 * service follows.
 *
 * What the rule does not cover: a profile edited while the plan reads can make an item of the
 * profile reading differ from the profile list read beside it, which looks like proof for that run.
 * Merchants without a providerReference are never read: their items name the profiles they hold
 * (right under both readings) and EMV configs (right under the binding reading only) for deletes
 * the service would refuse. A binding's `allows` is in no binding record: without proof it is taken
 * from the item, which under the profile reading holds the profile's.
 */
export interface SummaryReading {
  /**
   * The item that showed the binding reading (rule 1), or undefined when the run saw none (rule 2).
   * Named for the plan's callers and tests; the proof holds for the whole service.
   */
  readonly proof: { readonly mchId: string; readonly binding: string } | undefined;
}

/** The summary's bindings of one merchant with a providerReference, before any binding record is read. */
export interface SummarisedMerchant {
  readonly mchId: string;
  readonly bindings: readonly LiveResource[];
}

/**
 * Looks for an item that differs from its profile (rule 1). `profiles` holds each listed profile's
 * methods by name; an item of a profile the list does not hold (made between the two reads) proves
 * nothing.
 */
export function summaryReading(profiles: ReadonlyMap<string, MethodsMap>, merchants: Iterable<SummarisedMerchant>): SummaryReading {
  for (const merchant of merchants) {
    for (const binding of merchant.bindings) {
      const fields = binding.fields as BindingFields;
      const profile = profiles.get(fields.acquirer);
      if (profile !== undefined && !sameMethods(fields.methods ?? {}, profile)) return { proof: { mchId: merchant.mchId, binding: binding.key } };
    }
  }
  return { proof: undefined };
}

/**
 * Whether a merchant's binding records must be read: for its `mid` (a managed merchant whose manifest
 * sets one), or, without proof of the binding reading, because the plan shows its bindings and its
 * summary may hide what they bind (rule 2).
 */
export function bindingRecordsNeeded(
  reading: SummaryReading,
  merchant: { readonly setsMid: boolean; readonly bindingsShown: boolean; readonly hasBindings: boolean },
): boolean {
  return merchant.setsMid || (reading.proof === undefined && merchant.bindingsShown && merchant.hasBindings);
}

/** Two normalised method maps (EMV names sorted by the normaliser) hold the same methods, EMV configs and allows. */
function sameMethods(a: MethodsMap, b: MethodsMap): boolean {
  const codes = Object.keys(a);
  if (codes.length !== Object.keys(b).length) return false;
  for (const code of codes) {
    const x = a[code]!;
    const y = b[code];
    if (y === undefined || !sameList(x.emvs, y.emvs) || !sameList(x.allows, y.allows)) return false;
  }
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
