import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, type ExpectStatic } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { testWithSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
// Each test its own simulator, the tests side by side: most of a test is waiting for the twin
// check's settle after the till's create, which they then wait together; request counts stay each
// test's own. A minute each, as they share their time.
const it = testWithSimulator();
let counter = 0;

async function setup(sim: TestSimulator) {
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

describe.concurrent('paycfg drift', { timeout: 60_000 }, () => {
  it('exits 0 when the group matches, 2 with a report when it drifted', async ({ sim, expect }) => {
    const { groupId, manifest, env } = await setup(sim);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const clean = await cli(['drift', '-f', manifest], env);
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toBe(`paycfg drift report for group ${groupId} ("PBO ${groupId}") at ${sim.url}\n\nNo drift: the live group matches the manifest.\n`);

    const [merchant] = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records;
    const { acquirers: _a, ...body } = merchant;
    await sim.api('PUT', `/api/openapi/v1/mchInfo/${merchant.mchId}`, { ...body, contactName: 'Somebody Else' }, groupId);
    const text = await cli(['drift', '-f', manifest], env);
    expect(text.code).toBe(2);
    expect(text.out).toContain(`paycfg drift report for group ${groupId}`);
    expect(text.out).toContain('~ contactName = "Somebody Else" → "Jane Doe"');
    expect(text.out).toMatch(/\nDrift detected: 1 change to make, 0 blocked, 0 unmanaged records\.\n$/);
    expect(text.out).not.toContain('Plan:');
    // The plan hash ties a plan to the journal of its apply; no one applies a drift report.
    expect(text.out).not.toContain('sha256:');

    const json = await cli(['drift', '-f', manifest, '--json'], env);
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out);
    expect(report).toMatchObject({ kind: 'paycfg-drift', drifted: true, summary: { update: 1 } });
    expect(report.changes.map((c: { address: string }) => c.address)).toEqual(['merchant/coffee-001']);

    const markdown = await cli(['drift', '-f', manifest, '--markdown'], env);
    expect(markdown.out).toMatch(/^### paycfg drift: drift detected: 1 change to make, 0 blocked, 0 unmanaged records\n/);
    expect(markdown.out).not.toContain('Plan hash');
  });

  it('counts live resources the manifest does not name as drift unless told otherwise', async ({ sim, expect }) => {
    const { groupId, manifest, env } = await setup(sim);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], env)).code).toBe(0);
    const created = await sim.api('POST', '/api/openapi/v1/emv', { emvName: 'stray', paymentMethod: '03', currency: 'USD', params: '{"aid":"A1"}' }, groupId);
    expect(created.body.code).toBe(0);
    const drift = await cli(['drift', '-f', manifest, '--json'], env);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.out).unmanaged).toEqual([{ address: 'emv/stray', kind: 'emv', key: 'stray', liveId: expect.any(Number) }]);
    expect((await cli(['drift', '-f', manifest, '--ignore-unmanaged'], env)).code).toBe(0);
  });
});

/** The basic example, applied, and the manifest rewritten by `edit`: what the user deleted from it. */
async function appliedThenEdited(sim: TestSimulator, expect: ExpectStatic, edit: (text: string) => string) {
  const setUp = await setup(sim);
  expect((await cli(['apply', '-f', setUp.manifest, '--auto-approve'], setUp.env)).code).toBe(0);
  const text = readFileSync(setUp.manifest, 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(setUp.manifest, edited);
  const tillId = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, setUp.groupId)).body.data.records[0].mchId as string;
  const devices = (await sim.api('GET', `/api/openapi/v1/device?mchId=${tillId}&pageSize=-1`, undefined, setUp.groupId)).body.data.records;
  return { ...setUp, mchId: tillId, deviceId: devices[0].deviceId as string };
}

const withoutDevices = (text: string) => text.replace(/\n {4}devices:\n[\s\S]*$/, '\n');
const withoutBindings = (text: string) => text.replace(/ {4}bindings:.*\n(?: {6}.*\n)+/, '');
const withoutMerchants = (text: string) => text.replace(/\nmerchants:\n[\s\S]*$/, '\nmerchants: []\n');

describe.concurrent('what the manifest leaves alone', { timeout: 60_000 }, () => {
  it('a merchant whose devices: block is deleted: plan says its devices are not managed, drift lists each and reports drift', async ({ sim, expect }) => {
    const { groupId, manifest, env, deviceId } = await appliedThenEdited(sim, expect, withoutDevices);
    const header = `paycfg plan for group ${groupId} ("PBO ${groupId}") at ${sim.url}\n\n`;
    const plan = await cli(['plan', '-f', manifest], env);
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out).toBe(
      header +
        'No changes. Not managed by the manifest, and left as they are (below): the devices of 1 merchant.\n' +
        '\n' +
        'Not managed by the manifest (left as they are): the devices of 1 merchant, not listed\n' +
        '  merchant/coffee-001: its devices (not read) are not managed: its entry in the manifest has no devices: (devices: [] would delete them, an activated terminal only under prune.activatedDevices)\n',
    );
    const json = JSON.parse((await cli(['plan', '-f', manifest, '--json'], env)).out);
    expect(json.unreadDevices).toEqual([{ merchant: 'coffee-001', cause: 'list-not-managed' }]);

    const drift = await cli(['drift', '-f', manifest], env);
    expect(drift.code).toBe(2);
    expect(drift.out).toBe(
      `paycfg drift report for group ${groupId} ("PBO ${groupId}") at ${sim.url}\n\n` +
        'Not managed by the manifest (left as they are): 1 live record\n' +
        '  merchant/coffee-001: 1 device is not managed: its entry in the manifest has no devices: (devices: [] would delete it, an activated terminal only under prune.activatedDevices)\n' +
        `      ? device/coffee-001/till-1 (id ${deviceId}, "Front till")\n` +
        '\n' +
        'Drift detected: 0 changes to make, 0 blocked, 1 unmanaged record.\n',
    );
    const report = JSON.parse((await cli(['drift', '-f', manifest, '--json'], env)).out);
    expect(report).toMatchObject({ drifted: true, unmanaged: [{ address: 'device/coffee-001/till-1', merchant: 'coffee-001', cause: 'list-not-managed', liveId: deviceId }] });
    expect(report.unreadDevices).toBeUndefined();

    // --ignore-unmanaged: listed all the same, and the one verdict says no drift, as exit 0 does.
    const ignored = await cli(['drift', '-f', manifest, '--ignore-unmanaged'], env);
    expect(ignored.code).toBe(0);
    expect(ignored.out).toContain(`      ? device/coffee-001/till-1 (id ${deviceId}, "Front till")\n`);
    expect(ignored.out).toMatch(/\nNo drift: the records the manifest manages match it; the live record it does not manage \(listed\) is not counted \(--ignore-unmanaged\)\.\n$/);
    expect(ignored.out).not.toMatch(/Drift detected|No changes/);
    const markdown = await cli(['drift', '-f', manifest, '--markdown'], env);
    expect(markdown.out).toMatch(/^### paycfg drift: drift detected: 0 changes to make, 0 blocked, 1 unmanaged record\n/);
    expect(markdown.out).toContain('- `device/coffee-001/till-1` (id');
  });

  it('a merchant whose bindings: block is deleted: plan lists its binding, with why', async ({ sim, expect }) => {
    const { manifest, env } = await appliedThenEdited(sim, expect, withoutBindings);
    const plan = await cli(['plan', '-f', manifest], env);
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out).toContain('No changes. Not managed by the manifest, and left as they are (below): 1 live record.\n');
    expect(plan.out).toMatch(
      /\n {2}merchant\/coffee-001: 1 binding is not managed: its entry in the manifest has no bindings: \(bindings: \[\] would delete it\)\n {6}\? binding\/coffee-001\/host-a-usd\/USD \(id \d+\)\n/,
    );
    const drift = await cli(['drift', '-f', manifest], env);
    expect(drift.code).toBe(2);
    expect(drift.out).toMatch(/\nDrift detected: 0 changes to make, 0 blocked, 1 unmanaged record\.\n$/);
  });

  it('a merchant left out: its binding and its terminals are not managed with it, in plan and drift', async ({ sim, expect }) => {
    const { groupId, manifest, env, mchId, deviceId } = await appliedThenEdited(sim, expect, withoutMerchants);
    const plan = await cli(['plan', '-f', manifest], env);
    expect(plan.code, plan.err).toBe(0);
    expect(plan.out).toContain('No changes. Not managed by the manifest, and left as they are (below): 2 live records and the devices of 1 merchant.\n');
    expect(plan.out).toMatch(
      new RegExp(
        `\\n  \\? merchant/coffee-001 \\(id ${mchId}, "Coffee Shop"\\): not in the manifest: left as it is, with 1 binding and its devices \\(not read\\)\\n` +
          '      \\? binding/coffee-001/host-a-usd/USD \\(id \\d+\\)\\n$',
      ),
    );
    const json = JSON.parse((await cli(['plan', '-f', manifest, '--json'], env)).out);
    expect(json.unreadDevices).toEqual([{ merchant: 'coffee-001', cause: 'merchant-not-managed' }]);

    const drift = await cli(['drift', '-f', manifest, '--json'], env);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.out).unmanaged.map((u: { address: string; cause?: string }) => [u.address, u.cause ?? null])).toEqual([
      ['binding/coffee-001/host-a-usd/USD', 'merchant-not-managed'],
      ['device/coffee-001/till-1', 'merchant-not-managed'],
      ['merchant/coffee-001', null],
    ]);
    const text = await cli(['drift', '-f', manifest], env);
    expect(text.out).toContain(`      ? device/coffee-001/till-1 (id ${deviceId}, "Front till")\n`);
    expect(text.out).toMatch(/\nDrift detected: 0 changes to make, 0 blocked, 3 unmanaged records\.\n$/);
    expect(text.out.startsWith(`paycfg drift report for group ${groupId} `)).toBe(true);
  });
});

describe.concurrent('--target', { timeout: 60_000 }, () => {
  it('plans and applies only the targeted resource and what it depends on', async ({ sim, expect }) => {
    const { manifest, env } = await setup(sim);
    const plan = await cli(['plan', '-f', manifest, '--json', '--target', 'acquirer/host-a-usd'], env);
    expect(plan.code, plan.err).toBe(0);
    expect(JSON.parse(plan.out).changes.map((c: { address: string }) => c.address)).toEqual(['emv/mc-usd', 'emv/visa-usd', 'acquirer/host-a-usd']);

    const apply = await cli(['apply', '-f', manifest, '--auto-approve', '--target', 'emv/visa-usd'], env);
    expect(apply.code, apply.err).toBe(0);
    expect(apply.out).toContain('Apply complete: 1 done, 0 failed, 0 skipped.');
    const rest = await cli(['plan', '-f', manifest, '--json'], env);
    expect(JSON.parse(rest.out).summary).toEqual({ create: 4, update: 1, delete: 0, replace: 0, blocked: 0 });
  });

  it('rejects a target that is not an address before reading anything', async ({ sim, expect }) => {
    const { manifest, env } = await setup(sim);
    await sim.admin.resetStats();
    const bad = await cli(['plan', '-f', manifest, '--target', 'coffee-001'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--target "coffee-001" is not an address');
    expect((await sim.admin.stats()).total).toBe(0);
  });
});
