/**
 * Every field a kind's module declares reaches everything derived from it: the committed
 * manifest JSON Schema, the committed reference docs, the committed wire JSON Schemas, the record
 * check, and the body of the POST that creates a record from an entry that sets every field. Over
 * the registry, so a new field or kind is covered as soon as it is declared.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IdRegistry } from '../../src/apply/id-registry.js';
import { wireFieldsOf } from '../../src/kinds/derive.js';
import type { FieldFacts } from '../../src/kinds/field-facts.js';
import type { AnyKindModule } from '../../src/kinds/kind-module.js';
import { KIND_MODULES } from '../../src/kinds/registry.js';
import { RECORD_SPECS } from '../../src/live/record-check.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

type Schema = { properties?: Record<string, unknown>; anyOf?: Schema[]; definitions?: Record<string, Schema> };
const manifestSchema = JSON.parse(read('schemas/manifest.schema.json')) as Schema;
const docs = read('docs/manifest-reference.md');
const kinds = KIND_MODULES as readonly AnyKindModule[];

/** The fields of an entry the manifest writes: the key and the managed fields (the nested lists are their kinds'). */
function manifestFields(kind: AnyKindModule): string[] {
  return Object.keys(kind.facts).filter((name) => kind.facts[name].manifest !== undefined);
}

/**
 * Values tried for each field, first that its schema takes: one of each shape the kinds use. A
 * field of a new shape needs one here; a plain text field takes the first.
 */
const SAMPLES: readonly unknown[] = [
  'USD',
  'US',
  'HOSTA_8583',
  'card',
  'Europe/Paris',
  '5814',
  'jane@shop.example',
  'https://shop.example/logo.png',
  1,
  true,
  ['tid'],
  ['01'],
  { '01': { emvs: ['visa'], allows: ['sale'] } },
  { host: { tid: '0001' } },
  { netDFloorLimit: '00000000', terminalType: '22' },
];

/** An entry of the kind that sets every field its manifest entry has. */
function fullEntry(kind: AnyKindModule): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const name of manifestFields(kind)) {
    const schema = kind.facts[name].manifest!;
    const sample = SAMPLES.find((value) => {
      const parsed = schema.safeParse(value);
      return parsed.success && parsed.data !== undefined;
    });
    if (sample === undefined) throw new Error(`no value of SAMPLES fits ${kind.kind}.${name}: add one of its shape`);
    entry[name] = sample;
  }
  return kind.entrySchema.parse(entry) as Record<string, unknown>;
}

/** Whether a dotted path (`<id>` for any key) leads to a value in a body. */
function hasPath(body: unknown, dotted: string): boolean {
  let values: unknown[] = [body];
  for (const segment of dotted.split('.')) {
    values = values.flatMap((value) => {
      if (value === null || typeof value !== 'object') return [];
      const record = value as Record<string, unknown>;
      if (segment === '<id>') return Object.values(record);
      return Object.hasOwn(record, segment) && record[segment] !== undefined ? [record[segment]] : [];
    });
  }
  return values.length > 0;
}

/** Names any profile and EMV config: the bodies need ids, the test needs none in particular. */
const ANY_IDS = { emv: () => 7, profile: () => 11 } as unknown as IdRegistry;

describe.each(kinds.map((kind) => ({ kind, name: kind.kind })))('the $name kind', ({ kind }) => {
  it('has every manifest field in schemas/manifest.schema.json, under its definition', () => {
    const definition = manifestSchema.definitions?.[kind.manifest.id];
    expect(definition, `definition ${kind.manifest.id}`).toBeDefined();
    const object = definition!.properties !== undefined ? definition! : definition!.anyOf!.find((branch) => branch.properties !== undefined)!;
    for (const field of manifestFields(kind)) expect(Object.keys(object.properties!), `${kind.manifest.id}.${field}`).toContain(field);
  });

  it('has every manifest field in docs/manifest-reference.md, as a row of its section', () => {
    const section = docs.split(/\n## /).find((text) => text.startsWith(`${kind.docs.title}\n`));
    expect(section, `section ${kind.docs.title}`).toBeDefined();
    for (const field of manifestFields(kind)) expect(section, `${kind.kind}.${field}`).toMatch(new RegExp(`\\n\\| \`${field}\`( \\*\\*Secret\\*\\*)? \\|`));
  });

  it('has every wire field in its committed wire JSON Schemas, and every managed one in the record check', () => {
    const files: ['wire' | 'legacy', string][] = [['wire', kind.wire.record.file], ...(kind.wire.legacy !== undefined ? [['legacy', kind.wire.legacy.file] as ['legacy', string]] : [])];
    for (const [which, file] of files) {
      const properties = Object.keys((JSON.parse(read(`schemas/api/${file}.schema.json`)) as Schema).properties ?? {});
      for (const [name, facts] of Object.entries(kind.facts as Record<string, FieldFacts>)) {
        for (const [wireName] of wireFieldsOf(name, facts, which)) expect(properties, `${file}: ${kind.kind}.${name} as ${wireName}`).toContain(wireName);
      }
    }
    const checked = Object.keys(RECORD_SPECS[kind.kind as keyof typeof RECORD_SPECS].fields);
    for (const name of kind.stateFields) {
      if (kind.facts[name].writeOnly === true) continue;
      for (const [wireName] of wireFieldsOf(name, kind.facts[name])) expect(checked, `record check of ${kind.kind}.${name}`).toContain(wireName);
    }
  });

  it('sends every manifest field in the create body of an entry that sets them all, where its docs say', () => {
    const entry = fullEntry(kind);
    const fields = kind.desiredFields(entry);
    for (const name of kind.stateFields) expect(fields, `desired ${kind.kind}.${name}`).toHaveProperty([name]);
    const body = kind.createBody(kind.key(entry, 'parent'), fields, { ids: ANY_IDS, parentId: 'M-1' });
    const onTheWire = kind.docSections[0]!.fields;
    for (const name of manifestFields(kind)) {
      const sentAs = onTheWire[name]?.sentAs ?? [];
      expect(sentAs.length, `${kind.kind}.${name} is sent as something`).toBeGreaterThan(0);
      for (const wirePath of sentAs) expect(hasPath(body, wirePath), `${kind.kind}.${name} → ${wirePath} in ${JSON.stringify(body)}`).toBe(true);
    }
  });
});

describe('the registry', () => {
  it('lists each kind once, each kind written inside another listed after it', () => {
    const names = kinds.map((kind) => kind.kind);
    expect(new Set(names).size).toBe(names.length);
    kinds.forEach((kind, index) => {
      for (const child of kind.children ?? []) expect(names.indexOf((child as AnyKindModule).kind)).toBeGreaterThan(index);
    });
  });

  it('a sample fits a field only when its schema takes it (the coverage above would not pass on a field left unset)', () => {
    const merchant = kinds.find((kind) => kind.kind === 'merchant')!;
    const entry = fullEntry(merchant);
    expect(entry['mcc']).toBe('5814');
    expect(entry['contactEmail']).toBe('jane@shop.example');
    expect(entry['contactPhone']).toBe('USD');
    expect(manifestFields(merchant).filter((field) => !(field in entry))).toEqual([]);
  });
});
