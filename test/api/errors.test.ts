import { expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  createApiClient,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
} from '../../src/api/index.js';
import { defaultRetrySettings } from '../../src/api/retry-policy.js';
import { createTransport } from '../../src/api/transport.js';
import { ConfigError, PaycfgError } from '../../src/errors.js';
import { signSimToken, startSimulator } from '../../src/sim/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { startScriptedPeer } from './helpers/scripted-peer.js';
import { deviceBody, emvBody, merchantBody, useWireStyleSimulators } from './helpers/sim-client.js';

const SECRET = 'errors-test-secret';
const h = useWireStyleSimulators({ jwtSecret: SECRET });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

/** Every client error is a PaycfgError with a stable code, exit code 1 and JSON-safe details. */
function expectWellFormed(error: unknown, type: abstract new (...args: never[]) => PaycfgError, code: string): void {
  expect(error).toBeInstanceOf(type);
  expect(error).toBeInstanceOf(PaycfgError);
  const e = error as PaycfgError;
  expect(e.code).toBe(code);
  expect(e.exitCode).toBe(1);
  expect(e.name).toBe(type.name);
  expect(JSON.parse(JSON.stringify(e))).toEqual({ code, message: e.message, details: e.details });
}

h.describe('error classes against the simulator', () => {
  it('ApiError: a business refusal carries code, msg, method, path and HTTP status', async () => {
    const client = h.client();
    await client.emvConfigs.create(emvBody('dup'));
    const error = await caught(client.emvConfigs.create(emvBody('dup')));
    expectWellFormed(error, ApiError, 'API');
    expect((error as ApiError).details).toEqual({
      method: 'POST',
      path: '/api/openapi/v1/emv',
      httpStatus: 200,
      serviceCode: 10000,
      serviceMessage: 'name exist',
      attempts: 1,
    });
  });

  it('AuthenticationError: a token signed with another secret gets HTTP 401 and is not retried', async () => {
    const client = h.client({ token: signSimToken({ groupId: TEST_GROUP, secret: 'not-the-simulator-secret' }) });
    const error = await caught(client.acquirerProfiles.listAll());
    expectWellFormed(error, AuthenticationError, 'AUTH');
    expect(error).toMatchObject({ httpStatus: 401, serviceCode: 401, method: 'GET', tokenProblem: 'malformed' });
    expect((error as Error).message).toContain('the service cannot read the access token');
    expect(client.stats()).toMatchObject({ requests: 1, retries: 0 });
  });

  it('AuthenticationError: an expired token', async () => {
    const expired = signSimToken({ groupId: TEST_GROUP, secret: SECRET, ttlSeconds: 1, now: new Date(Date.now() - 3_600_000) });
    const error = await caught(h.client({ token: expired }).owner());
    expectWellFormed(error, AuthenticationError, 'AUTH');
    expect(error).toMatchObject({ tokenProblem: 'expired' });
    // The same secret with a live lifetime is accepted, so the refusal above is the expiry.
    const live = signSimToken({ groupId: TEST_GROUP, secret: SECRET });
    expect((await h.client({ token: live }).owner()).groupId).toBe(TEST_GROUP);
  });

  it('LegacyApiRejectedError: code 13310 says the group uses the current API', async () => {
    const transport = createTransport({
      baseUrl: h.sim.url,
      token: h.sim.token(),
      maxInFlight: 1,
      timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000 },
      retry: defaultRetrySettings,
      strictApi: true,
      random: () => 0,
    });
    try {
      const error = await caught(transport.request({ method: 'GET', endpoint: 'GET /api/v2/mchInfo', path: '/api/v2/mchInfo', data: { kind: 'none' } }));
      expectWellFormed(error, LegacyApiRejectedError, 'LEGACY_API_REJECTED');
      expect(error).toMatchObject({ serviceCode: 13310, path: '/api/v2/mchInfo' });
      expect((error as Error).message).toContain('the group uses the current API');
    } finally {
      await transport.close();
    }
  });

  it('OwnerInfoInvalidError: code 13000', async () => {
    const owner = h.client();
    const merchant = await owner.merchants.create(merchantBody('shop-1'));
    const { id } = await owner.devices.create(deviceBody(merchant.mchId, 'till'));
    const error = await caught(h.client({ groupId: 'G-00000002' }).devices.update(id, { deviceAlias: 'mine' }));
    expectWellFormed(error, OwnerInfoInvalidError, 'OWNER_INFO_INVALID');
    expect(error).toMatchObject({ serviceCode: 13000, method: 'PUT' });
  });

  it('OutcomeUnknownError: a create whose connection is cut after sending', async () => {
    await h.sim.admin.faults({ dropRate: 1 });
    const error = await caught(h.client().merchants.create(merchantBody('shop-1')));
    expectWellFormed(error, OutcomeUnknownError, 'OUTCOME_UNKNOWN');
    expect((error as OutcomeUnknownError).details).toMatchObject({ method: 'POST', path: '/api/openapi/v1/mchInfo' });
  });

  it('TransportError: an outage that outlasts the retries names the status and the service code', async () => {
    await h.sim.admin.faults({ faultRate: 1 });
    const client = h.client({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    const error = await caught(client.emvConfigs.listAll());
    expectWellFormed(error, TransportError, 'TRANSPORT');
    // The real style answers a fault as the live service does, with HTTP 200: code 10001 alone makes it an outage.
    expect(error).toMatchObject({ httpStatus: h.wireStyle === 'real' ? 200 : 503 });
    expect((error as TransportError).details).toMatchObject({ attempts: 3, serviceCode: 10001 });
    expect(client.stats()).toMatchObject({ requests: 3, byMethod: { GET: 3 }, retries: 2, rateLimited: 0 });
  });

  it('TransportError: nothing listening at the base URL', async () => {
    const stopped = await startSimulator();
    await stopped.close();
    const client = createApiClient({ baseUrl: stopped.url, token: h.sim.token(), retry: { maxAttempts: 2, baseDelayMs: 1 } });
    try {
      const error = await caught(client.owner());
      expectWellFormed(error, TransportError, 'TRANSPORT');
      expect((error as Error).message).toContain('refused the connection');
    } finally {
      await client.close();
    }
  });

  it('RateLimitedError: a Retry-After longer than the retry budget is not waited for', async () => {
    await h.sim.admin.faults({ rateLimit: 1 });
    const client = h.client({ retry: { maxElapsedMs: 300 } });
    await client.owner();
    const error = await caught(client.owner());
    expectWellFormed(error, RateLimitedError, 'RATE_LIMITED');
    expect((error as RateLimitedError).retryAfterMs).toBe(1000);
    expect((error as Error).message).toContain('wait 1 s');
  });

  it('WireFormatError: a body that is not an envelope (the simulator never sends one; a scripted peer does)', async () => {
    const peer = await startScriptedPeer(() => ({ body: { ok: true } }));
    const client = createApiClient({ baseUrl: peer.url, token: 'x-token-1234' });
    try {
      const error = await caught(client.owner());
      expectWellFormed(error, WireFormatError, 'WIRE_FORMAT');
      expect(error).toMatchObject({ endpoint: 'GET /api/v2/current', pointer: '/code' });
    } finally {
      await client.close();
      await peer.close();
    }
  });

  it('ConfigError: refused base URL or malformed token, before any request', () => {
    expect(() => createApiClient({ baseUrl: 'http://pay.example.com', token: 'abc' })).toThrow(ConfigError);
    expect(() => createApiClient({ baseUrl: h.sim.url, token: 'two words' })).toThrow(ConfigError);
    expect(() => createApiClient({ baseUrl: h.sim.url, token: 'abc', maxInFlight: 0 })).toThrow(ConfigError);
  });
});
