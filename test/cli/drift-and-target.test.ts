import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;
let counter = 0;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

async function setup() {
  counter += 1;
  const groupId = `G-5${String(counter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-drift-'));
  const manifest = join(dir, 'paycfg.yaml');
  writeFileSync(manifest, readFileSync(basic, 'utf8').replace(/^group: .*$/m, `group: ${groupId}`));
  return { groupId, manifest, env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), ...BASIC_EXAMPLE_ENV } };
}

async function cli(argv: string[], env: Record<string, string>) {
  const io = captureIo({ env });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('paycfg drift', () => {
  it('exits 0 when the group matches, 2 with a report when it drifted', async () => {
    const { groupId, manifest, env } = await setup();
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const clean = await cli(['drift', '-f', manifest], env);
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toContain('No drift.');

    const [merchant] = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records;
    const { acquirers: _a, ...body } = merchant;
    await sim.api('PUT', `/api/openapi/v1/mchInfo/${merchant.mchId}`, { ...body, contactName: 'Somebody Else' }, groupId);
    const text = await cli(['drift', '-f', manifest], env);
    expect(text.code).toBe(2);
    expect(text.out).toContain(`paycfg drift report for group ${groupId}`);
    expect(text.out).toContain('~ contactName = "Somebody Else" → "Jane Doe"');
    expect(text.out).toContain('Drift detected.');

    const json = await cli(['drift', '-f', manifest, '--json'], env);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out);
    expect(report).toMatchObject({ kind: 'paycfg-drift', drifted: true, summary: { update: 1 } });
    expect(report.changes.map((c: { address: string }) => c.address)).toEqual(['merchant/coffee-001']);

    const markdown = await cli(['drift', '-f', manifest, '--markdown'], env);
    expect(markdown.out).toMatch(/^### paycfg drift: 0 to create, 1 to update/);
  });

  it('counts live resources the manifest does not name as drift unless told otherwise', async () => {
    const { groupId, manifest, env } = await setup();
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const created = await sim.api('POST', '/api/openapi/v1/emv', { emvName: 'stray', paymentMethod: '03', currency: 'USD', params: '{"aid":"A1"}' }, groupId);
    expect(created.body.code).toBe(0);
    const drift = await cli(['drift', '-f', manifest, '--json'], env);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.out).unmanaged).toEqual([{ address: 'emv/stray', kind: 'emv', key: 'stray', liveId: expect.any(Number) }]);
    expect((await cli(['drift', '-f', manifest, '--ignore-unmanaged'], env)).code).toBe(0);
  });
});

describe('--target', () => {
  it('plans and applies only the targeted resource and what it depends on', async () => {
    const { manifest, env } = await setup();
    const plan = await cli(['plan', '-f', manifest, '--json', '--target', 'acquirer/host-a-usd'], env);
    expect(plan.code, plan.err).toBe(0);
    expect(JSON.parse(plan.out).changes.map((c: { address: string }) => c.address)).toEqual(['emv/mc-usd', 'emv/visa-usd', 'acquirer/host-a-usd']);

    const apply = await cli(['apply', '-f', manifest, '--auto-approve', '--target', 'emv/visa-usd'], env);
    expect(apply.code, apply.err).toBe(0);
    expect(apply.out).toContain('Apply complete: 1 done, 0 failed, 0 skipped.');
    const rest = await cli(['plan', '-f', manifest, '--json'], env);
    expect(JSON.parse(rest.out).summary).toEqual({ create: 4, update: 1, delete: 0, replace: 0, blocked: 0 });
  });

  it('rejects a target that is not an address before reading anything', async () => {
    const { manifest, env } = await setup();
    await sim.admin.resetStats();
    const bad = await cli(['plan', '-f', manifest, '--target', 'coffee-001'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--target "coffee-001" is not an address');
    expect((await sim.admin.stats()).total).toBe(0);
  });
});
