/**
 * The vocabulary a kind's module declares its fields in: per field, once, its manifest schema, its
 * name and type on the wire (current API, and legacy API where it has one), how the planner
 * compares it, and the flags secret, immutable, write-only, multi-line and the value the service
 * defaults it to. Everything else paycfg knows of a field is derived from these facts
 * (kinds/derive.ts): the manifest entry schema, the state type, the wire record type, the record
 * check, the wire JSON Schemas, the request bodies, the export and the reference docs.
 *
 * A plain optional text field is one line: `contactPhone: text('Contact phone.')`.
 */
import { z } from 'zod';
import type { IdRegistry } from '../apply/id-registry.js';
import { InternalError } from '../errors.js';

/** How the diff compares a field (plan/diff.ts reads it through plan/descriptors.ts). */
export type Comparison =
  /** Deep equality of canonical JSON (key order ignored). */
  | 'exact'
  /**
   * Numbers compare by their text: the service is loose about `0` vs `"0"` inside EMV parameters.
   * Booleans and null keep their type: `true` and `"true"` differ (a terminal reads a flag, not a word).
   */
  | 'text'
  /** Only the keys the manifest sets are compared ('text' rule); the service fills the others with its defaults. */
  | 'subset-text'
  /** 'exact', without the keys paycfg reserves for itself (model/receipt-logo.ts): they are not the user's metadata. */
  | 'metadata'
  /**
   * A URL compares exactly. Uploaded content (base64) cannot be read back: it compares by its SHA-256
   * with the fingerprint paycfg keeps in the live record's additionalData (see kinds/merchant-logo.ts,
   * which also decides what a plan does where the service shows no additionalData).
   */
  | 'upload'
  /** Arrays whose order carries no meaning. */
  | 'set'
  /** The service never returns it: sent on create and with every update, never compared. */
  | 'write-only';

/** A JSON Schema fragment (draft 2020-12, as schemas/api is written). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** What the record check (live/record-check.ts) asks of a wire value the planner reads. */
export type ReadType =
  /** A non-empty string: the record's own id or key. */
  | 'key'
  /** A string, or absent (undefined, null). */
  | 'text'
  /** An integer, or a string of digits (the service sends ids both ways). */
  | 'number-id'
  /** A JSON-encoded object, or the object itself, or absent. */
  | 'json'
  | 'flag'
  /** A payment method code: a string or a number (`1` for `01`). */
  | 'code'
  /** A small integer, or a string of digits, or absent. */
  | 'small-int'
  | 'object'
  | 'list';

interface WireSpec {
  /** The value's schema as the service sends it; null is added where the field is not required. */
  readonly schema: JsonSchema;
  /** Required in the wire JSON Schema: the service always sends it. */
  readonly required: boolean;
  /** The wire name, where it is not the fact's own. */
  readonly name?: string;
  /** The record check's type for the value. */
  readonly checkAs: ReadType;
  /**
   * Whether the record check reads it (`required`: a missing one too). Unset, the fact decides: a
   * managed field is checked unless write-only, a field paycfg does not manage is not.
   */
  readonly checked?: 'optional' | 'required' | 'never';
  readonly description?: string;
  /** Fields of the objects of a list, each checked as the record's own are. */
  readonly items?: WireShape;
}

/**
 * One field of a wire record. The type parameters carry, for TypeScript only, the value's type,
 * whether the service always sends it, and its name when that is not the fact's.
 */
export class WireField<T = unknown, R extends boolean = boolean, N extends string = never> {
  declare readonly valueType: T;
  declare readonly requiredType: R;
  declare readonly nameType: N;
  constructor(readonly spec: WireSpec) {}

  /** Always sent by the service (required in its JSON Schema, never null). */
  required(): WireField<T, true, N> {
    return new WireField({ ...this.spec, required: true });
  }
  /** Sent under another name than the fact's. */
  named<M extends string>(name: M): WireField<T, R, M> {
    return new WireField({ ...this.spec, name });
  }
  /** Read by the planner, so checked on every list record (a missing one too, when `required`). */
  checked(presence: 'optional' | 'required' = 'optional', checkAs: ReadType = this.spec.checkAs): WireField<T, R, N> {
    return new WireField({ ...this.spec, checked: presence, checkAs });
  }
  /** Never read by the planner: not checked. */
  unchecked(): WireField<T, R, N> {
    return new WireField({ ...this.spec, checked: 'never' });
  }
  describe(description: string): WireField<T, R, N> {
    return new WireField({ ...this.spec, description });
  }
  /** The same field, optional: how the legacy API sends most of what the current one requires. */
  optional(): WireField<T, false, N> {
    return new WireField({ ...this.spec, required: false });
  }
}

/** The fields of a nested wire object, by wire name. */
export type WireShape = { readonly [name: string]: WireField<any, boolean, any> };

const COMMON = 'common.schema.json#/$defs/';
const common = (name: string): JsonSchema => ({ $ref: `${COMMON}${name}` });

/** The wire value types of schemas/api, each with its record check. */
export const wire = {
  /** A non-empty string that names the record: always sent, always checked. */
  key: () => new WireField<string, true>({ schema: { type: 'string', minLength: 1 }, required: true, checkAs: 'key', checked: 'required' }),
  text: <T extends string = string>() => new WireField<T, false>({ schema: { type: 'string' }, required: false, checkAs: 'text' }),
  /** An id sent as an integer or as a string of digits. */
  numericId: <T = number>() => new WireField<T, false>({ schema: common('numericId'), required: false, checkAs: 'number-id' }),
  currency: () => new WireField<string, false>({ schema: common('currency'), required: false, checkAs: 'text' }),
  paymentMethodCode: () => new WireField<string, false>({ schema: common('paymentMethodCode'), required: false, checkAs: 'code' }),
  /** A JSON document carried as a string. */
  json: () => new WireField<string, false>({ schema: common('jsonEncoded'), required: false, checkAs: 'json' }),
  flag: () => new WireField<boolean, false>({ schema: { type: 'boolean' }, required: false, checkAs: 'flag' }),
  integer: () => new WireField<number, false>({ schema: { type: 'integer' }, required: false, checkAs: 'small-int' }),
  object: <T extends object = Record<string, unknown>>() => new WireField<T, false>({ schema: { type: 'object' }, required: false, checkAs: 'object' }),
  timestamp: () => new WireField<string, false>({ schema: common('timestamp'), required: false, checkAs: 'text' }),
  legacyTimestamp: () => new WireField<string, false>({ schema: common('legacyTimestamp'), required: false, checkAs: 'text' }),
  /** One of a few values. */
  oneOf: <const T extends string | number | boolean>(values: readonly T[], checkAs: ReadType = 'text') =>
    new WireField<T, false>({ schema: { enum: [...values] }, required: false, checkAs }),
  /** A list of strings. */
  strings: () => new WireField<string[], false>({ schema: { type: 'array', items: { type: 'string' } }, required: false, checkAs: 'list' }),
  /** A list of objects, whose fields are checked item by item where the planner reads them. */
  records: <S extends WireShape>(items: S) =>
    new WireField<WireRecordOfShape<S>[], false>({ schema: { type: 'array', items: objectSchema(items, false) }, required: false, checkAs: 'list', items }),
  /** An object with known fields. */
  shaped: <S extends WireShape>(fields: S) =>
    new WireField<WireRecordOfShape<S>, false>({ schema: objectSchema(fields, false), required: false, checkAs: 'object' }),
  /** A value of a shape the other types do not cover (several types, a choice of schemas). */
  schema: <T>(schema: JsonSchema, checkAs: ReadType = 'text') => new WireField<T, false>({ schema, required: false, checkAs }),
} as const;

/**
 * The schema of a field's value: a field the service does not always send may also be null
 * (schemas/api/common.schema.json says so for every record).
 */
export function valueSchema(field: WireField<any, boolean, any>): JsonSchema {
  const { schema, required, description } = field.spec;
  const body = required ? schema : nullable(schema);
  return description === undefined ? body : { description, ...body };
}

function nullable(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...schema, type: [...(type as string[]), 'null'] };
  const choices = schema['enum'];
  if (Array.isArray(choices)) return { ...schema, enum: [...choices, null] };
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf)) return { ...schema, anyOf: [...anyOf, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object's schema from its fields: `required` lists those the service always sends. */
export function objectSchema(fields: WireShape, nullableObject: boolean): JsonSchema {
  const required = Object.entries(fields).filter(([, field]) => field.spec.required).map(([name]) => name);
  const properties = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, valueSchema(field)]));
  return { type: nullableObject ? ['object', 'null'] : 'object', ...(required.length > 0 ? { required } : {}), properties };
}

/** How the export writes a field's YAML (export/write-yaml.ts). */
export type YamlStyle =
  /** A method map: codes quoted, each entry inline. */
  | 'methods'
  /** A list written inline: `[a, b]`. */
  | 'inline-list'
  /** A list of payment method codes written inline and quoted: `["01", "02"]`. */
  | 'inline-codes'
  /** A mapping whose values are mappings written inline. */
  | 'inline-values';

/** What reading a live record needs besides the record. */
export interface LiveContext {
  /** How messages name the record: `EMV config 12`, `acquirer profile 3`, `device CD-1`. */
  readonly where: string;
  /** JSON-encoded fields the caller has parsed already, by wire name: a codec takes them from here rather than parse again. */
  readonly parsed?: Readonly<Record<string, Record<string, unknown> | undefined>>;
  /** An EMV config's name by its id (`#<id>` when unknown). */
  readonly emvName: (id: unknown) => string;
  /** Profile id (as text) → name. */
  readonly profileNames: ReadonlyMap<string, string>;
}

/** What writing a request body needs besides the fields. */
export interface WriteContext {
  /** The service ids of the records the body names; absent for a body that names none (an EMV config's, a merchant's). */
  readonly ids?: IdRegistry;
  /** A create's body, or an update's (where the service takes some values JSON-encoded). */
  readonly mode: 'create' | 'update';
  /** Live values an update must carry back unchanged (a device's extParams keys other than `acquirers`). */
  readonly keep?: Readonly<Record<string, unknown>>;
}

/** The ids a body that names other records is written with. */
export function idsIn(context: WriteContext): IdRegistry {
  if (context.ids === undefined) throw new InternalError('a request body that names other records was written without their ids');
  return context.ids;
}

/** How a field's value moves between the manifest, the state and the wire, where it does not stay as it is. */
export interface Codec<S> {
  /** Manifest value (after the schema) → state value. */
  readonly desired?: (value: any) => S | undefined;
  /**
   * The live value (the field's one wire field's, else undefined) → state value; `record` for a
   * field of several wire fields, `wireName` for messages. Without it, the wire value where it is
   * present (not absent, null or empty); without either, the field's server default.
   */
  readonly live?: (value: any, record: Readonly<Record<string, any>>, context: LiveContext, wireName: string) => S | undefined;
  /** State value → the body fields that carry it. Without it, the wire name with the value as it is. */
  readonly write?: (value: S, context: WriteContext, wireName: string) => Readonly<Record<string, unknown>>;
  /** State value → the manifest value export writes. */
  readonly exported?: (value: S) => unknown;
}

/** The docs' "On the wire" cell, and the body paths that carry the value (checked by test/manifest/manifest-docs.test.ts). */
export interface OnTheWire {
  /** Dotted paths into the create request's body; `<id>` stands for any key. Empty when the value is not a field of that body. */
  readonly sentAs: readonly string[];
  /** The mapping in words (markdown). */
  readonly text: string;
}

/**
 * Everything paycfg knows of one field. A managed field has `manifest` and `state`; the entry's key
 * has `manifest` and `key`; a field the service sends and paycfg does not manage has only `wire`
 * and/or `legacy`.
 */
export interface FieldFacts<S = any> {
  /** Its schema in a manifest entry, with its describe text. */
  readonly manifest?: z.ZodType;
  /** Part of the normalised state, compared by the diff. */
  readonly state?: { readonly required: boolean };
  /** The key of the kind's manifest entries (emvName, profileName, providerReference, deviceAlias). */
  readonly key?: true;
  /** Its field(s) on the current API's records. */
  readonly wire?: WireField<any, boolean, any> | readonly WireField<any, boolean, string>[];
  /** Its field(s) on the legacy API's records (schemas/api/legacy-*.schema.json). */
  readonly legacy?: WireField<any, boolean, any> | readonly WireField<any, boolean, string>[];
  /**
   * The legacy API cannot carry the field (src/manifest/legacy-limits.ts refuses it where a manifest
   * for a group on the legacy API writes it): what it has instead, and the value it holds by its
   * nature where it holds one (which a manifest may write).
   */
  readonly legacyLacks?: LegacyLack;
  readonly compare: Comparison;
  /** A change cannot be written in place: the record is replaced (01 §2.3, §2.4); an update never sends it. */
  readonly immutable?: true;
  /** Never shown: plans say `(sensitive)`, validate says "the value". */
  readonly secret?: true;
  /** The service never returns it: not read from live, never compared. */
  readonly writeOnly?: true;
  /**
   * Text of several lines, where tabs and line breaks are allowed (manifest/check-characters.ts);
   * `values`: every value inside the field's object is.
   */
  readonly multiLine?: true | 'values';
  /**
   * Read from a live record as the service sends it, also when absent or null: a field the service
   * always sends, whose absence the plan shows rather than hides.
   */
  readonly asSent?: true;
  /** What the service holds when the field is not written: a live record without it reads as this. */
  readonly serverDefault?: S;
  /** Written in the docs' "On the wire" column; without it, the wire name (and `wireNote` after it). */
  readonly onTheWire?: OnTheWire;
  readonly wireNote?: string;
  readonly codec?: Codec<S>;
  readonly yaml?: YamlStyle;
  /** For TypeScript only: the state value's type. */
  readonly stateType?: S;
}

/** Why the legacy API cannot carry a field, in words that follow "the legacy API ": `has no merchant region`. */
export interface LegacyLack {
  readonly words: string;
  /** The value the legacy API holds for it by nature (a legacy profile is a card profile): written, it is no problem. */
  readonly holds?: string | boolean;
}

/** A kind's fields, in the order plans show them (and, unless the kind says otherwise, the manifest too). */
export type Facts = { readonly [name: string]: FieldFacts };

type FieldOptions<S> = Omit<FieldFacts<S>, 'manifest' | 'state' | 'stateType' | 'compare' | 'legacy' | 'wire'> & {
  readonly compare?: Comparison;
};

type AnyWire = WireField<any, boolean, any> | readonly WireField<any, boolean, string>[] | undefined;
/** `true`: the legacy API's record has the field as the current one has it, optional there. */
type AnyLegacy = true | WireField<any, boolean, any> | readonly WireField<any, boolean, string>[] | undefined;
type LegacyOf<L, W> = L extends true ? (W extends WireField<infer T, boolean, infer N> ? WireField<T, false, N> : never) : L;

function legacyOf(legacy: AnyLegacy, wireField: unknown): Exclude<AnyLegacy, true> {
  if (legacy !== true) return legacy;
  if (!(wireField instanceof WireField)) throw new InternalError('a field declared legacy: true needs a single wire field');
  return wireField.optional();
}

type Managed<M, S, R extends boolean, W, L> = Omit<FieldFacts<S>, 'manifest' | 'state' | 'wire' | 'legacy'> & {
  readonly manifest: M;
  readonly state: { readonly required: R };
  readonly wire: W;
  readonly legacy: LegacyOf<L, W>;
  readonly stateType?: S;
};

type Options<S, W, L> = FieldOptions<S> & { readonly wire?: W; readonly legacy?: L };

function managed<M extends z.ZodType, S, R extends boolean, W, L>(manifest: M, required: R, options: Options<S, W, L>): Managed<M, S, R, W, L> {
  const { legacy, ...rest } = options;
  return { compare: 'exact', ...rest, manifest, state: { required }, legacy: legacyOf(legacy as AnyLegacy, options.wire) } as unknown as Managed<M, S, R, W, L>;
}

/** A managed field that a state may lack: absent from the manifest, it is not managed. `S` is its state value's type. */
export function field<S>() {
  return <M extends z.ZodType, W extends AnyWire = undefined, L extends AnyLegacy = undefined>(manifest: M, options: Options<S, W, L> = {}) =>
    managed<M, S, false, W, L>(manifest, false, options);
}

/** A managed field every state of the kind holds (required in the manifest, or defaulted). */
export function requiredField<S>() {
  return <M extends z.ZodType, W extends AnyWire = undefined, L extends AnyLegacy = undefined>(manifest: M, options: Options<S, W, L> = {}) =>
    managed<M, S, true, W, L>(manifest, true, options);
}

/**
 * A plain optional text field, sent and read as it is: the one-line declaration. `multiLine`
 * allows line breaks; `legacy` says the legacy API's record has it too.
 */
export function text<L extends true | undefined = undefined>(
  description: string,
  options: { readonly multiLine?: true; readonly legacy?: L; readonly legacyLacks?: LegacyLack } = {},
) {
  return managed<z.ZodOptional<z.ZodString>, string, false, WireField<string, false>, L>(z.string().optional().describe(description), false, {
    ...options,
    wire: wire.text(),
  });
}

/** The key of the kind's manifest entries, sent as `wireField`. */
export function keyField<M extends z.ZodType, W extends WireField<any, boolean, any>, L extends AnyLegacy = undefined>(manifest: M, wireField: W, options: { readonly legacy?: L } = {}) {
  return { compare: 'exact', manifest, key: true, wire: wireField, legacy: legacyOf(options.legacy, wireField) } as {
    readonly compare: 'exact';
    readonly manifest: M;
    readonly key: true;
    readonly wire: W;
    readonly legacy: LegacyOf<L, W>;
  };
}

/**
 * A field the service sends that paycfg does not manage (ids, timestamps, summaries). The record
 * check reads it only where `.checked()` says the planner does.
 */
export function wireOnly<W extends WireField<any, boolean, any>, L extends AnyLegacy = undefined>(wireField: W, options: { readonly legacy?: L } = {}) {
  return { compare: 'exact', wire: wireField, legacy: legacyOf(options.legacy, wireField) } as { readonly compare: 'exact'; readonly wire: W; readonly legacy: LegacyOf<L, W> };
}

/** A field only the legacy API's record has. */
export function legacyOnly<L extends WireField<any, boolean, any>>(legacy: L) {
  return { compare: 'exact' as const, legacy };
}

// ---- types derived from the facts ----

type Expand<T> = { [K in keyof T]: T[K] } & {};

type StateKeys<F, R extends boolean> = { [K in keyof F]: F[K] extends { readonly state: { readonly required: R } } ? K : never }[keyof F];
type StateValue<X> = X extends { readonly stateType?: infer S } ? Exclude<S, undefined> : never;

/** The normalised state of a kind, from its facts: managed fields, required where every state has them. */
export type StateFieldsOf<F> = Expand<{ -readonly [K in StateKeys<F, true>]: StateValue<F[K]> } & { -readonly [K in StateKeys<F, false>]?: StateValue<F[K]> }>;

type Entry<W, K> = W extends WireField<infer T, infer R, infer N> ? { name: [N] extends [never] ? K : N; value: T; required: R } : never;
type WireEntries<F, Which extends 'wire' | 'legacy'> = {
  [K in keyof F]: F[K] extends { readonly [P in Which]: infer W } ? (W extends readonly unknown[] ? Entry<W[number], K> : Entry<W, K>) : never;
}[keyof F];

type RecordOf<E extends { name: PropertyKey; value: unknown; required: boolean }, Null> = Expand<
  { [X in E as X['required'] extends true ? X['name'] : never]: X['value'] } & { [X in E as X['required'] extends true ? never : X['name']]?: X['value'] | Null }
>;

/** A current-API record of the kind, from its facts. Fields the reference does not promise are optional. */
export type WireRecordOf<F> = RecordOf<WireEntries<F, 'wire'>, never>;
/** A legacy-API record of the kind: what it does not always send may be null. */
export type LegacyRecordOf<F> = RecordOf<WireEntries<F, 'legacy'>, null>;
/** The objects of a nested wire list. */
export type WireRecordOfShape<S> = RecordOf<{ [K in keyof S]: Entry<S[K], K> }[keyof S], never>;
/** The wire names of the fields a create may write (the key, and every managed field on the wire). */
export type WritableWireNames<F> = {
  [K in keyof F]: F[K] extends { readonly manifest: z.ZodType; readonly wire: infer W } ? (W extends readonly unknown[] ? Entry<W[number], K> : Entry<W, K>)['name'] : never;
}[keyof F];
/** What a create may send: the key and the managed fields, typed as the record holds them. */
export type WritableOf<F> = Expand<Pick<WireRecordOf<F>, WritableWireNames<F> & keyof WireRecordOf<F>>>;
/** The legacy wire names of the managed fields and the key. */
export type LegacyWritableNames<F> = {
  [K in keyof F]: F[K] extends { readonly manifest: z.ZodType; readonly legacy: infer W } ? Entry<W, K>['name'] : never;
}[keyof F];
