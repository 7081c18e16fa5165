import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGroupSpec, TILL_ADMIN_VARIABLE } from '../../scripts/bench/group-shape.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

/**
 * A rate-limited service, run as CI runs paycfg: the first apply of a 30-merchant group (5 EMV
 * configs, 3 profiles, a binding and two terminals per merchant) must succeed, and so must plan,
 * drift and export after it. Before 429s were retried for creates and paycfg paced itself, about
 * thirty creates failed at once "after 1 attempt" at 20 requests per second.
 *
 * The two rates run side by side, each against its own simulator: a run spends its time waiting
 * for the limit, not computing, so the file takes as long as the slower rate (about 85 s) rather
 * than both (about 110 s).
 */

const GROUP = buildGroupSpec({ merchants: 30, bindingsPerMerchant: 1, devicesPerMerchant: 2, profiles: 3, emvConfigs: 5, withMid: false });

async function cli(argv: string[], env: Record<string, string>) {
  const io = captureIo({ env, tty: false });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe.concurrent.each([20, 5])('against paycfg sim --rate-limit %i', (rate) => {
  let sim: TestSimulator;
  let manifest: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startTestSimulator({ faults: { rateLimit: rate } });
    manifest = join(mkdtempSync(join(tmpdir(), 'paycfg-rate-')), 'manifest');
    await writeManifest(GROUP, manifest);
    env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(), [TILL_ADMIN_VARIABLE]: 'till-admin-secret-42' };
  });
  afterAll(async () => {
    await sim.close();
  });

  it('the first apply converges and exits 0, then plan, drift and export exit 0', { timeout: 180_000 }, async () => {
    const apply = await cli(['apply', '-f', manifest, '--auto-approve'], env);
    expect(apply.err).not.toContain('failed');
    expect(apply.code).toBe(0);

    const plan = await cli(['plan', '-f', manifest, '--detailed-exitcode'], env);
    expect(plan.code).toBe(0);
    expect(plan.out).toContain('No changes');
    expect((await cli(['drift', '-f', manifest], env)).code).toBe(0);
    const exported = await cli(['export', '--out-dir', join(manifest, '..', 'exported')], env);
    expect(exported.err).toContain('Exported group');
    expect(exported.code).toBe(0);
    // The service did refuse some requests: the runs above had to get through a real limit.
    const stats = await sim.admin.stats();
    expect(stats.rateLimited).toBeGreaterThan(0);
    expect(stats.internalErrors).toBe(0);
  });
});
