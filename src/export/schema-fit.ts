import { deviceEmvParamsSchema } from '../kinds/device.js';
import { KIND_MODULES, type Kind } from '../kinds/registry.js';
import { manifestSchema } from '../manifest/index.js';

/**
 * The manifest model decides what an exported entry may hold: field order comes from its shapes,
 * and a live value that an optional field's schema refuses is left out (absent means "not
 * managed", so leaving it out never shows as drift). Required fields are always written; a live
 * value the format refuses there is caught when the output is validated.
 */

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

export interface EntrySchema {
  readonly shape: Readonly<Record<string, FieldSchema>>;
}

/** Each kind's manifest entry (its module's), and a device's emvParams object. */
export const ENTRY_SCHEMAS: Readonly<Record<Kind | 'deviceEmvParams', EntrySchema>> & { readonly deviceEmvParams: typeof deviceEmvParamsSchema } = {
  ...(Object.fromEntries(KIND_MODULES.map((kind) => [kind.kind, kind.entrySchema as EntrySchema])) as Record<Kind, EntrySchema>),
  deviceEmvParams: deviceEmvParamsSchema,
};

/** The manifest's `group:` check (G- and 8 digits). */
export function acceptsGroup(groupId: string): boolean {
  return manifestSchema.shape.group.safeParse(groupId).success;
}

/** Keys the manifest reader refuses anywhere (merge keys and names that reach Object.prototype). */
const REFUSED_KEYS = new Set(['<<', '__proto__', 'constructor', 'prototype']);
/** The reader stops at 64 levels; an entry's own fields start a few levels down. */
const MAX_VALUE_DEPTH = 48;

/** True when the manifest reader can read the value back: no refused key, not nested too deeply. */
export function readableBack(value: unknown, depth = 0): boolean {
  if (depth > MAX_VALUE_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => readableBack(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => !REFUSED_KEYS.has(key) && readableBack(item, depth + 1));
  }
  return true;
}

/** A key (providerReference, deviceAlias) the manifest can match a live record by. */
export function acceptsKey(schema: EntrySchema, field: string, value: string | undefined): boolean {
  return value !== undefined && schema.shape[field]!.safeParse(value).success;
}

export interface FittedEntry {
  /** Fields in the model's order. */
  readonly entry: Record<string, unknown>;
  /** Optional fields whose live value the format refuses. */
  readonly leftOut: string[];
}

/**
 * The entry for `fields` in the model's field order, without the fields in `skip` (lists such as
 * bindings and devices, which the caller writes itself).
 */
export function fitEntry(schema: EntrySchema, fields: Readonly<Record<string, unknown>>, skip: readonly string[] = []): FittedEntry {
  const entry: Record<string, unknown> = {};
  const leftOut: string[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    if (skip.includes(field)) continue;
    const value = fields[field];
    if (value === undefined) continue;
    const optional = fieldSchema.safeParse(undefined).success;
    if (optional && (!fieldSchema.safeParse(value).success || !readableBack(value))) {
      leftOut.push(field);
      continue;
    }
    entry[field] = value;
  }
  return { entry, leftOut };
}
