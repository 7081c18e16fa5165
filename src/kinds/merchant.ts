/**
 * Merchants (API 01 §2.1, §4.3), with their bindings and devices written inside each entry. Keyed
 * by providerReference. The service's PUT replaces every profile field, so an update sends the
 * live record's fields with the manifest's over them.
 *
 * To add a field, declare it below (a plain optional text field is one line, `text('…')`), then
 * run `npm run schemas && npm run docs:manifest`: see docs/architecture.md.
 */
import { z } from 'zod';
import { VALUE } from '../manifest/issue-text.js';
import { isPlainObject, sortKeys } from '../model/canonical.js';
import { isUploadedLogo, logoFingerprint, RECEIPT_LOGO_FINGERPRINT_KEY, storedLogoFingerprint, uploadedLogoProblem, userAdditionalData } from '../model/receipt-logo.js';
import { binding } from './binding.js';
import { device } from './device.js';
import {
  field,
  keyField,
  legacyOnly,
  objectSchema,
  text,
  wire,
  wireOnly,
  type LegacyRecordOf,
  type LiveContext,
  type StateFieldsOf,
  type WireRecordOf,
  type WireRecordOfShape,
  type WritableOf,
} from './field-facts.js';
import { defineKind } from './kind-module.js';
import { LEGACY_RECORD_CURRENCY } from './legacy-context.js';
import { countrySchema, currencySchema, jsonValueSchema, keySchema, requiredText, timeZoneSchema } from './manifest-values.js';

export type MerchantState = 0 | 1;

/** An item of a merchant's read-only acquirers[] summary of its bindings. */
const SUMMARY_ITEM = {
  profileId: wire.numericId<number>().checked('required'),
  profileName: wire.text().checked(),
  currency: wire.currency().checked(),
  acqType: wire.text(),
  methodList: wire.json().checked(),
  emvList: wire.json().checked(),
};

/** A code or, as real answers carry it, a network name (`VISA`); `mchId` on real answers too. */
const SUPPORTED_PAYMENT_METHOD = { paymentMethod: wire.key(), mchId: wire.text(), profileId: wire.numericId<number | string>().required() };

/** The merchant's acquirer ids (02 §2.3: acqMid, acqTid; the public client also sends subMid and signKey). */
const LEGACY_EXT_PARAMS = { acqMid: wire.text(), acqTid: wire.text(), subMid: wire.text(), signKey: wire.text() };

const FACTS = {
  mchId: wireOnly(wire.key(), { legacy: wire.key() }),
  id: wireOnly(wire.text(), { legacy: true }),
  uuid: wireOnly(wire.text(), { legacy: true }),
  groupId: wireOnly(wire.text(), { legacy: true }),
  providerReference: keyField(
    keySchema('providerReference').describe('Your own unique reference for the merchant: the key a live merchant is matched by.'),
    wire.text(),
    { legacy: true },
  ),
  mchName: field<string>()(requiredText().describe('Merchant name.'), { wire: wire.text().required(), asSent: true, legacy: wire.text().required() }),
  currency: field<string>()(currencySchema.describe('Default settlement currency, ISO 4217.'), {
    wire: wire.currency().required(),
    asSent: true,
    // The simulator's choice (docs/simulator.md): what the legacy API creates, from the legacy terminal defaults (0840).
    legacyLacks: { words: `sets no currency on a merchant (its merchants are ${LEGACY_RECORD_CURRENCY})`, holds: LEGACY_RECORD_CURRENCY },
  }),
  contactName: field<string>()(requiredText().describe('Contact name.'), { wire: wire.text().required(), asSent: true, legacy: true }),
  contactEmail: field<string>()(
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${VALUE} is not an e-mail address` })
      .describe('Contact e-mail address.'),
    { wire: wire.text().required(), asSent: true, legacy: true },
  ),
  mcc: field<string>()(
    z
      .string()
      .regex(/^\d{4}$/, { error: `${VALUE} is not a merchant category code (4 digits, ISO 18245)` })
      .optional()
      .describe('Merchant category code, 4 digits (ISO 18245). Quote it: "5814".'),
    { wire: wire.text(), legacy: true },
  ),
  region: text('Region code.', { legacyLacks: { words: 'has no merchant region' } }),
  timeZone: field<string>()(timeZoneSchema.optional().describe('Time zone name; the service uses the group\'s time zone when it is not set.'), {
    wire: wire.text(),
    legacy: true,
  }),
  country: field<string>()(countrySchema.optional(), { wire: wire.text(), legacyLacks: { words: 'has no merchant country' } }),
  transType: text('Transaction type restriction, if any.', { legacyLacks: { words: 'has no transaction type restriction for a merchant' } }),
  contactPhone: text('Contact phone.', { legacy: true }),
  contactAddress: text('Contact address; shown on the e-receipt when set.', { multiLine: true, legacy: true }),
  receiptLogo: field<string>()(
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = isUploadedLogo(value) ? uploadedLogoProblem(value) : undefined;
        if (problem !== undefined) ctx.addIssue({ code: 'custom', input: value, message: problem });
      })
      .optional()
      .describe(
        'Receipt logo: a URL, or base64 jpg/jpeg/png content. The service cannot return uploaded content, so paycfg compares the ' +
          `content's SHA-256 with the one it keeps in additionalData["${RECEIPT_LOGO_FINGERPRINT_KEY}"] when it uploads.`,
      ),
    { wire: wire.text(), legacy: true, compare: 'upload', multiLine: true, wireNote: '; uploaded content also sets its SHA-256 in `additionalData`' },
  ),
  receiptInfo: text('Extra text shown on the e-receipt.', { multiLine: true, legacyLacks: { words: 'has no receipt text for a merchant' } }),
  state: field<number>()(
    z
      .literal([0, 1], { error: `must be 1 (active) or 0 (inactive), got ${VALUE}` })
      .optional()
      .describe('1 = active (can process payments), 0 = inactive.'),
    {
      wire: wire.oneOf<MerchantState>([0, 1], 'small-int'),
      legacy: true,
      codec: { live: (sent: unknown) => (sent === undefined || sent === null ? undefined : Number(sent)) },
    },
  ),
  /** Real legacy records say whether the merchant is active as a boolean (the public client once sent the string "true"). */
  activated: legacyOnly(wire.schema<boolean | 'true' | 'false'>({ enum: [true, false, 'true', 'false'] }, 'flag')),
  // Write-only by our reading of 01 §2.1 ("response presence ... not shown"): see README.
  passcode: field<string>()(z.string().optional().describe('Operator passcode. Secret: use ${VARIABLE} and never commit the value.'), {
    wire: wire.text(),
    secret: true,
    writeOnly: true,
    legacyLacks: { words: 'has no operator passcode for a merchant' },
  }),
  mdr: text('Merchant discount rate override. Quote it: "1.5".', { legacyLacks: { words: 'has no discount rate for a merchant' } }),
  merchantType: text('Merchant classification.', { legacyLacks: { words: 'has no merchant classification' } }),
  additionalData: field<Record<string, unknown>>()(
    z
      .record(z.string(), jsonValueSchema)
      .superRefine((data, ctx) => {
        if (Object.hasOwn(data, RECEIPT_LOGO_FINGERPRINT_KEY)) {
          ctx.addIssue({
            code: 'custom',
            path: [RECEIPT_LOGO_FINGERPRINT_KEY],
            params: { at: 'key' },
            input: data,
            message: `key ${JSON.stringify(RECEIPT_LOGO_FINGERPRINT_KEY)} is reserved: paycfg keeps the SHA-256 of an uploaded receiptLogo there`,
          });
        }
      })
      .optional()
      .describe(`Free-form metadata, stored by the service as given. The key ${RECEIPT_LOGO_FINGERPRINT_KEY} is paycfg's (see receiptLogo).`),
    {
      wire: wire.object(),
      compare: 'metadata',
      multiLine: 'values',
      codec: { live: (sent: unknown) => (isPlainObject(sent) ? sent : undefined), exported: exportedAdditionalData },
      wireNote: ", an object, with paycfg's receipt logo fingerprint kept in it",
      legacyLacks: { words: 'has no merchant metadata' },
    },
  ),
  supportedPayments: wireOnly(wire.strings(), { legacy: true }),
  /** One per bound method. */
  supportedPaymentMethods: legacyOnly(wire.records(SUPPORTED_PAYMENT_METHOD)),
  hasKioskTerminal: wireOnly(wire.flag()),
  acquirers: wireOnly(wire.records(SUMMARY_ITEM).checked().describe("Read-only summary of the merchant's bindings.")),
  extParams: legacyOnly(wire.schema<WireRecordOfShape<typeof LEGACY_EXT_PARAMS>>(objectSchema(LEGACY_EXT_PARAMS, false), 'object')),
  createdBy: wireOnly(wire.text()),
  createdAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
  updatedAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
};

/**
 * The user's own additionalData: paycfg's receipt logo fingerprint is not theirs (and the manifest
 * refuses it). A record whose additionalData holds nothing else exports none: the user never set it.
 */
function exportedAdditionalData(live: Record<string, unknown>): Record<string, unknown> | undefined {
  const own = userAdditionalData(live);
  return own !== live && Object.keys(own).length === 0 ? undefined : sortKeys(own);
}

export const merchant = defineKind({
  kind: 'merchant',
  label: 'merchant',
  plural: 'merchants',
  facts: FACTS,
  children: [binding, device],
  nameField: 'mchName',
  ids: 'string',
  moves: { form: 'merchant/<providerReference>' },
  settlement: { reroutingFields: [] },
  manifest: {
    id: 'Merchant',
    description: 'A merchant (API 01 §2.1, §4.3) with its payment config and terminals.',
    list: 'merchants',
    listDescription: 'Merchants, keyed by providerReference.',
    listOnTheWire: 'One merchant record each, with its payment config and terminals (below).',
  },
  createBody: (key, fields) => merchantBody(key, fields),
  wire: {
    endpoint: 'GET /api/openapi/v1/mchInfo',
    idField: 'mchId',
    record: {
      file: 'merchant',
      title: 'Merchant',
      description:
        'Record of GET /api/openapi/v1/mchInfo and result of its POST and PUT (section 2.1). Presence of the request-only fields (passcode, mdr, merchantType, transType, additionalData) in responses is not shown in the reference.',
    },
    legacy: {
      file: 'legacy-merchant',
      title: 'Legacy merchant',
      description:
        'Record of GET /api/v2/mchInfo and result of its POST and PUT (02, section 2.3). supportedPayments lists the bound methods, supportedPaymentMethods one {paymentMethod, mchId, profileId} per bound method; a method is a code or, as real answers carry it, a network name (VISA). Real records say activated (a boolean) beside or in place of state.',
    },
  },
  docs: {
    title: 'Merchants',
    where: 'each item of `merchants`',
    requests: '`POST /mchInfo`, `PUT /mchInfo/{mchId}` (a full replace: fields the manifest leaves out are sent with their live values)',
    example: { path: ['merchants', 0], listKey: 'merchants', omit: ['bindings', 'devices'] },
  },
});

export type MerchantFields = StateFieldsOf<typeof FACTS>;
export type Merchant = WireRecordOf<typeof FACTS>;
export type MerchantAcquirerSummary = WireRecordOfShape<typeof SUMMARY_ITEM>;
/** Body of POST and of PUT (a full replace of the profile fields). */
export type MerchantCreate = WritableOf<typeof FACTS>;

export interface MerchantQuery {
  uuid?: string;
  mchId?: string;
  mchName?: string;
  /** An activation code issued to the merchant. */
  activationCode?: string;
}

/** Record of GET /api/v2/mchInfo (2.3). */
export type LegacyMerchant = LegacyRecordOf<typeof FACTS>;
export type LegacySupportedPaymentMethod = WireRecordOfShape<typeof SUPPORTED_PAYMENT_METHOD>;

type LegacyWritten = Omit<NonNullable<LegacyMerchant>, 'mchId' | 'id' | 'uuid' | 'supportedPayments' | 'createdAt' | 'updatedAt' | 'extParams' | 'activated'>;

/**
 * POST /api/v2/mchInfo: the fields 4.4 lists, the record's other writable fields, and what the
 * public onboarding client sends besides (`activated`, `logo`, `terminalEmvParams`, network names
 * in `supportedPaymentMethods`).
 */
export type LegacyMerchantCreate = { [P in keyof LegacyWritten]?: Exclude<LegacyWritten[P], null> } & {
  mchName: string;
  /** The caller's own group when sent. */
  groupId?: string;
  /** Sets the merchant's bindings: each method (a code or a network name) bound through its profile. */
  supportedPaymentMethods?: Array<{ paymentMethod: string; profileId: number | string }> | string[];
  extParams?: { acqMid?: string; acqTid?: string; subMid?: string; signKey?: string };
  activated?: boolean | 'true' | 'false';
  logo?: string;
  terminalEmvParams?: Record<string, unknown>;
};

/** PUT /api/v2/mchInfo/{mchId}: a partial update; read-only fields sent back are ignored. */
export type LegacyMerchantUpdate = Partial<LegacyMerchantCreate>;

export interface LegacyMerchantQuery {
  /** Partial match. */
  mchName?: string;
  /** Exact. */
  mchId?: string;
}

/** A merchant record's fields need nothing but the record: no JSON-encoded field, no id to name. */
const MERCHANT_READ: LiveContext = { where: 'merchant', emvName: (id) => `#${String(id)}`, profileNames: new Map() };

/** A live merchant record's managed fields; also how apply reads back one it did not create itself. */
export function merchantFields(record: Merchant): MerchantFields {
  return merchant.liveFields(record, MERCHANT_READ);
}

/**
 * The body of a merchant made only to be removed again (`paycfg probe`'s scratch merchant): the
 * fields the service requires on create (01 §4.3) and no more, inactive (`state: 0`) so that it
 * can take no payment while it exists, and a contact that reaches nobody (example.invalid).
 */
export function scratchMerchantBody(init: { readonly providerReference: string; readonly mchName: string; readonly currency: string }): MerchantCreate {
  return {
    mchName: init.mchName,
    currency: init.currency,
    contactName: 'paycfg probe',
    contactEmail: 'paycfg-probe@example.invalid',
    providerReference: init.providerReference,
    state: 0,
  };
}

/**
 * The merchant PUT replaces every profile field (01 §4.3), so the body starts from the live record
 * and overlays what the manifest sets: a field the manifest leaves out keeps its live value. The
 * providerReference is always `ref`, the change's key: a renamed merchant's (`moved:`) is written so.
 */
export function merchantBody(ref: string, fields: MerchantFields, liveRecord?: Merchant): MerchantCreate {
  const body: Record<string, unknown> = {};
  if (liveRecord !== undefined) {
    const live = liveRecord as Readonly<Record<string, unknown>>;
    for (const name of merchant.writable) {
      const value = live[name];
      if (value !== undefined && value !== null) body[name] = value;
    }
  }
  Object.assign(body, merchant.writeFields(fields, { mode: 'create' }));
  body[merchant.keyField!] = ref;
  if (body['state'] !== undefined) body['state'] = Number(body['state']) as MerchantState;
  const additionalData = withLogoFingerprint(body['receiptLogo'], fields, liveRecord);
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
