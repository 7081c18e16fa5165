/**
 * Every file under examples/ is part of a valid manifest: each folder directly under examples/ is
 * one manifest, validated as a whole, and each file also passes the generated JSON Schema that its
 * modeline points editors to. Their secrets come from variables without a default, which
 * `plan --out` would refuse to save: EXAMPLES_ENV sets them. examples/ci holds a CI workflow, not a manifest (test/cli/ci-example.test.ts
 * checks it); examples/environments, two environments (test/environments/example.test.ts checks them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildManifestJsonSchema, loadManifest } from '../../src/manifest/index.js';
import { secretDefaults } from '../../src/manifest/secret-defaults.js';
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLES = path.join(ROOT, 'examples');
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

// examples/environments is a repository of two environments, each its own manifest made with its
// own values: test/environments/example.test.ts checks each environment, and every file against its schema.
// examples/fleet is a fleet of groups made from one template: test/fleet/file/example.test.ts checks each target.
const NOT_MANIFESTS = new Set(['ci', 'environments', 'fleet']);

function yamlFilesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name) && !NOT_MANIFESTS.has(name.split(path.sep)[0]!))
    .map((name) => path.join(directory, name))
    .sort();
}

const exampleDirs = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_MANIFESTS.has(entry.name))
  .map((entry) => entry.name)
  .sort();

describe('examples', () => {
  it('has the basic and multi-file examples, and no YAML file outside an example folder', () => {
    expect(exampleDirs).toEqual(expect.arrayContaining(['basic', 'multi-file']));
    const covered = exampleDirs.flatMap((dir) => yamlFilesUnder(path.join(EXAMPLES, dir)));
    expect(yamlFilesUnder(EXAMPLES)).toEqual(covered.sort());
  });

  it.each(exampleDirs)('examples/%s is a valid manifest once its secrets are set, and writes no secret default', async (dir) => {
    const loaded = await loadManifest([`examples/${dir}`], { env: EXAMPLES_ENV, cwd: ROOT });
    expect(loaded.files).toEqual(yamlFilesUnder(path.join(EXAMPLES, dir)).map((file) => path.relative(ROOT, file).split(path.sep).join('/')));
    expect(loaded.manifest.group).toBe('G-00000001');
    expect(loaded.missingVariables).toEqual([]);
    expect([...secretDefaults(loaded.secrets, loaded.locate).keys()]).toEqual([]);
  });

  it.each(exampleDirs)('examples/%s names only variables EXAMPLES_ENV sets', async (dir) => {
    const loaded = await loadManifest([`examples/${dir}`], { env: {}, cwd: ROOT, allowMissingEnv: true });
    expect(loaded.missingVariables.length).toBeGreaterThan(0);
    for (const name of loaded.missingVariables) expect(Object.keys(EXAMPLES_ENV)).toContain(name);
  });

  it('examples/multi-file exercises two profiles, several merchants, bindings, devices and secrets', async () => {
    const { manifest, secrets, counts } = await loadManifest(['examples/multi-file'], { env: EXAMPLES_ENV, cwd: ROOT });
    expect(manifest.acquirerProfiles.map((p) => p.currency)).toEqual(['USD', 'EUR']);
    expect(manifest.merchants.length).toBeGreaterThanOrEqual(2);
    expect(counts.bindings).toBeGreaterThanOrEqual(3);
    expect(counts.devices).toBeGreaterThanOrEqual(2);
    expect(manifest.merchants.some((m) => m.devices === undefined)).toBe(true);
    expect(secrets.some((s) => s.variables.length > 0)).toBe(true);
  });

  const schema = buildManifestJsonSchema();
  const files = yamlFilesUnder(EXAMPLES);
  it.each(files.map((file) => path.relative(ROOT, file)))('%s passes the JSON Schema its modeline names', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const modeline = /^# yaml-language-server: \$schema=(\S+)$/.exec(text.split('\n')[0] ?? '');
    expect(modeline, 'first line names the schema').not.toBeNull();
    const schemaPath = path.resolve(path.dirname(path.join(ROOT, file)), modeline?.[1] ?? '');
    expect(schemaPath).toBe(path.join(ROOT, 'schemas', 'manifest.schema.json'));
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });
});
