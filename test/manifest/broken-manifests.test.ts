/**
 * The broken-manifest corpus: each `NAME.yaml` (or folder `NAME/`) under test/fixtures/manifests
 * must fail with exactly the lines of `NAME.expected.txt`. Adding a case is adding two files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests/', import.meta.url));
/** Small enough for a committed fixture to exceed it (oversize.yaml); every other fixture stays below. */
const MAX_FILE_BYTES = 4096;
const ENV = { PAYCFG_FIXTURE_SET: 'value-from-env' };

const names = readdirSync(FIXTURES).filter((name) => !name.startsWith('.') && !name.endsWith('.expected.txt'));
const cases = names.map((name) => ({ name, expectedFile: path.join(FIXTURES, `${name.replace(/\.ya?ml$/, '')}.expected.txt`) }));

async function diagnosticsOf(name: string): Promise<string[]> {
  try {
    await loadManifest([name], { env: ENV, cwd: FIXTURES, maxFileBytes: MAX_FILE_BYTES });
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error(`${name} loaded without errors, but every fixture in the corpus is broken`);
}

describe('broken manifests', () => {
  it('has a case for every expected file and an expected file for every case', () => {
    const expected = readdirSync(FIXTURES).filter((name) => name.endsWith('.expected.txt'));
    expect(expected.sort()).toEqual(cases.map((c) => path.basename(c.expectedFile)).sort());
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$name', async ({ name, expectedFile }) => {
    const lines = await diagnosticsOf(name);
    expect(lines.join('\n') + '\n').toBe(readFileSync(expectedFile, 'utf8'));
    // No message may carry a value taken from the environment.
    for (const line of lines) expect(line).not.toContain(ENV.PAYCFG_FIXTURE_SET);
  });

  it('keeps every fixture but oversize.yaml under the corpus size limit', () => {
    for (const name of names.filter((n) => n.endsWith('.yaml') && n !== 'oversize.yaml')) {
      expect(statSync(path.join(FIXTURES, name)).size, name).toBeLessThan(MAX_FILE_BYTES);
    }
  });
});
