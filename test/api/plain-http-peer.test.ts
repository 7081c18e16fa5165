import { describe, expect, it } from 'vitest';
import { decideRetry, defaultRetrySettings } from '../../src/api/retry-policy.js';
import { TransportError } from '../../src/api/index.js';
import { classifyNetworkError, describePlainHttpPeer } from '../../src/api/network-failure.js';
import { retryOutcomeOf, type AttemptResult } from '../../src/api/attempt-verdict.js';
import { emvBody, useSimulator } from './helpers/sim-client.js';

/**
 * `https://` to a server that speaks plain HTTP (the simulator): the TLS handshake fails the same
 * way every time, so the client stops after one attempt and proposes the http:// URL.
 */

const h = useSimulator();

async function caught(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );
}

describe('https:// to a plain-HTTP server, over a real socket', () => {
  it('a read fails after one attempt, saying the server does not speak TLS and proposing http://', async () => {
    const tlsUrl = h.sim.url.replace(/^http:/, 'https:');
    const client = h.client({ baseUrl: tlsUrl });
    const error = await caught(client.owner());
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toBe(`GET /api/v2/current: the server at ${new URL(h.sim.url).host} does not speak TLS: did you mean ${h.sim.url}?`);
    expect(client.events).toHaveLength(1);
    expect(client.events[0]).toMatchObject({ attempt: 1, status: null, outcome: 'network-error' });
    expect(client.events[0]?.retryInMs).toBeUndefined();
    expect(client.stats()).toMatchObject({ requests: 1, retries: 0 });
  });

  it('a create is a plain failure, not an unknown outcome: nothing was sent', async () => {
    await h.sim.admin.resetStats();
    const client = h.client({ baseUrl: `${h.sim.url.replace(/^http:/, 'https:')}/` });
    const error = await caught(client.emvConfigs.create(emvBody()));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toContain('does not speak TLS: did you mean');
    expect(client.stats().requests).toBe(1);
    expect((await h.sim.admin.stats()).total).toBe(0);
  });

  it('keeps the path prefix of the base URL in the proposal', async () => {
    const client = h.client({ baseUrl: `${h.sim.url.replace(/^http:/, 'https:')}/gateway` });
    const error = await caught(client.owner());
    expect(error.message).toContain(`did you mean ${h.sim.url}/gateway?`);
  });
});

describe('recognising a plain-HTTP answer to the TLS handshake', () => {
  it('reads the OpenSSL code or text anywhere in the cause chain, and the request as not sent', () => {
    const byCode = classifyNetworkError({ message: 'fetch failed', cause: { code: 'ERR_SSL_WRONG_VERSION_NUMBER' } }, false);
    expect(byCode).toMatchObject({ plainHttpPeer: true, sent: false });
    const byText = classifyNetworkError(new Error('outer', { cause: { code: 'EPROTO', message: 'SSL routines:ssl3_get_record:packet length too long' } }), false);
    expect(byText).toMatchObject({ errorCode: 'EPROTO', plainHttpPeer: true, sent: false });
    expect(classifyNetworkError({ code: 'ECONNRESET' }, false)).toMatchObject({ plainHttpPeer: false, sent: true });
    const cyclic: { code: string; cause?: unknown } = { code: 'UND_ERR_SOCKET' };
    cyclic.cause = cyclic;
    expect(classifyNetworkError(cyclic, false).plainHttpPeer).toBe(false);
  });

  it('is never retried, whatever the method', () => {
    const failure = { kind: 'failure', ...classifyNetworkError({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }, false) } as AttemptResult;
    const outcome = retryOutcomeOf(failure);
    expect(outcome).toEqual({ kind: 'plain-http-peer' });
    for (const method of ['GET', 'PUT', 'DELETE', 'POST']) {
      const decision = decideRetry({ method, attempt: 1, outcome, elapsedMs: 0, nowMs: 0, random: () => 0.5 }, defaultRetrySettings);
      expect(decision, method).toEqual({ retry: false, reason: 'not-retryable' });
    }
  });

  it('says when the http:// URL needs --insecure-http, and not when it is loopback or already allowed', () => {
    const remote = describePlainHttpPeer({ host: 'pay.example:8443', baseUrl: 'https://pay.example:8443/api', allowInsecureHttp: false });
    expect(remote).toBe(
      'the server at pay.example:8443 does not speak TLS: did you mean http://pay.example:8443/api? Plain http:// sends the access token ' +
        'unencrypted, so paycfg accepts it for a host other than this machine only with --insecure-http, on a network you trust',
    );
    expect(describePlainHttpPeer({ host: 'pay.example', baseUrl: 'https://pay.example', allowInsecureHttp: true })).toBe(
      'the server at pay.example does not speak TLS: did you mean http://pay.example?',
    );
    expect(describePlainHttpPeer({ host: 'localhost:8080', baseUrl: 'https://localhost:8080', allowInsecureHttp: false })).not.toContain('--insecure-http');
    expect(describePlainHttpPeer({ host: '[::1]:8080', baseUrl: 'https://[::1]:8080', allowInsecureHttp: false })).not.toContain('--insecure-http');
  });
});
