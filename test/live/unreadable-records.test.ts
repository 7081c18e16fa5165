/**
 * A list record with a wrong type in a field the plan reads stops the plan (without
 * --strict-api too), naming the endpoint, the record and the field, never the value. Served by a
 * tiny stub of the service: the simulator never sends such records.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const SECRET = 'admin-secret-4711';
const emv = { id: 11, emvName: 'visa-usd', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000031010"}' };
const profile = { profileId: 21, profileName: 'host-a', currency: 'USD', acqType: 'card', connMessageFormat: 'HOSTA_8583', methodList: '{"01":[]}', emvList: '{"01":[11]}' };
const merchant = {
  mchId: 'M000000000001',
  mchName: 'Shop',
  currency: 'USD',
  contactName: 'Jane',
  contactEmail: 'jane@shop.example',
  providerReference: 'shop-001',
  acquirers: [{ profileId: 21, profileName: 'host-a', currency: 'USD', acqType: 'card', methodList: '{"01":[]}', emvList: '{"01":[11]}' }],
};
const device = { deviceId: 'CD-000000000001', deviceAlias: 'till-1', deviceStatus: 0, methodList: '01', deviceAdmin: SECRET };

/** What the stub lists, by endpoint path; each test sets it. */
let lists: Record<string, unknown[]> = {};
let server: Server;
let baseUrl: string;

function page(records: unknown[]): unknown {
  return { code: 0, msg: 'success', data: { total: records.length, current: 1, hasNext: false, records } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    // A group on the current API, as the service answers it: the owner, and 13310 on the legacy API's reads (paycfg asks which API the group is on).
    const body =
      path === '/api/v2/current'
        ? { code: 0, msg: 'success', data: { groupId: 'G-00000001', groupName: 'Stub' } }
        : path === '/api/v2/mchInfo'
          ? { code: 13310, msg: 'This group uses multiple acquirers; use the new API /api/openapi/v1' }
          : page(lists[path] ?? []);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const manifest = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-unreadable-'));
  const file = join(dir, 'paycfg.yaml');
  writeFileSync(
    file,
    `version: 1
merchants:
  - providerReference: shop-001
    mchName: Shop
    currency: USD
    contactName: Jane
    contactEmail: jane@shop.example
    devices:
      - deviceAlias: till-1
        methods: ["01"]
`,
  );
  return file;
})();

/** Plain text unless asked: a plan that fails prints its error on stderr then (with --json it is JSON on stdout). */
async function plan(served: Record<string, unknown[]>, json = false) {
  lists = {
    '/api/openapi/v1/emv': [emv],
    '/api/openapi/v1/acquirer': [profile],
    '/api/openapi/v1/mchInfo': [merchant],
    '/api/openapi/v1/device': [device],
    ...served,
  };
  const io = captureIo({ env: { PAYCFG_BASE_URL: baseUrl, PAYCFG_TOKEN: 'stub-token' } });
  const code = await main(['plan', '-f', manifest, ...(json ? ['--json'] : [])], io);
  return { code, out: io.out(), err: io.err() };
}

describe('a list record paycfg cannot read', () => {
  it('plans from readable records (the stub itself is sound)', async () => {
    const result = await plan({}, true);
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out).changes).toEqual([]);
  });

  it('stops the plan on a merchant whose providerReference is a number, naming endpoint, record and field', async () => {
    const result = await plan({ '/api/openapi/v1/mchInfo': [{ ...merchant, providerReference: 1001 }] });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain(
      'GET /api/openapi/v1/mchInfo: records[0] (mchId M000000000001) cannot be read: providerReference is a number, where a string is expected',
    );
  });

  it('stops the plan on a device whose deviceAlias is an object, without showing what the record holds', async () => {
    const second = { ...device, deviceId: 'CD-000000000002', deviceAlias: { name: SECRET } };
    const result = await plan({ '/api/openapi/v1/device': [device, second] });
    expect(result.code).toBe(1);
    expect(result.err).toContain('GET /api/openapi/v1/device: records[1] (deviceId CD-000000000002) cannot be read: deviceAlias is an object, where a string is expected');
    expect(result.err).not.toContain(SECRET);
  });

  it('stops the plan on a device whose secret field has the wrong type, without showing its value', async () => {
    const result = await plan({ '/api/openapi/v1/device': [{ ...device, deviceAdmin: 4711 }] });
    expect(result.code).toBe(1);
    expect(result.err).toContain('records[0] (deviceId CD-000000000001) cannot be read: deviceAdmin is a number, where a string is expected');
    expect(result.err).not.toContain('4711');
  });

  it('stops the plan on a profile without a profileName, and on a binding summary with a broken profile id', async () => {
    const { profileName: _name, ...nameless } = profile;
    const noName = await plan({ '/api/openapi/v1/acquirer': [nameless] });
    expect(noName.code).toBe(1);
    expect(noName.err).toContain('GET /api/openapi/v1/acquirer: records[0] (profileId 21) cannot be read: profileName is missing');
    const summary = await plan({ '/api/openapi/v1/mchInfo': [{ ...merchant, acquirers: [{ ...merchant.acquirers[0], profileId: 'host-a' }] }] });
    expect(summary.code).toBe(1);
    expect(summary.err).toContain('records[0] (mchId M000000000001) cannot be read: acquirers[0].profileId is a string, where an integer id is expected');
  });

  it('stops the plan on a profile flag sent as text, and on an EMV config whose id is not a number', async () => {
    const flag = await plan({ '/api/openapi/v1/acquirer': [{ ...profile, asDefault: 'true' }] });
    expect(flag.err).toContain('records[0] (profileId 21) cannot be read: asDefault is a string, where a boolean is expected');
    const id = await plan({ '/api/openapi/v1/emv': [{ ...emv, id: 'eleven' }] });
    expect(id.err).toContain('GET /api/openapi/v1/emv: records[0] (id eleven) cannot be read: id is a string, where an integer id is expected');
  });
});
