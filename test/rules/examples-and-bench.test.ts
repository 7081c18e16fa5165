/**
 * Every example and the benchmark's generated group pass every payment rule, with no warning: the
 * method-to-network table, the currencies and the codes hold everywhere paycfg shows a manifest.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGroupSpec, DEFAULT_GROUP_SIZE, TILL_ADMIN_VARIABLE } from '../../scripts/bench/group-shape.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { loadEnvironmentManifest, loadEnvironmentsFile, resolveEnvironment } from '../../src/environments/index.js';
import { loadManifest } from '../../src/manifest/index.js';
import { checkPaymentRules } from '../../src/rules/index.js';
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';

const ROOT = join(import.meta.dirname, '../..');

function findingsOf(report: ReturnType<typeof checkPaymentRules>): string[] {
  return [...report.errors, ...report.warnings].map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);
}

describe('the examples', () => {
  for (const example of ['examples/basic', 'examples/multi-file', 'examples/legacy']) {
    it(`${example} passes every rule`, async () => {
      const loaded = await loadManifest([example], { env: EXAMPLES_ENV, cwd: ROOT });
      expect(findingsOf(checkPaymentRules(loaded))).toEqual([]);
    });
  }

  it('examples/environments passes every rule in each environment', async () => {
    const file = await loadEnvironmentsFile('examples/environments/paycfg.environments.yaml', { cwd: ROOT });
    for (const name of file.environments.keys()) {
      const resolved = await resolveEnvironment(file, name, { env: {}, allowMissing: true });
      const loaded = await loadEnvironmentManifest(resolved, { cwd: ROOT, allowMissingEnv: true });
      expect(findingsOf(checkPaymentRules(loaded)), name).toEqual([]);
    }
  });
});

describe("the benchmark's generated group", () => {
  it('passes every rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-rules-bench-'));
    await writeManifest(buildGroupSpec({ ...DEFAULT_GROUP_SIZE, merchants: 200, bindingsPerMerchant: 12 }), dir);
    const loaded = await loadManifest([dir], { env: { [TILL_ADMIN_VARIABLE]: 'x' }, cwd: dir });
    expect(findingsOf(checkPaymentRules(loaded))).toEqual([]);
  });
});
