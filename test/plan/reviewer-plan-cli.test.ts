/**
 * What a reviewer reads in a plan, over real HTTP against the simulator: live records paycfg cannot
 * key, --target that names nothing, a blocked change as drift in plan, drift and apply alike, and
 * plan --out refusing a secret's default.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { SavedPlanError } from '../../src/plan/saved-plan.js';
import { computePlan } from '../../src/workflow/compute-plan.js';
import { EMV_AND_PROFILE, merchant, till } from '../helpers/small-manifest.js';
import { testWithSimulator, type TestSimulator } from '../helpers/simulator.js';

let counter = 0;

/** Each test on a simulator of its own, the tests side by side (see testWithSimulator). */
const it = testWithSimulator();

async function group(sim: TestSimulator) {
  counter += 1;
  const groupId = `G-6${String(counter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId });
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-reviewer-'));
  const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_SECRET: 'till-secret-value' };
  const write = (name: string, text: string): string => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const cli = async (argv: string[], extraEnv: Record<string, string> = {}) => {
    const io = captureIo({ env: { ...env, ...extraEnv }, cwd: dir });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await sim.api(method, path, body, groupId);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body.data;
  };
  return { groupId, dir, env, write, cli, api };
}

describe.concurrent('live records without a key', () => {
  it('lists a merchant without providerReference, and warns on a create of the same name with the id to key', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const base = write('base.yaml', `${EMV_AND_PROFILE}merchants: []\n`);
    expect((await cli(['apply', '-f', base, '--auto-approve'])).code).toBe(0);
    const legacy = await api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Coffee  corner', currency: 'USD', contactName: 'Old Owner', contactEmail: 'old@legacy.example' });
    const mchId: string = legacy.mchId;

    // Before: the record appeared nowhere, and the create went through without a word.
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee Corner')}\n`);
    const plan = await cli(['plan', '-f', manifest, '--json']);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.unmanaged).toEqual([
      { address: `merchant/~${mchId}`, kind: 'merchant', key: `~${mchId}`, liveId: mchId, name: 'Coffee  corner', note: expect.stringContaining('has no providerReference') },
    ]);
    expect(json.warnings).toEqual([{ address: 'merchant/coffee-001', message: expect.stringContaining(`merchant ${mchId} ("Coffee  corner") without a providerReference`) }]);
    expect(json.warnings[0].message).toContain('set its providerReference to "coffee-001" in the service');

    // Keyed as the warning says, the merchant is adopted: an update, not a second merchant.
    const { acquirers: _a, ...record } = await api('GET', `/api/openapi/v1/mchInfo/${mchId}`);
    await api('PUT', `/api/openapi/v1/mchInfo/${mchId}`, { ...record, providerReference: 'coffee-001' });
    const adopted = JSON.parse((await cli(['plan', '-f', manifest, '--json'])).out);
    expect(adopted.warnings).toBeUndefined();
    expect(adopted.unmanaged).toEqual([]);
    expect(adopted.changes.map((c: { action: string; address: string }) => `${c.action} ${c.address}`)).toContain('update merchant/coffee-001');
  });

  it('counts an unkeyed merchant as drift unless unmanaged records are ignored, and takes it as a target', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants: []\n`);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    expect((await cli(['drift', '-f', manifest])).code).toBe(0);
    const { mchId } = await api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Legacy', currency: 'USD', contactName: 'Old Owner', contactEmail: 'old@legacy.example' });

    const drift = await cli(['drift', '-f', manifest, '--json']);
    expect(drift.code).toBe(2);
    expect(JSON.parse(drift.out).unmanaged.map((u: { address: string }) => u.address)).toEqual([`merchant/~${mchId}`]);
    expect((await cli(['drift', '-f', manifest, '--ignore-unmanaged'])).code).toBe(0);

    const targeted = await cli(['plan', '-f', manifest, '--json', '--target', `merchant/~${mchId}`]);
    expect(targeted.code, targeted.err).toBe(0);
    expect(JSON.parse(targeted.out)).toMatchObject({ targets: [`merchant/~${mchId}`], changes: [], unmanaged: [{ liveId: mchId, name: 'Legacy' }] });
  });

  it('lists an activated device without deviceAlias with its id and name, and warns on a device create of that name', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const before = write('before.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee')}\n    devices: []\n`);
    expect((await cli(['apply', '-f', before, '--auto-approve'])).code).toBe(0);
    const [shop] = (await api('GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records;
    const code = await api('POST', '/api/openapi/v1/device', { mchId: shop.mchId, deviceName: 'Front till', methodList: '01' });
    const device = await sim.admin.activate(code.activationCode) as { deviceId: string };

    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'front till'))}\n`);
    const plan = await cli(['plan', '-f', manifest, '--json']);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.changes.map((c: { action: string; address: string }) => `${c.action} ${c.address}`)).toEqual(['create device/coffee-001/till-1']);
    expect(json.unmanaged).toEqual([
      {
        address: `device/coffee-001/~${device.deviceId}`,
        kind: 'device',
        key: `coffee-001/~${device.deviceId}`,
        liveId: device.deviceId,
        name: 'Front till',
        note: expect.stringContaining('It has no deviceAlias'),
      },
    ]);
    expect(json.warnings).toEqual([{ address: 'device/coffee-001/till-1', message: expect.stringContaining(`device ${device.deviceId} ("Front till") without a deviceAlias`) }]);
  });
});

describe.concurrent('live keys that start with ~', () => {
  it('never prunes a merchant whose providerReference starts with ~: it is listed by its id, apart from the unkeyed merchant its reference names', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const base = write('base.yaml', `${EMV_AND_PROFILE}merchants: []\n`);
    expect((await cli(['apply', '-f', base, '--auto-approve'])).code).toBe(0);
    const contact = { currency: 'USD', contactName: 'Old Owner', contactEmail: 'old@legacy.example' };
    const plain: string = (await api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Tea house', ...contact })).mchId;
    // Its reference is the address the plan shows `plain` at.
    const tilde: string = (await api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Legacy', providerReference: `~${plain}`, ...contact })).mchId;

    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}prune: { merchants: true }\nmerchants:${merchant('legacy-001', 'legacy')}\n`);
    const plan = await cli(['plan', '-f', manifest, '--json']);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.changes.filter((c: { action: string }) => c.action === 'delete')).toEqual([]);
    expect(json.unmanaged).toEqual(
      [
        { address: `merchant/~${plain}`, kind: 'merchant', key: `~${plain}`, liveId: plain, name: 'Tea house', note: expect.stringMatching(/^it has no providerReference/) },
        {
          address: `merchant/~${tilde}`,
          kind: 'merchant',
          key: `~${tilde}`,
          liveId: tilde,
          name: 'Legacy',
          note: expect.stringMatching(new RegExp(`^its providerReference "~${plain}" starts with "~", which no key of a manifest may`)),
        },
      ].sort((a, b) => a.address.localeCompare(b.address)),
    );
    expect(json.warnings).toEqual([
      { address: 'merchant/legacy-001', message: expect.stringContaining(`merchant ${tilde} ("Legacy") with providerReference "~${plain}", which paycfg cannot key;`) },
    ]);

    // The text names each by address, id and name once; the note does not repeat the id.
    const text = await cli(['plan', '-f', manifest]);
    expect(text.out).not.toContain('will be deleted');
    const line = text.out.split('\n').find((l) => l.includes(`merchant/~${plain} `));
    expect(line).toContain(`merchant/~${plain} (id ${plain}, "Tea house"): it has no providerReference`);
    expect(line!.split(plain).length - 1).toBe(2);

    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    expect((await api('GET', `/api/openapi/v1/mchInfo/${tilde}`)).providerReference).toBe(`~${plain}`);
  });

  it('lists an activated device whose deviceAlias starts with ~ by its id, never as a key of the manifest', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const before = write('before.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee')}\n    devices: []\n`);
    expect((await cli(['apply', '-f', before, '--auto-approve'])).code).toBe(0);
    const [shop] = (await api('GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records;
    const code = await api('POST', '/api/openapi/v1/device', { mchId: shop.mchId, deviceAlias: '~front', deviceName: 'Front till', methodList: '01' });
    const device = (await sim.admin.activate(code.activationCode)) as { deviceId: string };

    const plan = await cli(['plan', '-f', before, '--json']);
    expect(plan.code, plan.err).toBe(0);
    expect(JSON.parse(plan.out).unmanaged).toEqual([
      {
        address: `device/coffee-001/~${device.deviceId}`,
        kind: 'device',
        key: `coffee-001/~${device.deviceId}`,
        liveId: device.deviceId,
        name: 'Front till',
        note: expect.stringContaining('Its deviceAlias "~front" starts with "~", which no key of a manifest may'),
      },
    ]);
  });
});

describe.concurrent('-f -', () => {
  it('plans a manifest read from standard input', async ({ sim, expect }) => {
    const { env } = await group(sim);
    const io = captureIo({ env, stdin: `${EMV_AND_PROFILE}merchants: []\n` });
    const code = await main(['plan', '-f', '-', '--json'], io);
    expect(code, io.err()).toBe(0);
    expect(JSON.parse(io.out()).changes.map((c: { address: string }) => c.address)).toEqual(['emv/visa-usd', 'acquirer/host-a']);
  });
});

describe.concurrent('--target', () => {
  it('refuses a target that names nothing, listing the closest addresses; a target without a change is an empty partial plan', async ({ sim, expect }) => {
    const { write, cli } = await group(sim);
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee')}\n`);
    const wrong = await cli(['plan', '-f', manifest, '--target', 'merchant/cofee-001']);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toBe('');
    expect(wrong.err).toContain('--target merchant/cofee-001 matches no resource of the manifest or of the live group; did you mean merchant/coffee-001?');

    const json = await cli(['plan', '-f', manifest, '--json', '--target', 'emv/visa-usb']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out).error).toMatchObject({ code: 'TARGET', message: expect.stringContaining('did you mean emv/visa-usd?') });

    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    const unchanged = await cli(['plan', '-f', manifest, '--json', '--detailed-exitcode', '--target', 'emv/visa-usd']);
    expect(unchanged.code, unchanged.err).toBe(0);
    expect(JSON.parse(unchanged.out)).toMatchObject({ targets: ['emv/visa-usd'], changes: [] });
    expect((await cli(['drift', '-f', manifest, '--target', 'acquirer/host-b'])).code).toBe(1);
  });
});

describe.concurrent('a blocked change', () => {
  it('is drift to plan --detailed-exitcode (2) and drift (2), and a failure to apply (1)', async ({ sim, expect }) => {
    const { write, cli, api } = await group(sim);
    const before = write('before.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till'))}\n`);
    expect((await cli(['apply', '-f', before, '--auto-approve'])).code).toBe(0);
    const [shop] = (await api('GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records;
    const [code] = (await api('GET', `/api/openapi/v1/device?mchId=${shop.mchId}&pageSize=-1`)).records;
    await sim.admin.activate(JSON.parse(code.deviceToken).activationCode);

    // The merchant leaves the manifest under prune.merchants, and its activated terminal holds it.
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}prune: { merchants: true }\nmerchants: []\n`);
    const plan = await cli(['plan', '-f', manifest, '--json', '--detailed-exitcode']);
    const json = JSON.parse(plan.out);
    expect(json.changes).toEqual([]);
    expect(json.blocked.map((b: { action: string; address: string }) => `${b.action} ${b.address}`)).toEqual(['delete binding/coffee-001/host-a/USD', 'delete merchant/coffee-001']);
    // The counts say so too: a consumer that reads the summary agrees with the exit code.
    expect(json.summary).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 2 });
    expect(plan.code).toBe(2);
    const targeted = JSON.parse((await cli(['plan', '-f', manifest, '--json', '--target', 'merchant/coffee-001'])).out);
    expect(targeted.summary).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 2 });
    const elsewhere = JSON.parse((await cli(['plan', '-f', manifest, '--json', '--target', 'emv/visa-usd'])).out);
    expect(elsewhere.summary).toEqual({ create: 0, update: 0, delete: 0, replace: 0, blocked: 0 });
    expect((await cli(['plan', '-f', manifest, '--detailed-exitcode'])).code).toBe(2);
    expect((await cli(['plan', '-f', manifest])).code).toBe(0);
    expect((await cli(['drift', '-f', manifest])).code).toBe(2);
    const apply = await cli(['apply', '-f', manifest, '--auto-approve']);
    expect(apply.code, apply.out + apply.err).toBe(1);
    expect(apply.out + apply.err).toContain('merchant/coffee-001');
  });
});

describe.concurrent('plan --out and a secret variable default', () => {
  it('refuses to save a secret field written with a default, naming where and the variable; plan and apply -f take it', async ({ sim, expect }) => {
    const { write, cli, dir } = await group(sim);
    const text = `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till', '${TILL_ADMIN_PASSWORD:-demo-admin-1234}'))}\n`;
    const manifest = write('paycfg.yaml', text);
    const out = join(dir, 'plan.json');

    for (const extraEnv of [{}, { TILL_ADMIN_PASSWORD: 'set-in-env-99' }] as Record<string, string>[]) {
      const refused = await cli(['plan', '-f', manifest, '--out', out], extraEnv);
      expect(refused.code).toBe(1);
      expect(existsSync(out)).toBe(false);
      const [, line, col] = /paycfg\.yaml:(\d+):(\d+): deviceAdmin takes a default from \$\{TILL_ADMIN_PASSWORD:-…\}/.exec(refused.err) ?? [];
      expect(text.split('\n')[Number(line) - 1]?.slice(Number(col) - 1), refused.err).toBe('${TILL_ADMIN_PASSWORD:-demo-admin-1234}');
      expect(refused.err).toContain('write ${TILL_ADMIN_PASSWORD} without the default, and set TILL_ADMIN_PASSWORD when you plan and when you apply');
      expect(refused.err).toContain('would be stored in it in clear');
      expect(refused.out + refused.err).not.toContain('demo-admin-1234');
    }

    expect((await cli(['plan', '-f', manifest])).code).toBe(0);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);

    // Without the default, and with the variable set, the plan is saved with the template alone.
    const plain = write('plain.yaml', text.replace('${TILL_ADMIN_PASSWORD:-demo-admin-1234}', '${TILL_ADMIN_PASSWORD}').replace('Front till', 'Back till'));
    const saved = await cli(['plan', '-f', plain, '--out', out], { TILL_ADMIN_PASSWORD: 'set-in-env-99' });
    expect(saved.code, saved.err).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).secrets).toEqual([{ pointer: 'device/coffee-001/till-1#/deviceAdmin', template: '${TILL_ADMIN_PASSWORD}' }]);
  });

  it('refuses the same manifest whatever the plan writes: unchanged device, other changes, a drifted device', async ({ sim, expect }) => {
    const { write, cli, dir, api } = await group(sim);
    const text = `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till', '${TILL_ADMIN_PASSWORD:-demo-admin-1234}'))}\n`;
    const manifest = write('paycfg.yaml', text);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    const out = join(dir, 'plan.json');
    const refusedNow = async (file: string) => {
      const refused = await cli(['plan', '-f', file, '--out', out]);
      expect(refused.code, refused.err).toBe(1);
      expect(refused.err).toMatch(/\w+\.yaml:\d+:\d+: deviceAdmin takes a default from \$\{TILL_ADMIN_PASSWORD:-…\}/);
      expect(refused.out + refused.err).not.toContain('demo-admin-1234');
      expect(existsSync(out)).toBe(false);
    };
    // Nothing to change; then a change that does not write the device (before, both were saved).
    await refusedNow(manifest);
    await refusedNow(write('renamed.yaml', text.replace('mchName: Coffee', 'mchName: Coffee House')));
    // The device drifts in the service: the plan now writes it, and the answer is the same.
    const [shop] = (await api('GET', '/api/openapi/v1/mchInfo?pageSize=-1')).records;
    const [code] = (await api('GET', `/api/openapi/v1/device?mchId=${shop.mchId}&pageSize=-1`)).records;
    const { deviceToken: _t, ...record } = code;
    await api('PUT', `/api/openapi/v1/device/${code.deviceId}`, { ...record, deviceName: 'Renamed by hand' });
    expect(JSON.parse((await cli(['plan', '-f', manifest, '--json'])).out).changes.map((c: { address: string }) => c.address)).toEqual(['device/coffee-001/till-1']);
    await refusedNow(manifest);
  });

  it('refuses a secret default before the first request when the plan is to be saved', async ({ sim, expect }) => {
    const { write } = await group(sim);
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till', '${TILL_ADMIN_PASSWORD:-demo-admin-1234}'))}\n`);
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: sim.token('G-60000000'), retry: { maxAttempts: 1 } });
    try {
      const planned = computePlan({ paths: [manifest], env: {}, cwd: dirname(manifest), client, concurrency: 2, forSavedPlan: true });
      await expect(planned).rejects.toThrow(SavedPlanError);
      await expect(planned).rejects.toThrow(/deviceAdmin takes a default from \$\{TILL_ADMIN_PASSWORD:-…\}/);
      expect(requests).toBe(0);
      // Without it (plan, apply -f) the default is taken, and the live group is read.
      await expect(computePlan({ paths: [manifest], env: {}, cwd: dirname(manifest), client, concurrency: 2 })).rejects.toThrow();
      expect(requests).toBeGreaterThan(0);
    } finally {
      await client.close();
      await new Promise((done) => server.close(done));
    }
  });
});

describe.concurrent('plan --out and a secret written in the manifest itself', () => {
  it('refuses it whatever the plan writes, an unchanged device included', async ({ sim, expect }) => {
    const { write, cli, dir } = await group(sim);
    const manifest = write('paycfg.yaml', `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Front till', 'literal-pw-123'))}\n`);
    expect((await cli(['apply', '-f', manifest, '--auto-approve'])).code).toBe(0);
    // Nothing to change: the plan writes no device, yet the manifest holds a secret in clear.
    const unchanged = await cli(['plan', '-f', manifest, '--detailed-exitcode']);
    expect(unchanged.code, unchanged.out).toBe(0);
    const refused = await cli(['plan', '-f', manifest, '--out', join(dir, 'plan.json')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('this secret is written in the manifest itself');
    expect(refused.out + refused.err).not.toContain('literal-pw-123');
    expect(existsSync(join(dir, 'plan.json'))).toBe(false);
  });
});
