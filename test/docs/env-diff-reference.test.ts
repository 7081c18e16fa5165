/**
 * docs/env-diff.md documents the JSON of `paycfg diff-env --json`: every object of
 * schemas/env-diff.schema.json has its section there, with a row for each of its fields, and the
 * page names nothing the schema does not hold.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Schema = { readonly properties?: Readonly<Record<string, Schema>>; readonly $defs?: Readonly<Record<string, Schema>> };

const schema = JSON.parse(readFileSync(new URL('../../schemas/env-diff.schema.json', import.meta.url), 'utf8')) as Schema;
const page = readFileSync(new URL('../../docs/env-diff.md', import.meta.url), 'utf8');

/** Each object of the schema (by its pointer) and the heading of its section in the page. */
const SECTIONS: Readonly<Record<string, string>> = {
  '': 'The diff',
  '/$defs/environment': 'An environment',
  '/$defs/environment/properties/group': 'group',
  '/$defs/oneSidedRecord': 'A record only in one group',
  '/$defs/oneSidedRecord/properties/inManifests': 'inManifests',
  '/$defs/differingRecord': 'A record that differs',
  '/$defs/differingRecord/properties/liveIds': 'liveIds',
  '/$defs/fieldDifference': 'A value that differs',
  '/$defs/substitutedField': 'A substituted value',
  '/properties/notCompared': 'notCompared',
  '/$defs/unkeyedRecord': 'A record not compared',
  '/properties/summary': 'summary',
};

/** Every schema object with properties, by pointer. */
function objects(node: Schema, pointer = ''): Map<string, Schema> {
  const out = new Map<string, Schema>();
  if (node.properties !== undefined) out.set(pointer, node);
  for (const [name, child] of Object.entries(node.properties ?? {})) for (const [p, o] of objects(child, `${pointer}/properties/${name}`)) out.set(p, o);
  for (const [name, child] of Object.entries(node.$defs ?? {})) for (const [p, o] of objects(child, `${pointer}/$defs/${name}`)) out.set(p, o);
  return out;
}

/** The table rows' field names of the section under `### title`. */
function rowsOf(title: string): string[] {
  const start = page.indexOf(`\n### ${title}\n`);
  if (start < 0) return [];
  const rest = page.slice(start + title.length + 6);
  const section = rest.slice(0, rest.search(/\n#{2,3} /) >>> 0);
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!);
}

describe('docs/env-diff.md: the JSON document', () => {
  it('has a section for every object of schemas/env-diff.schema.json, with a row for each field and no other', () => {
    const found = objects(schema);
    expect([...found.keys()].sort()).toEqual(Object.keys(SECTIONS).sort());
    for (const [pointer, object] of found) {
      const title = SECTIONS[pointer]!;
      expect(rowsOf(title), `section "${title}" (${pointer || 'the document'})`).toEqual(Object.keys(object.properties!));
    }
  });
});
