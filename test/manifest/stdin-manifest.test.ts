import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadManifest, ManifestError } from '../../src/manifest/index.js';

const basic = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8');
const env = { TILL_ADMIN_PASSWORD: 'stdin-admin-pw' };

async function problems(paths: string[], text: string | undefined): Promise<string[]> {
  try {
    await loadManifest(paths, { env, cwd: process.cwd(), ...(text !== undefined ? { readStdin: async () => text } : {}) });
    return [];
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    return error.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);
  }
}

describe('loadManifest: - is standard input', () => {
  it('reads the manifest from standard input, named <stdin>, beside files', async () => {
    const loaded = await loadManifest(['-'], { env, cwd: process.cwd(), readStdin: async () => basic });
    expect(loaded.files).toEqual(['<stdin>']);
    expect(loaded.counts.merchants).toBe(1);
    expect(loaded.secretValues).toContain('stdin-admin-pw');
  });

  it('gives line and column in <stdin> for a problem found after parsing', async () => {
    const text = basic.replace('currency: USD', 'currency: usd');
    const found = await problems(['-'], text);
    expect(found.length).toBeGreaterThan(0);
    const line = text.split('\n').findIndex((l) => l.includes('currency: usd')) + 1;
    expect(found[0]).toMatch(new RegExp(`^<stdin>:${line}:\\d+: `));
  });

  it('refuses - twice, and - where standard input cannot be read', async () => {
    expect(await problems(['-', '-'], basic)).toContain('<command line>:1:1: - (standard input) is given twice; standard input holds one manifest file');
    expect(await problems(['-'], undefined)).toEqual(['<command line>:1:1: standard input (-) cannot be read here; give the manifest as a file']);
  });
});
