import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  createApiClient,
  OutcomeUnknownError,
  RateLimitedError,
  TransportError,
  WireFormatError,
  type ApiClient,
  type ApiClientOptions,
  type RequestLogEvent,
} from '../../src/api/index.js';
import { ok, startScriptedPeer, type ReceivedRequest, type ScriptedReply } from './helpers/scripted-peer.js';

/**
 * The real service is a possible peer too: these tests script answers the reference allows but the
 * simulator does not give (error envelopes on HTTP 4xx/5xx, envelope code 401, proxy pages, stalls).
 */

const TOKEN = 'peer-test-token-0123456789';
const FAST_RETRY = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxElapsedMs: 5_000 };
const PROFILE = {
  profileId: 7,
  profileName: 'acq-a',
  currency: 'USD',
  acqType: 'card',
  connMessageFormat: 'HOSTA_8583',
  methodList: '{"01":[]}',
  emvList: '{"01":[1]}',
};
const PAGE = (records: unknown[]) => ({ total: records.length, current: 1, hasNext: false, records });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/**
 * A scripted peer and a client of it, both closed after the test: by afterEach, or for a test that
 * runs side by side with others (whose afterEach would close what they still use), by the
 * `onTestFinished` of its own context.
 */
async function peerClient(
  reply: (request: ReceivedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>,
  options: Partial<ApiClientOptions> = {},
  onTestFinished?: (cleanup: () => Promise<void>) => void,
) {
  const peer = await startScriptedPeer(reply);
  const events: RequestLogEvent[] = [];
  const client: ApiClient = createApiClient({
    baseUrl: peer.url,
    token: TOKEN,
    retry: FAST_RETRY,
    random: () => 0.5,
    onRequest: (event) => events.push(event),
    ...options,
  });
  if (onTestFinished !== undefined) {
    onTestFinished(() => client.close());
    onTestFinished(() => peer.close());
  } else cleanups.push(() => peer.close(), () => client.close());
  return { peer, client, events };
}

async function failure<T extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe('requests on the wire', () => {
  it('sends the bearer token, JSON content type and the base URL path prefix', async () => {
    const { peer, client } = await peerClient(() => ok({ id: 3 }));
    await client.emvConfigs.create({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' });
    const [request] = peer.received;
    expect(request?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' });

    const prefixed = createApiClient({ baseUrl: `${peer.url}/gateway/`, token: TOKEN });
    cleanups.push(() => prefixed.close());
    await prefixed.bindings.delete('M1/2', { acquirerProfileId: '7', currency: 'USD' });
    expect(peer.received[1]?.url).toBe('/gateway/api/openapi/v1/mchInfo/payment/M1%2F2?acquirerProfileId=7&currency=USD');
  });

  it('keeps at most maxInFlight requests on the wire', async () => {
    const { peer, client } = await peerClient(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return ok(PAGE([]));
      },
      { maxInFlight: 3 },
    );
    await Promise.all(Array.from({ length: 20 }, () => client.acquirerProfiles.list()));
    expect(peer.received).toHaveLength(20);
    expect(peer.maxInFlight()).toBeLessThanOrEqual(3);
    expect(client.stats()).toMatchObject({ requests: 20, byMethod: { GET: 20 }, retries: 0 });
  });
});

describe('envelopes from a real service', () => {
  it('raises ApiError for an error envelope on HTTP 200 without data, and does not retry', async () => {
    const { peer, client } = await peerClient(() => ({ body: { code: 10000, msg: 'name exist' } }));
    const error = await failure(client.emvConfigs.create({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' }), ApiError);
    expect(error).toMatchObject({ serviceCode: 10000, serviceMessage: 'name exist', method: 'POST', path: '/api/openapi/v1/emv', httpStatus: 200 });
    expect(error.message).toBe('POST /api/openapi/v1/emv: the service refused the request (code 10000): name exist');
    expect(peer.received).toHaveLength(1);
  });

  it('raises ApiError for an error envelope on HTTP 400 and does not retry a GET', async () => {
    const { peer, client } = await peerClient(() => ({ status: 400, body: { code: 10000, msg: 'Parameters Error (mchId required)' } }));
    const error = await failure(client.devices.list('M1'), ApiError);
    expect(error).toMatchObject({ serviceCode: 10000, httpStatus: 400 });
    expect(peer.received).toHaveLength(1);
  });

  it('retries a GET answered 500 with an envelope, then reports an outage naming status and code', async () => {
    const { peer, client } = await peerClient(() => ({ status: 500, body: { code: 10001, msg: 'system error' } }));
    const error = await failure(client.merchants.list(), TransportError);
    expect(error.httpStatus).toBe(500);
    expect(error.message).toBe('GET /api/openapi/v1/mchInfo?pageSize=20: the service answered HTTP 500 (code 10001: system error) (after 3 attempts)');
    expect(error.details).toMatchObject({ attempts: 3, serviceCode: 10001 });
    expect(peer.received).toHaveLength(3);
  });

  it('retries a GET answered 10001 System Error on HTTP 200 like a 5xx, and succeeds', async () => {
    const { peer, client, events } = await peerClient((_, index) =>
      index < 2 ? { status: 200, body: { code: 10001, msg: 'System Error' } } : ok({ groupId: 'G-12345678' }),
    );
    expect(await client.owner()).toEqual({ groupId: 'G-12345678' });
    expect(peer.received).toHaveLength(3);
    expect(events.map((e) => [e.status, e.code, e.outcome, e.retryInMs !== undefined])).toEqual([
      [200, 10001, 'service-error', true],
      [200, 10001, 'service-error', true],
      [200, 0, 'ok', false],
    ]);
  });

  it('reports a GET whose 10001 outlasts the retries as an outage, and retries a PUT answered 10001', async () => {
    // Three GETs, then a PUT answered 10001, then the same PUT answered with success.
    const { peer, client } = await peerClient((_, index) => (index === 4 ? ok() : { status: 200, body: { code: 10001, msg: 'System Error' } }));
    const error = await failure(client.merchants.list(), TransportError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toBe('GET /api/openapi/v1/mchInfo?pageSize=20: the service reported a fault on its side (code 10001: System Error, HTTP 200) (after 3 attempts)');
    expect(peer.received).toHaveLength(3);
    await client.emvConfigs.update(7, { currency: 'USD', params: '{}' });
    expect(peer.received.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'PUT', 'PUT']);
  });

  it('marks a refusal that follows an attempt with an unknown outcome', async () => {
    const { client } = await peerClient((_, index) => (index === 0 ? { drop: true } : { body: { code: 10000, msg: 'device not found' } }));
    const error = await failure(client.devices.delete('CD-1'), ApiError);
    expect(error.afterUncertainAttempt).toBe(true);
    expect(error.details).toMatchObject({ attempts: 2, afterUncertainAttempt: true });
  });

  it('treats envelope code 401 (expired token) as an authentication error', async () => {
    const { peer, client } = await peerClient(() => ({ body: { code: 401, msg: 'token expired' } }));
    const error = await failure(client.owner(), AuthenticationError);
    expect(error.message).toContain('the access token has expired (HTTP 200, code 401: "token expired")');
    expect(peer.received).toHaveLength(1);
  });

  it('treats HTTP 401 with an empty or HTML body as an authentication error, never retried', async () => {
    const { peer, client } = await peerClient(() => ({ status: 401, body: '<html>Unauthorized</html>' }));
    const error = await failure(client.acquirerProfiles.listAll(), AuthenticationError);
    expect(error).toMatchObject({ httpStatus: 401, serviceCode: undefined, method: 'GET' });
    // The body is a gateway's page, not the service's envelope: no service code is made up for it.
    expect(error.details).not.toHaveProperty('serviceCode');
    expect(peer.received).toHaveLength(1);
  });

  it('returns undefined data as "nothing" for void operations and null for a missing record', async () => {
    const { client } = await peerClient((request) => (request.method === 'GET' ? ok(null) : ok()));
    await expect(client.devices.update('CD-1', { deviceAlias: null })).resolves.toBeUndefined();
    await expect(client.merchants.get('M404')).resolves.toBeNull();
    await expect(client.devices.emv('CD-404')).resolves.toBeNull();
  });
});

describe('answers that are not the service', () => {
  it('reports an HTML gateway page on a GET as a TransportError naming the status, after retrying', async () => {
    const { peer, client } = await peerClient(() => ({ status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' }));
    const error = await failure(client.merchants.listAll(), TransportError);
    expect(error.httpStatus).toBe(502);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('without the service');
    expect(peer.received).toHaveLength(3);
  });

  it('reports a non-JSON 200 on a GET as a TransportError naming status and content type', async () => {
    const { client } = await peerClient(() => ({ status: 200, body: '<html>captive portal</html>' }));
    const error = await failure(client.owner(), TransportError);
    expect(error.message).toContain('HTTP 200');
    expect(error.message).toContain('text/html');
  });

  it('reports a 404 page (wrong base URL) without retrying', async () => {
    const { peer, client } = await peerClient(() => ({ status: 404, body: 'Not Found' }));
    const error = await failure(client.owner(), TransportError);
    expect(error.httpStatus).toBe(404);
    expect(peer.received).toHaveLength(1);
  });

  it('does not retry HTTP 501', async () => {
    const { peer, client } = await peerClient(() => ({ status: 501, body: 'Not Implemented' }));
    await failure(client.merchants.list(), TransportError);
    expect(peer.received).toHaveLength(1);
  });

  it('raises WireFormatError for JSON that is not an envelope', async () => {
    const { client } = await peerClient(() => ({ body: { status: 'ok', items: [] } }));
    const error = await failure(client.acquirerProfiles.list(), WireFormatError);
    expect(error.endpoint).toBe('GET /api/openapi/v1/acquirer');
    expect(error.pointer).toBe('/code');
  });

  it('raises WireFormatError when a list answers without a page, even without --strict-api', async () => {
    const { client } = await peerClient(() => ok([PROFILE]));
    const error = await failure(client.acquirerProfiles.listAll(), WireFormatError);
    expect(error.pointer).toBe('/data');
  });
});

describe('creates are never repeated', () => {
  it('turns a POST answered 503 into OutcomeUnknownError, sent once', async () => {
    const { peer, client } = await peerClient(() => ({ status: 503, body: 'Service Unavailable' }));
    const error = await failure(client.merchants.create({ mchName: 'a', currency: 'USD', contactName: 'n', contactEmail: 'e@x' }), OutcomeUnknownError);
    expect(error.message).toContain('Read the record back');
    expect(error.details).toMatchObject({ method: 'POST', path: '/api/openapi/v1/mchInfo', httpStatus: 503 });
    expect(peer.received).toHaveLength(1);
  });

  it('turns a POST answered 10001 System Error on HTTP 200 into OutcomeUnknownError, sent once', async () => {
    const { peer, client, events } = await peerClient(() => ({ status: 200, body: { code: 10001, msg: 'System Error' } }));
    const error = await failure(client.emvConfigs.create({ emvName: 'mc', paymentMethod: '02', currency: 'USD', params: '{}' }), OutcomeUnknownError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toContain('code 10001: System Error');
    expect(error.message).toContain('Read the record back');
    expect(peer.received).toHaveLength(1);
    expect(events).toMatchObject([{ status: 200, code: 10001, outcome: 'service-error' }]);
  });

  it('turns a POST answered with a non-envelope 200 into OutcomeUnknownError', async () => {
    const { client } = await peerClient(() => ({ status: 200, body: 'OK' }));
    await failure(client.devices.create({ mchId: 'M1' }), OutcomeUnknownError);
  });

  it.concurrent('repeats a POST answered 429: a refusal before any work, so it is created once', async ({ expect, onTestFinished }) => {
    const { peer, client, events } = await peerClient((_, index) =>
      index < 2 ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429, msg: 'slow down' } } : ok({ id: 9 }),
      {},
      onTestFinished,
    );
    expect(await client.acquirerProfiles.create({ ...PROFILE, profileId: undefined } as never)).toEqual({ id: 9 });
    expect(peer.received).toHaveLength(3);
    expect(events.map((e) => e.outcome)).toEqual(['rate-limited', 'rate-limited', 'ok']);
    expect(client.stats()).toMatchObject({ requests: 3, retries: 2, rateLimited: 2 });
  });

  it.concurrent('does not count 429s against the attempts: more refusals than maxAttempts still end in success', async ({ expect, onTestFinished }) => {
    const { peer, client } = await peerClient((_, index) =>
      index < 5 ? { status: 429, body: { code: 429, msg: 'slow down' } } : ok({ id: 9 }),
      {},
      onTestFinished,
    );
    expect(await client.emvConfigs.create({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' })).toEqual({ id: 9 });
    expect(peer.received).toHaveLength(6);
  });

  it.concurrent('waits the reset of the RateLimit headers on a 429 without Retry-After', async ({ expect, onTestFinished }) => {
    const { client, events } = await peerClient((_, index) =>
      index === 0 ? { status: 429, headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '0.2' }, body: { code: 429, msg: 'quota' } } : ok({ id: 9 }),
      {},
      onTestFinished,
    );
    await client.emvConfigs.create({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' });
    expect(events[0]).toMatchObject({ outcome: 'rate-limited', retryInMs: 200 });
  });

  it.concurrent('turns a POST answered 429 with a Retry-After past the budget into RateLimitedError (refused, nothing created), sent once', async ({ expect, onTestFinished }) => {
    const { peer, client } = await peerClient(() => ({ status: 429, headers: { 'retry-after': '60' }, body: { code: 429, msg: 'slow down' } }), {}, onTestFinished);
    const error = await failure(client.acquirerProfiles.create({ ...PROFILE, profileId: undefined } as never), RateLimitedError);
    expect(error.retryAfterMs).toBe(60_000);
    expect(peer.received).toHaveLength(1);
  });

  it.concurrent('turns a stalled POST into OutcomeUnknownError after the headers timeout, sent once', async ({ expect, onTestFinished }) => {
    const { peer, client } = await peerClient(() => ({ hang: true }), { timeouts: { headersMs: 150 } }, onTestFinished);
    const error = await failure(client.emvConfigs.create({ emvName: 'a', paymentMethod: '01', currency: 'USD', params: '{}' }), OutcomeUnknownError);
    expect(error.message).toContain('no answer');
    expect(peer.received).toHaveLength(1);
  });

  it.concurrent('retries a stalled GET after the headers timeout and succeeds', async ({ expect, onTestFinished }) => {
    const { peer, client, events } = await peerClient(
      (_, index) => (index === 0 ? { hang: true } : ok(PAGE([PROFILE]))),
      { timeouts: { headersMs: 150 } },
      onTestFinished,
    );
    expect(await client.acquirerProfiles.listAll()).toEqual([PROFILE]);
    expect(peer.received).toHaveLength(2);
    expect(events.map((e) => e.outcome)).toEqual(['timeout', 'ok']);
  });

  it('names a refused connection and says a POST was not sent', async () => {
    const { peer, client } = await peerClient(() => ok());
    await peer.close();
    const error = await failure(client.devices.sendActivationCode({ deviceId: 'CD-1', email: 'a@b.c' }), TransportError);
    expect(error.message).toContain('refused the connection');
    expect(error.message).toContain('not sent');
  });
});

describe('--strict-api', () => {
  const badProfile = { ...PROFILE, acqType: 'wallet' };

  it('reports a record that breaks its schema with the endpoint and JSON pointer', async () => {
    const { client } = await peerClient(() => ok(PAGE([PROFILE, badProfile])), { strictApi: true });
    const error = await failure(client.acquirerProfiles.list(), WireFormatError);
    expect(error.pointer).toBe('/data/records/1/acqType');
    expect(error.endpoint).toBe('GET /api/openapi/v1/acquirer');
    expect(error.message).toContain('must be one of "card", "qr"');
  });

  it('names a missing required field', async () => {
    const { client } = await peerClient(() => ok({ groupName: 'no id' }), { strictApi: true });
    const error = await failure(client.owner(), WireFormatError);
    expect(error.pointer).toBe('/data/groupId');
    expect(error.message).toContain('required property is missing');
  });

  it('accepts the real service\'s pages: MyBatis-Plus keys, no hasNext, null optional fields, string ids', async () => {
    const real = { ...PROFILE, profileId: '7', connUrl: null, emvList: null, asDefault: null };
    const pages = [
      { records: [real], total: 2, size: 1, current: 1, pages: 2 },
      { records: [{ ...real, profileId: 8, profileName: 'acq-b' }], total: 2, size: 1, current: 2, pages: 2 },
    ];
    const { peer, client } = await peerClient((request) => ok(pages[request.url.includes('pageNumber=2') ? 1 : 0]), { strictApi: true });
    expect((await client.acquirerProfiles.listAll()).map((p) => p.profileName)).toEqual(['acq-a', 'acq-b']);
    expect(peer.received.map((r) => r.url)).toEqual(['/api/openapi/v1/acquirer?pageNumber=1&pageSize=-1', '/api/openapi/v1/acquirer?pageNumber=2&pageSize=1']);
  });

  it('lets the same record through without strict mode', async () => {
    const { client } = await peerClient(() => ok(PAGE([badProfile])));
    expect(await client.acquirerProfiles.listAll()).toEqual([badProfile]);
  });
});
