import type { Kind } from '../model/kinds.js';

/**
 * What tells a reviewer which record a change is about, per kind: the manifest's name for the key
 * (EMV configs, profiles and merchants are keyed by a name that is not among their fields), then
 * the fields that say what the record is. Renderers show these first in every change, and the JSON
 * plan lists them first in `before` and `after`.
 */
export const KEY_FIELD: Readonly<Record<Kind, string | undefined>> = {
  emv: 'emvName',
  acquirer: 'profileName',
  merchant: 'providerReference',
  // Their keys join the merchant's providerReference with fields they hold (acquirer, currency; deviceAlias).
  binding: undefined,
  device: undefined,
};

export const IDENTITY_FIELDS: Readonly<Record<Kind, readonly string[]>> = {
  emv: ['paymentMethod', 'currency'],
  acquirer: ['acqType', 'currency'],
  merchant: ['mchName'],
  binding: ['acquirer', 'currency'],
  device: ['deviceAlias', 'deviceName'],
};

/** The same lists as sets, for lookups: built from IDENTITY_FIELDS, so that the two cannot disagree. */
const IDENTITY_SETS = Object.fromEntries(
  Object.entries(IDENTITY_FIELDS).map(([kind, fields]) => [kind, new Set(fields)]),
) as unknown as Readonly<Record<Kind, ReadonlySet<string>>>;

export function isIdentityField(kind: Kind, field: string): boolean {
  return IDENTITY_SETS[kind].has(field);
}

/**
 * Field names in the order a reviewer reads them: identity fields first, as listed, then the rest
 * sorted. The key field is among a change's fields only when the change renames the record
 * (`moved:`): it comes first then.
 */
export function fieldOrder(kind: Kind, names: Iterable<string>): string[] {
  const all = new Set(names);
  const keyField = KEY_FIELD[kind];
  const key = keyField !== undefined && all.has(keyField) ? [keyField] : [];
  const first = IDENTITY_FIELDS[kind].filter((field) => all.has(field));
  const rest = [...all].filter((field) => !IDENTITY_SETS[kind].has(field) && field !== keyField).sort();
  return [...key, ...first, ...rest];
}

/** `fields` with its keys in `fieldOrder`; the object itself when they already are. */
export function identityFirst(kind: Kind, fields: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(fields);
  const ordered = fieldOrder(kind, keys);
  if (ordered.every((key, i) => keys[i] === key)) return fields;
  const out: Record<string, unknown> = {};
  for (const key of ordered) out[key] = fields[key];
  return out;
}
