/**
 * What follows from a kind's field facts, computed by one set of loops for every kind: the
 * manifest shape, the diff's descriptors, the record check, the wire JSON Schemas, the docs'
 * "On the wire" cells, and the fields of the desired state, the live state, a request body and an
 * exported entry. A kind's module calls these and adds only what is its own.
 */
import type { z } from 'zod';
import { present } from './live-values.js';
import {
  objectSchema,
  valueSchema,
  WireField,
  type Comparison,
  type Facts,
  type FieldFacts,
  type JsonSchema,
  type LiveContext,
  type OnTheWire,
  type ReadType,
  type WireShape,
  type WriteContext,
} from './field-facts.js';

/** What the diff reads of a field (plan/descriptors.ts). */
export interface FieldDescriptor {
  readonly compare: Comparison;
  /** A change cannot be written in place: the resource must be replaced (01 §2.3, §2.4). */
  readonly immutable?: boolean;
  readonly sensitive?: boolean;
}

/** The wire fields a fact stands for, by wire name. */
export function wireFieldsOf(name: string, facts: FieldFacts, which: 'wire' | 'legacy' = 'wire'): [string, WireField<any, boolean, any>][] {
  const declared = facts[which];
  if (declared === undefined) return [];
  const list = declared instanceof WireField ? [declared] : (declared as readonly WireField<any, boolean, any>[]);
  return list.map((field) => [field.spec.name ?? name, field]);
}

/** The one wire name of a managed field, where it has one. */
function singleWireName(name: string, facts: FieldFacts): string | undefined {
  return facts.wire instanceof WireField ? (facts.wire.spec.name ?? name) : undefined;
}

const isManaged = (facts: FieldFacts): boolean => facts.state !== undefined;

/** The fields of the manifest entry, in the facts' order, or with `first` ahead of the others. */
export function manifestShape(facts: Facts, first: readonly string[] = []): Record<string, z.ZodType> {
  const names = [...first, ...Object.keys(facts).filter((name) => !first.includes(name))];
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const schema = facts[name]?.manifest;
    if (schema !== undefined) shape[name] = schema;
  }
  return shape;
}

/** The key field of the kind's manifest entries, if it has one. */
export function keyFieldOf(facts: Facts): string | undefined {
  return Object.keys(facts).find((name) => facts[name]!.key === true);
}

/** The managed fields (the state's), in order. */
export function stateFieldsOf(facts: Facts): string[] {
  return Object.keys(facts).filter((name) => isManaged(facts[name]!));
}

export function descriptorsOf(facts: Facts): Record<string, FieldDescriptor> {
  const out: Record<string, FieldDescriptor> = {};
  for (const name of stateFieldsOf(facts)) {
    const field = facts[name]!;
    out[name] = {
      compare: field.writeOnly === true ? 'write-only' : field.compare,
      ...(field.immutable === true ? { immutable: true } : {}),
      ...(field.secret === true ? { sensitive: true } : {}),
    };
  }
  return out;
}

// ---- the record check (live/record-check.ts) ----

export interface CheckedField {
  readonly type: ReadType;
  readonly required?: true;
  /** The fields of the objects of a list, checked item by item. */
  readonly items?: Readonly<Record<string, CheckedField>>;
}

function checkOf(field: WireField<any, boolean, any>, byDefault: boolean): CheckedField | undefined {
  const { checked, checkAs, items } = field.spec;
  if (checked === 'never' || (checked === undefined && !byDefault)) return undefined;
  const nested = items === undefined ? undefined : checkedShape(items);
  return {
    type: checkAs,
    ...(checked === 'required' ? { required: true as const } : {}),
    ...(nested !== undefined && Object.keys(nested).length > 0 ? { items: nested } : {}),
  };
}

function checkedShape(shape: WireShape): Record<string, CheckedField> {
  const out: Record<string, CheckedField> = {};
  for (const [name, field] of Object.entries(shape)) {
    const check = checkOf(field, false);
    if (check !== undefined) out[name] = check;
  }
  return out;
}

/** The wire fields the planner reads, in the facts' order: a managed field's unless write-only, others where declared. */
export function checkedFieldsOf(facts: Facts): Record<string, CheckedField> {
  const out: Record<string, CheckedField> = {};
  for (const [name, field] of Object.entries(facts)) {
    const byDefault = (isManaged(field) || field.key === true) && field.writeOnly !== true;
    for (const [wireName, wireField] of wireFieldsOf(name, field)) {
      const check = checkOf(wireField, byDefault);
      if (check !== undefined) out[wireName] = check;
    }
  }
  return out;
}

// ---- the wire JSON Schemas (schemas/api) ----

export interface WireSchemaMeta {
  /** The file's name in schemas/api, without `.schema.json`. */
  readonly file: string;
  readonly title: string;
  readonly description: string;
}

export const WIRE_SCHEMA_BASE = 'https://paycfg.dev/schemas/api/';

/** The JSON Schema of a record of the kind, from the wire (or legacy wire) facts of its module (`source`). */
export function wireRecordSchema(facts: Facts, which: 'wire' | 'legacy', meta: WireSchemaMeta, source: string): JsonSchema {
  const shape: Record<string, WireField<any, boolean, any>> = {};
  for (const [name, field] of Object.entries(facts)) for (const [wireName, wireField] of wireFieldsOf(name, field, which)) shape[wireName] = wireField;
  const { type, required, properties } = objectSchema(shape, false) as { type: string; required?: string[]; properties: JsonSchema };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${WIRE_SCHEMA_BASE}${meta.file}.schema.json`,
    $comment: `Generated by \`npm run schemas\` from the field facts in ${source}; do not edit by hand.`,
    title: meta.title,
    description: meta.description,
    type,
    required: required ?? [],
    properties,
  };
}

export { valueSchema };

// ---- the docs' "On the wire" column ----

/** Each manifest field's "On the wire" cell (and body paths), from the facts. */
export function onTheWireOf(facts: Facts): Record<string, OnTheWire> {
  const out: Record<string, OnTheWire> = {};
  for (const [name, field] of Object.entries(facts)) {
    if (field.manifest === undefined) continue;
    if (field.onTheWire !== undefined) {
      out[name] = field.onTheWire;
      continue;
    }
    const wireName = singleWireName(name, field);
    if (wireName === undefined) throw new Error(`field ${name} has no single wire name: declare its onTheWire`);
    out[name] = { sentAs: [wireName], text: `\`${wireName}\`${field.wireNote ?? ''}` };
  }
  return out;
}

// ---- state, bodies and export ----

/**
 * A manifest entry's managed fields in the normalised model: only those it sets (absent means not
 * managed), in the facts' order. A loop, not Object.entries/fromEntries: this runs for every
 * resource as the load's heap peaks.
 */
export function desiredFieldsOf(facts: Facts, entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in facts) {
    const field = facts[name]!;
    if (field.state === undefined) continue;
    const written = entry[name];
    const value = written === undefined ? undefined : field.codec?.desired !== undefined ? field.codec.desired(written) : written;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * A live record's managed fields: each as its codec reads it, or the wire value where the service
 * sent one, or the field's server default. A field the service never returns (write-only) is left
 * out. Fields assigned one by one, in the facts' order: every record of a large group passes here.
 */
export function liveFieldsOf(facts: Facts, record: Readonly<Record<string, unknown>>, context: LiveContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in facts) {
    const field = facts[name]!;
    if (field.state === undefined || field.writeOnly === true) continue;
    const wireName = singleWireName(name, field) ?? name;
    const sent = record[wireName];
    if (field.asSent === true) {
      out[name] = sent;
      continue;
    }
    let value: unknown;
    if (field.codec?.live !== undefined) value = field.codec.live(sent, record, context, wireName);
    else value = present(sent) ? sent : undefined;
    if (value === undefined) value = field.serverDefault;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * The body fields that write `fields`, in the facts' order. An update never sends an immutable
 * field: changing one replaces the record.
 */
export function writeFieldsOf(facts: Facts, fields: Readonly<Record<string, unknown>>, context: WriteContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in facts) {
    const field = facts[name]!;
    if (field.state === undefined) continue;
    if (context.mode === 'update' && field.immutable === true) continue;
    const value = fields[name];
    if (value === undefined) continue;
    const wireName = singleWireName(name, field) ?? name;
    if (field.codec?.write !== undefined) Object.assign(out, field.codec.write(value, context, wireName));
    else out[wireName] = value;
  }
  return out;
}

/**
 * A state's fields as an exported manifest entry writes them. A write-only field is never read
 * back, so never exported; a secret never reaches an export (export writes a variable for it).
 */
export function exportFieldsOf(facts: Facts, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in facts) {
    const field = facts[name]!;
    if (field.state === undefined || field.writeOnly === true || field.secret === true) continue;
    const value = fields[name];
    out[name] = value === undefined || field.codec?.exported === undefined ? value : field.codec.exported(value);
  }
  return out;
}
