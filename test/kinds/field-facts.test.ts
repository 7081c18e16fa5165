/**
 * The field-facts vocabulary (src/kinds/field-facts.ts): one declaration gives everything paycfg
 * derives for a field. A plain optional text field is one line; the derived types are the ones
 * the state and wire types were before they were derived.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { AcquirerFields, BindingFields, DeviceFields, EmvFields, MerchantFields } from '../../src/model/state.js';
import type { MethodsMap, Scalar } from '../../src/model/state.js';
import type { Merchant, MerchantCreate } from '../../src/api/wire-types.js';
import { checkedFieldsOf, wireRecordSchema } from '../../src/kinds/derive.js';
import { keyField, text, wire, wireOnly, type LegacyRecordOf, type StateFieldsOf, type WireRecordOf } from '../../src/kinds/field-facts.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { defineKind } from '../../src/kinds/kind-module.js';
import { isMultiLinePath, MULTI_LINE_FIELDS } from '../../src/kinds/multi-line.js';
import { KIND_MODULES } from '../../src/kinds/registry.js';
import { SECRET_FIELDS } from '../../src/manifest/issue-text.js';

/** A kind of two fields: its key and a plain optional text field, declared in one line. */
const FACTS = {
  id: wireOnly(wire.key()),
  name: keyField(z.string().describe('The key.'), wire.text().required()),
  contactFax: text('Contact fax.', { legacy: true }),
};

const sample = defineKind({
  kind: 'sample',
  label: 'sample',
  plural: 'samples',
  facts: FACTS,
  manifest: { id: 'Sample', description: 'A sample.', list: 'samples', listDescription: 'Samples.', listOnTheWire: 'One sample each.' },
  createBody: (key, fields): object => ({ name: key, ...sample.writeFields(fields, { ids: new IdRegistry(), mode: 'create' }) }),
  wire: {
    endpoint: 'GET /samples',
    idField: 'id',
    record: { file: 'sample', title: 'Sample', description: 'A sample record.' },
    legacy: { file: 'legacy-sample', title: 'Legacy sample', description: 'A legacy sample record.' },
  },
  docs: { title: 'Samples', where: 'each item of `samples`', requests: '`POST /samples`' },
});

const READ = { where: 'sample 1', emvName: (id: unknown) => String(id), profileNames: new Map<string, string>() };

describe('a plain optional text field, declared in one line', () => {
  it('is an optional string of the manifest entry, with its description, that an unknown key is refused beside', () => {
    expect(sample.entrySchema.parse({ name: 'a', contactFax: '+1 555' })).toEqual({ name: 'a', contactFax: '+1 555' });
    expect(sample.entrySchema.parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(sample.entrySchema.safeParse({ name: 'a', contactFax: 5 }).success).toBe(false);
    expect(sample.entrySchema.safeParse({ name: 'a', contactFx: 'x' }).error?.issues[0]?.message).toBe('unknown key "contactFx" (did you mean "contactFax"?)');
    expect(sample.entrySchema.shape.contactFax.description).toBe('Contact fax.');
    expect(z.toJSONSchema(sample.entrySchema.shape.contactFax, { io: 'input' })).toMatchObject({ type: 'string', description: 'Contact fax.' });
  });

  it('is a state field the diff compares exactly, and the record check reads as text', () => {
    expect(sample.stateFields).toEqual(['contactFax']);
    expect(sample.descriptors).toEqual({ contactFax: { compare: 'exact' } });
    expect(checkedFieldsOf(sample.facts)).toEqual({ id: { type: 'key', required: true }, name: { type: 'text' }, contactFax: { type: 'text' } });
    expect(sample.secretFields).toEqual([]);
    expect(sample.multiLineFields).toEqual([]);
  });

  it('goes from the manifest to the state, the body and back to an exported entry unchanged; live, only when sent', () => {
    expect(sample.desiredFields({ name: 'a', contactFax: '+1 555' })).toEqual({ contactFax: '+1 555' });
    expect(sample.desiredFields({ name: 'a' })).toEqual({});
    expect(sample.createBody('a', { contactFax: '+1 555' }, { ids: new IdRegistry(), parentId: '' })).toEqual({ name: 'a', contactFax: '+1 555' });
    expect(sample.writeFields({ contactFax: '+1 555' }, { ids: new IdRegistry(), mode: 'update' })).toEqual({ contactFax: '+1 555' });
    expect(sample.exportFields('a', { contactFax: '+1 555' })).toEqual({ name: 'a', contactFax: '+1 555' });
    for (const absent of [undefined, null, '']) expect(sample.liveFields({ id: '1', contactFax: absent }, READ)).toEqual({});
    expect(sample.liveFields({ id: '1', contactFax: '+1 555' }, READ)).toEqual({ contactFax: '+1 555' });
  });

  it('is a nullable string of the wire record, and of the legacy record where it says so', () => {
    const [record, legacy] = sample.wireSchemas;
    expect(record).toMatchObject({
      $id: 'https://paycfg.dev/schemas/api/sample.schema.json',
      required: ['id', 'name'],
      properties: { id: { type: 'string', minLength: 1 }, name: { type: 'string' }, contactFax: { type: ['string', 'null'] } },
    });
    expect(legacy).toMatchObject({ required: [], properties: { contactFax: { type: ['string', 'null'] } } });
    expect(wireRecordSchema(sample.facts, 'legacy', sample.wire.legacy!, 'x').properties).toEqual({ contactFax: { type: ['string', 'null'] } });
    expectTypeOf<WireRecordOf<typeof FACTS>>().toEqualTypeOf<{ id: string; name: string; contactFax?: string }>();
    expectTypeOf<LegacyRecordOf<typeof FACTS>>().toEqualTypeOf<{ contactFax?: string | null }>();
    expectTypeOf<StateFieldsOf<typeof FACTS>>().toEqualTypeOf<{ contactFax?: string }>();
  });

  it('is documented by its wire name', () => {
    expect(sample.docSections[0]!.fields).toEqual({
      name: { sentAs: ['name'], text: '`name`' },
      contactFax: { sentAs: ['contactFax'], text: '`contactFax`' },
    });
  });
});

describe("the kinds' facts", () => {
  it('declare the secrets the manifest loader treats as secret wherever they stand', () => {
    expect(new Set(KIND_MODULES.flatMap((kind) => kind.secretFields))).toEqual(SECRET_FIELDS);
  });

  it('declare where text may span lines', () => {
    expect([...MULTI_LINE_FIELDS]).toEqual(['contactAddress', 'receiptInfo', 'receiptLogo']);
    expect(isMultiLinePath(['merchants', 0, 'receiptInfo'])).toBe(true);
    expect(isMultiLinePath(['merchants', 0, 'additionalData', 'note'])).toBe(true);
    expect(isMultiLinePath(['merchants', 0, 'mchName'])).toBe(false);
    expect(isMultiLinePath(['merchants', 0, 'devices', 0, 'receiptInfo'])).toBe(false);
    expect(isMultiLinePath(['emvConfigs', 0, 'receiptInfo'])).toBe(false);
  });

  it('give the state and wire types the code was written against (a new field may add to them)', () => {
    /** The fields of `T` that `Before` has: a type derived from facts keeps each as it was written. */
    type Kept<T, Before> = Pick<T, keyof Before & keyof T>;
    type EmvBefore = { paymentMethod: string; currency: string; params: Record<string, Scalar | null> };
    type AcquirerBefore = {
      currency: string;
      acqType: 'card' | 'qr';
      connMessageFormat?: string;
      connUrl?: string;
      notifyUrl?: string;
      connExtraParams?: Record<string, unknown>;
      enablerMsgFormat?: string;
      enablerParams?: string[];
      asDefault?: boolean;
      asSettleBlock?: boolean;
      methods?: MethodsMap;
    };
    type MerchantBefore = {
      mchName?: string;
      currency?: string;
      contactName?: string;
      contactEmail?: string;
      mcc?: string;
      region?: string;
      timeZone?: string;
      country?: string;
      transType?: string;
      contactPhone?: string;
      contactAddress?: string;
      receiptLogo?: string;
      receiptInfo?: string;
      state?: number;
      passcode?: string;
      mdr?: string;
      merchantType?: string;
      additionalData?: Record<string, unknown>;
    };
    type BindingBefore = { acquirer: string; currency: string; mid?: string; methods?: MethodsMap };
    type DeviceBefore = {
      deviceAlias: string;
      deviceName?: string;
      deviceType?: string;
      operatingMode?: string;
      methods?: string[];
      deviceAdmin?: string;
      acquirerFields?: Record<string, Record<string, string>>;
      emvParams?: Record<string, Scalar>;
    };
    expectTypeOf<Kept<EmvFields, EmvBefore>>().toEqualTypeOf<EmvBefore>();
    expectTypeOf<Kept<AcquirerFields, AcquirerBefore>>().toEqualTypeOf<AcquirerBefore>();
    expectTypeOf<Kept<MerchantFields, MerchantBefore>>().toEqualTypeOf<MerchantBefore>();
    expectTypeOf<Kept<BindingFields, BindingBefore>>().toEqualTypeOf<BindingBefore>();
    expectTypeOf<Kept<DeviceFields, DeviceBefore>>().toEqualTypeOf<DeviceBefore>();
    expectTypeOf<MerchantCreate>().toMatchTypeOf<{ mchName: string; currency: string; contactName: string; contactEmail: string; providerReference?: string }>();
    expectTypeOf<Merchant['state']>().toEqualTypeOf<0 | 1 | undefined>();
    // Checked by the typecheck; at run time only that the types are in use.
    expect(KIND_MODULES.map((kind) => kind.kind)).toEqual(['emv', 'acquirer', 'merchant', 'binding', 'device']);
  });
});
