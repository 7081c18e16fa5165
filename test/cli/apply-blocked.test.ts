/**
 * An apply whose only changes are blocked (a merchant delete held by its activated terminal) has
 * nothing it may do: with -f and with a saved plan, it says what stays undone and exits 1, never
 * "no changes".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { EMV_AND_PROFILE, merchant, till } from '../helpers/small-manifest.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

const BASE = EMV_AND_PROFILE;
const WITH_TERMINAL = `${BASE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till'))}\n`;

describe('apply with only blocked changes', () => {
  it('says what was blocked and exits 1, from -f and from a saved plan', async () => {
    await sim.admin.createGroup({ groupId: 'G-55000001' });
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-blocked-'));
    const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-55000001'), TILL_SECRET: 'till-secret-value' };
    const cli = async (argv: string[]) => {
      const io = captureIo({ env, cwd: dir });
      const code = await main(argv, io);
      return { code, out: io.out(), err: io.err() };
    };
    writeFileSync(join(dir, 'before.yaml'), WITH_TERMINAL);
    expect((await cli(['apply', '-f', 'before.yaml', '--auto-approve'])).code).toBe(0);
    const data = async (path: string) => (await sim.api('GET', path, undefined, 'G-55000001')).body.data;
    const [shop] = (await data('/api/openapi/v1/mchInfo?pageSize=-1')).records;
    const devices = (await data(`/api/openapi/v1/device?mchId=${shop.mchId}&pageSize=-1`)).records;
    expect(devices).toHaveLength(1);
    await sim.admin.activate(JSON.parse(devices[0].deviceToken).activationCode);

    writeFileSync(join(dir, 'paycfg.yaml'), `${BASE}prune: { merchants: true }\nmerchants: []\n`);
    const direct = await cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    expect(direct.code).toBe(1);
    expect(direct.out).toContain('Apply incomplete: 0 done, 0 failed, 0 skipped, 2 blocked.');
    expect(direct.out).toContain('2 changes were blocked and not attempted:');

    expect((await cli(['plan', '-f', 'paycfg.yaml', '-o', 'plan.json'])).code).toBe(0);
    const saved = await cli(['apply', 'plan.json']);
    expect(saved.code).toBe(1);
    expect(saved.out).not.toContain('no changes');
    expect(saved.out).toContain('Apply incomplete: 0 done, 0 failed, 0 skipped, 2 blocked.');
    expect(saved.out).toMatch(/! merchant\/coffee-001: /);
  });
});
