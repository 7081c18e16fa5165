import type { AcquirerProfile, BindingRecord, Device, EmvConfig, Merchant } from '../../src/api/wire-types.js';
import type { WireSnapshot } from '../../src/live/normalise-live.js';
import { driftedMerchantIndexes, type GroupSpec, type MerchantSpec } from './group-shape.js';

/**
 * The wire records the simulator answers for a group that matches the manifest (same shapes,
 * server defaults and JSON-encoded strings as the simulator's own answers), built in memory so
 * that planning can be measured at any size without a single request. With `drift`, 1% of the
 * merchants look as the live drift of drift.ts leaves them.
 */
export interface SyntheticWireOptions {
  readonly drift: boolean;
  readonly deviceAdmin: string;
}

const TIMESTAMP = '2026-01-01T00:00:00+0000';
const DEFAULT_EMV_PARAMS = {
  emvFlags: 'VMAUJDP',
  netDExReaderCapability: '18000',
  netDFloorLimit: '00000100',
  netDReaderCapability: 'C3',
  terminalCapability: '0068C8',
  terminalType: '21',
};
export const DRIFTED_CONTACT = 'Changed Behind paycfg';
export const DRIFTED_DEVICE_NAME = 'Renamed behind paycfg';

const json = (value: unknown): string => JSON.stringify(value);

export function syntheticWireSnapshot(spec: GroupSpec, options: SyntheticWireOptions): WireSnapshot {
  const groupId = 'G-99999999';
  let nextId = 1001;
  const emvIds = new Map<string, number>();
  const emvConfigs: EmvConfig[] = spec.emvConfigs.map((e) => {
    const id = nextId++;
    emvIds.set(e.emvName, id);
    return { id, groupId, emvName: e.emvName, paymentMethod: e.paymentMethod, currency: e.currency, params: json(e.params), createdAt: TIMESTAMP, updatedAt: TIMESTAMP };
  });
  const profileIds = new Map<string, number>();
  const emvListOf = (methods: Readonly<Record<string, readonly string[]>>): string =>
    json(Object.fromEntries(Object.entries(methods).map(([code, names]) => [code, names.map((n) => emvIds.get(n)!)])));
  const methodListOf = (methods: Readonly<Record<string, readonly string[]>>): string => json(Object.fromEntries(Object.keys(methods).map((code) => [code, []])));
  const acquirerProfiles: AcquirerProfile[] = spec.profiles.map((p) => {
    const profileId = nextId++;
    profileIds.set(p.profileName, profileId);
    return {
      profileId,
      groupId,
      profileName: p.profileName,
      currency: p.currency,
      acqType: 'card',
      asDefault: false,
      asSettleBlock: false,
      connUrl: `https://${p.profileName}.acquirer.example/iso`,
      connMessageFormat: 'HOSTA_8583',
      enablerParams: 'tid,mid',
      methodList: methodListOf(p.methods),
      emvList: emvListOf(p.methods),
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
    };
  });

  const drifted = new Set(options.drift ? driftedMerchantIndexes(spec.merchants.length) : []);
  const merchants: Merchant[] = [];
  const bindings = new Map<string, readonly BindingRecord[]>();
  const devices = new Map<string, readonly Device[]>();
  spec.merchants.forEach((m, index) => {
    const mchId = `M${String(100_000_000_000 + index)}`;
    const drift = drifted.has(index);
    const boundMethods = m.bindings.map((b, s) => (drift && s === 0 ? firstMethodOnly(b.methods) : b.methods));
    merchants.push(merchantRecord(m, mchId, groupId, drift, boundMethods, profileIds, methodListOf, emvListOf));
    if (spec.size.withMid) {
      bindings.set(
        mchId,
        m.bindings.map((b, s) => ({
          merchantId: mchId,
          acquirerProfileId: String(profileIds.get(b.acquirer)),
          acquirerProfileName: b.acquirer,
          acqType: 'card',
          currency: b.currency,
          ...(b.mid !== undefined ? { mid: b.mid } : {}),
          paymentMethods: Object.entries(boundMethods[s]!).map(([code, names]) => ({
            paymentMethodCode: code,
            paymentMethodName: `NETWORK_${code}`,
            displayName: `NETWORK_${code}`,
            paymentType: 'card',
            emvs: names.map((n) => ({ emvId: emvIds.get(n)!, emvName: n })),
          })),
        })),
      );
    }
    devices.set(
      mchId,
      m.devices.map((d, i) => ({
        deviceId: `CD-${String(100_000_000_000 + index * 10 + i)}`,
        deviceType: 'COTS',
        deviceStatus: 0,
        deviceUpdate: 0,
        uuid: `00000000-0000-4000-8000-${String(index * 10 + i).padStart(12, '0')}`,
        deviceAlias: d.deviceAlias,
        deviceName: drift && i === 0 ? DRIFTED_DEVICE_NAME : d.deviceName,
        deviceAdmin: options.deviceAdmin,
        deviceToken: json({ activationCode: String(100_000_000_000 + index * 10 + i) }),
        methodList: d.methods.join(','),
        groupId,
        profileId: m.bindings[0] === undefined ? null : String(profileIds.get(m.bindings[0].acquirer)),
        emvParams: json({ ...DEFAULT_EMV_PARAMS, ...d.emvParams }),
        extParams: json({ acquirers: Object.fromEntries(Object.entries(d.acquirerFields).map(([name, fields]) => [String(profileIds.get(name)), fields])) }),
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      })),
    );
  });
  return { emvConfigs, acquirerProfiles, merchants, bindings, devices };
}

function firstMethodOnly(methods: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, readonly string[]>> {
  const [first] = Object.entries(methods);
  return first === undefined ? {} : { [first[0]]: first[1] };
}

function merchantRecord(
  m: MerchantSpec,
  mchId: string,
  groupId: string,
  drift: boolean,
  boundMethods: readonly Readonly<Record<string, readonly string[]>>[],
  profileIds: ReadonlyMap<string, number>,
  methodListOf: (methods: Readonly<Record<string, readonly string[]>>) => string,
  emvListOf: (methods: Readonly<Record<string, readonly string[]>>) => string,
): Merchant {
  return {
    mchId,
    id: mchId,
    uuid: `00000000-0000-4000-9000-${mchId.slice(1).padStart(12, '0')}`,
    groupId,
    mchName: m.mchName,
    currency: m.currency,
    mcc: m.mcc,
    country: m.country,
    timeZone: 'UTC',
    contactName: drift ? DRIFTED_CONTACT : m.contactName,
    contactEmail: m.contactEmail,
    receiptLogo: 'https://static.example.com/receipt/default-logo.png',
    state: 1,
    providerReference: m.providerReference,
    supportedPayments: [...new Set(boundMethods.flatMap((methods) => Object.keys(methods)))].sort(),
    hasKioskTerminal: false,
    acquirers: m.bindings.map((b, s) => ({
      profileId: profileIds.get(b.acquirer)!,
      profileName: b.acquirer,
      currency: b.currency,
      acqType: 'card',
      methodList: methodListOf(boundMethods[s]!),
      emvList: emvListOf(boundMethods[s]!),
    })),
    createdBy: 'openapi',
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  };
}
