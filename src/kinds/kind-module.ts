/**
 * A kind's module: its identity, where its entries stand in a manifest, its endpoint and wire
 * schemas, its docs, and its field facts, with everything derived from them (kinds/derive.ts).
 * Each kind's file (emv.ts, acquirer.ts, merchant.ts, binding.ts, device.ts) makes one with
 * defineKind and adds the functions that are its own (bodies, normalisation quirks).
 */
import { z } from 'zod';
import type { IdRegistry, IdType } from '../apply/id-registry.js';
import {
  checkedFieldsOf,
  descriptorsOf,
  desiredFieldsOf,
  exportFieldsOf,
  keyFieldOf,
  liveFieldsOf,
  manifestShape,
  onTheWireOf,
  stateFieldPlan,
  stateFieldsOf,
  wireFieldsOf,
  wireRecordSchema,
  writeFieldsOf,
  type CheckedField,
  type FieldDescriptor,
  type WireSchemaMeta,
} from './derive.js';
import type { DesiredState, LiveState } from '../model/state.js';
import type { Kind } from './registry.js';
import type { Facts, JsonSchema, LiveContext, OnTheWire, StateFieldsOf, WriteContext, YamlStyle } from './field-facts.js';
import { VALUE } from '../manifest/issue-text.js';
import { strictEntry } from './manifest-values.js';

/** One section of docs/manifest-reference.md: an object of the manifest and what each of its fields becomes on the wire. */
export interface DocSection {
  /** The object's JSON Schema definition id. */
  readonly id: string;
  readonly title: string;
  /** Where it is written, in words. */
  readonly where: string;
  /** Where its values go: the requests, or the enclosing body. */
  readonly requests: string;
  readonly fields: Readonly<Record<string, OnTheWire>>;
  /** Its example in examples/basic. */
  readonly example?: { readonly path: readonly (string | number)[]; readonly listKey?: string; readonly omit?: readonly string[] };
}

export interface KindSpec<
  K extends string,
  F extends Facts,
  L extends string,
  C extends readonly AnyKindModule[],
  I extends string = string,
  S extends readonly DocSection[] = readonly DocSection[],
> {
  readonly kind: K;
  /** How messages name one: `EMV config`. */
  readonly label: string;
  /** How messages name several: `EMV configs`. */
  readonly plural: string;
  readonly facts: F;
  readonly manifest: {
    /** The JSON Schema definition id of an entry. */
    readonly id: I;
    readonly description: string;
    /** The list entries are written in: at the top level, or in the parent's entry. */
    readonly list: L;
    readonly listDescription: string;
    /** The list's "On the wire" cell, in its parent's section. */
    readonly listOnTheWire: string;
    /** Fields written ahead of the others, where the manifest's order is not the plans' (facts') order. */
    readonly first?: readonly (keyof F & string)[];
    /** For a kind written inside another's entries: the desired state's set of the parents whose list the manifest writes. */
    readonly managedIn?: ManagedLists;
  };
  /** Kinds whose entries are written inside this one's (a merchant's bindings and devices). */
  readonly children?: C;
  /**
   * Whether `moved:` entries may name the kind: the address form validate shows, or why it cannot
   * move, in validate's words. A move is the service's update of the record's key. Absent: it
   * cannot move.
   */
  readonly moves?: { readonly form: string } | { readonly refused: string };
  /**
   * Money routes through records of the kind (the settlement guard): their deletes and replacements
   * are guarded, and so are the updates that touch a re-routing field. Absent: never guarded.
   */
  readonly settlement?: {
    /** Fields whose update sends the kind's traffic elsewhere. */
    readonly reroutingFields: readonly string[];
    /** The delete disposals that are guarded (a pending code never took a payment); absent: every delete. */
    readonly guardedDisposals?: readonly string[];
  };
  /** For a kind written inside another's entries: the live state's set of the parents whose list of this kind the run read. */
  readonly readIn?: LiveLists;
  /** The field a reviewer finds a record by in the back office, where its key is not enough (an unmanaged merchant's mchName). */
  readonly nameField?: string;
  /**
   * Its records are terminals, with a lifecycle: a live-only one goes as prune.activatedDevices
   * says, a delete carries a disposal, and what a change reaches counts them.
   */
  readonly terminal?: true;
  /**
   * The service checks other records' writes against this one (a binding's methods against its
   * profile's methodList, a device's acquirer fields against its enablerParams): a change naming
   * one waits for its updates as for its creates.
   */
  readonly updatesAreWaitedFor?: true;
  /**
   * The `allows` of the kind's methods are read only from the merchant summary, which may show the
   * profile's lists instead: unproven, they are compared and sent write-only (plan/binding-allows.ts).
   */
  readonly allowsFromSummary?: true;
  /** Other kinds' request bodies name records of this kind by their service id, of this type: the apply's id registry keeps them. */
  readonly ids?: IdType;
  /**
   * The fields that name records of other kinds, in the order plans visit them (a record names its
   * parent first, through `parentOf`, which is no reference of its own).
   */
  readonly references?: readonly ReferenceFact[];
  /**
   * The list of a merchant paycfg cannot key (LiveState.unkeyedMerchants) that names the records of
   * this kind it binds: such a merchant holds them in use, and a change of one reaches it.
   */
  readonly unkeyedMerchantList?: 'emvs' | 'profiles';
  /**
   * What a record claims among its owner's records of the kind, which the service refuses on two of
   * them at once (a binding's currency and method pairs): the one that takes a claim over waits for
   * the one that gives it up.
   */
  readonly claims?: (fields: Readonly<Record<string, unknown>> | null) => string[];
  /** Fields every update body carries unchanged, because the PUT replaces the record's whole subtree (a detach step sends them). */
  readonly updateCarries?: readonly string[];
  /** For a kind written inside another's entries: its key, made from the entry and its parent's key. */
  readonly keyOf?: (entry: Readonly<Record<string, unknown>>, parentKey: string) => string;
  readonly wire: {
    /** The list endpoint, as messages name it. */
    readonly endpoint: string;
    /** The field that names a record in messages. */
    readonly idField: string;
    readonly record: WireSchemaMeta;
    readonly legacy?: WireSchemaMeta;
  };
  /**
   * The body of the POST that creates a record of the kind from its state: the kind's own body
   * function, in one form for every kind (`parentId` is the parent's service id, e.g. the mchId).
   */
  readonly createBody: (key: string, fields: StateFieldsOf<F>, context: { readonly ids: IdRegistry; readonly parentId: string }) => object;
  readonly docs: Omit<DocSection, 'id' | 'fields'> & {
    /** Objects of the entry documented in sections of their own, after the kind's. */
    readonly sections?: S;
  };
}

/** A field of a kind that names records of another kind by their key. */
export interface ReferenceFact {
  readonly field: string;
  readonly to: Kind;
  /** Where the names are: the field's value, its object's keys, or the EMV lists of a methods map (method code → { emvs }). */
  readonly holds: 'value' | 'keys' | 'method-emvs';
  /** The service refuses to delete a named record while this field names it: its delete is blocked, and its replacement first detaches the user. */
  readonly inUse?: true;
  /** The field is part of the user's key and cannot change: the user lets go by being deleted and made again, and a rename of the named record re-keys it. */
  readonly inKey?: true;
  /** How a blocker says the user holds the record: "uses it", "binds it". */
  readonly verb?: 'uses' | 'binds';
  /**
   * For a detach that edits the field (not `inKey`): whether a method left with no name is dropped
   * from the user's fields (a binding: always; a profile: a card profile, which refuses a method
   * without one), and whether the service refuses the user with no method left at all.
   */
  readonly detach?: { readonly dropEmptyMethod: (fields: Readonly<Record<string, unknown>>) => boolean; readonly refuseNoMethod?: true };
}

/** The desired state's sets of parents whose nested lists are managed (DesiredState.managedBindings, …). */
export type ManagedLists = Extract<keyof DesiredState, `managed${string}`>;
/** The live state's sets of parents whose nested lists were read (LiveState.bindingsRead, …). */
export type LiveLists = Extract<keyof LiveState, `${string}Read`>;

/**
 * `skipRules`, on every kind's entry: built-in payment rules (docs/rules.md) switched off for the
 * entry's record, each with why. Manifest-only: no fact of the kind, so never on the wire, in the
 * desired state, in a diff or in an export. Whether each rule exists, and checks the entry's kind, is
 * a cross-check (manifest/skip-rules.ts): the rules live beside the kinds, which this module precedes.
 */
export const skipRulesSchema = z
  .array(
    strictEntry({
      rule: z
        .string({ error: `expected a rule id such as emv-contactless-limits, got ${VALUE}` })
        .describe('The id of a built-in payment rule (docs/rules.md) that checks entries of this kind.'),
      reason: z
        .string({ error: `expected a reason in words, got ${VALUE}` })
        .trim()
        .min(1, { error: 'a reason is required: say why the rule does not apply to this record' })
        .describe('Why the rule does not apply to this record; plans and reports show it beside the skipped rule.'),
    }).meta({ id: 'SkipRule', description: 'A built-in payment rule switched off for one record, with why.' }),
  )
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.rule)) ctx.addIssue({ code: 'custom', path: [index, 'rule'], input: item.rule, message: `${VALUE} is listed twice` });
      seen.add(item.rule);
    });
  })
  .optional()
  .describe(
    "Built-in payment rules switched off for this record: [{rule, reason}], a reason required. Manifest-only: never sent, never compared; plans show each skipped rule with its reason.",
  );

/** The manifest-only field every entry has: the rules it switches off. */
export const SKIP_RULES_FIELD = 'skipRules';

/** What `skipRules` becomes on the wire: nothing. Documented beside each entry's fields (manifest/wire-mapping.ts), not among the facts'. */
export const SKIP_RULES_ON_THE_WIRE: OnTheWire = { sentAs: [], text: 'Not sent: switches built-in payment rules off for this record (docs/rules.md); plans show it.' };

type ManifestShape<F> = { -readonly [N in keyof F as F[N] extends { readonly manifest: z.ZodType } ? N : never]: F[N] extends { readonly manifest: infer M } ? M : never };
type ChildrenShape<C extends readonly AnyKindModule[]> = {
  -readonly [M in C[number] as M['manifest']['list']]: z.ZodOptional<z.ZodArray<M['entrySchema']>>;
};
type SkipRulesShape = { skipRules: typeof skipRulesSchema };

export interface KindModule<
  K extends string = string,
  F extends Facts = Facts,
  L extends string = string,
  C extends readonly AnyKindModule[] = readonly AnyKindModule[],
  I extends string = string,
  S extends readonly DocSection[] = readonly DocSection[],
> extends KindSpec<K, F, L, C, I, S> {
  /** For TypeScript only: the ids of the kind's docs sections. */
  readonly sectionId?: I | S[number]['id'];
  /** The manifest entry: a strict object of the facts' manifest fields (and the children's lists). */
  readonly entrySchema: z.ZodObject<ManifestShape<F> & ChildrenShape<C> & SkipRulesShape, z.core.$strict>;
  /** The key field of an entry; undefined where the key is made of several fields (a binding's). */
  readonly keyField: string | undefined;
  /** The field a move writes that the record's fields do not hold (a profile's name); undefined where the kind does not move or the key is a field (a device's alias). */
  readonly movedKeyField: string | undefined;
  /** The managed fields, in the order plans show them. */
  readonly stateFields: readonly string[];
  /** The wire names a create may write: the key's and the managed fields', in the facts' order. */
  readonly writable: readonly string[];
  readonly descriptors: Readonly<Record<string, FieldDescriptor>>;
  /** The wire fields the planner reads, with their types. */
  readonly checked: Readonly<Record<string, CheckedField>>;
  /** schemas/api files of the kind's records: the current API's, and the legacy API's where it has one. */
  readonly wireSchemas: readonly JsonSchema[];
  /** The kind's sections of docs/manifest-reference.md. */
  readonly docSections: readonly DocSection[];
  /** Secret fields, multi-line text fields, and fields with a YAML style of their own. */
  readonly secretFields: readonly string[];
  /** Text fields of several lines, and object fields whose every value may be (see FieldFacts.multiLine). */
  readonly multiLineFields: readonly string[];
  readonly multiLineValues: readonly string[];
  readonly yamlStyles: Readonly<Record<string, YamlStyle>>;
  /** The key of an entry (written under its parent's entry, with the parent's key). */
  key(entry: Readonly<Record<string, unknown>>, parentKey?: string): string;
  /** A manifest entry's fields in the normalised model. */
  desiredFields(entry: Readonly<Record<string, unknown>>): StateFieldsOf<F>;
  /** A live record's fields in the normalised model. */
  liveFields(record: object, context: LiveContext): StateFieldsOf<F>;
  /** The body fields that write `fields`. */
  writeFields(fields: Readonly<Record<string, unknown>>, context: WriteContext): Record<string, unknown>;
  /** `fields` as an exported entry writes them, with the key (where the kind has a key field). */
  exportFields(key: string, fields: Readonly<Record<string, unknown>>): Record<string, unknown>;
}


export type AnyKindModule = KindModule<string, any, string, any, string, any>;

export function defineKind<
  const K extends string,
  F extends Facts,
  const L extends string,
  const I extends string,
  const C extends readonly AnyKindModule[] = readonly [],
  const S extends readonly DocSection[] = readonly [],
>(spec: KindSpec<K, F, L, C, I, S>): KindModule<K, F, L, C, I, S> {
  const { facts } = spec;
  const children = (spec.children ?? []) as readonly AnyKindModule[];
  const shape: Record<string, z.ZodType> = manifestShape(facts, spec.manifest.first);
  for (const child of children) shape[child.manifest.list] = z.array(child.entrySchema).optional().describe(child.manifest.listDescription);
  shape[SKIP_RULES_FIELD] = skipRulesSchema;
  const entrySchema = strictEntry(shape).meta({ id: spec.manifest.id, description: spec.manifest.description });
  const keyField = keyFieldOf(facts);
  const fields: Record<string, OnTheWire> = {};
  const own = onTheWireOf(facts);
  for (const name of Object.keys(shape)) {
    const child = children.find((c) => c.manifest.list === name);
    if (name === SKIP_RULES_FIELD) continue;
    fields[name] = child !== undefined ? { sentAs: [], text: child.manifest.listOnTheWire } : own[name]!;
  }
  const { sections = [] as unknown as S, ...docs } = spec.docs;
  const names = Object.keys(facts);
  const plan = stateFieldPlan(facts);
  const source = `src/kinds/${spec.kind}.ts`;
  const wireSchemas = [wireRecordSchema(facts, 'wire', spec.wire.record, source)];
  if (spec.wire.legacy !== undefined) wireSchemas.push(wireRecordSchema(facts, 'legacy', spec.wire.legacy, source));
  return {
    ...spec,
    entrySchema: entrySchema as unknown as KindModule<K, F, L, C, I, S>['entrySchema'],
    keyField,
    movedKeyField: spec.moves !== undefined && 'form' in spec.moves && keyField !== undefined && facts[keyField]!.state === undefined ? keyField : undefined,
    stateFields: stateFieldsOf(facts),
    writable: names.flatMap((name) => (facts[name]!.manifest !== undefined ? wireFieldsOf(name, facts[name]!).map(([wireName]) => wireName) : [])),
    descriptors: descriptorsOf(facts),
    checked: checkedFieldsOf(facts),
    wireSchemas,
    docSections: [{ id: spec.manifest.id, fields, ...docs }, ...sections],
    secretFields: names.filter((name) => facts[name]!.secret === true),
    multiLineFields: names.filter((name) => facts[name]!.multiLine === true),
    multiLineValues: names.filter((name) => facts[name]!.multiLine === 'values'),
    yamlStyles: Object.fromEntries(names.flatMap((name) => (facts[name]!.yaml !== undefined ? [[name, facts[name]!.yaml!]] : []))),
    key(entry, parentKey) {
      if (spec.keyOf !== undefined) return spec.keyOf(entry, parentKey ?? '');
      return String(entry[keyField!]);
    },
    desiredFields: (entry) => desiredFieldsOf(plan, entry) as StateFieldsOf<F>,
    liveFields: (record, context) => liveFieldsOf(plan, record as Readonly<Record<string, unknown>>, context) as StateFieldsOf<F>,
    writeFields: (state, context) => writeFieldsOf(plan, state, context),
    exportFields(key, state) {
      const exported = exportFieldsOf(plan, state);
      return keyField === undefined || facts[keyField]!.state !== undefined ? exported : { [keyField]: key, ...exported };
    },
  };
}
