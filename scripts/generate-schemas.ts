/**
 * Writes the JSON Schemas under schemas/ from the zod models (the manifest, the environments file, the fleet file, the service record) and the kinds' field
 * facts (the wire records of schemas/api: each kind's, and the legacy API's where it has one):
 * `npm run schemas`.
 * `npm run schemas -- --check` writes nothing and exits 1 when a committed schema is stale;
 * test/manifest/json-schema.test.ts runs the same comparison.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildFleetSummaryJsonSchema } from '../src/fleet/summary/model.js';
import { KIND_MODULES } from '../src/kinds/registry.js';
import { WIRE_SCHEMA_BASE } from '../src/kinds/derive.js';
import { buildManifestJsonSchema } from '../src/manifest/json-schema.js';
import { buildEnvironmentsJsonSchema } from '../src/environments/model.js';
import { buildFleetJsonSchema } from '../src/fleet/file/model.js';
import { buildServiceRecordJsonSchema } from '../src/service-record/model.js';

export interface GeneratedSchema {
  /** Path relative to the repository root. */
  readonly file: string;
  readonly build: () => Record<string, unknown>;
}

/** The wire record schemas the kinds' facts give (the others in schemas/api are written by hand). */
const wireSchemaFiles: readonly GeneratedSchema[] = KIND_MODULES.flatMap((kind) =>
  kind.wireSchemas.map((schema) => ({ file: `schemas/api/${String(schema['$id']).slice(WIRE_SCHEMA_BASE.length)}`, build: () => ({ ...schema }) })),
);

/** Every generated schema; add an entry to generate another. */
export const schemaFiles: readonly GeneratedSchema[] = [
  { file: 'schemas/manifest.schema.json', build: buildManifestJsonSchema },
  { file: 'schemas/environments.schema.json', build: buildEnvironmentsJsonSchema },
  { file: 'schemas/fleet.schema.json', build: buildFleetJsonSchema },
  { file: 'schemas/service-record.schema.json', build: buildServiceRecordJsonSchema },
  ...wireSchemaFiles,
  { file: 'schemas/fleet-summary.schema.json', build: buildFleetSummaryJsonSchema },
];

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The exact text the committed file must hold. */
export function renderSchema(schema: GeneratedSchema): string {
  return `${JSON.stringify(schema.build(), null, 2)}\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes('--check');
  const stale: string[] = [];
  for (const schema of schemaFiles) {
    const target = path.join(repositoryRoot, schema.file);
    const text = renderSchema(schema);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === text) continue;
    if (check) {
      stale.push(schema.file);
    } else {
      await writeFile(target, text);
      process.stdout.write(`wrote ${schema.file}\n`);
    }
  }
  if (stale.length > 0) {
    process.stderr.write(`stale generated schema(s): ${stale.join(', ')}; run \`npm run schemas\` and commit the result\n`);
    return 1;
  }
  if (check) process.stdout.write('generated schemas are up to date\n');
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
