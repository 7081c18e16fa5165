import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

/**
 * A binding's `allows` are in no binding record: only a merchant summary proven to carry the
 * bindings' own lists shows them. Export writes them under that proof, and leaves them out (with a
 * notice) when the service may be showing the profile's lists instead.
 */

const scenario = new URL('../scenarios/024-binding-allows-differ-from-profile/manifest.yaml', import.meta.url).pathname;

async function cli(sim: TestSimulator, argv: string[]) {
  const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token() } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe.each(['binding', 'profile'] as const)('export of bindings whose allows differ from their profile, summary reading %s', (summaryLists) => {
  let sim: TestSimulator;
  let exported: string;
  let err: string;

  beforeAll(async () => {
    sim = await startTestSimulator({ summaryLists });
    const manifest = join(mkdtempSync(join(tmpdir(), 'paycfg-allows-')), 'm.yaml');
    // The profile allows Void on 01: under the profile reading the summary shows that, not the binding's.
    writeFileSync(manifest, readFileSync(scenario, 'utf8').replace('      "01": { emvs: [visa-usd] }\n      "02": { emvs: [mc-usd] }\nmerchants:', '      "01": { emvs: [visa-usd], allows: [Void] }\n      "02": { emvs: [mc-usd] }\nmerchants:'));
    expect((await cli(sim, ['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    const run = await cli(sim, ['export']);
    expect(run.code, run.err).toBe(0);
    exported = run.out;
    err = run.err;
  });
  afterAll(async () => {
    await sim.close();
  });

  if (summaryLists === 'binding') {
    it('writes them, the summary being proven to show the bindings\' own lists', () => {
      expect(exported).toMatch(/"01": \{ emvs: \[ visa-usd \], allows: \[ Sale, Refund \] \}/);
      expect(err).not.toContain('allows left out');
    });
  } else {
    it('leaves them out and says why, since they cannot be read', () => {
      expect(exported).toMatch(/- profileName: host-a[\s\S]*"01": \{ emvs: \[ visa-usd \], allows: \[ Void \] \}[\s\S]*merchants:/);
      expect(exported.slice(exported.indexOf('merchants:'))).not.toContain('allows:');
      expect(err).toContain("bindings: allows left out: nothing this run read proves that the merchant list shows the bindings' own lists");
    });
  }
});
