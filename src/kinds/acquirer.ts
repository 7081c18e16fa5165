/**
 * Acquirer profiles (API 01 §2.3, §4.1): connection and routing settings towards an acquiring host.
 * Keyed by profileName; currency and acqType cannot change (a change replaces the profile), and a
 * PUT writes only what changes.
 */
import { z } from 'zod';
import { VALUE } from '../manifest/issue-text.js';
import type { MethodsMap } from '../model/state.js';
import type { IdRegistry } from '../apply/id-registry.js';
import { jsonObjectCodec } from './codecs.js';
import {
  field,
  idsIn,
  keyField,
  legacyOnly,
  requiredField,
  text,
  wire,
  wireOnly,
  type LegacyRecordOf,
  type StateFieldsOf,
  type WireRecordOf,
  type WritableOf,
} from './field-facts.js';
import { defineKind } from './kind-module.js';
import { jsonObject, splitList } from './live-values.js';
import {
  currencySchema,
  fieldNameListSchema,
  methodsSchema,
  nameSchema,
  scalarSchema,
  splitFieldNames,
} from './manifest-values.js';
import { emvListText, manifestMethods, METHOD_ENTRY_ON_THE_WIRE, methodListText, methodsFrom, methodsOf } from './methods.js';

export type AcqType = 'card' | 'qr';
export const CONN_MESSAGE_FORMATS = ['HOSTA_8583', 'HOSTB_8583', 'HOSTC_8583', 'HOSTD_AIO', 'HOSTD_WALLET', 'HOSTE_JSON', 'SVC_ENABLER'] as const;
export type ConnMessageFormat = (typeof CONN_MESSAGE_FORMATS)[number];

/** The service's acqType for a profile created without one. */
const DEFAULT_ACQ_TYPE: AcqType = 'card';

/** A legacy profile's methodList: method code → transaction-type names (`Sale`, `Void`, `Refund`, `Capture`, `Pre-Auth`). */
const LEGACY_METHOD_LIST = wire.schema<Record<string, string[]>>({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, 'object');
/** A legacy profile's emvList: method code → EMV config ids. */
const LEGACY_EMV_LIST = wire.schema<Record<string, number[]>>({ type: 'object', additionalProperties: { type: 'array', items: { type: 'number' } } }, 'object');

const FACTS = {
  profileId: wireOnly(wire.numericId<number>().required().checked('required'), { legacy: wire.numericId<number | string>().required() }),
  groupId: wireOnly(wire.text(), { legacy: true }),
  profileName: keyField(nameSchema().describe('Name of the profile, unique within the group; the key bindings and devices refer to.'), wire.key(), {
    legacy: wire.key(),
  }),
  currency: requiredField<string>()(currencySchema.describe('ISO 4217 currency code. Cannot change: a change replaces the profile.'), {
    wire: wire.currency().required(),
    legacy: wire.currency().required(),
    immutable: true,
    asSent: true,
    wireNote: ' (on create only)',
  }),
  acqType: requiredField<AcqType>()(
    z
      .enum(['card', 'qr'], { error: `must be "card" or "qr", got ${VALUE}` })
      .default(DEFAULT_ACQ_TYPE)
      .describe('card (the default) or qr; a qr profile needs the group\'s QR support. Cannot change: a change replaces the profile.'),
    {
      wire: wire.oneOf<AcqType>(['card', 'qr']).required(),
      immutable: true,
      serverDefault: DEFAULT_ACQ_TYPE,
      legacyLacks: { words: 'has no acquirer type (a legacy profile is a card profile)', holds: DEFAULT_ACQ_TYPE },
      // Absent or null reads as the default; anything else as sent.
      codec: { live: (sent: AcqType | null | undefined) => sent ?? undefined },
      wireNote: ' (on create only)',
    },
  ),
  connMessageFormat: field<string>()(
    z
      .enum(CONN_MESSAGE_FORMATS, { error: `${VALUE} is not a connMessageFormat (${CONN_MESSAGE_FORMATS.join(', ')})` })
      .describe('Message format of the acquirer host.'),
    { wire: wire.oneOf<ConnMessageFormat>(CONN_MESSAGE_FORMATS).required(), legacy: wire.oneOf<ConnMessageFormat>(CONN_MESSAGE_FORMATS) },
  ),
  connUrl: text('Acquirer host endpoint.', { legacy: true }),
  notifyUrl: field<string>()(
    z
      .url({ protocol: /^https?$/, error: `${VALUE} is not an http(s) URL` })
      .optional()
      .describe('Callback URL for asynchronous notifications from the acquirer.'),
    { wire: wire.text(), legacy: true },
  ),
  connExtraParams: field<Record<string, unknown>>()(
    z.record(z.string(), scalarSchema).optional().describe('Extra connection parameters (sent to the service as a JSON-encoded string).'),
    {
      wire: wire.json(),
      legacy: wire.schema<Record<string, unknown> | string>({ type: ['string', 'object'] }, 'json'),
      codec: jsonObjectCodec(),
      wireNote: ', a JSON-encoded string',
    },
  ),
  enablerMsgFormat: text('Overrides the group-level device-provisioning message format for this profile.', {
    legacyLacks: { words: "has no provisioning message format per profile (the group's applies)" },
  }),
  enablerParams: field<string[]>()(
    z
      .union([fieldNameListSchema, z.string().transform(splitFieldNames).pipe(fieldNameListSchema)], {
        error: `expected a list of field names (or one comma-separated string), got ${VALUE}`,
      })
      .optional()
      .describe(
        'Names of the per-acquirer fields a device must supply (a list, or a comma/semicolon-separated string). Empty: the group-level list applies.',
      ),
    {
      wire: wire.text(),
      compare: 'set',
      codec: {
        desired: (names: readonly string[]) => [...names],
        live: (sent: string | null | undefined) => splitList(sent),
        write: (names, _context, wireName) => ({ [wireName]: names.join(',') }),
      },
      yaml: 'inline-list',
      wireNote: ', the names joined with commas',
      legacyLacks: { words: "has no list of device fields per profile (the group's applies)" },
    },
  ),
  asDefault: field<boolean>()(z.boolean().optional().describe('Default profile for its acqType; the service clears the flag on every other profile of that acqType.'), {
    wire: wire.flag(),
    legacyLacks: { words: 'has no default profile', holds: false },
    // Not set reads as false: a live profile always says whether it is the default.
    codec: { live: (sent: unknown) => sent === true },
  }),
  asSettleBlock: field<boolean>()(z.boolean().optional().describe('Excludes the profile\'s transactions from the group\'s settlement.'), {
    wire: wire.flag(),
    legacyLacks: { words: 'has no settlement block per profile', holds: false },
    codec: { live: (sent: unknown) => sent === true },
  }),
  methods: field<MethodsMap>()(methodsSchema.describe('Payment methods of the profile: method code → EMV configs by name. Becomes the API\'s methodList and emvList.'), {
    wire: [wire.json().required().named('methodList'), wire.json().named('emvList')],
    // Objects on the legacy API (02 §2.5): code → transaction-type names, code → EMV config ids.
    legacy: [LEGACY_METHOD_LIST.required().named('methodList'), LEGACY_EMV_LIST.named('emvList')],
    codec: {
      desired: methodsOf,
      live: (_sent, record, context) =>
        methodsFrom(jsonObject(record['methodList'], `methodList of ${context.where}`), jsonObject(record['emvList'], `emvList of ${context.where}`), context.emvName),
      write: (methods, context) => ({ methodList: methodListText(methods), emvList: emvListText(methods, (name) => idsIn(context).emv(name)) }),
      exported: (methods) => manifestMethods(methods),
    },
    onTheWire: {
      sentAs: ['methodList', 'emvList'],
      text: '`methodList` (JSON string: code → `allows`) and `emvList` (JSON string: code → EMV config ids)',
    },
    yaml: 'methods',
  }),
  createdBy: wireOnly(wire.text(), { legacy: true }),
  // The legacy record's further fields (02 §2.5): types not shown, so strings and numbers are read.
  connTimeout: legacyOnly(wire.schema<number>({ type: 'number' })),
  connRequestTimeout: legacyOnly(wire.schema<number>({ type: 'number' })),
  batchNo: legacyOnly(wire.schema<string | number>({ type: ['string', 'integer'] })),
  connInitBatchNo: legacyOnly(wire.schema<string | number>({ type: ['string', 'integer'] })),
  connRetryCount: legacyOnly(wire.schema<number | string>({ type: ['integer', 'string'] })),
  connSync: legacyOnly(wire.schema<boolean | number | string>({ type: ['boolean', 'integer', 'string'] })),
  connNll: legacyOnly(wire.schema<number | string>({ type: ['integer', 'string'] })),
  createdAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
  updatedAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
};

export const acquirer = defineKind({
  kind: 'acquirer',
  label: 'acquirer profile',
  plural: 'acquirer profiles',
  facts: FACTS,
  updatesAreWaitedFor: true,
  references: [
    // A card profile refuses a method without an EMV config, and any profile one without a method.
    { field: 'methods', to: 'emv', holds: 'method-emvs', inUse: true, verb: 'uses', detach: { dropEmptyMethod: (fields) => fields['acqType'] === 'card', refuseNoMethod: true } },
  ],
  unkeyedMerchantList: 'profiles',
  ids: 'number',
  moves: { form: 'acquirer/<profileName>' },
  settlement: { reroutingFields: ['connUrl', 'connMessageFormat'] },
  manifest: {
    id: 'AcquirerProfile',
    description: 'An acquirer profile: connection and routing settings towards an acquiring host (API 01 §2.3, §4.1).',
    list: 'acquirerProfiles',
    listDescription: 'Acquirer profiles, keyed by profileName.',
    listOnTheWire: 'One acquirer profile record each (below).',
    // The manifest writes the type ahead of the currency; plans show the currency first.
    first: ['profileName', 'acqType'],
  },
  createBody: (key, fields, { ids }) => acquirerCreateBody(key, fields, ids),
  wire: {
    endpoint: 'GET /api/openapi/v1/acquirer',
    idField: 'profileId',
    record: {
      file: 'acquirer-profile',
      title: 'Acquirer profile',
      description: 'Record of GET /api/openapi/v1/acquirer (section 2.3). Fields beyond those listed are not shown in the reference and are allowed.',
    },
    legacy: {
      file: 'legacy-acquirer-profile',
      title: 'Legacy acquirer profile',
      description:
        'Record of GET /api/v2/acquirer (02, section 2.5): no acqType; emvList maps method codes to EMV config ids and methodList to transaction-type names, both as objects. The types of the further fields (batchNo, connInitBatchNo, connRetryCount, connSync, connNll) are not shown, so strings and numbers are accepted.',
    },
  },
  docs: {
    title: 'Acquirer profiles',
    where: 'each item of `acquirerProfiles`',
    requests: '`POST /acquirer`, `PUT /acquirer/{profileId}` (partial: only what changes)',
    example: { path: ['acquirerProfiles', 0], listKey: 'acquirerProfiles' },
    sections: [METHOD_ENTRY_ON_THE_WIRE],
  },
});

export type AcquirerFields = StateFieldsOf<typeof FACTS>;
export type AcquirerProfile = WireRecordOf<typeof FACTS>;
/** A create may leave acqType out: the service makes the profile a card one. */
export type AcquirerProfileCreate = Omit<WritableOf<typeof FACTS>, 'acqType'> & { acqType?: AcqType };
/** PUT is a partial update: the create fields except currency and acqType, all optional. */
export type AcquirerProfileUpdate = Partial<Omit<AcquirerProfileCreate, 'currency' | 'acqType'>>;

export interface AcquirerProfileQuery {
  profileName?: string;
}

/** Record of GET /api/v2/acquirer (02 §2.5): no acqType, lists as objects. */
export type LegacyAcquirerProfile = LegacyRecordOf<typeof FACTS>;

/** POST /api/v2/acquirer: the fields 4.6 requires, and the optional ones of 2.5. */
export interface LegacyAcquirerProfileCreate {
  profileName: string;
  currency: string;
  groupId: string;
  connMessageFormat: ConnMessageFormat;
  connUrl: string;
  notifyUrl: string;
  emvList: Record<string, number[]>;
  methodList: Record<string, string[]>;
  connTimeout?: number;
  connRequestTimeout?: number;
  connRetryCount?: number;
  connSync?: number;
  connNll?: string;
  /** 1 to 6 digits. */
  connInitBatchNo?: string;
  /** An object, or the JSON-encoded object. */
  connExtraParams?: Record<string, unknown> | string;
}

/** PUT /api/v2/acquirer/{profileId}: connMessageFormat and currency (the profile's own) required. */
export type LegacyAcquirerProfileUpdate = Partial<LegacyAcquirerProfileCreate> & {
  connMessageFormat: ConnMessageFormat;
  currency: string;
};

export interface LegacyAcquirerProfileQuery {
  /** Like match. */
  profileName?: string;
}

export function acquirerCreateBody(key: string, fields: AcquirerFields, ids: IdRegistry): AcquirerProfileCreate {
  return { profileName: key, ...acquirer.writeFields({ ...fields, methods: fields.methods ?? {} }, { ids, mode: 'create' }) } as AcquirerProfileCreate;
}

/**
 * PUT is partial (01 §4.1): only the fields the change writes. A renamed profile's change writes its
 * `profileName` (plan/moves.ts), which the PUT takes.
 */
export function acquirerUpdateBody(fields: Partial<AcquirerFields> & { readonly profileName?: string }, ids: IdRegistry): AcquirerProfileUpdate {
  return {
    ...(fields.profileName !== undefined ? { profileName: fields.profileName } : {}),
    ...acquirer.writeFields(fields, { ids, mode: 'update' }),
  } as AcquirerProfileUpdate;
}
