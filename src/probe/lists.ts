/**
 * Methods and EMV ids as the probe compares them: a profile's methodList/emvList, a summary item's
 * (the same two JSON-encoded fields) and a binding record's paymentMethods, each made into one
 * form (EmvIdsByMethod: canonical method code → sorted EMV ids, 0 dropped), the form the record's
 * evidence keeps. `allows` is left out: no binding record carries it, so it proves nothing here.
 */
import type { AcquirerProfile, BindingRecord, MerchantAcquirerSummary } from '../api/wire-types.js';
import { jsonObject } from '../kinds/live-values.js';
import { canonicalMethodCode } from '../model/canonical.js';
import type { EmvIdsByMethod } from '../service-record/types.js';

/** A profile's lists, or a summary item's: `methodList` names the methods, `emvList` their EMV ids. */
export function listsOfFields(methodList: unknown, emvList: unknown, where: string): EmvIdsByMethod {
  const methods = jsonObject(methodList, `methodList of ${where}`) ?? {};
  const emvs = jsonObject(emvList, `emvList of ${where}`) ?? {};
  const lists: Record<string, number[]> = {};
  for (const code of Object.keys(methods)) lists[canonicalMethodCode(code)] = [];
  for (const [code, ids] of Object.entries(emvs)) {
    const key = canonicalMethodCode(code);
    // An EMV id for a method the methodList lacks is still read: the comparison then shows it.
    lists[key] = [...(lists[key] ?? []), ...(Array.isArray(ids) ? ids.map(Number) : [])];
  }
  return normalised(lists);
}

export function profileLists(profile: AcquirerProfile): EmvIdsByMethod {
  return listsOfFields(profile.methodList, profile.emvList, `acquirer profile ${profile.profileName} (${profile.profileId})`);
}

export function summaryItemLists(item: MerchantAcquirerSummary, mchId: string): EmvIdsByMethod {
  return listsOfFields(item.methodList, item.emvList, `merchant ${mchId}'s acquirers[] item for profile ${String(item.profileId)}`);
}

export function bindingRecordLists(record: BindingRecord): EmvIdsByMethod {
  const lists: Record<string, number[]> = {};
  for (const method of record.paymentMethods ?? []) {
    const key = canonicalMethodCode(method.paymentMethodCode);
    lists[key] = [...(lists[key] ?? []), ...(method.emvs ?? []).map((emv) => Number(emv.emvId))];
  }
  return normalised(lists);
}

/** Methods in code order, each with its EMV ids sorted, once each, without the "no EMV config" 0 (01 §4.1). */
function normalised(lists: Readonly<Record<string, readonly number[]>>): EmvIdsByMethod {
  const out: Record<string, number[]> = {};
  for (const code of Object.keys(lists).sort()) {
    out[code] = [...new Set(lists[code]!.filter((id) => Number.isFinite(id) && id !== 0))].sort((a, b) => a - b);
  }
  return out;
}

export function sameLists(a: EmvIdsByMethod, b: EmvIdsByMethod): boolean {
  const codes = Object.keys(a);
  if (codes.length !== Object.keys(b).length) return false;
  return codes.every((code) => {
    const x = a[code]!;
    const y = b[code];
    return y !== undefined && x.length === y.length && x.every((id, index) => id === y[index]);
  });
}

/** `01 [11, 12], 02 [13]`, or `nothing` for a binding of no method. */
export function listsText(lists: EmvIdsByMethod): string {
  const codes = Object.keys(lists);
  if (codes.length === 0) return 'nothing';
  return codes.map((code) => `${code} [${lists[code]!.join(', ')}]`).join(', ');
}
