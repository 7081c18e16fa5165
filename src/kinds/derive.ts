/**
 * What follows from a kind's field facts, computed by one set of loops for every kind: the
 * manifest shape, the diff's descriptors, the record check, the wire JSON Schemas, the docs'
 * "On the wire" cells, and the fields of the desired state, the live state, a request body and an
 * exported entry. A kind's module calls these and adds only what is its own.
 */
import type { z } from 'zod';
import { InternalError } from '../errors.js';
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
  type Codec,
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
    if (wireName === undefined) throw new InternalError(`field ${name} has no single wire name: its facts must declare onTheWire`);
    out[name] = { sentAs: [wireName], text: `\`${wireName}\`${field.wireNote ?? ''}` };
  }
  return out;
}

// ---- state, bodies and export ----

/**
 * A managed field as the loops below read it, resolved once per kind: these run for every record
 * of a large group (10,000 merchants and their devices), where looking each fact up again per
 * record was measured at about a third of the normalisation's time.
 */
export interface StateField {
  readonly name: string;
  /** Its one wire name, or its own name where a codec writes several (a profile's methods). */
  readonly wireName: string;
  readonly asSent: boolean;
  readonly writeOnly: boolean;
  readonly secret: boolean;
  readonly immutable: boolean;
  readonly serverDefault: unknown;
  readonly codec: Codec<any>;
}

const NO_CODEC: Codec<any> = {};

/** The kind's managed fields, in the facts' order, ready for the loops below. */
export function stateFieldPlan(facts: Facts): readonly StateField[] {
  return stateFieldsOf(facts).map((name): StateField => {
    const field = facts[name]!;
    return {
      name,
      wireName: singleWireName(name, field) ?? name,
      asSent: field.asSent === true,
      writeOnly: field.writeOnly === true,
      secret: field.secret === true,
      immutable: field.immutable === true,
      serverDefault: field.serverDefault,
      codec: field.codec ?? NO_CODEC,
    };
  });
}

/**
 * A manifest entry's managed fields in the normalised model: only those it sets (absent means not
 * managed), in the facts' order. A loop, not Object.entries/fromEntries: this runs for every
 * resource as the load's heap peaks.
 */
export function desiredFieldsOf(fields: readonly StateField[], entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const written = entry[field.name];
    if (written === undefined) continue;
    const value = field.codec.desired !== undefined ? field.codec.desired(written) : written;
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

/**
 * A live record's managed fields: each as its codec reads it, or the wire value where the service
 * sent one, or the field's server default. A field the service never returns (write-only) is left
 * out. Fields assigned one by one, in the facts' order, rather than spread from one small object
 * per field: every record of a large group passes here while the reads run.
 */
export function liveFieldsOf(fields: readonly StateField[], record: Readonly<Record<string, unknown>>, context: LiveContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.writeOnly) continue;
    const sent = record[field.wireName];
    if (field.asSent) {
      out[field.name] = sent;
      continue;
    }
    let value: unknown = field.codec.live !== undefined ? field.codec.live(sent, record, context, field.wireName) : present(sent) ? sent : undefined;
    if (value === undefined) value = field.serverDefault;
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

/**
 * The body fields that write `fields`, in the facts' order. An update never sends an immutable
 * field: changing one replaces the record.
 */
export function writeFieldsOf(fields: readonly StateField[], state: Readonly<Record<string, unknown>>, context: WriteContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (context.mode === 'update' && field.immutable) continue;
    const value = state[field.name];
    if (value === undefined) continue;
    if (field.codec.write !== undefined) Object.assign(out, field.codec.write(value, context, field.wireName));
    else out[field.wireName] = value;
  }
  return out;
}

/**
 * A state's fields as an exported manifest entry writes them. A write-only field is never read
 * back, so never exported; a secret never reaches an export (export writes a variable for it).
 */
export function exportFieldsOf(fields: readonly StateField[], state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.writeOnly || field.secret) continue;
    const value = state[field.name];
    out[field.name] = value === undefined || field.codec.exported === undefined ? value : field.codec.exported(value);
  }
  return out;
}
