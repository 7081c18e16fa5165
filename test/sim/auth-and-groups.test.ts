import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/sim/core/clock.js';
import { signHs256 } from '../../src/sim/http/jwt.js';
import { signSimToken } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createEmv, createMerchant, createProfile, ok, refused, TestClock, V1 } from './fixtures.js';

const SECRET = 'auth-test-secret';
let sim: TestSimulator;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now, jwtSecret: SECRET });
});
afterAll(async () => sim.close());
beforeEach(async () => sim.admin.reset());

async function withAuthorization(authorization: string | undefined, path = `${V1}/emv`): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${sim.url}${path}`, { headers: authorization === undefined ? {} : { authorization } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('bearer token', () => {
  it('a missing token is HTTP 401 with the documented body', async () => {
    const response = await withAuthorization(undefined);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 401, msg: 'Unauthorized: missing token' });
    // RFC 6750 3.1: a request without a token gets a challenge without an error code.
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="paycfg-sim"');
  });

  it('a token signed with another secret is a bad signature', async () => {
    const token = signSimToken({ groupId: 'G-00000001', secret: 'someone-else', now: clock.now() });
    const response = await withAuthorization(`Bearer ${token}`);
    expect(response).toMatchObject({ status: 401, body: { code: 401, msg: 'Unauthorized: token signature invalid (not issued by this service)' } });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="paycfg-sim", error="invalid_token", error_description="token signature invalid (not issued by this service)"',
    );
  });

  // The real wire style answers as the live service was captured: HTTP 200, code 401, no challenge
  // (the reference style's 401 is in token-refusals.test.ts).
  it('an expired token is refused, judged by the simulator clock', async () => {
    const token = signSimToken({ groupId: 'G-00000001', secret: SECRET, ttlSeconds: 60, now: clock.now() });
    expect((await withAuthorization(`Bearer ${token}`)).status).toBe(200);
    clock.advance(61_000);
    const response = await withAuthorization(`Bearer ${token}`);
    expect(response).toMatchObject({ status: 200, body: { code: 401, msg: 'token expired' } });
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('malformed tokens, other algorithms and bad group ids are malformed', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ groupId: 'G-00000001', exp: now + 60 })).toString('base64url')}.`;
    const cases = [
      'Bearer abc',
      'Bearer a.b.c',
      'Basic dXNlcjpwYXNz',
      `Bearer ${none}`,
      `Bearer ${signHs256({ groupId: 'G-1', exp: now + 60 }, SECRET)}`,
      `Bearer ${signHs256({ groupId: 'G-00000001' }, SECRET)}`,
      `Bearer ${signHs256({ exp: now + 60 }, SECRET)}`,
    ];
    for (const authorization of cases) {
      expect(await withAuthorization(authorization), authorization).toMatchObject({
        status: 401,
        body: { code: 401, msg: 'Unauthorized: token malformed (expected a signed JWT that names a group)' },
      });
    }
  });

  it('signSimToken refuses a group id of the wrong shape', () => {
    expect(() => signSimToken({ groupId: 'group-1' })).toThrow(/G-00000001/);
    expect(() => signSimToken({ groupId: 'G-00000001', ttlSeconds: 0 })).toThrow(/lifetime/);
  });
});

describe('groups', () => {
  it('a valid token for an unknown group creates it with defaults', async () => {
    const current = ok(await sim.api('GET', '/api/v2/current', undefined, 'G-12345678'));
    // The real wire style: JSON-encoded messageFormat and emailSender, no logo while none is set.
    expect(current).toEqual({
      groupName: 'PBO G-12345678',
      messageFormat: '["HOSTA_8583"]',
      groupId: 'G-12345678',
      timeZone: 'UTC',
      emailSender: '{}',
      updatedAt: formatTimestamp(clock.now()),
    });
    const state = (await sim.admin.state({ secrets: true })) as { groups: Array<{ settings: Record<string, unknown> }> };
    expect(state.groups.map((g) => g.settings)).toEqual([
      expect.objectContaining({ groupId: 'G-12345678', qrEnabled: false, apiVersion: 'v1', enablerParams: 'tid,mid' }),
    ]);
  });

  it('the admin surface creates and updates group settings; the current API reflects them', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000009', groupName: 'Acme Payments', timeZone: 'America/New_York' });
    clock.advance(1000);
    await sim.admin.createGroup({ groupId: 'G-00000009', qrEnabled: true });
    const current = ok(await sim.api('GET', '/api/v2/current', undefined, 'G-00000009'));
    expect(current).toMatchObject({ groupName: 'Acme Payments', timeZone: 'America/New_York', updatedAt: formatTimestamp(clock.now()) });
    const merchant = await createMerchant(sim, {}, 'G-00000009');
    expect(merchant.timeZone).toBe('America/New_York');
    await expect(sim.admin.createGroup({ groupId: 'G-9' })).rejects.toThrow(/HTTP 400.*groupId must look like G-00000001/);
  });

  it('groups are isolated from each other', async () => {
    const emv = await createEmv(sim, { emvName: 'shared-name' }, 'G-00000001');
    await createEmv(sim, { emvName: 'shared-name' }, 'G-00000002');
    const profile = await createProfile(sim, { profileName: 'P', methods: { '01': [emv] } }, 'G-00000001');
    await createMerchant(sim, { mchName: 'One' }, 'G-00000001');
    expect(ok(await sim.api('GET', `${V1}/emv`, undefined, 'G-00000002')).total).toBe(1);
    expect(ok(await sim.api('GET', `${V1}/acquirer`, undefined, 'G-00000002')).total).toBe(0);
    expect(ok(await sim.api('GET', `${V1}/mchInfo`, undefined, 'G-00000002')).total).toBe(0);
    refused(await sim.api('PUT', `${V1}/acquirer/${profile}`, { connUrl: 'x' }, 'G-00000002'), 10000, `acquirer profile ${profile} not found`);
    refused(await sim.api('DELETE', `${V1}/emv/${emv}`, undefined, 'G-00000002'), 10000, `emv config ${emv} not found`);
  });
});

describe('API versions and routing', () => {
  it('legacy configuration endpoints answer 13310 for a group on the current API, reads included', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/mchInfo'],
      ['POST', '/api/v2/mchInfo'],
      ['GET', '/api/v2/acquirer'],
      ['PUT', '/api/v2/acquirer/1001'],
      ['GET', '/api/v2/emv'],
      ['DELETE', '/api/v2/device/CD-123456789012'],
      ['DELETE', '/api/v2/mchInfo/payment/M000000000001/01'],
    ] as const) {
      refused(await sim.api(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}), 13310, 'This group uses multiple acquirers; use the new API /api/openapi/v1');
    }
  });

  it('a legacy group is served by the legacy endpoints and by the current API, over the same records', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000003', apiVersion: 'legacy' });
    const legacy = ok(await sim.api('GET', '/api/v2/mchInfo?pageSize=-1', undefined, 'G-00000003'));
    const current = ok(await sim.api('GET', `${V1}/mchInfo?pageSize=-1`, undefined, 'G-00000003'));
    expect(legacy.total).toBe(current.total);
    ok(await sim.api('GET', '/api/v2/current', undefined, 'G-00000003'));
  });

  it('transactions and settlements answer every group, never 13310: they stay on /api/v2 for both API versions', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000004', apiVersion: 'legacy' });
    for (const group of [undefined, 'G-00000004']) {
      ok(await sim.api('GET', '/api/v2/order', undefined, group));
      ok(await sim.api('GET', '/api/v2/settlement', undefined, group));
      refused(await sim.api('POST', '/api/v2/settlement/settle', { batchId: '1' }, group), 10000, /batch 1 not found/);
    }
  });

  it('GET /api/v2/current only; unknown routes are 404 and wrong methods 405', async () => {
    refused(await sim.api('POST', '/api/v2/current', {}), 10000, /method POST not allowed on \/api\/v2\/current/, 405);
    refused(await sim.api('GET', `${V1}/terminals`), 10000, `no route GET ${V1}/terminals`, 404);
    refused(await sim.api('PATCH', `${V1}/emv/1001`, {}), 10000, /not allowed.*allowed: DELETE, PUT/, 405);
    refused(await sim.api('GET', '/elsewhere'), 10000, 'no route GET /elsewhere', 404);
    // A trailing slash names the same resource.
    ok(await sim.api('GET', `${V1}/emv/`));
  });
});
