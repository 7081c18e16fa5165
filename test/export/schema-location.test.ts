import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALLED_SCHEMA_PATH, MANIFEST_SCHEMA_FILE, schemaReference } from '../../src/export/schema-location.js';

const work = mkdtempSync(join(tmpdir(), 'paycfg-schema-location-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A directory under the test's own folder, with the given markers (package.json, .git). */
function project(name: string, markers: readonly string[] = []): string {
  const root = join(work, name);
  mkdirSync(root, { recursive: true });
  for (const marker of markers) {
    if (marker === '.git') mkdirSync(join(root, marker), { recursive: true });
    else writeFileSync(join(root, marker), '{}');
  }
  return root;
}

describe('the modeline path to the schema', () => {
  it('points at the schema shipped with paycfg', () => {
    expect(existsSync(MANIFEST_SCHEMA_FILE)).toBe(true);
  });

  it('is relative inside the repository that holds the schema', () => {
    const schema = '/repo/schemas/manifest.schema.json';
    expect(schemaReference('/repo', schema)).toBe('schemas/manifest.schema.json');
    expect(schemaReference('/repo/examples/basic', schema)).toBe('../../schemas/manifest.schema.json');
    expect(schemaReference('/repo/out/merchants', schema)).toBe('../../schemas/manifest.schema.json');
  });

  it('is relative inside the project whose node_modules holds paycfg', () => {
    const schema = '/work/shop/node_modules/paycfg/schemas/manifest.schema.json';
    expect(schemaReference('/work/shop/manifests', schema)).toBe('../node_modules/paycfg/schemas/manifest.schema.json');
  });

  describe('anywhere else: the schema of a paycfg installed in the written file\'s project, never an absolute path', () => {
    const elsewhere = '/usr/lib/node_modules/paycfg/schemas/manifest.schema.json';

    it('from the nearest package.json up', () => {
      const shop = project('shop', ['package.json', '.git']);
      expect(schemaReference(shop, elsewhere)).toBe(INSTALLED_SCHEMA_PATH);
      expect(schemaReference(join(shop, 'config', 'merchants'), elsewhere)).toBe(`../../${INSTALLED_SCHEMA_PATH}`);
    });

    it('from the repository root (.git) when it is nearer than any package.json', () => {
      const configs = project('configs', ['.git']);
      expect(schemaReference(join(configs, 'pbo'), elsewhere)).toBe(`../${INSTALLED_SCHEMA_PATH}`);
    });

    it('a package.json nearer than the repository root wins', () => {
      const mono = project('mono', ['.git']);
      const tools = project(join('mono', 'tools'), ['package.json']);
      expect(schemaReference(join(tools, 'out'), elsewhere)).toBe(`../${INSTALLED_SCHEMA_PATH}`);
      expect(schemaReference(join(mono, 'pbo'), elsewhere)).toBe(`../${INSTALLED_SCHEMA_PATH}`);
    });

    it('a package.json above the repository (one in a home directory) is not the project', () => {
      const home = project('home', ['package.json']);
      const repo = project(join('home', 'pbo-config'), ['.git']);
      expect(schemaReference(join(repo, 'manifests'), elsewhere)).toBe(`../${INSTALLED_SCHEMA_PATH}`);
      expect(schemaReference(home, elsewhere)).toBe(INSTALLED_SCHEMA_PATH);
    });

    it('another checkout of paycfg is elsewhere too: the path would only work on this machine', () => {
      const shop = project('shop2', ['package.json']);
      expect(schemaReference(shop, '/home/me/src/paycfg/schemas/manifest.schema.json')).toBe(INSTALLED_SCHEMA_PATH);
    });

    it('outside any project: relative still, from the file or a project above it', () => {
      const reference = schemaReference(join(work, 'loose', 'dir'), elsewhere);
      expect(reference).toMatch(/^(\.\.\/)*node_modules\/paycfg\/schemas\/manifest\.schema\.json$/);
    });
  });
});
