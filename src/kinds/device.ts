/**
 * Devices (API 01 §2.6, §2.7, §4.5): an activation code, which becomes an activated terminal.
 * Written inside a merchant's entry; keyed by merchant and deviceAlias (the legacy API's
 * activateCodeAlias). A PUT writes only what changes.
 */
import { z } from 'zod';
import type { IdRegistry } from '../apply/id-registry.js';
import { VALUE } from '../manifest/issue-text.js';
import { canonicalMethodCode, isPlainObject, sortKeys } from '../model/canonical.js';
import type { Scalar } from '../model/state.js';
import { deviceKey } from './addresses.js';
import { parsedJson } from './codecs.js';
import {
  field,
  idsIn,
  legacyOnly,
  objectSchema,
  requiredField,
  text,
  wire,
  wireOnly,
  type LegacyRecordOf,
  type OnTheWire,
  type StateFieldsOf,
  type WireRecordOf,
} from './field-facts.js';
import { defineKind } from './kind-module.js';
import { present } from './live-values.js';
import { digits, fieldNameSchema, keySchema, nameSchema, paymentMethodCodeSchema, strictEntry, uniqueList } from './manifest-values.js';

/**
 * The manifest's name of a terminal EMV parameter: the reference's `netD<X>` and the real
 * documentation's `amex<X>` name the same parameter (network D is AMEX, code 04), and the service
 * takes both; the manifest writes the reference's.
 */
export function emvParamName(key: string): string {
  return key.startsWith('amex') && key.length > 4 ? `netD${key.slice(4)}` : key;
}

/**
 * A terminal's EMV parameters as the state holds them: each `amex<X>` the service answered (the
 * legacy view does) under its manifest name `netD<X>`, with the value it answered, so that the two
 * compare as one key, a plan shows one name, and an export writes the value under a name the
 * manifest accepts. A record that holds both names keeps both: its `netD<X>` is the one compared.
 */
export function manifestEmvParams(params: Record<string, Scalar> | undefined): Record<string, Scalar> | undefined {
  if (params === undefined) return undefined;
  let out: Record<string, Scalar> | undefined;
  for (const key of Object.keys(params)) {
    const name = emvParamName(key);
    if (name === key || Object.hasOwn(params, name)) continue;
    out ??= { ...params };
    delete out[key];
    out[name] = params[key]!;
  }
  return out ?? params;
}

/** 0 Inactive, 1 Active, 2 Logout, 3 Decommission. */
export type DeviceStatus = 0 | 1 | 2 | 3;

/** A reader capability: the service answers it as text or as a number. */
const readerCapability = () => z.union([z.string(), z.number()], { error: `expected a string or number, got ${VALUE}` }).optional();

export const deviceEmvParamsSchema = strictEntry({
  netDFloorLimit: digits(8).optional().describe('Network D (code 04) floor limit, 8 digits.'),
  terminalCountryCode: digits(4).optional().describe('Terminal country code, 4 digits (ISO 3166 numeric), e.g. "0840".'),
  txnCurrencyCode: digits(4).optional().describe('Transaction currency code, 4 digits (ISO 4217 numeric), e.g. "0840".'),
  netDExReaderCapability: readerCapability().describe('Network D extended reader capability.'),
  netDReaderCapability: z.string().optional().describe('Network D reader capability.'),
  terminalType: z.string().optional().describe('Terminal type.'),
  terminalCapability: z
    .string()
    .regex(/^[0-9A-Fa-f]+$/, { error: `${VALUE} is not hexadecimal` })
    .optional()
    .describe('Terminal capability, hexadecimal.'),
  emvFlags: z.string().optional().describe('EMV flags.'),
  // The real documentation's names of the netD… parameters (network D is AMEX): a manifest may use either, not both.
  amexFloorLimit: digits(8).optional().describe('netDFloorLimit as the real documentation names it.'),
  amexExReaderCapability: readerCapability().describe('netDExReaderCapability as the real documentation names it.'),
  amexReaderCapability: z.string().optional().describe('netDReaderCapability as the real documentation names it.'),
})
  .superRefine((params, ctx) => {
    for (const key of Object.keys(params)) {
      const name = emvParamName(key);
      if (name !== key && Object.hasOwn(params, name)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `names the same parameter as ${name}: write one of the two` });
      }
    }
  })
  .meta({ id: 'DeviceEmvParams', description: 'EMV parameters of the device (API 01 §2.7).' });

/** The flat acquirer fields of a legacy device (2.4); `jwtSecret` is a secret. */
export interface LegacyDeviceExtParams {
  subMid?: string;
  clientId?: string;
  jwtSecret?: string;
  acqMid?: string;
  subTid?: string;
  mid?: string;
  acqTid?: string;
  [key: string]: unknown;
}

const LEGACY_EXT_PARAMS = {
  subMid: wire.text(),
  clientId: wire.text(),
  jwtSecret: wire.text(),
  acqMid: wire.text(),
  subTid: wire.text(),
  mid: wire.text(),
  acqTid: wire.text(),
};

/** A value the legacy API sends as a JSON-encoded string or as the object itself. */
const stringOrObject = <T = string | Record<string, unknown>>() => wire.schema<T>({ type: ['string', 'object'] });

/** Profile names → ids, as extParams.acquirers keys them. */
function extAcquirers(fields: Record<string, Record<string, string>>, ids: IdRegistry): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(fields).map(([profile, values]) => [String(ids.profile(profile)), values]));
}

const FACTS = {
  deviceId: wireOnly(wire.key(), { legacy: wire.key() }),
  deviceAlias: requiredField<string>()(keySchema('deviceAlias').describe('Friendly name of the device, unique per merchant; the key a live device is matched by.'), {
    key: true,
    wire: wire.text(),
    legacy: wire.text().named('activateCodeAlias'),
    // A device without an alias reads as the empty alias: it gets a key of its own (model/unkeyed-key.ts).
    codec: { live: (sent: string | null | undefined) => sent ?? '' },
  }),
  deviceName: text('Device name.', { legacy: true }),
  deviceType: text('Device type, e.g. COTS (the service\'s default).', { legacy: true }),
  operatingMode: text('Operating mode.', { legacy: true }),
  methods: field<string[]>()(
    uniqueList(paymentMethodCodeSchema, `method ${VALUE} is listed twice`)
      .optional()
      .describe('Payment method codes enabled on the device; each must be bound for the merchant. Becomes methodList.'),
    {
      wire: wire.text().named('methodList'),
      legacy: stringOrObject().named('methodList'),
      compare: 'set',
      codec: {
        desired: (codes: readonly (string | number)[]) => [...codes].map((code) => canonicalMethodCode(code)).sort(),
        live: (sent: string | null | undefined) => (present(sent) ? sent.split(',').map((code) => canonicalMethodCode(code)).sort() : undefined),
        write: (codes, _context, wireName) => ({ [wireName]: codes.join(',') }),
      },
      yaml: 'inline-codes',
      wireNote: ', the two-digit codes joined with commas',
    },
  ),
  deviceAdmin: field<string>()(z.string().optional().describe('Admin password of the device. Secret: use ${VARIABLE} and never commit the value.'), {
    wire: wire.text(),
    legacy: true,
    secret: true,
  }),
  deviceStatus: wireOnly(wire.oneOf<DeviceStatus>([0, 1, 2, 3], 'small-int').checked(), { legacy: true }),
  isDevice: wireOnly(wire.oneOf<true>([true], 'flag').checked(), { legacy: true }),
  acquirerFields: field<Record<string, Record<string, string>>>()(
    z
      .record(nameSchema(), z.record(fieldNameSchema, z.string(), { error: `expected a mapping of field name to string, got ${VALUE}` }))
      .optional()
      .describe(
        'Per-acquirer fields: profileName → {field: value} for the fields of that profile\'s enablerParams. Becomes extParams.acquirers.<profileId>.',
      ),
    {
      wire: wire.json().named('extParams'),
      legacy: wire.schema<LegacyDeviceExtParams | string>({ anyOf: [objectSchema(LEGACY_EXT_PARAMS, false), { $ref: 'common.schema.json#/$defs/jsonEncoded' }] }).named('extParams'),
      codec: {
        live: (sent, _record, context, wireName) => {
          const acquirers = parsedJson(sent, context, wireName)?.['acquirers'];
          if (!isPlainObject(acquirers)) return undefined;
          const out: Record<string, Record<string, string>> = {};
          for (const profileId in acquirers) {
            if (!Object.hasOwn(acquirers, profileId)) continue;
            const values = acquirers[profileId];
            const entry: Record<string, string> = {};
            if (isPlainObject(values)) for (const k in values) if (Object.hasOwn(values, k)) entry[k] = String(values[k]);
            out[context.profileNames.get(profileId) ?? `#${profileId}`] = entry;
          }
          return out;
        },
        // An update keeps the other keys of the live extParams: a device PUT replaces it whole.
        write: (fields, context, wireName) => ({
          [wireName]:
            context.mode === 'create'
              ? { acquirers: extAcquirers(fields, idsIn(context)) }
              : JSON.stringify({ ...(context.keep ?? {}), acquirers: extAcquirers(fields, idsIn(context)) }),
        }),
        exported: (fields) => sortKeys(fields),
      },
      onTheWire: {
        sentAs: ['extParams.acquirers.<id>'],
        text: "`extParams.acquirers.<profileId>`, keyed by the profile's id; an update keeps the other keys of the live `extParams`",
      },
      yaml: 'inline-values',
    },
  ),
  emvParams: field<Record<string, Scalar>>()(deviceEmvParamsSchema.optional(), {
    wire: wire.json(),
    legacy: stringOrObject(),
    compare: 'subset-text',
    codec: {
      // One name per parameter, the reference's, on both sides of the comparison (and in what is sent, which the service takes).
      desired: (params: Record<string, Scalar>) => manifestEmvParams(params),
      live: (sent, _record, context, wireName) => manifestEmvParams(parsedJson(sent, context, wireName) as Record<string, Scalar> | undefined),
      write: (params, context, wireName) => ({ [wireName]: context.mode === 'create' ? params : JSON.stringify(params) }),
    },
    wireNote: ', an object on create, a JSON-encoded string on update',
  }),
  createdAt: wireOnly(wire.timestamp().checked(), { legacy: wire.legacyTimestamp() }),
  deviceUpdate: wireOnly(wire.integer(), { legacy: true }),
  uuid: wireOnly(wire.text(), { legacy: true }),
  appVersion: wireOnly(wire.text(), { legacy: true }),
  deviceToken: wireOnly(wire.json(), { legacy: stringOrObject() }),
  groupId: wireOnly(wire.text(), { legacy: true }),
  profileId: wireOnly(
    wire.numericId<string | null>().describe("null while no acquirer is bound for the device's payment methods, as in the create result of section 4.5."),
    { legacy: wire.schema<string | number>({ anyOf: [{ $ref: 'common.schema.json#/$defs/numericId' }, { type: 'string' }] }) },
  ),
  activesAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
  updatedAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
  serverUrl: legacyOnly(wire.text()),
  customerId: legacyOnly(wire.text()),
  licenseId: legacyOnly(wire.text()),
  signKeyId: legacyOnly(wire.text()),
  cardBdkId: legacyOnly(wire.text()),
};

const EMV_PARAMS_ON_THE_WIRE: Record<string, OnTheWire> = Object.fromEntries(
  Object.keys(deviceEmvParamsSchema.shape).map((name) => {
    const sent = emvParamName(name);
    return [name, { sentAs: [`emvParams.${sent}`], text: sent === name ? `\`emvParams.${name}\`` : `\`emvParams.${sent}\` (the same parameter)` }];
  }),
);

export const device = defineKind({
  kind: 'device',
  label: 'device',
  plural: 'devices',
  facts: FACTS,
  moves: { form: 'device/<providerReference>/<deviceAlias>' },
  settlement: { reroutingFields: [], guardedDisposals: ['logout', 'decommission'] },
  manifest: {
    id: 'Device',
    description: 'A terminal: an activation code that becomes an activated device (API 01 §2.6, §4.5).',
    list: 'devices',
    listDescription:
      'Terminals of the merchant. Absent: not managed (left as they are). An empty list: no pending activation code is kept (pending devices are deleted), and an activated terminal goes only as prune.activatedDevices says.',
    listOnTheWire: "Not in the merchant body: `/device` requests carrying the merchant's `mchId` (below).",
    managedIn: 'managedDevices',
  },
  readIn: 'devicesRead',
  terminal: true,
  // Not in use: the service lets a profile go whatever devices name it; a replacement re-points them.
  references: [{ field: 'acquirerFields', to: 'acquirer', holds: 'keys' }],
  keyOf: (entry, merchant) => deviceKey(merchant, String(entry['deviceAlias'])),
  createBody: (_key, fields, { ids, parentId }) => deviceCreateBody(parentId, fields, ids),
  wire: {
    endpoint: 'GET /api/openapi/v1/device',
    idField: 'deviceId',
    record: {
      file: 'device',
      title: 'Device or activation code',
      description: 'Record of GET /api/openapi/v1/device and /device/{deviceId} (section 2.6). isDevice is present (true) only on an activated device, never false.',
    },
    legacy: {
      file: 'legacy-device',
      title: 'Legacy device or activation code',
      description:
        "Record of GET /api/v2/device (02, section 2.4): document 1's device with activateCodeAlias in place of deviceAlias, the key-management fields, and extParams as an object (subMid, clientId, jwtSecret, acqMid, subTid, mid, acqTid). isDevice is present (true) only on an activated device.",
    },
  },
  docs: {
    title: 'Devices (terminals)',
    where: "each item of a merchant's `devices`",
    requests: "`POST /device` (with the merchant's `mchId`), `PUT /device/{deviceId}` (only what changes)",
    example: { path: ['merchants', 0, 'devices', 0], listKey: 'devices' },
    sections: [
      {
        id: 'DeviceEmvParams',
        title: 'Device EMV parameters (emvParams)',
        where: "a device's `emvParams`",
        requests: "Inside the device's `emvParams`.",
        fields: EMV_PARAMS_ON_THE_WIRE,
      },
    ],
  },
});

export type DeviceFields = StateFieldsOf<typeof FACTS>;
export type Device = WireRecordOf<typeof FACTS>;
/** Record of GET /api/v2/device (2.4): document 1's device with `activateCodeAlias` for `deviceAlias`. */
export type LegacyDevice = LegacyRecordOf<typeof FACTS>;

/** Keys of section 2.7; the service may add others. */
export interface DeviceEmvParams {
  netDFloorLimit?: string;
  terminalCountryCode?: string;
  txnCurrencyCode?: string;
  netDExReaderCapability?: string | number;
  netDReaderCapability?: string;
  terminalType?: string;
  terminalCapability?: string;
  emvFlags?: string;
  /** The real documentation's names of the netD… keys (the legacy view answers them); the service takes both. */
  amexFloorLimit?: string;
  amexExReaderCapability?: string | number;
  amexReaderCapability?: string;
  [key: string]: unknown;
}

export interface DeviceExtParams {
  acquirers?: Record<string, Record<string, string>>;
  [key: string]: unknown;
}

/** POST takes extParams and emvParams as objects (PUT takes them JSON-encoded). */
export interface DeviceCreate {
  mchId: string;
  deviceAlias?: string;
  deviceName?: string;
  deviceType?: string;
  operatingMode?: string;
  /** Comma-separated payment method codes. */
  methodList?: string;
  deviceAdmin?: string;
  extParams?: DeviceExtParams;
  emvParams?: DeviceEmvParams;
}

/** Explicit-write update: an omitted field stays, a field sent as null is cleared. */
export interface DeviceUpdate {
  deviceAlias?: string | null;
  deviceName?: string | null;
  deviceType?: string | null;
  operatingMode?: string | null;
  methodList?: string | null;
  deviceAdmin?: string | null;
  /** JSON-encoded string. */
  extParams?: string | null;
  /** JSON-encoded string. */
  emvParams?: string | null;
}

/** A legacy device's `methodList`: `all` or a method code → the acquirer's `tid` and `mid` for it. */
export type LegacyDeviceMethodList = Record<string, { tid?: string; mid?: string; [field: string]: string | undefined }>;

/**
 * POST /api/v2/device. The client sends `mchId` and `activateCodeAlias` (the reference table's
 * names); `methodList`, `extParams` and `emvParams` go as objects, as the public client sends them
 * (a string is sent as it is).
 */
export interface LegacyDeviceCreate {
  mchId: string;
  activateCodeAlias: string;
  deviceType: string;
  deviceName?: string;
  deviceAdmin?: string;
  operatingMode?: string;
  emvParams?: Record<string, unknown>;
  /** `{all: {tid, mid}}` or per method code. */
  methodList?: LegacyDeviceMethodList | string;
  /** The flat fields of 2.4. */
  extParams?: LegacyDeviceExtParams | string;
}

/** PUT /api/v2/device/{deviceId}: every field optional, objects sent as objects; null clears a field. */
export interface LegacyDeviceUpdate {
  deviceType?: string | null;
  deviceAdmin?: string | null;
  activateCodeAlias?: string | null;
  deviceName?: string | null;
  operatingMode?: string | null;
  emvParams?: Record<string, unknown> | string | null;
  methodList?: LegacyDeviceMethodList | string | null;
  extParams?: LegacyDeviceExtParams | string | null;
}

export function deviceCreateBody(mchId: string, fields: DeviceFields, ids: IdRegistry): DeviceCreate {
  return { mchId, ...device.writeFields(fields, { ids, mode: 'create' }) };
}

/**
 * Device PUT is explicit-write (01 §4.5): only the fields the change writes are sent, objects as
 * JSON strings. Keys of extParams other than `acquirers` are the service's and are kept.
 */
export function deviceUpdateBody(fields: Partial<DeviceFields>, ids: IdRegistry, liveExtParams: Record<string, unknown> | undefined): DeviceUpdate {
  return device.writeFields(fields, { ids, mode: 'update', ...(liveExtParams !== undefined ? { keep: liveExtParams } : {}) }) as DeviceUpdate;
}
