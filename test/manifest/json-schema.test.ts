import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { renderSchema, repositoryRoot, schemaFiles } from '../../scripts/generate-schemas.js';
import { buildManifestJsonSchema } from '../../src/manifest/index.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

function compileManifestSchema() {
  // `type: [string, number]` is plain JSON Schema; ajv's strict mode only asks for it to be allowed.
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(buildManifestJsonSchema());
}

describe('generated JSON Schemas', () => {
  it.each(schemaFiles.map((s) => ({ ...s, name: s.file })))('$name is up to date (run `npm run schemas` when this fails)', ({ file, build }) => {
    const committed = readFileSync(path.join(repositoryRoot, file), 'utf8');
    expect(committed).toBe(renderSchema({ file, build }));
  });

  it('is a draft-07 schema that a strict validator compiles', () => {
    const schema = buildManifestJsonSchema();
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(() => compileManifestSchema()).not.toThrow();
  });

  it('accepts what the model accepts, in the written form (1 for "01", a string for enablerParams)', () => {
    const validate = compileManifestSchema();
    const document = parse(`
version: 1
emvConfigs:
  - { emvName: visa-usd, paymentMethod: 1, currency: USD, params: { aid: A0000000031010, clFloorLimit: 0 } }
acquirerProfiles:
  - { profileName: host-a, currency: USD, connMessageFormat: HOSTA_8583, enablerParams: "tid, mid", methods: { 1: { emvs: [visa-usd] } } }
merchants:
  - providerReference: coffee-001
    mchName: Coffee Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    devices: [{ deviceAlias: till-1, methods: [1, "02"] }]
`);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects unknown keys, unknown codes and missing required fields, as the model does', () => {
    const validate = compileManifestSchema();
    const reject = (document: unknown) => expect(validate(document)).toBe(false);
    reject({ version: 1, merchant: [] });
    reject({ version: 2 });
    reject({ emvConfigs: [] });
    reject({ version: 1, emvConfigs: [{ emvName: 'x', paymentMethod: '07', currency: 'USD', params: {} }] });
    reject({ version: 1, merchants: [{ providerReference: 'x', mchName: 'x', currency: 'USD', contactName: 'x' }] });
    reject({ version: 1, acquirerProfiles: [{ profileName: 'x', currency: 'USD', connMessageFormat: 'HOSTA_8583', methods: { '9': {} } }] });
  });

  it('carries the model descriptions for editors', () => {
    const schema = buildManifestJsonSchema() as { definitions: Record<string, { properties?: Record<string, { description?: string }> }> };
    expect(schema.definitions['Device']?.properties?.['deviceAdmin']?.description).toMatch(/Secret/);
    expect(schema.definitions['Merchant']?.properties?.['bindings']?.description).toMatch(/not managed/);
  });
});
