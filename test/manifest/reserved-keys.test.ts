import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-reserved-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const manifest = (ref: string, alias: string) => `version: 1
merchants:
  - providerReference: "${ref}"
    mchName: Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@shop.example
    devices:
      - deviceAlias: "${alias}"
`;

async function problems(text: string): Promise<string[]> {
  await writeFile(path.join(dir, 'paycfg.yaml'), text);
  try {
    await loadManifest(['paycfg.yaml'], { env: {}, cwd: dir });
    return [];
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    return error.diagnostics.map(formatDiagnostic);
  }
}

describe('keys that start with ~', () => {
  it('are refused for providerReference and deviceAlias: a plan names live records without a key ~<id>', async () => {
    const found = await problems(manifest('~M1000000001', '~T1'));
    expect(found).toEqual([
      expect.stringMatching(/^paycfg\.yaml:3:24: .*must not start with "~": a plan names a live record without a providerReference "~<its id>"/),
      expect.stringMatching(/^paycfg\.yaml:9:22: .*must not start with "~": a plan names a live record without a deviceAlias "~<its id>"/),
    ]);
  });

  it('are accepted with ~ elsewhere in the key', async () => {
    expect(await problems(manifest('shop~1', 'till~1'))).toEqual([]);
  });
});
