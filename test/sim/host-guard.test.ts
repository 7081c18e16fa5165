import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserRefusal } from '../../src/sim/http/host-guard.js';
import { isLoopbackHostname } from '../../src/sim/http/loopback.js';
import { startSimulator } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { createMerchant, TestClock, V1 } from './fixtures.js';

let sim: TestSimulator;
let port: number;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startTestSimulator({ now: clock.now, seed: 1 });
  port = Number(new URL(sim.url).port);
});
afterAll(async () => sim.close());
beforeEach(async () => {
  await sim.admin.faults({ rateLimit: 0 });
  await sim.admin.reset();
  await sim.admin.resetStats();
});

interface Answer {
  status: number;
  text: string;
}

/** fetch cannot set Host (nor, outside a browser, mean Origin): node:http sends the headers as given. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function groupCount(): Promise<number> {
  return ((await sim.admin.state()) as { groups: unknown[] }).groups.length;
}

describe('Host on the admin surface', () => {
  it('refuses a foreign Host (a DNS-rebinding page) on GET /_sim/state?secrets=true, without a secret in the answer', async () => {
    await createMerchant(sim, { passcode: '246810' });
    const answer = await send('GET', '/_sim/state?secrets=true', { host: `rebind.attacker.example:${port}` });
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain('246810');
    expect(JSON.parse(answer.text)).toEqual({
      code: 403,
      msg: expect.stringMatching(/^Forbidden: the Host header "rebind\.attacker\.example:\d+" is not a loopback name/),
    });
    // The same request with a loopback Host still reads the secrets: the refusal was the Host.
    expect((await send('GET', '/_sim/state?secrets=true', { host: `127.0.0.1:${port}` })).text).toContain('246810');
  });

  it.each([`127.0.0.1:PORT`, '127.0.0.1', '127.9.8.7:PORT', 'localhost:PORT', 'LOCALHOST', 'localhost.:PORT', 'paysim.localhost:PORT', '[::1]:PORT'])(
    'accepts Host %s',
    async (host) => {
      expect((await send('GET', '/_sim/stats', { host: host.replace('PORT', String(port)) })).status).toBe(200);
    },
  );

  // 0.0.0.0 and [::] name a simulator that listens on every interface, not this loopback-only one
  // (browsers have sent pages' requests to 0.0.0.0).
  it.each(['evil.example', 'localhost.evil.example:PORT', '127.0.0.1.nip.io:PORT', '10.0.0.1:PORT', '[::2]:PORT', 'user@127.0.0.1:PORT', '127.0.0.1/x', '0.0.0.0:PORT', '[::]:PORT'])(
    'refuses Host %j',
    async (host) => {
      const answer = await send('POST', '/_sim/reset', { host: host.replace('PORT', String(port)) });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 403, msg: expect.stringMatching(/^Forbidden: the Host header/) });
    },
  );

  it('refuses a request without Host (HTTP/1.0 allows one)', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GET /_sim/state?secrets=true HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 403 /);
    expect(reply).toContain('the Host header (absent) is not a host name');
  });
});

describe('Origin and Sec-Fetch-Site on the admin surface', () => {
  const own = (): Record<string, string> => ({ host: `127.0.0.1:${port}` });

  it('refuses a cross-site POST and leaves the store alone', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000007' });
    const answer = await send(
      'POST',
      '/_sim/reset',
      { ...own(), origin: 'https://shop.attacker.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      'x',
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).msg).toMatch(/Sec-Fetch-Site "cross-site"/);
    expect(await groupCount()).toBe(1);
  });

  it('refuses a foreign Origin even without Sec-Fetch-Site (older browsers)', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000007' });
    const answer = await send('POST', '/_sim/reset', { ...own(), origin: 'http://attacker.example' });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).msg).toBe(
      `Forbidden: Origin "http://attacker.example" is not the simulator's own origin (http://127.0.0.1:${port}): it answers no cross-origin request`,
    );
    expect(await groupCount()).toBe(1);
  });

  it.each([
    ['another port of localhost', { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' }],
    ['another port, no Sec-Fetch-Site', { origin: 'http://127.0.0.1:3000' }],
    ['another loopback name than the Host', { origin: 'http://localhost:PORT' }],
    ['https on the same host', { origin: 'https://127.0.0.1:PORT' }],
    ['an opaque origin (sandbox, file:)', { origin: 'null' }],
    ['an unknown Sec-Fetch-Site', { 'sec-fetch-site': 'same-galaxy' }],
  ])('refuses %s', async (_, headers) => {
    const filled = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(port))]));
    expect((await send('GET', '/_sim/state?secrets=true', { ...own(), ...filled })).status).toBe(403);
  });

  it('accepts its own origin, a typed-in address and a client that sends no Origin', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000007' });
    const sameOrigin = await send('POST', '/_sim/groups', { ...own(), origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' }, '{"groupId":"G-00000008"}');
    expect(sameOrigin.status).toBe(200);
    const ipv6 = await send('GET', '/_sim/stats', { host: `[::1]:${port}`, origin: `http://[::1]:${port}` });
    expect(ipv6.status).toBe(200);
    expect((await send('GET', '/_sim/state', { ...own(), 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await send('POST', '/_sim/reset', own())).status).toBe(200);
    expect(await groupCount()).toBe(0);
  });
});

describe('the /api surface over loopback', () => {
  it('refuses a foreign Host before counting it or spending the rate limit', async () => {
    await sim.admin.faults({ rateLimit: 1 });
    const authorization = `Bearer ${sim.token()}`;
    for (let i = 0; i < 3; i += 1) {
      const answer = await send('GET', `${V1}/emv`, { host: `rebind.attacker.example:${port}`, authorization });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toEqual({ code: 403, msg: expect.stringMatching(/^Forbidden: the Host header/) });
    }
    expect((await send('GET', `${V1}/emv`, { host: `localhost:${port}`, authorization })).status).toBe(200);
    expect(await sim.admin.stats()).toMatchObject({ total: 1, rateLimited: 0 });
  });

  it('refuses a cross-site request even with a valid token, and still answers the CLI clients', async () => {
    const authorization = `Bearer ${sim.token()}`;
    const body = JSON.stringify({ emvName: 'forged', paymentMethod: '01', currency: 'EUR', params: '{}' });
    const forged = await send('POST', `${V1}/emv`, { host: `127.0.0.1:${port}`, authorization, origin: 'http://attacker.example', 'sec-fetch-site': 'cross-site' }, body);
    expect(forged.status).toBe(403);
    expect((await sim.api('GET', `${V1}/emv`)).body.data.total).toBe(0);
    expect((await sim.api('POST', `${V1}/emv`, JSON.parse(body))).status).toBe(200);
  });
});

// Traffic of these tests stays on loopback: a simulator bound to every interface is reached at 127.0.0.1.
it('bound to 0.0.0.0, takes 0.0.0.0 as a loopback Host and still refuses a rebound name over loopback', async () => {
  const open = await startSimulator({ host: '0.0.0.0', port: 0 });
  const savedPort = port;
  port = open.port;
  try {
    expect((await send('GET', '/_sim/stats', { host: `0.0.0.0:${port}` })).status).toBe(200);
    expect((await send('GET', '/_sim/stats', { host: `paysim.lan:${port}` })).status).toBe(403);
    expect((await send('GET', `${V1}/emv`, { host: `paysim.lan:${port}` })).status).toBe(403);
  } finally {
    port = savedPort;
    await open.close();
  }
});

describe('browserRefusal over another interface', () => {
  it('lets /api take any Host there (a machine reached over the network may be named any way), but never another site\'s Origin', () => {
    const over = (headers: Record<string, string>) => browserRefusal({ headers, loopbackHostRequired: false, listensOnAllInterfaces: true });
    expect(over({ host: 'paysim.lan:8080' })).toBeUndefined();
    expect(over({ host: 'paysim.lan:8080', origin: 'http://evil.example' })).toMatch(/^Origin "http:\/\/evil\.example" is not the simulator's own origin/);
  });
});

describe('loopback host names', () => {
  it('are localhost, .localhost names, 127/8, ::1 and the unspecified addresses, as a URL spells them', () => {
    for (const name of ['localhost', 'localhost.', 'a.b.localhost', '127.0.0.1', '127.255.0.9', '[::1]', '[::ffff:7f00:1]']) {
      expect(isLoopbackHostname(name), name).toBe(true);
    }
    // The unspecified addresses only for a simulator that listens on every interface.
    for (const name of ['0.0.0.0', '[::]']) {
      expect(isLoopbackHostname(name), name).toBe(false);
      expect(isLoopbackHostname(name, true), name).toBe(true);
    }
    for (const name of ['localhost.example', 'notlocalhost', 'example.com', '128.0.0.1', '10.0.0.1', '[::2]', '[::ffff:a00:1]', '[fe80::1]', '']) {
      expect(isLoopbackHostname(name), name).toBe(false);
    }
  });
});
