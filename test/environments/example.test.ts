/**
 * examples/environments: a repository of two environments. Each validates with its own values, the
 * two differ where the example says (acquirer host, notify URL, MID, a production-only merchant),
 * and every file passes the JSON Schema its modeline names: the environments file its own, each
 * manifest file the manifest's once its environment's values are in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildEnvironmentsJsonSchema, loadEnvironmentManifest, loadEnvironmentsFile, resolveEnvironment } from '../../src/environments/index.js';
import { buildManifestJsonSchema } from '../../src/manifest/index.js';
import { expandTemplate } from '../../src/manifest/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = path.join(ROOT, 'examples/environments');
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
const SECRETS = { TEST_TILL_ADMIN_PASSWORD: 'test-till-pw', PROD_TILL_ADMIN_PASSWORD: 'prod-till-pw' };

async function environments() {
  const file = await loadEnvironmentsFile('paycfg.environments.yaml', { cwd: DIR });
  const test = await resolveEnvironment(file, 'test', { env: SECRETS });
  const production = await resolveEnvironment(file, 'production', { env: SECRETS });
  return { file, test, production };
}

function compile(schema: Record<string, unknown>) {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** Every string of a parsed document with `${NAME}` expanded from `variables`. */
function expanded(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return expandTemplate(value, variables).text;
  if (Array.isArray(value)) return value.map((item) => expanded(item, variables));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expanded(v, variables)]));
  return value;
}

describe('examples/environments', () => {
  it('has a test and a production environment on the demo ports, each a group of its own, sharing shared/', async () => {
    const { file } = await environments();
    const [test, production] = [file.environments.get('test')!, file.environments.get('production')!];
    expect([test.baseUrl, production.baseUrl]).toEqual(['http://127.0.0.1:8181', 'http://127.0.0.1:8182']);
    expect(test.group).not.toBe(production.group);
    expect(test.manifests.map((m) => path.relative(DIR, m))).toEqual(['shared', 'test']);
    expect(production.manifests.map((m) => path.relative(DIR, m))).toEqual(['shared', 'production']);
  });

  it('validates each environment with its own values; they differ in acquirer host, notify URL, MID and a production-only merchant', async () => {
    const { test, production } = await environments();
    const [t, p] = await Promise.all([test, production].map((resolved) => loadEnvironmentManifest(resolved, { cwd: ROOT })));
    const profile = (m: typeof t) => m!.manifest.acquirerProfiles[0]!;
    expect(profile(t).connUrl).not.toBe(profile(p).connUrl);
    expect(profile(t).notifyUrl).not.toBe(profile(p).notifyUrl);
    const mid = (m: typeof t) => m!.manifest.merchants.find((x) => x.providerReference === 'coffee-001')!.bindings![0]!.mid;
    expect(mid(t)).toBe('900000012345');
    expect(mid(p)).toBe('000000012345');
    const merchants = (m: typeof t) => m!.manifest.merchants.map((x) => x.providerReference);
    expect(merchants(p)).toContain('bakery-002');
    expect(merchants(t)).not.toContain('bakery-002');
    // The till's admin password is each environment's own secret, read from the process environment.
    expect(t!.secretValues).toEqual(['test-till-pw']);
    expect(p!.secretValues).toEqual(['prod-till-pw']);
  });

  it('holds only files that pass the JSON Schema their modeline names', async () => {
    const { test, production } = await environments();
    const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name)).sort();
    expect(files.length).toBeGreaterThan(5);
    const manifest = compile(buildManifestJsonSchema());
    const environmentsSchema = compile(buildEnvironmentsJsonSchema());
    for (const name of files) {
      const text = readFileSync(path.join(DIR, name), 'utf8');
      const modeline = /^# yaml-language-server: \$schema=(\S+)$/.exec(text.split('\n')[0] ?? '');
      expect(modeline, `${name}: first line names the schema`).not.toBeNull();
      const schema = path.relative(ROOT, path.resolve(path.dirname(path.join(DIR, name)), modeline?.[1] ?? ''));
      if (name === 'paycfg.environments.yaml') {
        expect(schema).toBe('schemas/environments.schema.json');
        expect(environmentsSchema(parse(text)), JSON.stringify(environmentsSchema.errors)).toBe(true);
        continue;
      }
      expect(schema, name).toBe('schemas/manifest.schema.json');
      // A file of one environment is checked with its values; a shared one with each environment's.
      const owners = name.startsWith('test/') ? [test] : name.startsWith('production/') ? [production] : [test, production];
      for (const owner of owners) expect(manifest(expanded(parse(text), owner.variables)), `${name} (${owner.definition.name}): ${JSON.stringify(manifest.errors)}`).toBe(true);
    }
  });
});
