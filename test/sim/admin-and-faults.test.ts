import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../src/sim/core/clock.js';
import { createPrng } from '../../src/sim/core/prng.js';
import { SimStore } from '../../src/sim/core/store.js';
import { FaultInjector } from '../../src/sim/http/faults.js';
import { isLoopbackAddress } from '../../src/sim/http/loopback.js';
import { createRequestListener } from '../../src/sim/http/server.js';
import { RequestStats } from '../../src/sim/http/stats.js';
import { TokenRevocations } from '../../src/sim/http/token-revocations.js';
import { signSimToken, WIRE_STYLES } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createEmv, createMerchant, merchantWithBinding, ok, TestClock, V1 } from './fixtures.js';

let sim: TestSimulator;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now, seed: 1 });
});
afterAll(async () => sim.close());
beforeEach(async () => {
  await sim.admin.faults({ latencyMs: 0, faultRate: 0, dropRate: 0, rateLimit: 0, maxPageSize: 0, faultMethods: [] });
  await sim.admin.reset();
  await sim.admin.resetStats();
});

/** The envelope codes of `count` reads: 0, or 10001 for a fault. */
async function codes(target: TestSimulator, count: number, path = `${V1}/emv`): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await target.api('GET', path)).body.code);
  return result;
}

describe('faults', () => {
  it('answers a seeded, reproducible share of requests with 10001', async () => {
    const a = await startTestSimulator({ seed: 42, faults: { faultRate: 0.5 } });
    const b = await startTestSimulator({ seed: 42, faults: { faultRate: 0.5 } });
    const c = await startTestSimulator({ seed: 43, faults: { faultRate: 0.5 } });
    try {
      const first = await codes(a, 30);
      expect(await codes(b, 30)).toEqual(first);
      expect(await codes(c, 30)).not.toEqual(first);
      expect(first).toContain(10001);
      expect(first).toContain(0);
      const stats = (await a.admin.stats());
      expect(stats).toMatchObject({ total: 30, faulted: first.filter((code) => code === 10001).length });
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  // The live service answers its errors with HTTP 200; the reference's wording implies 503.
  it.each([
    ['real' as const, 200, ['code', 'msg']],
    ['reference' as const, 503, ['msg', 'code', 'data']],
  ])('a fault in the %s wire style is HTTP %i, code 10001, and performs nothing', async (wireStyle, status, keys) => {
    const styled = await startTestSimulator({ wireStyle, faults: { faultRate: 1 } });
    try {
      const response = await styled.api('POST', `${V1}/emv`, { emvName: 'never', paymentMethod: '01', currency: 'EUR', params: '{}' });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ code: 10001, msg: 'System Error (simulated fault: service unavailable)' });
      expect(Object.keys(response.body)).toEqual(keys);
      await styled.admin.faults({ faultRate: 0 });
      expect(ok(await styled.api('GET', `${V1}/emv`)).total).toBe(0);
      expect(await styled.admin.stats()).toMatchObject({ faulted: 1, writes: 1 });
    } finally {
      await styled.close();
    }
  });

  // A fault of the simulator itself is no simulated fault: it keeps the status that says so, in every style.
  it.each(WIRE_STYLES)('an internal simulator error is HTTP 500 with code 10001 in the %s wire style', async (wireStyle) => {
    const store = new SimStore(createPrng(1));
    store.group = () => {
      throw new Error('store broken');
    };
    const stats = new RequestStats();
    const server = createServer(
      createRequestListener({
        store,
        clock: systemClock,
        faults: new FaultInjector({}, 1, systemClock),
        stats,
        jwtSecret: 'internal-secret',
        revokedTokens: new TokenRevocations(),
        wireStyle,
        summaryLists: 'binding',
        listensOnAllInterfaces: false,
        storeChanged: () => {},
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const token = signSimToken({ groupId: 'G-00000001', secret: 'internal-secret' });
      const response = await fetch(`http://127.0.0.1:${port}${V1}/emv`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 10001, msg: expect.stringContaining('internal simulator error') });
      expect(stats.snapshot()).toMatchObject({ internalErrors: 1, faulted: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('faultMethods limits faults to those methods; the others draw nothing, so reads between writes leave their faults as they were', async () => {
    const emv = (target: TestSimulator, emvName: string) =>
      target.api('POST', `${V1}/emv`, { emvName, paymentMethod: '01', currency: 'EUR', params: '{}' });
    const run = async (readsBetween: number): Promise<number[]> => {
      const target = await startTestSimulator({ seed: 7, faults: { faultRate: 0.5, faultMethods: ['POST'] } });
      try {
        const result: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          expect(await codes(target, readsBetween)).toEqual(new Array(readsBetween).fill(0));
          result.push((await emv(target, `e${i}`)).body.code);
        }
        return result;
      } finally {
        await target.close();
      }
    };
    const writes = await run(0);
    expect(writes).toContain(10001);
    expect(writes).toContain(0);
    expect(await run(3)).toEqual(writes);
  });

  it('rate-limits with 429 and Retry-After; the bucket refills with the simulator clock', async () => {
    await sim.admin.faults({ rateLimit: 2 });
    const call = (): Promise<Response> => fetch(`${sim.url}${V1}/emv`, { headers: { authorization: `Bearer ${sim.token()}` } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ code: 429 });
    clock.advance(500);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    clock.advance(1000);
    expect((await call()).status).toBe(200);
    expect(((await sim.admin.stats())).rateLimited).toBe(2);
  });

  it('drop-after-write performs the write, then closes the connection without an answer', async () => {
    await sim.admin.faults({ dropRate: 1 });
    await expect(sim.api('POST', `${V1}/emv`, { emvName: 'written', paymentMethod: '01', currency: 'EUR', params: '{}' })).rejects.toThrow();
    // Reads are never dropped.
    const listed = ok(await sim.api('GET', `${V1}/emv`));
    expect(listed.records.map((r: { emvName: string }) => r.emvName)).toEqual(['written']);
    const stats = (await sim.admin.stats());
    expect(stats).toMatchObject({ dropped: 1, writes: 1 });
  });

  it('adds latency to /api answers', async () => {
    await sim.admin.faults({ latencyMs: 120 });
    const started = performance.now();
    ok(await sim.api('GET', `${V1}/emv`));
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('never applies faults to the /_sim/ admin surface', async () => {
    await sim.admin.faults({ faultRate: 1, rateLimit: 1 });
    for (let i = 0; i < 5; i += 1) await sim.admin.state({ secrets: true });
    await sim.admin.createGroup({ groupId: 'G-00000005' });
    expect((await sim.api('GET', `${V1}/emv`)).body.code).toBe(10001);
  });

  it('GET /_sim/faults reads the effective settings; PUT merges and validates', async () => {
    const response = await fetch(`${sim.url}/_sim/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs: 5, faultRate: 0.25 }) });
    expect(await response.json()).toEqual({ latencyMs: 5, faultRate: 0.25, dropRate: 0, rateLimit: 0, maxPageSize: 0, faultMethods: [] });
    await sim.admin.faults({ dropRate: 0.1, faultMethods: ['POST', 'PUT'] });
    expect(await (await fetch(`${sim.url}/_sim/faults`)).json()).toEqual({
      latencyMs: 5,
      faultRate: 0.25,
      dropRate: 0.1,
      rateLimit: 0,
      maxPageSize: 0,
      faultMethods: ['POST', 'PUT'],
    });
    await expect(sim.admin.faults({ faultRate: 2 })).rejects.toThrow(/HTTP 400.*faultRate must be at most 1/);
    await expect(sim.admin.faults({ faultMethods: ['PATCH'] })).rejects.toThrow(/HTTP 400.*faultMethods/);
  });
});

describe('page size cap', () => {
  it('caps page sizes, and pageSize=-1 returns the first maxPageSize records with the size used', async () => {
    for (let i = 1; i <= 5; i += 1) await createEmv(sim, { emvName: `e${i}` });
    await sim.admin.faults({ maxPageSize: 3 });
    const all = ok(await sim.api('GET', `${V1}/emv?pageSize=-1`));
    expect(all).toMatchObject({ total: 5, size: 3, current: 1, pages: 2 });
    expect(all).not.toHaveProperty('hasNext');
    expect(all.records.map((r: { emvName: string }) => r.emvName)).toEqual(['e1', 'e2', 'e3']);
    const big = ok(await sim.api('GET', `${V1}/emv?pageSize=10&pageNumber=2`));
    expect(big).toMatchObject({ total: 5, size: 3, current: 2, pages: 2 });
    expect(big.records.map((r: { emvName: string }) => r.emvName)).toEqual(['e4', 'e5']);
  });

  it('is also a start option', async () => {
    const capped = await startTestSimulator({ maxPageSize: 1 });
    try {
      await createEmv(capped, { emvName: 'a' });
      await createEmv(capped, { emvName: 'b' });
      expect(ok(await capped.api('GET', `${V1}/emv?pageSize=-1`))).toMatchObject({ total: 2, size: 1, pages: 2, records: [{ emvName: 'a' }] });
    } finally {
      await capped.close();
    }
  });

  it('says hasNext in the reference wire style', async () => {
    const capped = await startTestSimulator({ maxPageSize: 1, wireStyle: 'reference' });
    try {
      await createEmv(capped, { emvName: 'a' });
      await createEmv(capped, { emvName: 'b' });
      expect(ok(await capped.api('GET', `${V1}/emv?pageSize=-1`))).toEqual({ total: 2, current: 1, hasNext: true, records: [expect.objectContaining({ emvName: 'a' })] });
    } finally {
      await capped.close();
    }
  });
});

describe('admin surface', () => {
  it('counts /api requests by route, reads and writes; resets on demand', async () => {
    const id = await createEmv(sim, { emvName: 'x' });
    ok(await sim.api('GET', `${V1}/emv`));
    ok(await sim.api('PUT', `${V1}/emv/${id}`, { currency: 'USD', params: '{}' }));
    await sim.api('GET', `${V1}/nothing-here`);
    await sim.admin.state({ secrets: true });
    expect(await sim.admin.stats()).toEqual({
      total: 4,
      reads: 2,
      writes: 2,
      faulted: 0,
      dropped: 0,
      rateLimited: 0,
      internalErrors: 0,
      byRoute: {
        'POST /api/openapi/v1/emv': 1,
        'GET /api/openapi/v1/emv': 1,
        'PUT /api/openapi/v1/emv/{emvId}': 1,
        'GET /api/openapi/v1/nothing-here': 1,
      },
    });
    await sim.admin.resetStats();
    expect(await sim.admin.stats()).toMatchObject({ total: 0, reads: 0, writes: 0, byRoute: {} });
  });

  it('reset empties the store', async () => {
    await createEmv(sim, { emvName: 'x' });
    await sim.admin.reset();
    expect(await sim.admin.state({ secrets: true })).toMatchObject({ groups: [], outbox: [] });
    expect(ok(await sim.api('GET', `${V1}/emv`)).total).toBe(0);
  });

  it('the state dump hides write-only secrets unless asked for them', async () => {
    const merchant = await createMerchant(sim, { passcode: '246810' });
    ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAdmin: 'pw-1' }));
    const redacted = await (await fetch(`${sim.url}/_sim/state`)).text();
    expect(redacted).not.toContain('246810');
    expect(redacted).not.toContain('pw-1');
    const full = await (await fetch(`${sim.url}/_sim/state?secrets=true`)).text();
    expect(full).toContain('246810');
    expect(full).toContain('pw-1');
  });

  it('the state dump hides a terminal\'s acquirer secret (the legacy jwtSecret) unless asked for it', async () => {
    const { mchId, profileId } = await merchantWithBinding(sim, { profileName: 'jwt-host' });
    const acquirers = { [profileId]: { tid: '00000009', mid: '000000000009', jwtSecret: 'jwt-shh-4242' } };
    ok(await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers } }));
    const redacted = await (await fetch(`${sim.url}/_sim/state`)).text();
    expect(redacted).not.toContain('jwt-shh-4242');
    expect(redacted).toContain('00000009');
    expect(await (await fetch(`${sim.url}/_sim/state?secrets=true`)).text()).toContain('jwt-shh-4242');
  });

  it('the state dump masks acquirer fields by the client\'s secret-name rule: a pwd or token too', async () => {
    const { mchId, profileId } = await merchantWithBinding(sim, { profileName: 'pwd-host' });
    const acquirers = { [profileId]: { tid: '00000010', mid: '000000000010', hostPwd: 'pwd-shh-1357', accessToken: 'tok-shh-8642' } };
    ok(await sim.api('POST', `${V1}/device`, { mchId, extParams: { acquirers } }));
    const redacted = await (await fetch(`${sim.url}/_sim/state`)).text();
    expect(redacted).not.toContain('pwd-shh-1357');
    expect(redacted).not.toContain('tok-shh-8642');
    expect(redacted).toContain('00000010');
    const full = await (await fetch(`${sim.url}/_sim/state?secrets=true`)).text();
    expect(full).toContain('pwd-shh-1357');
    expect(full).toContain('tok-shh-8642');
  });

  it('activation input is validated and unknown admin routes are 404', async () => {
    await expect(sim.admin.activate('not-a-code')).rejects.toThrow(/HTTP 400.*activation code not-a-code not found/);
    expect((await fetch(`${sim.url}/_sim/nothing`)).status).toBe(404);
    expect((await fetch(`${sim.url}/_sim/state`, { method: 'DELETE' })).status).toBe(405);
    const malformed = await fetch(`${sim.url}/_sim/groups`, { method: 'POST', body: '{oops' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 10000, msg: expect.stringMatching(/not JSON/) });
  });

  it('recognises loopback addresses only', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.1', '::ffff:10.0.0.1', 'fe80::1', '', undefined]) expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  // Test traffic stays on loopback: the connection's remote address is what a client on the network would have.
  it('refuses /_sim/ to a non-loopback client with 403 while the API still answers', async () => {
    const listener = createRequestListener({
      store: new SimStore(createPrng(1)),
      clock: systemClock,
      faults: new FaultInjector({}, 1, systemClock),
      stats: new RequestStats(),
      revokedTokens: new TokenRevocations(),
      jwtSecret: 'remote-secret',
      wireStyle: 'real',
      summaryLists: 'binding',
      listensOnAllInterfaces: true,
      storeChanged: () => {},
    });
    const server = createServer((request, response) => {
      Object.defineProperty(request.socket, 'remoteAddress', { value: '10.0.0.5', configurable: true });
      Object.defineProperty(request.socket, 'localAddress', { value: '10.0.0.1', configurable: true });
      listener(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/_sim/state`)).status).toBe(403);
      expect((await fetch(`${base}${V1}/emv`)).status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
