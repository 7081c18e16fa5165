import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadManifest, ManifestError } from '../../src/manifest/index.js';
import { readBoundedText } from '../../src/manifest/read-yaml.js';

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

  it('reads - given twice once, as a file given twice (the command line refuses it), and refuses - where standard input cannot be read', async () => {
    let reads = 0;
    const loaded = await loadManifest(['-', '-'], { env, cwd: process.cwd(), readStdin: async () => ((reads += 1), basic) });
    expect([loaded.files, reads]).toEqual([['<stdin>'], 1]);
    expect(await problems(['-'], undefined)).toEqual(['<command line>:1:1: standard input (-) cannot be read here; give the manifest as a file']);
  });

  it('reads an endless standard input only to just over the limit, and refuses it as too large', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 4096;
        this.push(Buffer.alloc(4096, 0x61));
      },
    });
    const text = await readBoundedText(endless, 10_000);
    expect(Buffer.byteLength(text)).toBe(10_001);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(10_000 + 4 * 4096);
    const refused = await loadManifest(['-'], { env, cwd: process.cwd(), maxFileBytes: 10_000, readStdin: async () => text }).then(
      () => [],
      (error: ManifestError) => error.diagnostics.map((d) => d.message),
    );
    expect(refused).toEqual(['standard input holds more than 9.8 KiB, the limit for one manifest file; split it into several files']);
  });

  it('reads a standard input within the limit whole, a character cut at the limit included', async () => {
    expect(await readBoundedText(Readable.from([Buffer.from('é'.repeat(10))]), 20)).toBe('é'.repeat(10));
    const over = await readBoundedText(Readable.from([Buffer.from('é'.repeat(11))]), 20);
    expect(Buffer.byteLength(over)).toBeGreaterThan(20);
  });
});
