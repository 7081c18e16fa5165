import type {
  AcquirerProfileCreate,
  AcquirerProfileUpdate,
  BindingWrite,
  ConnMessageFormat,
  DeviceCreate,
  DeviceUpdate,
  EmvConfigCreate,
  Merchant,
  MerchantCreate,
  MerchantState,
} from '../api/wire-types.js';
import type { AcquirerFields, BindingFields, DeviceFields, EmvFields, MerchantFields, MethodsMap } from '../model/state.js';
import { isPlainObject } from '../model/canonical.js';
import { isUploadedLogo, logoFingerprint, RECEIPT_LOGO_FINGERPRINT_KEY, storedLogoFingerprint } from '../model/receipt-logo.js';
import type { IdRegistry } from './id-registry.js';

/**
 * Normalised fields → request bodies: names become ids, objects become the JSON-encoded strings
 * the service expects (or stay objects where it expects objects: device create, 01 §4.5).
 */

function methodList(methods: MethodsMap): string {
  return JSON.stringify(Object.fromEntries(Object.entries(methods).map(([code, m]) => [code, m.allows])));
}

function emvList(methods: MethodsMap, ids: IdRegistry): string {
  return JSON.stringify(Object.fromEntries(Object.entries(methods).map(([code, m]) => [code, m.emvs.map((name) => ids.emv(name))])));
}

/** `params` is JSON-encoded with each value's own type: a boolean goes out as a JSON boolean, null as null. */
export function emvCreateBody(key: string, f: EmvFields): EmvConfigCreate {
  return { emvName: key, paymentMethod: f.paymentMethod, currency: f.currency, params: JSON.stringify(f.params) };
}

export function acquirerCreateBody(key: string, f: AcquirerFields, ids: IdRegistry): AcquirerProfileCreate {
  const methods = f.methods ?? {};
  return {
    profileName: key,
    currency: f.currency,
    acqType: f.acqType,
    connMessageFormat: f.connMessageFormat as ConnMessageFormat,
    methodList: methodList(methods),
    emvList: emvList(methods, ids),
    ...acquirerOptional(f),
  };
}

/**
 * PUT is partial (01 §4.1): only the fields the change writes. A renamed profile's change writes its
 * `profileName` (plan/moves.ts), which the PUT takes.
 */
export function acquirerUpdateBody(f: Partial<AcquirerFields> & { readonly profileName?: string }, ids: IdRegistry): AcquirerProfileUpdate {
  return {
    ...(f.profileName !== undefined ? { profileName: f.profileName } : {}),
    ...(f.connMessageFormat !== undefined ? { connMessageFormat: f.connMessageFormat as ConnMessageFormat } : {}),
    ...(f.methods !== undefined ? { methodList: methodList(f.methods), emvList: emvList(f.methods, ids) } : {}),
    ...acquirerOptional(f),
  };
}

function acquirerOptional(f: Partial<AcquirerFields>): AcquirerProfileUpdate {
  const out: AcquirerProfileUpdate = {};
  if (f.connUrl !== undefined) out.connUrl = f.connUrl;
  if (f.notifyUrl !== undefined) out.notifyUrl = f.notifyUrl;
  if (f.connExtraParams !== undefined) out.connExtraParams = JSON.stringify(f.connExtraParams);
  if (f.enablerMsgFormat !== undefined) out.enablerMsgFormat = f.enablerMsgFormat;
  if (f.enablerParams !== undefined) out.enablerParams = f.enablerParams.join(',');
  if (f.asDefault !== undefined) out.asDefault = f.asDefault;
  if (f.asSettleBlock !== undefined) out.asSettleBlock = f.asSettleBlock;
  return out;
}

const MERCHANT_WRITABLE = [
  'mchName', 'currency', 'contactName', 'contactEmail', 'mcc', 'region', 'timeZone', 'country', 'transType', 'contactPhone',
  'contactAddress', 'receiptLogo', 'receiptInfo', 'state', 'providerReference', 'passcode', 'mdr', 'merchantType', 'additionalData',
] as const;

/**
 * The merchant PUT replaces every profile field (01 §4.3), so the body starts from the live record
 * and overlays what the manifest sets: a field the manifest leaves out keeps its live value. The
 * providerReference is always `ref`, the change's key: a renamed merchant's (`moved:`) is written so.
 */
export function merchantBody(ref: string, f: MerchantFields, liveRecord?: Merchant): MerchantCreate {
  const body: Record<string, unknown> = {};
  if (liveRecord !== undefined) {
    for (const field of MERCHANT_WRITABLE) {
      const value = liveRecord[field];
      if (value !== undefined && value !== null) body[field] = value;
    }
  }
  for (const [field, value] of Object.entries(f)) if (value !== undefined) body[field] = value;
  body['providerReference'] = ref;
  if (body['state'] !== undefined) body['state'] = Number(body['state']) as MerchantState;
  const additionalData = withLogoFingerprint(body['receiptLogo'], f, liveRecord);
  if (additionalData !== undefined) body['additionalData'] = additionalData;
  return body as unknown as MerchantCreate;
}

/**
 * The merchant's additionalData with paycfg's receipt logo fingerprint right (see
 * model/receipt-logo.ts), or undefined when the body's additionalData needs no change:
 * - uploaded content is sent: its SHA-256 is written, so that the next plan sees what was uploaded.
 *   Also when the live record shows no additionalData: the PUT is a full replace, which clears an
 *   additionalData it does not carry, so the fingerprint costs nothing that the write would keep;
 * - a URL replaces the logo: the fingerprint no longer describes it and goes;
 * - otherwise the live fingerprint stays, also when the manifest's additionalData (the user's keys
 *   only) replaces the live one.
 */
function withLogoFingerprint(sentLogo: unknown, f: MerchantFields, liveRecord: Merchant | undefined): Record<string, unknown> | undefined {
  const liveData = isPlainObject(liveRecord?.additionalData) ? liveRecord.additionalData : undefined;
  const base = f.additionalData ?? liveData;
  if (isUploadedLogo(sentLogo)) return { ...(base ?? {}), [RECEIPT_LOGO_FINGERPRINT_KEY]: logoFingerprint(sentLogo) };
  const stored = storedLogoFingerprint(liveData);
  if (stored === undefined) return undefined;
  const replaced = f.receiptLogo !== undefined && f.receiptLogo !== liveRecord?.receiptLogo;
  if (replaced) {
    const { [RECEIPT_LOGO_FINGERPRINT_KEY]: _stale, ...rest } = base ?? {};
    return rest;
  }
  return f.additionalData === undefined ? undefined : { ...f.additionalData, [RECEIPT_LOGO_FINGERPRINT_KEY]: stored };
}

export function bindingBody(f: BindingFields, ids: IdRegistry, liveMid?: string): BindingWrite {
  const mid = f.mid ?? liveMid;
  return {
    acquirerProfileId: String(ids.profile(f.acquirer)),
    currency: f.currency,
    ...(mid !== undefined ? { mid } : {}),
    paymentMethods: Object.entries(f.methods ?? {}).map(([code, m]) => ({
      paymentMethodCode: code,
      allows: [...m.allows],
      emvs: m.emvs.map((name) => ({ emvId: ids.emv(name) })),
    })),
  };
}

function extAcquirers(fields: Record<string, Record<string, string>>, ids: IdRegistry): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(fields).map(([profile, values]) => [String(ids.profile(profile)), values]));
}

export function deviceCreateBody(mchId: string, f: DeviceFields, ids: IdRegistry): DeviceCreate {
  return {
    mchId,
    deviceAlias: f.deviceAlias,
    ...(f.deviceName !== undefined ? { deviceName: f.deviceName } : {}),
    ...(f.deviceType !== undefined ? { deviceType: f.deviceType } : {}),
    ...(f.operatingMode !== undefined ? { operatingMode: f.operatingMode } : {}),
    ...(f.methods !== undefined ? { methodList: f.methods.join(',') } : {}),
    ...(f.deviceAdmin !== undefined ? { deviceAdmin: f.deviceAdmin } : {}),
    ...(f.acquirerFields !== undefined ? { extParams: { acquirers: extAcquirers(f.acquirerFields, ids) } } : {}),
    ...(f.emvParams !== undefined ? { emvParams: f.emvParams } : {}),
  };
}

/**
 * Device PUT is explicit-write (01 §4.5): only the fields the change writes are sent, objects as
 * JSON strings. Keys of extParams other than `acquirers` are the service's and are kept.
 */
export function deviceUpdateBody(f: Partial<DeviceFields>, ids: IdRegistry, liveExtParams: Record<string, unknown> | undefined): DeviceUpdate {
  const body: DeviceUpdate = {};
  if (f.deviceAlias !== undefined) body.deviceAlias = f.deviceAlias;
  if (f.deviceName !== undefined) body.deviceName = f.deviceName;
  if (f.deviceType !== undefined) body.deviceType = f.deviceType;
  if (f.operatingMode !== undefined) body.operatingMode = f.operatingMode;
  if (f.methods !== undefined) body.methodList = f.methods.join(',');
  if (f.deviceAdmin !== undefined) body.deviceAdmin = f.deviceAdmin;
  if (f.acquirerFields !== undefined) body.extParams = JSON.stringify({ ...(liveExtParams ?? {}), acquirers: extAcquirers(f.acquirerFields, ids) });
  if (f.emvParams !== undefined) body.emvParams = JSON.stringify(f.emvParams);
  return body;
}
