/**
 * The manifest format: the single source of truth for what a manifest file may hold. The JSON
 * Schema in schemas/manifest.schema.json is generated from it (`npm run schemas`), so every
 * `.describe()` text below is what editors show. Field names are the API's (01 §2, §4), so the API
 * reference stays the field reference; where the API takes service ids or JSON-encoded strings the
 * manifest takes names and plain YAML.
 *
 * Every object is strict (an unknown key is an error with a "did you mean" hint). Optional fields
 * stay undefined when absent: absent means "not managed", never "clear it".
 */
import { z } from 'zod';
import { EXCEPTIONALLY_RESERVED_COUNTRIES, ISO_3166_ALPHA2_COUNTRIES, ISO_4217_CURRENCIES } from './iso-codes.js';
import { isUploadedLogo, RECEIPT_LOGO_FINGERPRINT_KEY, uploadedLogoProblem } from '../model/receipt-logo.js';
import { KIND_LABEL } from '../model/kinds.js';
import { NO_PRUNE } from '../model/state.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';
import { didYouMean } from './did-you-mean.js';
import { VALUE, unknownKeyLines } from './issue-text.js';
import {
  ACCEPTED_METHOD_CODE_SPELLINGS,
  METHOD_CODES_HINT,
  NUMERIC_CARD_METHOD_CODES,
  normalisePaymentMethodCode,
  type PaymentMethodCode,
} from './payment-methods.js';
import { movedAddressProblem, movedKind } from './moved-address.js';
import { protectPatternProblem } from './protect-pattern.js';

/** A strict object whose unknown keys are reported one per line with a suggestion. */
function strictEntry<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKeyLines(issue.keys, allowed) : undefined),
  });
}

const requiredText = () => z.string().min(1, { error: 'must not be empty' });

/** A list whose items must not repeat; the repeat is reported where it stands. */
function uniqueList<Item extends z.ZodType>(item: Item, message: string) {
  return z.array(item).superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((value, index) => {
      const key = String(value);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], input: value, message });
      seen.add(key);
    });
  });
}

const currencySchema = z
  .enum(ISO_4217_CURRENCIES, { error: (issue) => `${VALUE} is not an ISO 4217 currency code (three capital letters, e.g. USD)${inCapitals(issue.input, ISO_4217_CURRENCIES)}` })
  .meta({ id: 'Currency', description: 'ISO 4217 currency code, e.g. USD.' });

const countrySchema = z
  .enum(ISO_3166_ALPHA2_COUNTRIES, { error: (issue) => countryMessage(issue.input) })
  .meta({ id: 'Country', description: 'ISO 3166-1 alpha-2 country code, e.g. US.' });

/**
 * Two letters are too few for an edit distance to mean anything (GX is one edit from eleven codes),
 * so the hints are the ones that are sure: the code in capitals, or the code an exceptionally
 * reserved one (UK) stands for.
 */
function countryMessage(input: unknown): string {
  const reserved = typeof input === 'string' ? EXCEPTIONALLY_RESERVED_COUNTRIES[input.toUpperCase()] : undefined;
  if (reserved !== undefined) return `${VALUE} is not an ISO 3166-1 alpha-2 code: did you mean "${reserved.code}" (${reserved.name})?`;
  return `${VALUE} is not an ISO 3166-1 alpha-2 country code (two capital letters, e.g. US)${inCapitals(input, ISO_3166_ALPHA2_COUNTRIES)}`;
}

/** `; write it "US"` when the value is a code of `codes` in small letters, or the empty string. */
function inCapitals(input: unknown, codes: readonly string[]): string {
  const capitals = typeof input === 'string' ? input.toUpperCase() : undefined;
  return capitals !== undefined && capitals !== input && codes.includes(capitals) ? `; write it "${capitals}"` : '';
}

const nameSchema = () =>
  z
    .string()
    .min(1, { error: 'must not be empty' })
    .regex(/^\S(.*\S)?$/, { error: `${VALUE} must not start or end with spaces` });

/**
 * A key a live record is matched by. A leading `~` is paycfg's own: a plan lists a live merchant
 * without providerReference, or a device without deviceAlias, under `~<service id>`
 * (model/unkeyed-key.ts), and no key a manifest writes may be mistaken for one. A refinement, so
 * the JSON Schema does not show it: editors would only flag what validate says anyway.
 */
const keySchema = (field: string) =>
  nameSchema().refine((key) => !key.startsWith(UNKEYED_MARK), {
    error: `${VALUE} must not start with "${UNKEYED_MARK}": a plan names a live record without a ${field} "${UNKEYED_MARK}<its id>", and a key of the manifest must never look like one`,
  });

/**
 * IANA names as Node's time zone data knows them. Intl.supportedValuesOf('timeZone') lists only
 * the canonical names of that data, without UTC or links such as Asia/Kolkata and Europe/Kyiv, so
 * a name counts when Intl.DateTimeFormat takes it; it must also be spelt in the data's letter case,
 * which Intl would forgive and a service need not. The list serves the "did you mean" hint.
 */
const timeZoneSchema = z.string().superRefine((name, ctx) => {
  // Empty leaves the zone to the service, which then takes the group's (as the simulator does).
  if (name === '') return;
  const canonical = canonicalTimeZone(name);
  if (canonical !== undefined && (canonical === name || (canonical.toLowerCase() !== name.toLowerCase() && writtenAsIana(name)))) return;
  const hint = canonical !== undefined ? `; write it ${JSON.stringify(canonical)}` : didYouMean(name, knownTimeZones());
  ctx.addIssue({ code: 'custom', input: name, message: `${VALUE} is not an IANA time zone name such as Europe/Paris or UTC${hint}` });
});

/**
 * A link (US/Pacific, Asia/Kolkata) resolves to another name, so its own letter case cannot be
 * checked against the canonical one. Written as the data writes names, no part starts with a small
 * letter, and no part of a nested name is in capitals throughout unless it is short (US/, Etc/UTC)
 * or holds digits or signs (Etc/GMT+5): `us/pacific` and `ASIA/KOLKATA` are refused.
 */
function writtenAsIana(name: string): boolean {
  const parts = name.split('/');
  return parts.every((part) => /^[A-Z]/.test(part) && (parts.length === 1 || part.length <= 3 || /[a-z0-9+_-]/.test(part.slice(1))));
}

function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

let timeZoneList: readonly string[] | undefined;
function knownTimeZones(): readonly string[] {
  return (timeZoneList ??= ['UTC', ...Intl.supportedValuesOf('timeZone')]);
}

const paymentMethodCodeSchema = z
  .union([z.enum(ACCEPTED_METHOD_CODE_SPELLINGS as [string, ...string[]]), z.literal(NUMERIC_CARD_METHOD_CODES as [number, ...number[]])], {
    error: `${VALUE} is not a payment method code (${METHOD_CODES_HINT})`,
  })
  .transform((code): PaymentMethodCode => normalisePaymentMethodCode(code) as PaymentMethodCode)
  .meta({ id: 'PaymentMethodCode', description: 'Payment method code: card 01..06 (1..6 are read as 01..06), QR A1..A3, B1..B3, C1..C16.' });

const methodEntrySchema = strictEntry({
  emvs: uniqueList(nameSchema(), `EMV config ${VALUE} is listed twice`)
    .optional()
    .describe('EMV configs (by emvName) used for this method; a card method needs at least one.'),
  allows: z
    .array(z.string())
    .optional()
    .describe('Allowed transaction types; reserved by the service for future use (sent as the methodList value).'),
})
  .nullable()
  .transform((entry) => entry ?? {})
  .meta({ id: 'MethodEntry', description: 'EMV configs of one payment method; may be left empty for a QR method.' });

/**
 * Method code → EMV configs. Keys may be written `01` or `1`; the output uses two-digit codes, and
 * two spellings of one code in the same map are an error.
 */
const methodsSchema = z
  .partialRecord(z.enum(ACCEPTED_METHOD_CODE_SPELLINGS as [string, ...string[]]), methodEntrySchema, {
    // A key outside an enum key schema is reported as unrecognized_keys at run time, although
    // zod's issue type for records does not list that code.
    error: (issue) => {
      const keys = (issue as { code: string; keys?: unknown }).code === 'unrecognized_keys' ? (issue as { keys?: unknown }).keys : undefined;
      return Array.isArray(keys)
        ? keys.map((key) => `unknown payment method code ${JSON.stringify(key)} (${METHOD_CODES_HINT})`).join('\n')
        : undefined;
    },
  })
  .transform((methods, ctx) => {
    const out: Record<string, MethodEntry> = {};
    const writtenAs = new Map<string, string>();
    for (const [written, entry] of Object.entries(methods)) {
      const code = normalisePaymentMethodCode(written) as PaymentMethodCode;
      const first = writtenAs.get(code);
      if (first !== undefined) {
        ctx.issues.push({
          code: 'custom',
          path: [written],
          input: methods,
          params: { at: 'key' },
          message: `method ${code} is listed twice (as ${JSON.stringify(first)} and ${JSON.stringify(written)})`,
        });
        continue;
      }
      writtenAs.set(code, written);
      if (entry !== undefined) out[code] = entry;
    }
    return out;
  })
  .refine((methods) => Object.keys(methods).length > 0, { error: 'list at least one payment method' })
  .meta({ id: 'Methods', description: 'Payment methods: method code (01..06, A1.., B1.., C1..) → EMV configs by emvName.' });

export interface MethodEntry {
  emvs?: string[] | undefined;
  allows?: string[] | undefined;
}

const scalarSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: `expected a string, number or boolean, got ${VALUE}`,
});

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const jsonValueSchema: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]))
  .meta({ id: 'JsonValue', description: 'Any YAML value: text, number, boolean, null, list or mapping.' });

const fieldNameSchema = z
  .string()
  .regex(/^[^\s,;]+$/, { error: `${VALUE} is not a field name (no spaces, commas or semicolons)` });

const fieldNameListSchema = uniqueList(fieldNameSchema, `field ${VALUE} is listed twice`);

export const emvConfigSchema = strictEntry({
  emvName: nameSchema().describe('Name of the EMV config, unique within the group; the key profiles and bindings refer to.'),
  paymentMethod: paymentMethodCodeSchema.describe(
    'Payment method the EMV config is for (01..06 for card networks). Cannot change: a change replaces the config.',
  ),
  currency: currencySchema,
  params: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.null()], { error: `EMV parameter values are strings, numbers, booleans or null, got ${VALUE}` }),
    )
    .describe(
      'EMV parameters, e.g. aid, appVersion, clFloorLimit, clTransLimit, clCVMLimit, defaultDDOL, defaultTDOL, isNewCVMRuleForMC. ' +
        'Values are sent with their type: a number and its digits as text compare equal, true and "true" do not.',
    ),
}).meta({ id: 'EmvConfig', description: 'An EMV config: a reusable EMV parameter template (API 01 §2.4).' });

export const acquirerProfileSchema = strictEntry({
  profileName: nameSchema().describe('Name of the profile, unique within the group; the key bindings and devices refer to.'),
  acqType: z
    .enum(['card', 'qr'], { error: `must be "card" or "qr", got ${VALUE}` })
    .default('card')
    .describe('card (the default) or qr; a qr profile needs the group\'s QR support. Cannot change: a change replaces the profile.'),
  currency: currencySchema.describe('ISO 4217 currency code. Cannot change: a change replaces the profile.'),
  connMessageFormat: z
    .enum(['HOSTA_8583', 'HOSTB_8583', 'HOSTC_8583', 'HOSTD_AIO', 'HOSTD_WALLET', 'HOSTE_JSON', 'SVC_ENABLER'], {
      error: `${VALUE} is not a connMessageFormat (HOSTA_8583, HOSTB_8583, HOSTC_8583, HOSTD_AIO, HOSTD_WALLET, HOSTE_JSON, SVC_ENABLER)`,
    })
    .describe('Message format of the acquirer host.'),
  connUrl: z.string().optional().describe('Acquirer host endpoint.'),
  notifyUrl: z
    .url({ protocol: /^https?$/, error: `${VALUE} is not an http(s) URL` })
    .optional()
    .describe('Callback URL for asynchronous notifications from the acquirer.'),
  connExtraParams: z
    .record(z.string(), scalarSchema)
    .optional()
    .describe('Extra connection parameters (sent to the service as a JSON-encoded string).'),
  enablerMsgFormat: z.string().optional().describe('Overrides the group-level device-provisioning message format for this profile.'),
  enablerParams: z
    .union([fieldNameListSchema, z.string().transform(splitFieldNames).pipe(fieldNameListSchema)], {
      error: `expected a list of field names (or one comma-separated string), got ${VALUE}`,
    })
    .optional()
    .describe(
      'Names of the per-acquirer fields a device must supply (a list, or a comma/semicolon-separated string). Empty: the group-level list applies.',
    ),
  asDefault: z.boolean().optional().describe('Default profile for its acqType; the service clears the flag on every other profile of that acqType.'),
  asSettleBlock: z.boolean().optional().describe('Excludes the profile\'s transactions from the group\'s settlement.'),
  methods: methodsSchema.describe(
    'Payment methods of the profile: method code → EMV configs by name. Becomes the API\'s methodList and emvList.',
  ),
}).meta({ id: 'AcquirerProfile', description: 'An acquirer profile: connection and routing settings towards an acquiring host (API 01 §2.3, §4.1).' });

export const bindingSchema = strictEntry({
  acquirer: nameSchema().describe('profileName of the acquirer profile this binding routes through.'),
  currency: currencySchema.describe('ISO 4217 currency of the binding; may differ from the profile\'s.'),
  mid: z.string().optional().describe('Merchant ID at the acquirer host for this binding, if different from the group-level default.'),
  methods: methodsSchema.describe('Payment methods routed through the profile: method code → EMV configs by name.'),
}).meta({
  id: 'Binding',
  description: 'A merchant payment config entry: routes payment methods of the merchant through one acquirer profile and currency (API 01 §2.2, §4.4).',
});

const digits = (count: number) =>
  z.string().regex(new RegExp(`^\\d{${count}}$`), { error: `${VALUE} must be ${count} digits (quote it to keep leading zeros)` });

const deviceEmvParamsSchema = strictEntry({
  netDFloorLimit: digits(8).optional().describe('Network D (code 04) floor limit, 8 digits.'),
  terminalCountryCode: digits(4).optional().describe('Terminal country code, 4 digits (ISO 3166 numeric), e.g. "0840".'),
  txnCurrencyCode: digits(4).optional().describe('Transaction currency code, 4 digits (ISO 4217 numeric), e.g. "0840".'),
  netDExReaderCapability: z
    .union([z.string(), z.number()], { error: `expected a string or number, got ${VALUE}` })
    .optional()
    .describe('Network D extended reader capability.'),
  netDReaderCapability: z.string().optional().describe('Network D reader capability.'),
  terminalType: z.string().optional().describe('Terminal type.'),
  terminalCapability: z
    .string()
    .regex(/^[0-9A-Fa-f]+$/, { error: `${VALUE} is not hexadecimal` })
    .optional()
    .describe('Terminal capability, hexadecimal.'),
  emvFlags: z.string().optional().describe('EMV flags.'),
}).meta({ id: 'DeviceEmvParams', description: 'EMV parameters of the device (API 01 §2.7).' });

export const deviceSchema = strictEntry({
  deviceAlias: keySchema('deviceAlias').describe('Friendly name of the device, unique per merchant; the key a live device is matched by.'),
  deviceName: z.string().optional().describe('Device name.'),
  deviceType: z.string().optional().describe('Device type, e.g. COTS (the service\'s default).'),
  operatingMode: z.string().optional().describe('Operating mode.'),
  methods: uniqueList(paymentMethodCodeSchema, `method ${VALUE} is listed twice`)
    .optional()
    .describe('Payment method codes enabled on the device; each must be bound for the merchant. Becomes methodList.'),
  deviceAdmin: z.string().optional().describe('Admin password of the device. Secret: use ${VARIABLE} and never commit the value.'),
  acquirerFields: z
    .record(
      nameSchema(),
      z.record(fieldNameSchema, z.string(), { error: `expected a mapping of field name to string, got ${VALUE}` }),
    )
    .optional()
    .describe(
      'Per-acquirer fields: profileName → {field: value} for the fields of that profile\'s enablerParams. Becomes extParams.acquirers.<profileId>.',
    ),
  emvParams: deviceEmvParamsSchema.optional(),
}).meta({ id: 'Device', description: 'A terminal: an activation code that becomes an activated device (API 01 §2.6, §4.5).' });

export const merchantSchema = strictEntry({
  providerReference: keySchema('providerReference').describe('Your own unique reference for the merchant: the key a live merchant is matched by.'),
  mchName: requiredText().describe('Merchant name.'),
  currency: currencySchema.describe('Default settlement currency, ISO 4217.'),
  contactName: requiredText().describe('Contact name.'),
  contactEmail: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${VALUE} is not an e-mail address` })
    .describe('Contact e-mail address.'),
  mcc: z
    .string()
    .regex(/^\d{4}$/, { error: `${VALUE} is not a merchant category code (4 digits, ISO 18245)` })
    .optional()
    .describe('Merchant category code, 4 digits (ISO 18245). Quote it: "5814".'),
  region: z.string().optional().describe('Region code.'),
  timeZone: timeZoneSchema.optional().describe('Time zone name; the service uses the group\'s time zone when it is not set.'),
  country: countrySchema.optional(),
  transType: z.string().optional().describe('Transaction type restriction, if any.'),
  contactPhone: z.string().optional().describe('Contact phone.'),
  contactAddress: z.string().optional().describe('Contact address; shown on the e-receipt when set.'),
  receiptLogo: z
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
  receiptInfo: z.string().optional().describe('Extra text shown on the e-receipt.'),
  state: z
    .literal([0, 1], { error: `must be 1 (active) or 0 (inactive), got ${VALUE}` })
    .optional()
    .describe('1 = active (can process payments), 0 = inactive.'),
  passcode: z.string().optional().describe('Operator passcode. Secret: use ${VARIABLE} and never commit the value.'),
  mdr: z.string().optional().describe('Merchant discount rate override. Quote it: "1.5".'),
  merchantType: z.string().optional().describe('Merchant classification.'),
  additionalData: z
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
  bindings: z
    .array(bindingSchema)
    .optional()
    .describe('Payment config of the merchant. Absent: not managed (left as it is). An empty list: the merchant has no binding.'),
  devices: z
    .array(deviceSchema)
    .optional()
    .describe('Terminals of the merchant. Absent: not managed (left as they are). An empty list: no pending activation code is kept (pending devices are deleted), and an activated terminal goes only as prune.activatedDevices says.'),
}).meta({ id: 'Merchant', description: 'A merchant (API 01 §2.1, §4.3) with its payment config and terminals.' });

export const prunePolicySchema = strictEntry({
  emvConfigs: z.boolean().default(false).describe('Delete live EMV configs that the manifest does not list.'),
  acquirerProfiles: z.boolean().default(false).describe('Delete live acquirer profiles that the manifest does not list.'),
  merchants: z.boolean().default(false).describe('Delete live merchants that the manifest does not list.'),
  activatedDevices: z
    .union([z.literal(false), z.enum(['logout', 'decommission'])], {
      error: `must be false, "logout" or "decommission", got ${VALUE}`,
    })
    .default(false)
    .describe(
      'What to do with activated terminals (physical devices) the manifest does not list: false (leave them, the default), logout, or decommission.',
    ),
}).meta({ id: 'PrunePolicy', description: 'Which live resources missing from the manifest are removed. Everything defaults to off.' });

/**
 * `protect:` stands apart from the entries on purpose: paycfg keeps no state, so a flag on an entry
 * would vanish with the entry it protects, and deleting the entry is the very change to stop.
 */
export const protectListSchema = uniqueList(
  z.string({ error: `expected an address or a glob such as acquirer/*, got ${VALUE}` }).superRefine((text, ctx) => {
    const problem = protectPatternProblem(text);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', input: text, message: `${VALUE} ${problem}` });
  }),
  `${VALUE} is listed twice`,
)
  .describe(
    'Live records a plan must never delete or replace: addresses (merchant/coffee-001) or globs (acquirer/*, device/coffee-001/*, binding/**). ' +
      'In the key, * matches within one part (between two /), ** across parts. A delete or replacement of a matching live record is blocked; ' +
      'an update is not. Several files may each have a protect list: they add up. Kept apart from the entries, so that deleting an entry does not drop its protection.',
  );

const movedAddressSchema = z.string({ error: `expected an address such as acquirer/host-a, got ${VALUE}` });

/**
 * One rename: the live record at `from` now has the address `to`. The checks of the pair itself are
 * here, on the pair, so that a kind that cannot move is said once; those across entries and
 * against the manifest's entries are in moved-checks.ts.
 */
export const movedEntrySchema = strictEntry({
  from: movedAddressSchema.describe('The address the live record has now, e.g. acquirer/host-a.'),
  to: movedAddressSchema.describe('The address the manifest gives it, e.g. acquirer/host-a-usd; an entry of the manifest must have it.'),
})
  .superRefine((move, ctx) => {
    const fromProblem = movedAddressProblem(move.from);
    if (fromProblem !== undefined) ctx.addIssue({ code: 'custom', path: ['from'], input: move.from, message: `${VALUE} ${fromProblem}` });
    const toProblem = movedAddressProblem(move.to);
    // A kind that cannot move is said at from; to says it again only when from is of another kind.
    if (toProblem !== undefined && (fromProblem === undefined || addressKind(move.from) !== addressKind(move.to))) {
      ctx.addIssue({ code: 'custom', path: ['to'], input: move.to, message: `${VALUE} ${toProblem}` });
    }
    if (fromProblem !== undefined || toProblem !== undefined) return;
    if (move.from === move.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], input: move.to, message: `${VALUE} is also the from address: a move changes the address` });
    } else if (movedKind(move.from) !== movedKind(move.to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        input: move.to,
        message: `${VALUE} names a ${KIND_LABEL[movedKind(move.to)]}, but from names a${movedKind(move.from) === 'acquirer' ? 'n' : ''} ${KIND_LABEL[movedKind(move.from)]}: a move keeps the kind of its record`,
      });
    }
  })
  .meta({ id: 'Moved', description: 'A record renamed in place: the live record at from now has the address to.' });

function addressKind(text: string): string {
  const slash = text.indexOf('/');
  return slash < 0 ? text : text.slice(0, slash);
}

/**
 * `moved:` is a list of its own, as Terraform's moved blocks are: an entry outlives the apply that
 * makes the rename (a move whose `from` is gone and whose `to` is live does nothing), so that a
 * manifest applied to another group, or again, renames there too.
 */
export const movedListSchema = z
  .array(movedEntrySchema)
  .describe(
    'Renames made in place: each entry says that the live record at from (acquirer/<profileName>, merchant/<providerReference>, ' +
      'device/<providerReference>/<deviceAlias>) now has the address to, which an entry of the manifest must have. The plan updates its key ' +
      '(profileName, providerReference, deviceAlias) with the PUT the service offers, instead of deleting and creating it; its bindings and ' +
      'devices follow. A move whose from is not live does nothing, so entries may stay after the apply. An EMV config cannot be renamed. ' +
      'Several files may each have a moved list: they add up.',
  );

export const safetySchema = strictEntry({
  maxDeletes: z
    .number({ error: `expected a whole number of deletes, got ${VALUE}` })
    .int({ error: `expected a whole number of deletes, got ${VALUE}` })
    .min(0, { error: `must be 0 or more, got ${VALUE}` })
    .optional()
    .describe(
      'The most records one plan may delete (a replacement, a logout and a decommission count; see docs/plan.md): plan and apply refuse a plan with more, ' +
        'before any write. 0: no delete at all. --max-deletes overrides it for one run.',
    ),
  maxAffectedTerminals: z
    .number({ error: `expected a whole number of terminals, got ${VALUE}` })
    .int({ error: `expected a whole number of terminals, got ${VALUE}` })
    .min(0, { error: `must be 0 or more, got ${VALUE}` })
    .optional()
    .describe(
      'The most terminals one change may reach through the dependency chain (an EMV config → its profiles and bindings → their merchants → ' +
        'their terminals; see docs/plan.md): plan and apply refuse a plan with a change that reaches more, before any write, naming each. ' +
        '--max-affected-terminals overrides it for one run.',
    ),
}).meta({ id: 'Safety', description: 'Limits that refuse a run before it writes anything.' });

export const manifestSchema = strictEntry({
  version: z
    .literal(1, {
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : `unsupported manifest format version ${VALUE}; this paycfg reads version 1`,
    })
    .describe('Manifest format version: 1. Required in every manifest file.'),
  group: z
    .string()
    .regex(/^G-\d{8}$/, { error: `${VALUE} is not a group id (G- and 8 digits, e.g. G-00000001)` })
    .optional()
    .describe('The groupId this manifest is for; a run with a token of another group is refused.'),
  prune: prunePolicySchema.default(() => ({ ...NO_PRUNE, activatedDevices: false as const })),
  protect: protectListSchema.default(() => []),
  moved: movedListSchema.default(() => []),
  safety: safetySchema.optional(),
  emvConfigs: z.array(emvConfigSchema).default(() => []).describe('EMV configs, keyed by emvName.'),
  acquirerProfiles: z.array(acquirerProfileSchema).default(() => []).describe('Acquirer profiles, keyed by profileName.'),
  merchants: z.array(merchantSchema).default(() => []).describe('Merchants, keyed by providerReference.'),
}).describe('A paycfg manifest: the desired state of one PBO group. It may be split over many files; every file has version: 1.');

function splitFieldNames(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export type Manifest = z.output<typeof manifestSchema>;
export type EmvConfigEntry = z.output<typeof emvConfigSchema>;
export type AcquirerProfileEntry = z.output<typeof acquirerProfileSchema>;
export type MerchantEntry = z.output<typeof merchantSchema>;
export type BindingEntry = z.output<typeof bindingSchema>;
export type DeviceEntry = z.output<typeof deviceSchema>;
export type MethodsMap = z.output<typeof methodsSchema>;
export type PrunePolicy = z.output<typeof prunePolicySchema>;
export type Safety = z.output<typeof safetySchema>;
export type MovedEntry = z.output<typeof movedEntrySchema>;
