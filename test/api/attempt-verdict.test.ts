import { describe, expect, it } from 'vitest';
import { judgeAttempt, pacingAnswerOf, retryOutcomeOf, type AttemptContext, type AttemptResult } from '../../src/api/attempt-verdict.js';
import {
  ApiError,
  AuthenticationError,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
} from '../../src/api/errors.js';
import { classifyNetworkError } from '../../src/api/network-failure.js';

/** The wire-to-error mapping, case by case, without a socket (the HTTP suites cover the same paths end to end). */

const NO_RETRY = { retry: false, reason: 'not-retryable' } as const;

function ctx(method: string, overrides: Partial<AttemptContext> = {}): AttemptContext {
  return {
    ref: { method, path: '/api/openapi/v1/x' },
    endpoint: `${method} /api/openapi/v1/x`,
    data: { kind: 'none' },
    attempt: 1,
    decision: NO_RETRY,
    uncertain: false,
    strictApi: false,
    timeouts: { connectMs: 1, headersMs: 2, bodyMs: 3 },
    host: 'pay.example',
    baseUrl: 'https://pay.example',
    allowInsecureHttp: false,
    clean: (text) => text.replaceAll('SECRET', '[redacted]'),
    ...overrides,
  };
}

const json = (status: number, body: unknown, statusText = ''): AttemptResult => ({
  kind: 'response',
  status,
  statusText,
  contentType: 'application/json',
  text: JSON.stringify(body),
});

describe('judgeAttempt', () => {
  it('returns data of a success envelope, and undefined when data is absent', () => {
    expect(judgeAttempt(json(200, { code: 0, msg: 'SUCCESS', data: { a: 1 } }), ctx('GET'))).toEqual({
      status: 200,
      code: 0,
      outcome: 'ok',
      uncertain: false,
      data: { a: 1 },
    });
    expect(judgeAttempt(json(200, { code: 0, msg: 'SUCCESS' }), ctx('PUT')).data).toBeUndefined();
  });

  it.each([
    [json(200, { code: 10000, msg: 'bad' }), ApiError],
    [json(400, { code: 10000, msg: 'bad' }), ApiError],
    [json(200, { code: 13310, msg: 'use the new API' }), LegacyApiRejectedError],
    [json(200, { code: 13000, msg: 'Owner info invalid' }), OwnerInfoInvalidError],
    [json(200, { code: 401, msg: 'expired' }), AuthenticationError],
    [json(401, { code: 401, msg: 'no' }), AuthenticationError],
    [{ kind: 'response', status: 401, statusText: '', contentType: '', text: '' } as AttemptResult, AuthenticationError],
    [json(429, { code: 429, msg: 'slow' }), RateLimitedError],
    [json(503, { code: 10001, msg: 'down' }), TransportError],
    [json(404, { code: 0, msg: 'SUCCESS' }), TransportError],
    [json(200, [1, 2]), WireFormatError],
    [{ kind: 'response', status: 200, statusText: 'OK', contentType: 'text/html', text: '<html>' } as AttemptResult, TransportError],
  ])('maps a GET answered %j to %o', (result, type) => {
    expect(judgeAttempt(result, ctx('GET')).error).toBeInstanceOf(type);
  });

  it('never lets a create look like a clean failure when it may have happened', () => {
    const post = ctx('POST', { decision: { retry: false, reason: 'unsafe-method' } });
    expect(judgeAttempt(json(502, {}), post).error).toBeInstanceOf(OutcomeUnknownError);
    expect(judgeAttempt(json(500, { code: 10001, msg: 'oops' }), post).error).toBeInstanceOf(OutcomeUnknownError);
    expect(judgeAttempt(json(200, { ok: true }), post).error).toBeInstanceOf(OutcomeUnknownError);
    const bodyTimeout = { kind: 'failure', ...classifyNetworkError({ code: 'UND_ERR_BODY_TIMEOUT' }, true) } as AttemptResult;
    expect(judgeAttempt(bodyTimeout, post)).toMatchObject({ outcome: 'timeout', uncertain: true, error: expect.any(OutcomeUnknownError) });
    // A refusal before any work is a known outcome.
    expect(judgeAttempt(json(429, {}), post).error).toBeInstanceOf(RateLimitedError);
    expect(judgeAttempt(json(200, { code: 10000, msg: 'name exist' }), post).error).toBeInstanceOf(ApiError);
    const refused = { kind: 'failure', ...classifyNetworkError({ code: 'ECONNREFUSED' }, false) } as AttemptResult;
    const error = judgeAttempt(refused, post).error;
    expect(error).toBeInstanceOf(TransportError);
    expect(error?.message).toContain('the request was not sent');
  });

  it('asks for a retry with the policy delay and remembers an uncertain attempt', () => {
    const retry = ctx('DELETE', { decision: { retry: true, delayMs: 40 } });
    const dropped = { kind: 'failure', ...classifyNetworkError({ code: 'UND_ERR_SOCKET' }, false) } as AttemptResult;
    expect(judgeAttempt(dropped, retry)).toEqual({ outcome: 'network-error', status: null, retryInMs: 40, uncertain: true });
    // Only 429 is known to come before any work; a 503, like any 5xx, may follow a write.
    expect(judgeAttempt(json(429, {}), retry)).toMatchObject({ retryInMs: 40, uncertain: false });
    expect(judgeAttempt(json(503, {}), retry)).toMatchObject({ retryInMs: 40, uncertain: true });
    expect(judgeAttempt(json(502, {}), retry)).toMatchObject({ retryInMs: 40, uncertain: true });
    const after = judgeAttempt(json(200, { code: 10000, msg: 'not found' }), ctx('DELETE', { uncertain: true, attempt: 2 }));
    expect((after.error as ApiError).afterUncertainAttempt).toBe(true);
  });

  describe('code 10001 System Error', () => {
    const systemError = (status = 200) => json(status, { code: 10001, msg: 'System Error' });

    it('retries a read answered 10001, whatever the HTTP status, as a service fault that may have followed a write', () => {
      for (const status of [200, 400, 500]) {
        expect(judgeAttempt(systemError(status), ctx('GET', { decision: { retry: true, delayMs: 40 } }))).toEqual({
          status,
          code: 10001,
          outcome: 'service-error',
          retryInMs: 40,
          uncertain: true,
        });
      }
    });

    it('reports a read whose 10001 outlasts the retries as an outage, not a refusal', () => {
      const verdict = judgeAttempt(systemError(), ctx('GET', { attempt: 5, decision: { retry: false, reason: 'attempts-exhausted' } }));
      expect(verdict.error).toBeInstanceOf(TransportError);
      expect(verdict.error).not.toBeInstanceOf(ApiError);
      expect(verdict.error).toMatchObject({ details: { serviceCode: 10001, attempts: 5 } });
      expect(verdict.error?.message).toContain('fault on its side (code 10001: System Error, HTTP 200)');
    });

    it('makes a create answered 10001 outcome-unknown, so that it is read back by its key', () => {
      for (const status of [200, 500]) {
        const verdict = judgeAttempt(systemError(status), ctx('POST', { decision: { retry: false, reason: 'unsafe-method' } }));
        expect(verdict).toMatchObject({ outcome: 'service-error', uncertain: true, error: expect.any(OutcomeUnknownError) });
      }
    });

    it('hands the envelope code to the retry policy and counts 10001 as load for the pacing', () => {
      expect(retryOutcomeOf(systemError(), 250)).toEqual({ kind: 'http', status: 200, retryAfter: undefined, rateLimitResetMs: 250, envelopeCode: 10001 });
      expect(retryOutcomeOf(json(502, '<html>'))).toEqual({ kind: 'http', status: 502, retryAfter: undefined, rateLimitResetMs: undefined });
      const dropped = { kind: 'failure', ...classifyNetworkError({ code: 'UND_ERR_SOCKET' }, false) } as AttemptResult;
      expect(retryOutcomeOf(dropped)).toEqual({ kind: 'no-response' });
      expect(pacingAnswerOf(systemError())).toBe('overloaded');
      expect(pacingAnswerOf(json(503, {}))).toBe('overloaded');
      expect(pacingAnswerOf(json(429, {}))).toBe('throttled');
      expect(pacingAnswerOf(json(200, { code: 10000, msg: 'bad' }))).toBe('ok');
      expect(pacingAnswerOf(json(500, { code: 10002, msg: 'other' }))).toBe('ok');
      expect(pacingAnswerOf(dropped)).toBe('none');
    });
  });

  it('scrubs secrets from service messages', () => {
    const error = judgeAttempt(json(200, { code: 10000, msg: 'token SECRET rejected' }), ctx('GET')).error as ApiError;
    expect(error.serviceMessage).toBe('token [redacted] rejected');
  });

  it('checks the data shape loosely by default and fully with strict mode', () => {
    const page = { kind: 'page', schema: 'merchant' } as const;
    const records = json(200, { code: 0, msg: 'SUCCESS', data: { total: 1, current: 1, hasNext: false, records: [{ mchId: 'M1' }] } });
    expect(judgeAttempt(records, ctx('GET', { data: page })).outcome).toBe('ok');
    const strict = judgeAttempt(records, ctx('GET', { data: page, strictApi: true }));
    expect(strict.error).toBeInstanceOf(WireFormatError);
    expect((strict.error as WireFormatError).pointer).toBe('/data/records/0/mchName');
  });
});
