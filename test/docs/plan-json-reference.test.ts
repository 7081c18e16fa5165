/**
 * docs/plan-json-reference.md is generated (scripts/generate-plan-docs.ts): it must match what
 * schemas/plan.schema.json and the planner give today, have a row for every field of every object
 * of the schema under that object's section, and show an example plan that the schema accepts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_ENV,
  PLAN_DOCS_FILE,
  SECTIONS,
  examplePlanJson,
  objectPointers,
  readPlanSchema,
  renderPlanFormatDocs,
  repositoryRoot,
  schemaAt,
  type JsonSchema,
} from '../../scripts/generate-plan-docs.js';

const schema = readPlanSchema();
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

describe('docs/plan-json-reference.md', () => {
  it('is what npm run docs:plan-json writes today', async () => {
    const committed = readFileSync(path.join(repositoryRoot, PLAN_DOCS_FILE), 'utf8');
    expect(committed === (await renderPlanFormatDocs()), `${PLAN_DOCS_FILE} is stale: run npm run docs:plan-json and commit it`).toBe(true);
  });

  it('has a section for every object of the schema and a row for each of its fields there', async () => {
    const docs = await renderPlanFormatDocs();
    const sections = docs.split(/\n## /);
    const pointers = objectPointers(schema);
    expect(pointers.sort()).toEqual(SECTIONS.map((section) => section.pointer).sort());
    let rows = 0;
    for (const section of SECTIONS) {
      const text = sections.find((part) => part.startsWith(`${section.title}\n`));
      expect(text, `section ${section.title}`).toBeDefined();
      const fields = Object.keys(schemaAt(schema, section.pointer).properties ?? {});
      expect(fields.length, `${section.pointer} has fields`).toBeGreaterThan(0);
      for (const field of fields) {
        const required = new Set(schemaAt(schema, section.pointer).required ?? []).has(field) ? 'yes' : 'no';
        expect(text, `${section.title}.${field}`).toMatch(new RegExp(`\\n\\| \`${field}\` \\| [^\\n]+ \\| ${required} \\| [^|\\n]+ \\|`));
        rows += 1;
      }
    }
    // No row for a field the schema does not have.
    expect(docs.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(rows);
  });

  it('lists the values of every enum and the const of formatVersion', async () => {
    const docs = await renderPlanFormatDocs();
    const kinds = schemaAt(schema, '/$defs/kind').enum ?? [];
    expect(docs).toContain(`one of ${kinds.map((kind) => `\`${kind}\``).join(', ')}`);
    expect(docs).toContain('| `disposal` | one of `delete`, `logout`, `decommission` | no |');
    expect(docs).toContain('| `formatVersion` | always `1` | yes |');
  });

  it('follows the schema: a field added to it shows, and one without a description stops the generator', async () => {
    const edited = structuredClone(schema) as { properties: Record<string, JsonSchema> };
    edited.properties['createdBy'] = { type: 'string', description: 'Who computed the plan.' };
    expect(await renderPlanFormatDocs(edited as JsonSchema, '{}')).toContain('| `createdBy` | text | no | Who computed the plan. |');
    edited.properties['createdBy'] = { type: 'string' };
    await expect(renderPlanFormatDocs(edited as JsonSchema, '{}')).rejects.toThrow('has no description at /properties/createdBy');
    const nested = structuredClone(schema) as { properties: Record<string, JsonSchema> };
    nested.properties['origin'] = { type: 'object', description: 'Where from.', properties: { host: { type: 'string', description: 'A host.' } } };
    await expect(renderPlanFormatDocs(nested as JsonSchema, '{}')).rejects.toThrow('an object at /properties/origin that the page has no section for');
  });

  it('shows one example plan: valid against the schema, secrets redacted, with the parts the page describes', async () => {
    const docs = await renderPlanFormatDocs();
    const blocks = [...docs.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toBe(await examplePlanJson());
    const plan = JSON.parse(blocks[0]!);
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    expect(blocks[0]).not.toContain(EXAMPLE_ENV['TILL_ADMIN_PASSWORD']);
    expect(plan.changes.find((c: { address: string }) => c.address === 'device/coffee-001/till-1').after.deviceAdmin).toBe('(sensitive)');
    expect(plan.sensitive).toContain('device/coffee-001/till-1#/deviceAdmin');
    expect(plan.changes.map((c: { address: string; action: string }) => `${c.action} ${c.address}`)).toEqual([
      'update emv/visa-usd',
      'create merchant/coffee-001',
      'update binding/coffee-001/host-a-usd/USD',
      'create device/coffee-001/till-1',
    ]);
    expect(plan.changes[0].patch).toEqual([{ op: 'replace', path: '/params/clCVMLimit', value: 100000 }]);
    expect(plan.changes[2].predicted).toBe(true);
    expect(plan.unmanaged).toEqual([{ address: 'merchant/tea-002', kind: 'merchant', key: 'tea-002', liveId: 'M1002', name: 'Tea Room' }]);
    expect(plan.summary).toEqual({ create: 2, update: 2, delete: 0, replace: 0, blocked: 0 });
  });
});
