import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, OutcomeUnknownError, TransportError, type ApiClient, type RequestLogEvent } from '../../src/api/index.js';
import { retryOutcomeOf, type AttemptResult } from '../../src/api/attempt-verdict.js';
import { classifyNetworkError, describeCertificateProblem } from '../../src/api/network-failure.js';
import { decideRetry, defaultRetrySettings } from '../../src/api/retry-policy.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { emvBody, FAST_RETRY } from './helpers/sim-client.js';

/**
 * A server whose TLS certificate is refused fails the same way on every attempt: the client makes
 * one, says what is wrong with the certificate and what to do (never to turn verification off),
 * and a create is a plain failure, since the handshake failed before the request was written.
 * Against a real HTTPS server with a self-signed certificate that openssl makes for the test.
 */

const openssl = spawnSync('openssl', ['version'], { encoding: 'utf8' });
const haveOpenssl = openssl.status === 0;
if (!haveOpenssl) console.warn('tls-certificate.test.ts: skipping the HTTPS server tests: the openssl command is not available to make a certificate');

describe.skipIf(!haveOpenssl)('a self-signed certificate, over a real TLS socket', () => {
  let dir: string;
  let server: Server;
  let url: string;
  let received = 0;
  let client: (ApiClient & { events: RequestLogEvent[] }) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paycfg-tls-'));
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_request, response) => {
      received += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"code":0,"msg":"SUCCESS","data":{}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  function newClient(): ApiClient & { events: RequestLogEvent[] } {
    const events: RequestLogEvent[] = [];
    const created = createApiClient({ baseUrl: url, token: 'tls-test-token', retry: FAST_RETRY, random: () => 0.5, onRequest: (event) => events.push(event) });
    client = Object.assign(created, { events });
    return client;
  }

  async function caught(promise: Promise<unknown>): Promise<Error> {
    return promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: unknown) => error as Error,
    );
  }

  it('a read fails after one attempt, naming the problem and NODE_EXTRA_CA_CERTS', async () => {
    const c = newClient();
    const error = await caught(c.owner());
    expect(error).toBeInstanceOf(TransportError);
    const host = new URL(url).host;
    expect(error.message).toBe(
      `GET /api/v2/current: the TLS certificate of ${host} is self-signed or issued by a certificate authority this machine ` +
        'does not trust (DEPTH_ZERO_SELF_SIGNED_CERT); the request was not sent. ' +
        "If the service uses a private or corporate CA, give Node that CA's certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem. " +
        'Otherwise this may not be the service: check the base URL',
    );
    expect(c.events).toHaveLength(1);
    expect(c.events[0]).toMatchObject({ attempt: 1, status: null, outcome: 'network-error' });
    expect(c.events[0]?.retryInMs).toBeUndefined();
    expect(c.stats()).toMatchObject({ requests: 1, retries: 0 });
    expect(received).toBe(0);
  });

  it('a create is a plain failure, not an unknown outcome: nothing was sent', async () => {
    const c = newClient();
    const error = await caught(c.emvConfigs.create(emvBody()));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    expect(error.message).toContain('(DEPTH_ZERO_SELF_SIGNED_CERT); the request was not sent. If the service uses a private');
    expect(c.stats().requests).toBe(1);
    expect(received).toBe(0);
  });

  it('the CLI prints the same advice, and never proposes turning verification off', async () => {
    const io = captureIo({ env: { PAYCFG_BASE_URL: url, PAYCFG_TOKEN: 'tls-test-token' } });
    const code = await main(['export'], io);
    expect(code).toBe(1);
    expect(io.err()).toContain('NODE_EXTRA_CA_CERTS=/path/to/ca.pem');
    expect(io.err()).not.toMatch(/NODE_TLS_REJECT_UNAUTHORIZED|rejectUnauthorized|--insecure\b|disable/i);
    expect(received).toBe(0);
  });
});

describe('recognising a refused certificate', () => {
  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'untrusted'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted'],
    ['CERT_HAS_EXPIRED', 'expired'],
    ['CERT_NOT_YET_VALID', 'not-yet-valid'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-host'],
    ['CERT_REVOKED', 'invalid'],
  ] as const)('%s is a refused certificate (%s), not sent and never retried', (code, problem) => {
    const failure = classifyNetworkError({ message: 'fetch failed', cause: { code } }, false);
    expect(failure).toMatchObject({ errorCode: code, certificate: problem, sent: false, timeout: false, plainHttpPeer: false });
    const outcome = retryOutcomeOf({ kind: 'failure', ...failure } as AttemptResult);
    expect(outcome).toEqual({ kind: 'certificate-refused' });
    for (const method of ['GET', 'PUT', 'DELETE', 'POST']) {
      expect(decideRetry({ method, attempt: 1, outcome, elapsedMs: 0, nowMs: 0, random: () => 0.5 }, defaultRetrySettings), method).toEqual({
        retry: false,
        reason: 'not-retryable',
      });
    }
  });

  it('a connection reset is still a transient failure', () => {
    const failure = classifyNetworkError({ code: 'ECONNRESET' }, false);
    expect(failure.certificate).toBeUndefined();
    expect(retryOutcomeOf({ kind: 'failure', ...failure } as AttemptResult)).toEqual({ kind: 'no-response' });
  });

  it('says what to do for each problem, never to turn verification off', () => {
    expect(describeCertificateProblem('expired', 'CERT_HAS_EXPIRED', 'pay.example')).toBe(
      "the TLS certificate of pay.example has expired (CERT_HAS_EXPIRED); the request was not sent. The service's operator must renew it; " +
        "check too that this machine's clock is right",
    );
    expect(describeCertificateProblem('wrong-host', 'ERR_TLS_CERT_ALTNAME_INVALID', '10.0.0.5:8443')).toBe(
      'the TLS certificate the server presented is not issued for 10.0.0.5:8443 (ERR_TLS_CERT_ALTNAME_INVALID); the request was not sent. ' +
        'Check the host name in the base URL: use the name the service publishes, the one its certificate is issued for',
    );
    for (const problem of ['untrusted', 'expired', 'not-yet-valid', 'wrong-host', 'invalid'] as const) {
      expect(describeCertificateProblem(problem, 'X', 'h')).not.toMatch(/NODE_TLS_REJECT_UNAUTHORIZED|rejectUnauthorized|disable|insecure/i);
    }
  });
});
