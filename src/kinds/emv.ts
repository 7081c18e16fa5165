/**
 * EMV configs (API 01 §2.4, §4.2): reusable EMV parameter templates that profiles and bindings
 * name. Keyed by emvName; the payment method cannot change (a change replaces the config).
 */
import { z } from 'zod';
import { VALUE } from '../manifest/issue-text.js';
import type { Scalar } from '../model/state.js';
import { jsonObjectCodec, methodCodeCodec } from './codecs.js';
import { keyField, legacyOnly, requiredField, wire, wireOnly, type LegacyRecordOf, type StateFieldsOf, type WireRecordOf } from './field-facts.js';
import { defineKind } from './kind-module.js';
import { LEGACY_RECORD_CURRENCY } from './legacy-context.js';
import { currencySchema, nameSchema, paymentMethodCodeSchema } from './manifest-values.js';

const FACTS = {
  id: wireOnly(wire.numericId<number>().required().checked('required'), { legacy: wire.numericId<number>().required() }),
  groupId: wireOnly(wire.text(), { legacy: true }),
  emvName: keyField(nameSchema().describe('Name of the EMV config, unique within the group; the key profiles and bindings refer to.'), wire.key(), {
    legacy: wire.key(),
  }),
  paymentMethod: requiredField<string>()(
    paymentMethodCodeSchema.describe('Payment method the EMV config is for (01..06 for card networks). Cannot change: a change replaces the config.'),
    {
      wire: wire.paymentMethodCode().required().checked('required'),
      // A code or, as the legacy API answers methods, a network name (VISA).
      legacy: wire.paymentMethodCode().required(),
      immutable: true,
      codec: methodCodeCodec,
      wireNote: ', as a two-digit code (`1` is sent as `"01"`)',
    },
  ),
  currency: requiredField<string>()(currencySchema, {
    wire: wire.currency().required(),
    asSent: true,
    // The simulator's choice (docs/simulator.md): what the legacy API creates, from the legacy terminal defaults (0840).
    legacyLacks: { words: `sets no currency on an EMV config (its EMV configs are ${LEGACY_RECORD_CURRENCY})`, holds: LEGACY_RECORD_CURRENCY },
  }),
  params: requiredField<Record<string, Scalar | null>>()(
    z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean(), z.null()], { error: `EMV parameter values are strings, numbers, booleans or null, got ${VALUE}` }),
      )
      .describe(
        'EMV parameters, e.g. aid, appVersion, clFloorLimit, clTransLimit, clCVMLimit, defaultDDOL, defaultTDOL, isNewCVMRuleForMC. ' +
          'Values are sent with their type: a number and its digits as text compare equal, true and "true" do not.',
      ),
    {
      wire: wire.json().required(),
      // The legacy API takes it as an object and answers an object or a JSON-encoded string.
      legacy: wire.schema<Record<string, unknown> | string>({ type: ['object', 'string'] }, 'json'),
      compare: 'text',
      // Values keep their wire types: a real config carries booleans (`isNewCVMRuleForMC: true`) and may carry null.
      codec: jsonObjectCodec({ orEmpty: true }),
      wireNote: ', a JSON-encoded string; each value keeps its type',
    },
  ),
  /** The legacy record's own copies of two of the params (document 2 shows no legacy EMV shape; the public docs do). */
  aid: legacyOnly(wire.text()),
  emvVersion: legacyOnly(wire.schema<string | number>({ type: ['string', 'number'] })),
  createdAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
  updatedAt: wireOnly(wire.timestamp(), { legacy: wire.legacyTimestamp() }),
};

export const emv = defineKind({
  kind: 'emv',
  label: 'EMV config',
  plural: 'EMV configs',
  facts: FACTS,
  moves: { refused: 'is an EMV config, which cannot be renamed: its PUT takes only currency and params' },
  unkeyedMerchantList: 'emvs',
  ids: 'number',
  manifest: {
    id: 'EmvConfig',
    description: 'An EMV config: a reusable EMV parameter template (API 01 §2.4).',
    list: 'emvConfigs',
    listDescription: 'EMV configs, keyed by emvName.',
    listOnTheWire: 'One EMV config record each (below).',
  },
  createBody: (key, fields) => emvCreateBody(key, fields),
  wire: {
    endpoint: 'GET /api/openapi/v1/emv',
    idField: 'id',
    record: { file: 'emv-config', title: 'EMV config', description: 'Record of GET /api/openapi/v1/emv (section 2.4).' },
    legacy: {
      file: 'legacy-emv-config',
      title: 'Legacy EMV config',
      description:
        'Record of GET /api/v2/emv: no currency; params an object or a JSON-encoded string; aid and emvVersion beside it. Pages carry hasNext after records; the legacy default page size is 10.',
    },
  },
  docs: {
    title: 'EMV configs',
    where: 'each item of `emvConfigs`',
    requests: '`POST /emv`, `PUT /emv/{emvId}`',
    example: { path: ['emvConfigs', 0], listKey: 'emvConfigs' },
  },
});

export type EmvFields = StateFieldsOf<typeof FACTS>;
export type EmvConfig = WireRecordOf<typeof FACTS>;
/** Record of GET /api/v2/emv. */
export type LegacyEmvConfig = LegacyRecordOf<typeof FACTS>;

export interface EmvConfigCreate {
  emvName: string;
  paymentMethod: string;
  currency: string;
  params: string;
}

/** Only currency and params can change. */
export interface EmvConfigUpdate {
  currency: string;
  params: string;
}

/**
 * POST /api/v2/emv: `params` an object, no currency (records made here are USD). `currency` is no
 * legacy field: paycfg never sends it; a caller that gives one has it sent as given.
 */
export interface LegacyEmvConfigCreate {
  emvName: string;
  paymentMethod: string;
  params: Record<string, unknown> | string;
  currency?: string;
}

/** PUT /api/v2/emv/{emvId}: only the params change. */
export interface LegacyEmvConfigUpdate {
  params: Record<string, unknown> | string;
  currency?: string;
}

/** `params` is JSON-encoded with each value's own type: a boolean goes out as a JSON boolean, null as null. */
export function emvCreateBody(key: string, fields: EmvFields): EmvConfigCreate {
  return { emvName: key, ...emv.writeFields(fields, { mode: 'create' }) } as EmvConfigCreate;
}
