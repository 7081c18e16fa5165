import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCHEMA_FILE, schemaReference } from '../../src/export/schema-location.js';

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

  it('is absolute anywhere else', () => {
    expect(schemaReference('/tmp/out', '/repo/schemas/manifest.schema.json')).toBe('/repo/schemas/manifest.schema.json');
    expect(schemaReference('/repo-other', '/repo/schemas/manifest.schema.json')).toBe('/repo/schemas/manifest.schema.json');
    const global = '/usr/lib/node_modules/paycfg/schemas/manifest.schema.json';
    expect(schemaReference('/home/me/pbo', global)).toBe(global);
  });
});
