/**
 * The manifest's value schemas that several kinds share: names and keys, ISO codes, time zones,
 * payment method codes, method maps, free-form JSON. Every message here is part of what validate
 * prints, so each is kept word for word; a field's own describe text is written where the field is
 * declared (its kind's module).
 */
import { z } from 'zod';
import { EXCEPTIONALLY_RESERVED_COUNTRIES, ISO_3166_ALPHA2_COUNTRIES, ISO_4217_CURRENCIES } from '../manifest/iso-codes.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { VALUE, unknownKeyLines } from '../manifest/issue-text.js';
import {
  ACCEPTED_METHOD_CODE_SPELLINGS,
  METHOD_CODES_HINT,
  NUMERIC_CARD_METHOD_CODES,
  normalisePaymentMethodCode,
  type PaymentMethodCode,
} from '../manifest/payment-methods.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';

/** A strict object whose unknown keys are reported one per line with a suggestion. */
export function strictEntry<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKeyLines(issue.keys, allowed) : undefined),
  });
}

export const requiredText = () => z.string().min(1, { error: 'must not be empty' });

/** A list whose items must not repeat; the repeat is reported where it stands. */
export function uniqueList<Item extends z.ZodType>(item: Item, message: string) {
  return z.array(item).superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((value, index) => {
      const key = String(value);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], input: value, message });
      seen.add(key);
    });
  });
}

export const currencySchema = z
  .enum(ISO_4217_CURRENCIES, { error: (issue) => `${VALUE} is not an ISO 4217 currency code (three capital letters, e.g. USD)${inCapitals(issue.input, ISO_4217_CURRENCIES)}` })
  .meta({ id: 'Currency', description: 'ISO 4217 currency code, e.g. USD.' });

export const countrySchema = z
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

export const nameSchema = () =>
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
export const keySchema = (field: string) =>
  nameSchema().refine((key) => !key.startsWith(UNKEYED_MARK), {
    error: `${VALUE} must not start with "${UNKEYED_MARK}": a plan names a live record without a ${field} "${UNKEYED_MARK}<its id>", and a key of the manifest must never look like one`,
  });

/**
 * IANA names as Node's time zone data knows them. Intl.supportedValuesOf('timeZone') lists only
 * the canonical names of that data, without UTC or links such as Asia/Kolkata and Europe/Kyiv, so
 * a name counts when Intl.DateTimeFormat takes it; it must also be spelt in the data's letter case,
 * which Intl would forgive and a service need not. The list serves the "did you mean" hint.
 */
export const timeZoneSchema = z.string().superRefine((name, ctx) => {
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

export const paymentMethodCodeSchema = z
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

export interface MethodEntry {
  emvs?: string[] | undefined;
  allows?: string[] | undefined;
}

/**
 * Method code → EMV configs. Keys may be written `01` or `1`; the output uses two-digit codes, and
 * two spellings of one code in the same map are an error.
 */
export const methodsSchema = z
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

export const scalarSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: `expected a string, number or boolean, got ${VALUE}`,
});

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const jsonValueSchema: z.ZodType<JsonValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]))
  .meta({ id: 'JsonValue', description: 'Any YAML value: text, number, boolean, null, list or mapping.' });

export const fieldNameSchema = z
  .string()
  .regex(/^[^\s,;]+$/, { error: `${VALUE} is not a field name (no spaces, commas or semicolons)` });

export const fieldNameListSchema = uniqueList(fieldNameSchema, `field ${VALUE} is listed twice`);

export const digits = (count: number) =>
  z.string().regex(new RegExp(`^\\d{${count}}$`), { error: `${VALUE} must be ${count} digits (quote it to keep leading zeros)` });

export function splitFieldNames(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
