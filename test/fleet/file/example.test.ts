/**
 * examples/fleet: six groups from one template and a CSV of per-group values. Every target loads
 * and validates with its own values (as `paycfg validate` would for it), the row's values win over
 * the template's, and every file passes the JSON Schema its modeline names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadEnvironmentManifest, resolveEnvironment } from '../../../src/environments/index.js';
import { buildFleetJsonSchema, loadFleetFile, selectTargets } from '../../../src/fleet/file/index.js';
import { buildManifestJsonSchema, expandTemplate } from '../../../src/manifest/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = path.join(ROOT, 'examples/fleet');
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

function compile(schema: Record<string, unknown>) {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** Each group's till password, as its CI job would set it. */
function secrets(groups: readonly string[]): Record<string, string> {
  return Object.fromEntries(groups.map((group) => [`TILL_ADMIN_PASSWORD_${group.replace('-', '_')}`, `till-pw-${group}`]));
}

describe('examples/fleet', () => {
  it('has six groups of one template, in two tiers and two regions, each its own token variable and journal', async () => {
    const fleet = await loadFleetFile('examples/fleet/paycfg.fleet.yaml', { cwd: ROOT });
    expect(fleet.targets.map((t) => t.name)).toEqual(['coffee-nyc', 'coffee-sfo', 'bakery-ber', 'bakery-par', 'deli-lon', 'deli-chi']);
    expect(new Set(fleet.targets.map((t) => t.group)).size).toBe(6);
    expect(fleet.targets.every((t) => t.baseUrl === 'http://127.0.0.1:8181')).toBe(true);
    expect(fleet.targets[0]!.definition.token).toEqual({ env: 'PAYCFG_TOKEN_G_00000011' });
    expect(path.relative(DIR, fleet.targets[0]!.definition.journal!)).toBe('coffee-nyc.journal.jsonl');
    expect(selectTargets(fleet, { labels: { region: 'eu' } }).map((t) => t.name)).toEqual(['bakery-ber', 'bakery-par', 'deli-lon']);
    expect(selectTargets(fleet, { names: ['deli-*'], labels: { tier: 'gold' } }).map((t) => t.name)).toEqual(['deli-chi']);
  });

  it('validates every target with its own values: the row wins over the template, an empty cell leaves the template\'s', async () => {
    const fleet = await loadFleetFile('examples/fleet/paycfg.fleet.yaml', { cwd: ROOT });
    const env = secrets(fleet.targets.map((t) => t.group));
    const loaded = new Map<string, Awaited<ReturnType<typeof loadEnvironmentManifest>>>();
    for (const target of fleet.targets) {
      const resolved = await resolveEnvironment(fleet.environments, target.name, { env });
      loaded.set(target.name, await loadEnvironmentManifest(resolved, { cwd: ROOT }));
    }
    const profile = (name: string) => loaded.get(name)!.manifest.acquirerProfiles[0]!;
    expect(profile('coffee-nyc').connUrl).toBe('https://acq.host-a.example.com/iso');
    expect(profile('bakery-ber').connUrl).toBe('https://acq-eu.host-a.example.com/iso');
    expect(profile('bakery-ber').notifyUrl).toBe('https://isv.example.com/notify');
    expect(profile('deli-lon').notifyUrl).toBe('https://deli-lon.example/notify');
    const shop = (name: string) => loaded.get(name)!.manifest.merchants[0]!;
    expect([shop('deli-lon').mchName, shop('deli-lon').country, shop('deli-lon').bindings![0]!.mid]).toEqual(['Deli, London', 'GB', '000000000015']);
    expect(shop('bakery-ber').mchName).toBe('Bäckerei Berlin');
    // Each till's admin password is its group's own secret, read from the process environment.
    expect(loaded.get('coffee-sfo')!.secretValues).toEqual(['till-pw-G-00000012']);
  });

  it('validates offline without its secrets, as `fleet validate --allow-missing-env` does', async () => {
    const fleet = await loadFleetFile('examples/fleet/paycfg.fleet.yaml', { cwd: ROOT });
    for (const target of fleet.targets) {
      const resolved = await resolveEnvironment(fleet.environments, target.name, { env: {}, allowMissing: true });
      const loaded = await loadEnvironmentManifest(resolved, { cwd: ROOT, allowMissingEnv: true });
      expect(loaded.missingVariables).toEqual(['TILL_ADMIN_PASSWORD']);
    }
  });

  it('holds only files that pass the JSON Schema their modeline names', async () => {
    const fleet = await loadFleetFile('examples/fleet/paycfg.fleet.yaml', { cwd: ROOT });
    const env = secrets(fleet.targets.map((t) => t.group));
    const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name)).sort();
    expect(files.length).toBe(5);
    const manifest = compile(buildManifestJsonSchema());
    const fleetSchema = compile(buildFleetJsonSchema());
    for (const name of files) {
      const text = readFileSync(path.join(DIR, name), 'utf8');
      const modeline = /^# yaml-language-server: \$schema=(\S+)$/.exec(text.split('\n')[0] ?? '');
      expect(modeline, `${name}: first line names the schema`).not.toBeNull();
      const schema = path.relative(ROOT, path.resolve(path.dirname(path.join(DIR, name)), modeline?.[1] ?? ''));
      if (name === 'paycfg.fleet.yaml') {
        expect(schema).toBe('schemas/fleet.schema.json');
        expect(fleetSchema(parse(text)), JSON.stringify(fleetSchema.errors)).toBe(true);
        continue;
      }
      expect(schema, name).toBe('schemas/manifest.schema.json');
      for (const target of fleet.targets) {
        const { variables } = await resolveEnvironment(fleet.environments, target.name, { env });
        const expanded = (value: unknown): unknown =>
          typeof value === 'string'
            ? expandTemplate(value, variables).text
            : Array.isArray(value)
              ? value.map(expanded)
              : value !== null && typeof value === 'object'
                ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expanded(v)]))
                : value;
        expect(manifest(expanded(parse(text))), `${name} (${target.name}): ${JSON.stringify(manifest.errors)}`).toBe(true);
      }
    }
  });
});
