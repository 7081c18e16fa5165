import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, createApiClient, type ApiClient } from '../../src/api/index.js';
import { classifyTokenProblem, parseBearerChallenge } from '../../src/api/token-rejection.js';
import { signSimToken } from '../../src/sim/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { startScriptedPeer, type ScriptedPeer, type ScriptedReply } from './helpers/scripted-peer.js';
import { FAST_RETRY, useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * A refused token says why: expired, malformed, refused (revoked), or never arrived, in the
 * service's words and with what to do, and never repeats the token. Against the simulator in both
 * wire styles (the real style answers an expired token HTTP 200 code 401, as the live service was
 * captured doing; the reference style 401 with an RFC 6750 challenge), then against a peer that
 * answers the shapes the simulator does not.
 */

const SECRET = 'token-refusals-secret';
const h = useWireStyleSimulators({ jwtSecret: SECRET });

async function refusal(promise: Promise<unknown>): Promise<AuthenticationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthenticationError);
  return error as AuthenticationError;
}

const TODO_NEW_TOKEN = 'Get a new token from the operator portal (settings, key info) and put it in PAYCFG_TOKEN or the file given with --token-file (against `paycfg sim`: `paycfg sim token --group <groupId>`)';

h.describe('a refused token, against the simulator', (wireStyle) => {
  it('expired: says so, quotes the service and asks for a new token, after one attempt', async () => {
    const token = signSimToken({ groupId: TEST_GROUP, secret: SECRET, ttlSeconds: 60, now: new Date(Date.now() - 3_600_000) });
    const client = h.client({ token });
    const error = await refusal(client.owner());
    const answer = wireStyle === 'real' ? 'HTTP 200, code 401: "token expired"' : 'HTTP 401, code 401: "Unauthorized: token expired"';
    expect(error.message).toBe(`GET /api/v2/current: the access token has expired (${answer}). ${TODO_NEW_TOKEN}`);
    expect(error).toMatchObject({ tokenProblem: 'expired', details: { tokenProblem: 'expired' } });
    expect(error.message).not.toContain(token);
    expect(client.stats()).toMatchObject({ requests: 1, retries: 0 });
  });

  it('malformed: a token that is not a JWT', async () => {
    const error = await refusal(h.client({ token: 'not-a-jwt' }).acquirerProfiles.listAll());
    expect(error.tokenProblem).toBe('malformed');
    expect(error.message).toBe(
      'GET /api/openapi/v1/acquirer?pageNumber=1&pageSize=-1: the service cannot read the access token: it is malformed, or was not issued by this service ' +
        '(HTTP 401, code 401: "Unauthorized: token malformed (expected a signed JWT that names a group)"). ' +
        'Check that PAYCFG_TOKEN or the file given with --token-file holds the whole token, as copied from the operator portal of the service at this base URL (against `paycfg sim`: `paycfg sim token --group <groupId>`)',
    );
  });

  it('malformed: a token signed by another service (bad signature)', async () => {
    const token = signSimToken({ groupId: TEST_GROUP, secret: 'another-service' });
    const error = await refusal(h.client({ token }).owner());
    expect(error.tokenProblem).toBe('malformed');
    expect(error.message).toContain('"Unauthorized: token signature invalid (not issued by this service)"');
    expect(error.message).not.toContain(token);
  });

  it('refused: a valid token the operator revoked; another token of the group still works', async () => {
    const token = signSimToken({ groupId: TEST_GROUP, secret: SECRET, ttlSeconds: 600 });
    await h.client({ token }).owner();
    await h.sim.admin.revokeToken(token);
    const client = h.client({ token });
    const error = await refusal(client.merchants.listAll());
    expect(error.tokenProblem).toBe('refused');
    expect(error.message).toContain('the service refused the access token: it is revoked, or not allowed for this group (HTTP 401, code 401: "Unauthorized: token revoked")');
    expect(error.message).toContain('Get a new token for this group from the operator portal and put it in PAYCFG_TOKEN or the file given with --token-file (against `paycfg sim`: `paycfg sim token --group <groupId>`)');
    expect(client.stats().requests).toBe(1);
    const fresh = signSimToken({ groupId: TEST_GROUP, secret: SECRET, ttlSeconds: 601 });
    expect((await h.client({ token: fresh }).owner()).groupId).toBe(TEST_GROUP);
  });
});

describe('a refused token, from a peer that answers other shapes', () => {
  let peer: ScriptedPeer | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    await client?.close();
    await peer?.close();
    client = undefined;
    peer = undefined;
  });

  const TOKEN = signSimToken({ groupId: TEST_GROUP, secret: 'peer-secret' });

  async function refusedBy(reply: ScriptedReply): Promise<AuthenticationError> {
    peer = await startScriptedPeer(() => reply);
    client = createApiClient({ baseUrl: peer.url, token: TOKEN, retry: FAST_RETRY, random: () => 0.5 });
    const error = await refusal(client.owner());
    expect(peer.received).toHaveLength(1);
    expect(error.message).not.toContain(TOKEN);
    return error;
  }

  it('an empty 401 body with an RFC 6750 challenge: the challenge says why', async () => {
    const error = await refusedBy({
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="api", error="invalid_token", error_description="The access token expired"' },
    });
    expect(error.tokenProblem).toBe('expired');
    expect(error.message).toBe(`GET /api/v2/current: the access token has expired (HTTP 401 with an empty body: "The access token expired"). ${TODO_NEW_TOKEN}`);
  });

  it('a challenge among others, insufficient_scope without a description: refused', async () => {
    const error = await refusedBy({ status: 401, headers: { 'www-authenticate': 'Basic realm="proxy", Bearer error="insufficient_scope", scope="config"' } });
    expect(error.tokenProblem).toBe('refused');
    expect(error.message).toContain('(HTTP 401 with an empty body)');
  });

  it('a Bearer challenge without an error: the token never arrived (RFC 6750 3.1)', async () => {
    const error = await refusedBy({ status: 401, headers: { 'www-authenticate': 'Bearer realm="api"' } });
    expect(error.tokenProblem).toBe('missing');
    expect(error.message).toContain('the service received no access token, although paycfg sent one: a proxy between them may remove the Authorization header');
  });

  it('an HTML 401 page without a challenge: still a clear message, the cause unknown', async () => {
    const error = await refusedBy({ status: 401, body: '<html><body>401 Authorization Required</body></html>' });
    expect(error.tokenProblem).toBe('unknown');
    expect(error.message).toBe(
      "GET /api/v2/current: the service rejected the access token (HTTP 401, a body that is not the service's envelope). " +
        'Check that the token in PAYCFG_TOKEN or the file given with --token-file is valid, not expired and issued for this base URL; get a new one from the operator portal (against `paycfg sim`: `paycfg sim token --group <groupId>`)',
    );
  });

  it('an empty 401 body without a challenge', async () => {
    const error = await refusedBy({ status: 401 });
    expect(error.tokenProblem).toBe('unknown');
    expect(error.message).toContain('the service rejected the access token (HTTP 401 with an empty body). Check that the token');
  });

  it("a gateway's OAuth-style JSON body: its error_description is the service's word", async () => {
    const error = await refusedBy({ status: 401, body: { error: 'invalid_token', error_description: 'Token has been revoked' } });
    expect(error.tokenProblem).toBe('refused');
    expect(error.message).toContain(`(HTTP 401, a body that is not the service's envelope: "Token has been revoked")`);
  });

  it('a message that echoes the token and holds terminal controls is scrubbed and shown escaped', async () => {
    const error = await refusedBy({ status: 401, body: { code: 401, msg: `token ${TOKEN} expired\x1b[2K\nOK` } });
    expect(error.tokenProblem).toBe('expired');
    expect(error.message).not.toContain('\x1b');
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('\\e[2K\\nOK');
    expect(error.serviceMessage).not.toContain(TOKEN);
  });
});

describe('reading why from the words and the challenge', () => {
  it('parses the Bearer challenge among several, with quoted escapes and token68 schemes', () => {
    expect(parseBearerChallenge(undefined)).toBeUndefined();
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge('Negotiate abc123==, bearer error=invalid_token, error_description="say \\"hi\\", then go"')).toEqual({
      error: 'invalid_token',
      errorDescription: 'say "hi", then go',
    });
    expect(parseBearerChallenge('Bearer realm="a", error="invalid_token", Basic realm="b", error="other"')).toEqual({ error: 'invalid_token' });
    expect(parseBearerChallenge('Bearer')).toEqual({});
  });

  it.each([
    [['token expired'], undefined, 'expired'],
    [['JWT expired at 2024-01-01T00:00:00Z'], undefined, 'expired'],
    [['Invalid token format'], undefined, 'malformed'],
    [['Forbidden: bad signature'], undefined, 'malformed'],
    [['Token has been revoked'], undefined, 'refused'],
    [['access denied for this group'], undefined, 'refused'],
    [['Unauthorized: missing token'], undefined, 'missing'],
    [['', ''], { error: 'insufficient_scope' }, 'refused'],
    [[''], { error: 'invalid_request' }, 'malformed'],
    [[''], {}, 'missing'],
    [['Unauthorized'], {}, 'unknown'],
    [[''], { error: 'invalid_token' }, 'unknown'],
    [[''], undefined, 'unknown'],
  ] as const)('%j with challenge %j is %s', (texts, challenge, problem) => {
    expect(classifyTokenProblem(texts, challenge)).toBe(problem);
  });
});
