/**
 * Merchant bindings, the merchant payment config (API 01 §2.2, §4.4): one per (profile, currency)
 * of a merchant, routing its payment methods through the profile. Written inside a merchant's
 * entry; keyed by merchant, profile and currency, none of which can change (a change replaces it).
 */
import { z } from 'zod';
import type { IdRegistry } from '../apply/id-registry.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { NO_ALLOWS, type MethodsMap } from '../model/state.js';
import { bindingKey } from './addresses.js';
import { field, idsIn, requiredField, wire, wireOnly, type LiveContext, type StateFieldsOf, type WireRecordOf, type WireRecordOfShape } from './field-facts.js';
import { defineKind } from './kind-module.js';
import { jsonObject, present } from './live-values.js';
import { currencySchema, methodsSchema, nameSchema } from './manifest-values.js';
import { manifestMethods, methodsFrom, methodsOf } from './methods.js';

const EMV_REF = { emvId: wire.numericId<number>().required().checked('required'), emvName: wire.text() };

const PAYMENT_METHOD = {
  paymentMethodCode: wire.paymentMethodCode().required().checked('required'),
  paymentMethodName: wire.text(),
  displayName: wire.text(),
  paymentType: wire.text(),
  emvs: wire.records(EMV_REF).checked(),
};

const FACTS = {
  merchantId: wireOnly(wire.text()),
  acquirer: requiredField<string>()(nameSchema().describe('profileName of the acquirer profile this binding routes through.'), {
    // acquirerProfileId is a string here although profileId is an integer on the profile; either form is read.
    wire: wire.numericId<string>().required().checked('required').named('acquirerProfileId'),
    immutable: true,
    codec: { write: (name, context) => ({ acquirerProfileId: String(idsIn(context).profile(name)) }) },
    onTheWire: { sentAs: ['acquirerProfileId'], text: "`acquirerProfileId`, the named profile's id" },
  }),
  acquirerProfileName: wireOnly(wire.text().checked()),
  acqType: wireOnly(wire.text()),
  currency: requiredField<string>()(currencySchema.describe('ISO 4217 currency of the binding; may differ from the profile\'s.'), {
    wire: wire.currency().required().checked('required', 'key'),
    immutable: true,
  }),
  mid: field<string>()(z.string().optional().describe('Merchant ID at the acquirer host for this binding, if different from the group-level default.'), {
    wire: wire.text(),
    wireNote: '; absent, the live `mid` is sent again',
    legacyLacks: { words: "has no merchant ID per binding (a legacy binding is a merchant's method bound to a profile)" },
  }),
  methods: field<MethodsMap>()(methodsSchema.describe('Payment methods routed through the profile: method code → EMV configs by name.'), {
    wire: wire.records(PAYMENT_METHOD).named('paymentMethods'),
    codec: {
      desired: (methods) => methodsOf(methods) ?? {},
      write: (methods, context) => ({
        paymentMethods: Object.entries(methods).map(([code, m]) => ({
          paymentMethodCode: code,
          allows: [...m.allows],
          emvs: m.emvs.map((name) => ({ emvId: idsIn(context).emv(name) })),
        })),
      }),
      exported: (methods) => manifestMethods(methods),
    },
    onTheWire: { sentAs: ['paymentMethods'], text: '`paymentMethods`: a list of `{paymentMethodCode, allows, emvs: [{emvId}]}`' },
    yaml: 'methods',
  }),
};

export const binding = defineKind({
  kind: 'binding',
  label: 'merchant binding',
  plural: 'bindings',
  facts: FACTS,
  moves: {
    refused: 'is a binding, which cannot be moved: its key is its merchant, profile and currency, and it follows a moved profile or merchant by itself',
  },
  settlement: { reroutingFields: ['methods'] },
  manifest: {
    id: 'Binding',
    description: 'A merchant payment config entry: routes payment methods of the merchant through one acquirer profile and currency (API 01 §2.2, §4.4).',
    list: 'bindings',
    listDescription: 'Payment config of the merchant. Absent: not managed (left as it is). An empty list: the merchant has no binding.',
    listOnTheWire: 'Not in the merchant body: the merchant payment config, `/mchInfo/payment/{mchId}` (below).',
    managedIn: 'managedBindings',
  },
  readIn: 'bindingsRead',
  allowsFromSummary: true,
  // Methods before the profile: the order plans visit what a binding names.
  references: [
    // A binding's method left without an EMV config is dropped: its profile may be losing that method in its own detach step.
    { field: 'methods', to: 'emv', holds: 'method-emvs', inUse: true, verb: 'uses', detach: { dropEmptyMethod: () => true } },
    { field: 'acquirer', to: 'acquirer', holds: 'value', inUse: true, inKey: true, verb: 'binds' },
  ],
  claims: bindingPairs,
  updateCarries: ['acquirer', 'currency'],
  keyOf: (entry, merchant) => bindingKey(merchant, String(entry['acquirer']), String(entry['currency'])),
  createBody: (_key, fields, { ids }) => bindingBody(fields, ids),
  wire: {
    endpoint: 'GET /api/openapi/v1/mchInfo/payment/{mchId}',
    idField: 'acquirerProfileId',
    record: {
      file: 'binding-record',
      title: 'Merchant payment config record',
      description:
        'Record of GET /api/openapi/v1/mchInfo/payment/{mchId}: one per (acquirerProfileId, currency) of the merchant (section 2.2). acquirerProfileId is a string here although profileId is an integer on the profile; either form is accepted.',
    },
  },
  docs: {
    title: 'Bindings (merchant payment config)',
    where: "each item of a merchant's `bindings`",
    requests: '`POST /mchInfo/payment/{mchId}`, `PUT /mchInfo/payment/{mchId}`',
    example: { path: ['merchants', 0, 'bindings', 0], listKey: 'bindings' },
  },
});

export type BindingFields = StateFieldsOf<typeof FACTS>;
/** One record per (acquirerProfileId, currency) of a merchant. */
export type BindingRecord = WireRecordOf<typeof FACTS>;
export type BindingPaymentMethod = WireRecordOfShape<typeof PAYMENT_METHOD>;
export type BindingEmvRef = WireRecordOfShape<typeof EMV_REF>;

/** Body of binding POST (add) and PUT (replace the subtree of one acquirerProfileId + currency). */
export interface BindingWrite {
  acquirerProfileId: string;
  currency: string;
  mid?: string;
  paymentMethods?: Array<{
    paymentMethodCode: string;
    /** Reserved for future use. */
    allows?: string[];
    emvs?: Array<{ emvId: number }>;
  }>;
}

export interface BindingKey {
  acquirerProfileId: string;
  currency: string;
}

/**
 * The body of a binding's POST and PUT. The PUT replaces the whole (profile, currency) subtree, so
 * a `mid` the manifest does not manage is sent back as it is live.
 */
export function bindingBody(fields: BindingFields, ids: IdRegistry, liveMid?: string): BindingWrite {
  const mid = fields.mid ?? liveMid;
  return binding.writeFields({ ...fields, mid, methods: fields.methods ?? {} }, { ids, mode: 'create' }) as unknown as BindingWrite;
}

/** An item of a merchant's acquirers[] summary, as the record check lets it through. */
export interface SummaryItem {
  readonly profileId?: unknown;
  readonly profileName?: string | null | undefined;
  readonly currency?: string | null | undefined;
  readonly methodList?: unknown;
  readonly emvList?: unknown;
}

/** A profile's name by its id, or the name the record gives, or `#<id>`. */
function profileName(id: unknown, given: string | null | undefined, context: Pick<LiveContext, 'profileNames'>): string {
  return given ?? context.profileNames.get(String(id)) ?? `#${String(id)}`;
}

/** The name of the profile a binding record routes through. */
export function recordProfileName(record: BindingRecord, context: Pick<LiveContext, 'profileNames'>): string {
  return profileName(record.acquirerProfileId, record.acquirerProfileName, context);
}

/** A binding as an item of its merchant's acquirers[] summary gives it: everything but `mid` (`where` names the summary). */
export function summaryBindingFields(item: SummaryItem, context: LiveContext): BindingFields {
  const acquirer = profileName(item.profileId, item.profileName ?? undefined, context);
  const methods = methodsFrom(
    jsonObject(item.methodList, `methodList in ${context.where}`),
    jsonObject(item.emvList, `emvList in ${context.where}`),
    context.emvName,
  );
  return { acquirer, currency: item.currency ?? '', methods };
}

/**
 * A binding as its record gives it. A record has no `allows`: they stay those `known` (the
 * summary item's) holds, which only a proven summary shows as the binding's (plan/binding-allows.ts).
 */
export function recordBindingFields(record: BindingRecord, known: MethodsMap, context: Pick<LiveContext, 'profileNames' | 'emvName'>): BindingFields {
  const acquirer = recordProfileName(record, context);
  const methods: MethodsMap = {};
  for (const pm of record.paymentMethods ?? []) {
    const code = canonicalMethodCode(pm.paymentMethodCode);
    methods[code] = { emvs: (pm.emvs ?? []).map((e) => context.emvName(e.emvId)).sort(), allows: known[code]?.allows ?? NO_ALLOWS };
  }
  return { acquirer, currency: record.currency, ...(present(record.mid) ? { mid: record.mid } : {}), methods };
}

/** (currency, method code) pairs a binding holds: the service refuses one pair on two profiles of a merchant. */
export function bindingPairs(fields: Readonly<Record<string, unknown>> | null): string[] {
  if (fields === null) return [];
  const methods = fields['methods'] as MethodsMap | undefined;
  const currency = String(fields['currency']);
  return Object.keys(methods ?? {}).map((code) => `${currency}:${code}`);
}
