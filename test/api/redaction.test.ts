import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
  type ApiClient,
} from '../../src/api/index.js';
import { redactPath, scrub, secretValuesOf } from '../../src/api/redact.js';
import { createClientFromFlags, formatRequestLog } from '../../src/cli/client-options.js';
import { captureIo } from '../../src/cli/io.js';
import { reportError } from '../../src/cli/main.js';
import { ConfigError } from '../../src/errors.js';
import { signSimToken } from '../../src/sim/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { ok, startScriptedPeer, type ReceivedRequest, type ScriptedReply } from './helpers/scripted-peer.js';
import { deviceBody, merchantBody, useSimulator } from './helpers/sim-client.js';

/**
 * The token (and secret body fields) must appear nowhere: not in the --verbose log, not in any
 * error's message, stack, JSON or inspect() output, not in what the CLI prints for it. The peer
 * below is hostile on purpose: it echoes the Authorization header and the request body back in
 * its messages, as a careless service or proxy might.
 */

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJncm91cElkIjoiRy0xMjM0NTY3OCJ9.S3CR3T-s1gnature';
const DEVICE_ADMIN = 'admin-pass-4711';
const PASSCODE = 'passcode-9876';
const ACTIVATION_CODE = '123456789012';

const echo = (request: ReceivedRequest): string => `${request.headers['authorization'] ?? ''} ${request.body}`;

/** One scripted answer per path: every error class the client can raise. */
function hostileReply(request: ReceivedRequest): ScriptedReply {
  const url = new URL(request.url, 'http://peer');
  switch (url.pathname) {
    case '/api/v2/current':
      return { status: 401, body: { code: 401, msg: `bad token ${echo(request)}` } };
    case '/api/openapi/v1/acquirer':
      return { body: { code: 10000, msg: `refused ${echo(request)}` } };
    case '/api/v2/mchInfo':
    case '/api/openapi/v1/emv':
      return { body: { code: 13310, msg: `legacy ${echo(request)}` } };
    case '/api/openapi/v1/device/CD-1':
      return { body: { code: 13000, msg: `Owner info invalid ${echo(request)}` } };
    case '/api/openapi/v1/device':
      return request.method === 'POST' ? { drop: true } : { body: { unexpected: echo(request) } };
    case '/api/openapi/v1/mchInfo':
      return request.method === 'POST'
        ? { status: 502, body: `<html>${echo(request)}</html>` }
        : { status: 503, body: `<html>${echo(request)}</html>` };
    case '/api/openapi/v1/mchInfo/M1':
      return { status: 429, headers: { 'retry-after': '120' }, body: { code: 429, msg: echo(request) } };
    default:
      return ok();
  }
}

function assertClean(text: string, where: string): void {
  for (const secret of [TOKEN, DEVICE_ADMIN, PASSCODE, ACTIVATION_CODE]) {
    expect(text.includes(secret), `${where} contains a secret`).toBe(false);
  }
  // The token's signature part alone must not leak either (a split or truncated token).
  expect(text.includes('S3CR3T-s1gnature'), `${where} contains part of the token`).toBe(false);
}

let client: ApiClient | undefined;
let closePeer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await client?.close();
  await closePeer?.();
  client = undefined;
  closePeer = undefined;
});

describe('secrets never leave the client', () => {
  it('keeps the token out of the verbose log and of every error class', async () => {
    const peer = await startScriptedPeer(hostileReply);
    closePeer = () => peer.close();
    const io = captureIo({ env: { PAYCFG_BASE_URL: peer.url, PAYCFG_TOKEN: TOKEN } });
    client = createClientFromFlags({ verbose: true, 'strict-api': true }, io);
    const c = client;
    // Internal access to an endpoint outside the typed surface, for the 13310 case.
    const { createTransport } = await import('../../src/api/transport.js');
    const { defaultRetrySettings } = await import('../../src/api/retry-policy.js');
    const raw = createTransport({
      baseUrl: peer.url,
      token: TOKEN,
      maxInFlight: 1,
      timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000 },
      retry: { ...defaultRetrySettings, baseDelayMs: 1, maxDelayMs: 2 },
      strictApi: false,
      random: () => 0,
    });

    const cases: Array<[string, () => Promise<unknown>, abstract new (...args: never[]) => Error]> = [
      ['auth', () => c.owner(), AuthenticationError],
      ['api', () => c.acquirerProfiles.create({ profileName: 'p', currency: 'USD', connMessageFormat: 'HOSTA_8583', methodList: '{}' }), ApiError],
      ['legacy', () => raw.request({ method: 'GET', endpoint: 'GET /api/v2/mchInfo', path: '/api/v2/mchInfo', data: { kind: 'none' } }), LegacyApiRejectedError],
      ['owner', () => c.devices.get('CD-1'), OwnerInfoInvalidError],
      [
        'outcome unknown (dropped)',
        () => c.devices.create({ mchId: 'M1', deviceAdmin: DEVICE_ADMIN, extParams: { acquirers: { '7': { jwtSecret: PASSCODE } } } }),
        OutcomeUnknownError,
      ],
      [
        'outcome unknown (502)',
        () => c.merchants.create({ mchName: 'm', currency: 'USD', contactName: 'n', contactEmail: 'e@x', passcode: PASSCODE }),
        OutcomeUnknownError,
      ],
      ['transport', () => c.merchants.list({ activationCode: ACTIVATION_CODE }), TransportError],
      ['wire format', () => c.devices.list('M1', { deviceId: 'CD-9' }), WireFormatError],
      ['rate limited', () => c.merchants.replace('M1', { mchName: 'm', currency: 'USD', contactName: 'n', contactEmail: 'e', passcode: PASSCODE }), RateLimitedError],
    ];

    const printed = captureIo();
    for (const [name, run, type] of cases) {
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(type);
      const e = error as Error;
      assertClean(String(e), `${name}: String(err)`);
      assertClean(e.stack ?? '', `${name}: err.stack`);
      assertClean(JSON.stringify(e), `${name}: JSON.stringify(err)`);
      assertClean(inspect(e, { depth: 10, showHidden: true }), `${name}: inspect(err)`);
      reportError(e, printed);
    }
    await raw.close();

    assertClean(printed.err(), 'CLI error output');
    const log = io.err();
    expect(log).toContain('GET /api/openapi/v1/mchInfo?activationCode=[redacted]');
    expect(log.split('\n').filter((line) => line.startsWith('paycfg: ')).length).toBeGreaterThanOrEqual(cases.length);
    assertClean(log, 'verbose log');
    assertClean(io.out(), 'stdout');

    // The peer really did receive the secrets, so the checks above are not vacuous.
    expect(peer.received.some((r) => r.headers['authorization'] === `Bearer ${TOKEN}`)).toBe(true);
    expect(peer.received.some((r) => r.body.includes(DEVICE_ADMIN))).toBe(true);
  });

  it('scrubs the token from a service message but keeps the rest of it', async () => {
    const peer = await startScriptedPeer((request) => ({ body: { code: 10000, msg: `token ${echo(request)} not allowed` } }));
    closePeer = () => peer.close();
    const io = captureIo({ env: { PAYCFG_BASE_URL: peer.url, PAYCFG_TOKEN: TOKEN } });
    client = createClientFromFlags({}, io);
    const error = (await client.emvConfigs.delete(5).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serviceMessage).toBe('token Bearer [redacted]  not allowed');
  });

  it('keeps the token out of the client object itself', async () => {
    const peer = await startScriptedPeer(() => ok());
    closePeer = () => peer.close();
    client = createClientFromFlags({}, captureIo({ env: { PAYCFG_BASE_URL: peer.url, PAYCFG_TOKEN: TOKEN } }));
    assertClean(inspect(client, { depth: 10, showHidden: true }), 'inspect(client)');
    assertClean(JSON.stringify(client), 'JSON.stringify(client)');
  });

  it('never echoes a bad token in a configuration error', () => {
    const bad = `${TOKEN} trailing words`;
    let error: unknown;
    try {
      createClientFromFlags({}, captureIo({ env: { PAYCFG_BASE_URL: 'http://127.0.0.1:1', PAYCFG_TOKEN: bad } }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    assertClean(String(error), 'ConfigError');
    assertClean(JSON.stringify(error), 'ConfigError JSON');
  });
});

const h = useSimulator({ jwtSecret: 'redaction-test-secret' });

describe('secrets against the simulator', () => {
  it('keeps a real token out of the verbose log through faults, drops and refusals', async () => {
    const token = signSimToken({ groupId: TEST_GROUP, secret: 'redaction-test-secret' });
    const io = captureIo({ env: { PAYCFG_BASE_URL: h.sim.url, PAYCFG_TOKEN: token } });
    client = createClientFromFlags({ verbose: true, 'strict-api': true }, io);
    const merchant = await client.merchants.create(merchantBody('shop-1', { passcode: PASSCODE }));
    await client.devices.create(deviceBody(merchant.mchId, 'till', { deviceAdmin: DEVICE_ADMIN }));
    await h.sim.admin.faults({ faultRate: 0.5 });
    const errors: unknown[] = [];
    for (let i = 0; i < 5; i += 1) await client.devices.listAll(merchant.mchId).catch((e: unknown) => errors.push(e));
    await h.sim.admin.faults({ faultRate: 0, dropRate: 1 });
    errors.push(await client.devices.create(deviceBody(merchant.mchId, 'till-2', { deviceAdmin: DEVICE_ADMIN })).catch((e: unknown) => e));
    await h.sim.admin.faults({ dropRate: 0 });
    errors.push(await client.merchants.create(merchantBody('shop-1', { passcode: PASSCODE, contactEmail: 'bad' })).catch((e: unknown) => e));
    const forged = createClientFromFlags({ verbose: true }, captureIo({ env: { PAYCFG_BASE_URL: h.sim.url, PAYCFG_TOKEN: `${token}x` } }));
    errors.push(await forged.owner().catch((e: unknown) => e));
    await forged.close();

    expect(errors.length).toBeGreaterThanOrEqual(3);
    const signature = token.split('.')[2] ?? token;
    for (const e of errors) {
      for (const text of [String(e), (e as Error).stack ?? '', JSON.stringify(e), inspect(e, { depth: 10 })]) {
        expect(text.includes(token) || text.includes(signature)).toBe(false);
        assertClean(text, 'simulator error');
      }
    }
    expect(io.err()).toContain('paycfg: GET /api/openapi/v1/device?mchId=');
    expect(io.err().includes(token) || io.err().includes(signature)).toBe(false);
    assertClean(io.err(), 'verbose log against the simulator');
  });
});

describe('redaction helpers', () => {
  it('masks values of secret-looking query names only', () => {
    expect(redactPath('/a?mchId=M1&activationCode=123&token=abc&adminPwd=x&pageSize=-1')).toBe(
      '/a?mchId=M1&activationCode=[redacted]&token=[redacted]&adminPwd=[redacted]&pageSize=-1',
    );
    expect(redactPath('/api/openapi/v1/device/CD-1')).toBe('/api/openapi/v1/device/CD-1');
  });

  it('finds secret values anywhere in a body and scrubs them, longest first', () => {
    const secrets = secretValuesOf({ mchId: 'M1', deviceAdmin: 'pw-1', extParams: { acquirers: { '7': { jwtSecret: 'pw-1-long' } } }, list: [{ passcode: 'p9' }] });
    expect([...secrets].sort()).toEqual(['p9', 'pw-1', 'pw-1-long']);
    expect(scrub('got pw-1-long and pw-1', secrets)).toBe('got [redacted] and [redacted]');
  });

  it('formats a verbose log line without anything but the event fields', () => {
    expect(
      formatRequestLog({ method: 'GET', path: '/api/openapi/v1/emv?pageSize=-1', status: 503, durationMs: 12, attempt: 2, outcome: 'http-error', retryInMs: 400 }),
    ).toBe('paycfg: GET /api/openapi/v1/emv?pageSize=-1 -> 503 http-error (12 ms, attempt 2), retrying in 400 ms\n');
    expect(formatRequestLog({ method: 'POST', path: '/api/openapi/v1/device', status: null, durationMs: 3, attempt: 1, outcome: 'network-error' })).toBe(
      'paycfg: POST /api/openapi/v1/device -> no answer network-error (3 ms)\n',
    );
    expect(formatRequestLog({ method: 'GET', path: '/api/v2/current', status: 200, code: 0, durationMs: 1, attempt: 1, outcome: 'ok' })).toBe(
      'paycfg: GET /api/v2/current -> 200 code 0 (1 ms)\n',
    );
  });
});
