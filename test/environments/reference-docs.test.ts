/**
 * docs/environments-reference.md is generated (scripts/generate-environments-docs.ts, written by
 * `npm run docs:manifest`): it must be what the model and the example give today, with a row for
 * every field of every object of the environments JSON Schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS_DOCS_FILE, ENVIRONMENTS_EXAMPLE_FILE, renderEnvironmentsDocs, repositoryRoot } from '../../scripts/generate-environments-docs.js';
import { buildEnvironmentsJsonSchema } from '../../src/environments/index.js';

type Schema = { properties?: Record<string, unknown>; definitions?: Record<string, Schema> };

describe(ENVIRONMENTS_DOCS_FILE, () => {
  it('is what npm run docs:manifest writes today', () => {
    const committed = readFileSync(path.join(repositoryRoot, ENVIRONMENTS_DOCS_FILE), 'utf8');
    expect(committed === renderEnvironmentsDocs(), `${ENVIRONMENTS_DOCS_FILE} is stale: run npm run docs:manifest and commit it`).toBe(true);
  });

  it('changes when the example it quotes changes', () => {
    const example = readFileSync(path.join(repositoryRoot, ENVIRONMENTS_EXAMPLE_FILE), 'utf8');
    const edited = example.replace('https://pbo.example.com/notify', 'https://pbo.example.com/notify-v2');
    expect(edited).not.toBe(example);
    expect(renderEnvironmentsDocs(edited)).toContain('https://pbo.example.com/notify-v2');
  });

  it('has a row for every field of every object of the JSON Schema', () => {
    const schema = buildEnvironmentsJsonSchema() as Schema;
    const docs = renderEnvironmentsDocs();
    const objects: [string, Schema][] = [['Top level', schema], ...Object.entries(schema.definitions ?? {})];
    let fields = 0;
    for (const [id, object] of objects) {
      if (object.properties === undefined) continue;
      const section = docs.slice(docs.indexOf(`\n## ${id}\n`), docs.indexOf('\n## ', docs.indexOf(`\n## ${id}\n`) + 4));
      for (const field of Object.keys(object.properties)) {
        expect(section, `${id}.${field}`).toMatch(new RegExp(`\\n\\| \`${field}\` \\|`));
        fields++;
      }
    }
    expect(fields).toBeGreaterThanOrEqual(10);
  });
});
