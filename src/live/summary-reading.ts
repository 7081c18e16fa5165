import type { BindingFields, LiveResource, MethodsMap } from '../model/state.js';
import { fieldsOfKind } from '../kinds/of-kind.js';
import { READINGS, type RecordedReading, type SummaryLists } from '../service-record/types.js';

/**
 * Whose lists a merchant's acquirers[] summary carries. The reference (01 §2.1) gives `methodList`
 * and `emvList` per bound profile, but not whether they are the binding's own methods and EMV ids
 * (the "binding reading") or the bound profile's methodList and emvList (the "profile reading").
 * Under the profile reading the summary still lists every binding, one item per (profile,
 * currency), but says nothing of its methods: a binding that binds part of its profile would look
 * whole, and one that lost a method behind paycfg's back would look unchanged.
 *
 * The rule, decided per run from what the run reads anyway (the profile list and the merchant list)
 * and at most one read more:
 *
 * 1. An item whose lists differ from the lists of its profile as listed (another method set, other
 *    EMV ids, other allows; compared normalised, as the diff compares) is a candidate: it cannot be
 *    the profile's lists, unless the profile was edited between the two reads (they run at once).
 *    So the first candidate is checked against its merchant's binding records, the one extra read:
 *    when the record of the candidate's binding holds the item's methods and EMV ids, the item is
 *    the binding's lists, the service follows the binding reading, for every merchant: the summary
 *    is trusted and binding records are read only where the manifest sets `mid` (the summary has
 *    no `mid`). Otherwise (no record for it, other methods or EMV ids, a record that cannot be
 *    read) the run goes on as if there were no candidate.
 * 2. Without proof, every item may be its profile's lists. The binding reading would mean that
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
 * A binding's `allows` is in no binding record: only a proven summary shows it. Without proof it is
 * write-only for the run (plan/binding-allows.ts): sent with every create and update of the binding,
 * never compared.
 *
 * With a service record (service-record/, written by `paycfg probe`), the reading is the
 * service's, learnt once against a group where writes are acceptable, not this group's: the run is
 * told it (ReadOptions.recorded) and neither rule decides it.
 *
 * - `binding` recorded: the summary is trusted as under proof. Binding records are read only for
 *   `mid` (export reads them all anyway), and `allows` are known.
 * - `profile` recorded: the summary is never trusted for methods. Rule 2's reads, `allows`
 *   write-only, as without proof; rule 2's reads do not wait for the candidate's.
 *
 * The group's own evidence is still checked against the record: the first candidate's records
 * are read (rule 1's one read), and every binding record the run reads (the candidate's, for
 * `mid`, rule 2's, export's) is compared with its merchant's summary items (recordContradiction).
 * Under `binding`, an item whose record does not hold its methods and EMV ids shows the profile's
 * lists; under `profile`, a candidate whose record holds them shows the binding's. Either refuses
 * the run before anything is planned (ServiceRecordContradictedError: the record file, the
 * merchant, the binding, the lists). A plan made on a wrong `binding` record would hide what rule 2
 * is there to see; on a wrong `profile` record it would only cost reads, but the record would be
 * as wrong for every other group. A profile or binding edited between the reads looks the same,
 * so the refusal says to run again before establishing the record again.
 *
 * What a record cannot be checked with: a group where every binding binds its whole profile, and
 * none sets `mid`, offers no evidence either way (no item differs from its profile, and under a
 * `binding` record no binding record is read). A wrong `binding` record then goes unseen in that
 * group, and its plans trust the profile's lists: a binding that loses a method behind paycfg's
 * back shows no change until the group offers evidence (a `mid`, a binding of part of its
 * profile, an export) or the record is established again. That is the price of the reads the
 * record saves: it must come from the service itself (`paycfg probe`), and be established again
 * when the service changes. A wrong `profile` record in such a group costs rule 2's reads, nothing
 * more.
 *
 * A group on the legacy API has no acquirers[] summary of the service's: paycfg builds one from the
 * merchant's methods and the profiles' lists (kinds/merchant.legacy.ts), as it builds the binding
 * records, so the service's reading does not apply there and its runs read as without a record.
 *
 * Cost in reads, beyond the merchants whose manifest sets `mid`: one (the candidate's records,
 * none more when they are read anyway) when some merchant of the group (in the manifest or not)
 * binds anything but its whole profile; otherwise, or when the check fails, one binding-record list
 * per merchant of rule 2 (per managed merchant with bindings, in a plan that deletes nothing). A
 * group where every binding binds its whole profile pays the second, whichever reading the
 * service follows, unless a `binding` record says which: then none (the benchmark's unchanged
 * 2,000-merchant group: 2,004 requests, not 4,004). Under a `binding` record the candidate's one
 * read remains; under a `profile` record rule 2's reads, and the candidate's when its merchant is
 * not among them.
 *
 * What the rule does not cover: a profile edited while the plan reads, when the candidate's binding
 * binds the whole profile as it was before the edit: its record then equals the item of the profile
 * reading, which looks like proof for that run. A candidate that differs from its profile in
 * `allows` only is checked only as far as a record goes (its methods and EMV ids). Merchants without
 * a providerReference are never read: their items name the profiles they hold (right under both
 * readings) and EMV configs (right under the binding reading only) for deletes the service would
 * refuse.
 */
export interface SummaryReading {
  /**
   * The item that showed the binding reading (rule 1), checked against its binding record, or
   * undefined when the run saw none (rule 2). Named for the plan's callers and tests; the proof
   * holds for the whole service.
   */
  readonly proof: SummaryItem | undefined;
  /**
   * The service record's reading, when the run used it (with the file it came from) rather than
   * what the group shows; undefined when the run had no record, or its group is on the legacy API
   * (whose summary paycfg builds itself from the merchant's methods: no record applies to it).
   * With `binding` recorded, `proof` may still name an item the group proves it with.
   */
  readonly recorded?: RecordedReading;
}

/** One summary item: the merchant (by mchId) and the binding's key. */
export interface SummaryItem {
  readonly mchId: string;
  readonly binding: string;
}

/** An item that differs from its profile (rule 1), with its lists, to be checked against its binding record. */
export interface SummaryCandidate extends SummaryItem {
  readonly methods: MethodsMap;
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
export function summaryCandidate(profiles: ReadonlyMap<string, MethodsMap>, merchants: Iterable<SummarisedMerchant>): SummaryCandidate | undefined {
  for (const merchant of merchants) {
    for (const binding of merchant.bindings) {
      const fields = fieldsOfKind(binding, 'binding');
      const profile = profiles.get(fields.acquirer);
      const methods = fields.methods ?? {};
      if (profile !== undefined && !sameMethods(methods, profile, true)) return { mchId: merchant.mchId, binding: binding.key, methods };
    }
  }
  return undefined;
}

/**
 * The reading a candidate shows once its merchant's binding records are read (`records`: the
 * bindings made from those records alone; undefined when they could not be read): proof when the
 * candidate's binding record holds the item's methods and EMV ids.
 */
export function checkedReading(candidate: SummaryCandidate | undefined, records: readonly LiveResource[] | undefined): SummaryReading {
  if (candidate === undefined || records === undefined) return { proof: undefined };
  const record = records.find((binding) => binding.key === candidate.binding);
  const methods = (record?.fields as BindingFields | undefined)?.methods;
  if (methods === undefined || !sameMethods(methods, candidate.methods, false)) return { proof: undefined };
  return { proof: { mchId: candidate.mchId, binding: candidate.binding } };
}

/** A summary item that reads otherwise than a service record says, with what shows it. */
export interface Contradiction {
  /** The summary item (methods with allows, as the acquirers[] summary gives them). */
  readonly item: LiveResource;
  /** The methods and EMV configs of the item's binding, as its binding record gives them (no allows). */
  readonly record: MethodsMap;
  /** The bound profile's methods as the profile list gives them; undefined when it does not list the profile. */
  readonly profile: MethodsMap | undefined;
}

/**
 * Checks one merchant's summary items against its binding records under a recorded reading
 * (`summary`: its bindings as the summary alone gives them; `records`: as the records alone give
 * them). Under `binding`, an item must hold its record's methods and EMV configs: one that does
 * not shows the profile's lists. Under `profile`, an item that differs from its profile (rule 1's
 * candidate) and holds its record's lists shows the binding's own. Items without a record, and
 * records without an item (made or deleted between the reads), show nothing either way.
 */
export function recordContradiction(
  recorded: SummaryLists,
  profiles: ReadonlyMap<string, MethodsMap>,
  summary: readonly LiveResource[],
  records: readonly LiveResource[],
): Contradiction | undefined {
  const byKey = new Map(records.map((record) => [record.key, record]));
  for (const item of summary) {
    const record = byKey.get(item.key);
    if (record === undefined) continue;
    const fields = fieldsOfKind(item, 'binding');
    const methods = fields.methods ?? {};
    const recordMethods = (record.fields as BindingFields).methods ?? {};
    const profile = profiles.get(fields.acquirer);
    const holds = sameMethods(recordMethods, methods, false);
    const contradicts = READINGS[recorded].trustsSummary ? !holds : holds && profile !== undefined && !sameMethods(methods, profile, true);
    if (contradicts) return { item, record: recordMethods, profile };
  }
  return undefined;
}

/** When a merchant's binding records are read: whatever the run saw, only without proof of the binding reading, or not at all. */
export type RecordsNeed = 'always' | 'without-proof' | 'never';

/**
 * When a merchant's binding records must be read: always for its `mid` (a managed merchant whose
 * manifest sets one); without proof of the binding reading, because the plan shows its bindings and
 * its summary may hide what they bind (rule 2).
 */
export function bindingRecordsNeed(merchant: { readonly setsMid: boolean; readonly bindingsShown: boolean; readonly hasBindings: boolean }): RecordsNeed {
  if (merchant.setsMid) return 'always';
  return merchant.bindingsShown && merchant.hasBindings ? 'without-proof' : 'never';
}

/**
 * Two normalised method maps (EMV names sorted by the normaliser) hold the same methods and EMV
 * configs, and, when `allows` is set, the same allows (a binding record has none).
 */
function sameMethods(a: MethodsMap, b: MethodsMap, allows: boolean): boolean {
  const codes = Object.keys(a);
  if (codes.length !== Object.keys(b).length) return false;
  for (const code of codes) {
    const x = a[code]!;
    const y = b[code];
    if (y === undefined || !sameList(x.emvs, y.emvs) || (allows && !sameList(x.allows, y.allows))) return false;
  }
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
