import { isPlainObject } from '../model/canonical.js';
import { UnreadableRecordError } from './errors.js';

/**
 * The type of every wire field the planner reads, checked on each list record before it is
 * normalised (with or without --strict-api, which checks whole records against schemas/api).
 * A field outside these lists is never read, so its type does not matter here.
 */
type FieldType =
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

interface FieldSpec {
  readonly type: FieldType;
  readonly required?: true;
}

const required = (type: FieldType): FieldSpec => ({ type, required: true });
const optional = (type: FieldType): FieldSpec => ({ type });

/** A list endpoint as the client names it, the field that names a record, and the fields the planner reads. */
interface RecordSpec {
  readonly endpoint: string;
  readonly idField: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

const V1 = 'GET /api/openapi/v1';

export const RECORD_SPECS = {
  emv: {
    endpoint: `${V1}/emv`,
    idField: 'id',
    fields: { id: required('number-id'), emvName: required('key'), paymentMethod: required('code'), currency: optional('text'), params: optional('json') },
  },
  acquirer: {
    endpoint: `${V1}/acquirer`,
    idField: 'profileId',
    fields: {
      profileId: required('number-id'),
      profileName: required('key'),
      currency: optional('text'),
      acqType: optional('text'),
      connMessageFormat: optional('text'),
      connUrl: optional('text'),
      notifyUrl: optional('text'),
      connExtraParams: optional('json'),
      enablerMsgFormat: optional('text'),
      enablerParams: optional('text'),
      asDefault: optional('flag'),
      asSettleBlock: optional('flag'),
      methodList: optional('json'),
      emvList: optional('json'),
    },
  },
  merchant: {
    endpoint: `${V1}/mchInfo`,
    idField: 'mchId',
    fields: {
      mchId: required('key'),
      providerReference: optional('text'),
      mchName: optional('text'),
      currency: optional('text'),
      contactName: optional('text'),
      contactEmail: optional('text'),
      mcc: optional('text'),
      region: optional('text'),
      timeZone: optional('text'),
      country: optional('text'),
      transType: optional('text'),
      contactPhone: optional('text'),
      contactAddress: optional('text'),
      receiptLogo: optional('text'),
      receiptInfo: optional('text'),
      state: optional('small-int'),
      mdr: optional('text'),
      merchantType: optional('text'),
      additionalData: optional('object'),
      acquirers: optional('list'),
    },
  },
  merchantAcquirer: {
    endpoint: `${V1}/mchInfo`,
    idField: 'profileId',
    fields: { profileId: required('number-id'), profileName: optional('text'), currency: optional('text'), methodList: optional('json'), emvList: optional('json') },
  },
  binding: {
    endpoint: `${V1}/mchInfo/payment/{mchId}`,
    idField: 'acquirerProfileId',
    fields: { acquirerProfileId: required('number-id'), acquirerProfileName: optional('text'), currency: required('key'), mid: optional('text'), paymentMethods: optional('list') },
  },
  device: {
    endpoint: `${V1}/device`,
    idField: 'deviceId',
    fields: {
      deviceId: required('key'),
      deviceAlias: optional('text'),
      deviceName: optional('text'),
      deviceType: optional('text'),
      operatingMode: optional('text'),
      methodList: optional('text'),
      deviceAdmin: optional('text'),
      deviceStatus: optional('small-int'),
      isDevice: optional('flag'),
      extParams: optional('json'),
      emvParams: optional('json'),
      createdAt: optional('text'),
    },
  },
} as const satisfies Record<string, RecordSpec>;

export type CheckedRecord = keyof typeof RECORD_SPECS;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Why `value` is not of `type`, or undefined when it is. */
function mismatch(spec: FieldSpec, value: unknown): string | undefined {
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

/** Nested lists the planner reads item by item: where they are, and the fields of an item. */
const NESTED: Partial<Record<CheckedRecord, { readonly list: string; readonly fields: Readonly<Record<string, FieldSpec>> }>> = {
  merchant: { list: 'acquirers', fields: RECORD_SPECS.merchantAcquirer.fields },
  binding: { list: 'paymentMethods', fields: { paymentMethodCode: required('code'), emvs: optional('list') } },
};

function firstMismatch(fields: Readonly<Record<string, FieldSpec>>, record: Record<string, unknown>, prefix: string): { field: string; problem: string } | undefined {
  for (const [field, spec] of Object.entries(fields)) {
    const problem = mismatch(spec, record[field]);
    if (problem !== undefined) return { field: `${prefix}${field}`, problem };
  }
  return undefined;
}

/**
 * Checks the fields the planner reads of one list record (and of the items of its nested lists);
 * throws UnreadableRecordError naming the endpoint, the record (its place in the list, and its id
 * when that one is readable) and the field.
 */
export function checkRecord(kind: Exclude<CheckedRecord, 'merchantAcquirer'>, record: unknown, index: number, mchId?: string): void {
  const spec: RecordSpec = RECORD_SPECS[kind];
  const endpoint = mchId !== undefined ? spec.endpoint.replace('{mchId}', mchId) : spec.endpoint;
  const fail = (found: { field: string; problem: string }, id?: string): never => {
    throw new UnreadableRecordError({ endpoint, index, id, ...found });
  };
  if (!isPlainObject(record)) return fail({ field: '(record)', problem: `is ${typeName(record)}, where an object is expected` });
  const idValue = record[spec.idField];
  const id = typeof idValue === 'string' || typeof idValue === 'number' ? `${spec.idField} ${String(idValue)}` : undefined;
  const top = firstMismatch(spec.fields, record, '');
  if (top !== undefined) fail(top, id);
  const nested = NESTED[kind];
  const items = nested === undefined ? undefined : record[nested.list];
  if (nested === undefined || !Array.isArray(items)) return;
  items.forEach((item: unknown, i) => {
    const prefix = `${nested.list}[${i}]`;
    if (!isPlainObject(item)) fail({ field: prefix, problem: `is ${typeName(item)}, where an object is expected` }, id);
    const inner = firstMismatch(nested.fields, item as Record<string, unknown>, `${prefix}.`);
    if (inner !== undefined) fail(inner, id);
    // A binding record's EMV list: each entry names an EMV config by id.
    const emvs = (item as Record<string, unknown>)['emvs'];
    if (kind === 'binding' && Array.isArray(emvs)) {
      emvs.forEach((emv: unknown, j) => {
        const emvPrefix = `${prefix}.emvs[${j}]`;
        if (!isPlainObject(emv)) fail({ field: emvPrefix, problem: `is ${typeName(emv)}, where an object is expected` }, id);
        const bad = firstMismatch({ emvId: required('number-id') }, emv as Record<string, unknown>, `${emvPrefix}.`);
        if (bad !== undefined) fail(bad, id);
      });
    }
  });
}
