import { isPlainObject } from '../model/canonical.js';
import { UnreadableRecordError } from './errors.js';
import type { CheckedField } from '../kinds/derive.js';
import type { ReadType } from '../kinds/field-facts.js';
import { KIND_MODULES, type Kind } from '../kinds/registry.js';

/**
 * The type of every wire field the planner reads, checked on each list record before it is
 * normalised (with or without --strict-api, which checks whole records against schemas/api).
 * A field outside these lists is never read, so its type does not matter here. Each kind's module
 * declares which of its wire fields the planner reads, and as what (src/kinds/, field facts).
 */
type FieldSpec = CheckedField;

/** A list endpoint as the client names it, the field that names a record, and the fields the planner reads. */
interface RecordSpec {
  readonly endpoint: string;
  readonly idField: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

export const RECORD_SPECS: Readonly<Record<Kind, RecordSpec>> = Object.fromEntries(
  KIND_MODULES.map((module) => [module.kind, { endpoint: module.wire.endpoint, idField: module.wire.idField, fields: module.checked }]),
) as Record<Kind, RecordSpec>;

export type CheckedRecord = Kind;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Why `value` is not of `type`, or undefined when it is. */
function mismatch(spec: { readonly type: ReadType; readonly required?: true }, value: unknown): string | undefined {
  if (value === undefined || value === null) return spec.required === true ? 'is missing' : undefined;
  const is = (ok: boolean, expected: string): string | undefined => (ok ? undefined : `is ${typeName(value)}, where ${expected} is expected`);
  switch (spec.type) {
    case 'key':
      return is(typeof value === 'string' && value !== '', 'a non-empty string');
    case 'text':
      return is(typeof value === 'string', 'a string');
    case 'number-id':
      return is((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value)), 'an integer id');
    case 'json':
      return is(typeof value === 'string' || isPlainObject(value), 'a JSON-encoded object');
    case 'flag':
      return is(typeof value === 'boolean', 'a boolean');
    case 'code':
      return is(typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)), 'a payment method code');
    case 'small-int':
      return is((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value)), 'an integer');
    case 'object':
      return is(isPlainObject(value), 'an object');
    case 'list':
      return is(Array.isArray(value), 'an array');
  }
}

/** A field set's entries, by field set: every list record is checked, and this list is the same for each. */
const ENTRIES = new WeakMap<Readonly<Record<string, FieldSpec>>, readonly (readonly [string, FieldSpec])[]>();

function entriesOf(fields: Readonly<Record<string, FieldSpec>>): readonly (readonly [string, FieldSpec])[] {
  let entries = ENTRIES.get(fields);
  if (entries === undefined) ENTRIES.set(fields, (entries = Object.entries(fields)));
  return entries;
}

function firstMismatch(fields: Readonly<Record<string, FieldSpec>>, record: Record<string, unknown>, prefix: string): { field: string; problem: string } | undefined {
  for (const [field, spec] of entriesOf(fields)) {
    const problem = mismatch(spec, record[field]);
    if (problem !== undefined) return { field: `${prefix}${field}`, problem };
  }
  return undefined;
}

/** The lists whose items the planner reads item by item, by field set: computed once, not per record. */
const NESTED = new WeakMap<Readonly<Record<string, FieldSpec>>, readonly (readonly [string, Readonly<Record<string, FieldSpec>>])[]>();

function nestedLists(fields: Readonly<Record<string, FieldSpec>>): readonly (readonly [string, Readonly<Record<string, FieldSpec>>])[] {
  let lists = NESTED.get(fields);
  if (lists === undefined) {
    lists = entriesOf(fields).flatMap(([list, spec]) => (spec.items !== undefined ? [[list, spec.items] as const] : []));
    NESTED.set(fields, lists);
  }
  return lists;
}

type Fail = (found: { field: string; problem: string }, id?: string) => never;

/**
 * The items of the lists the planner reads item by item (a merchant's acquirers[] summary, a
 * binding record's paymentMethods and their emvs): each item's fields, then the lists inside it.
 */
function checkItems(fields: Readonly<Record<string, FieldSpec>>, record: Record<string, unknown>, prefix: string, fail: Fail, id: string | undefined): void {
  for (const [list, itemFields] of nestedLists(fields)) {
    const items = record[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: unknown, i) => {
      const at = `${prefix}${list}[${i}]`;
      if (!isPlainObject(item)) fail({ field: at, problem: `is ${typeName(item)}, where an object is expected` }, id);
      const inner = firstMismatch(itemFields, item as Record<string, unknown>, `${at}.`);
      if (inner !== undefined) fail(inner, id);
      checkItems(itemFields, item as Record<string, unknown>, `${at}.`, fail, id);
    });
  }
}

/**
 * Checks the fields the planner reads of one list record (and of the items of its nested lists);
 * throws UnreadableRecordError naming the endpoint, the record (its place in the list, and its id
 * when that one is readable) and the field.
 */
export function checkRecord(kind: Kind, record: unknown, index: number, mchId?: string): void {
  const spec: RecordSpec = RECORD_SPECS[kind];
  const fail: Fail = (found, id) => {
    const endpoint = mchId !== undefined ? spec.endpoint.replace('{mchId}', mchId) : spec.endpoint;
    throw new UnreadableRecordError({ endpoint, index, id, ...found });
  };
  if (!isPlainObject(record)) return fail({ field: '(record)', problem: `is ${typeName(record)}, where an object is expected` });
  const idValue = record[spec.idField];
  const id = typeof idValue === 'string' || typeof idValue === 'number' ? `${spec.idField} ${String(idValue)}` : undefined;
  const top = firstMismatch(spec.fields, record, '');
  if (top !== undefined) fail(top, id);
  checkItems(spec.fields, record, '', fail, id);
}
