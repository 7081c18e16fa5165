import { describe, expect, it } from 'vitest';
import {
  backoffCeilingMs,
  decideRetry,
  defaultRetrySettings,
  isTransient,
  parseRetryAfter,
  type RetryInput,
} from '../../src/api/retry-policy.js';

const NOW = Date.parse('2025-01-01T00:00:00Z');

function input(overrides: Partial<RetryInput>): RetryInput {
  return {
    method: 'GET',
    attempt: 1,
    outcome: { kind: 'http', status: 503 },
    elapsedMs: 0,
    nowMs: NOW,
    random: () => 0.5,
    ...overrides,
  };
}

describe('retry policy: what is retried', () => {
  it.each(['GET', 'PUT', 'DELETE', 'get'])('retries %s after no response', (method) => {
    expect(decideRetry(input({ method, outcome: { kind: 'no-response' } })).retry).toBe(true);
  });

  it.each([429, 500, 502, 503, 504, 599])('retries GET after HTTP %i', (status) => {
    expect(decideRetry(input({ outcome: { kind: 'http', status } })).retry).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('never retries HTTP %i', (status) => {
    expect(decideRetry(input({ outcome: { kind: 'http', status } }))).toEqual({ retry: false, reason: 'not-retryable' });
  });

  it('reports a 2xx as done', () => {
    expect(decideRetry(input({ outcome: { kind: 'http', status: 200 } }))).toEqual({ retry: false, reason: 'succeeded' });
  });

  it.each([{ kind: 'no-response' } as const, { kind: 'http', status: 503 } as const, { kind: 'http', status: 500 } as const])(
    'never repeats a POST that may have been carried out (%o)',
    (outcome) => {
      const decision = decideRetry(input({ method: 'POST', outcome }));
      expect(decision.retry).toBe(false);
      expect(decision).toMatchObject({ reason: 'unsafe-method' });
    },
  );

  it.each(['POST', 'GET', 'PUT', 'DELETE'])('repeats a %s answered 429, honouring Retry-After', (method) => {
    expect(decideRetry(input({ method, outcome: { kind: 'http', status: 429, retryAfter: '3' } }))).toEqual({
      retry: true,
      delayMs: 3000,
      retryAfterMs: 3000,
    });
  });

  it('does not count 429s as attempts spent, but still stops at the elapsed budget', () => {
    const settings = { ...defaultRetrySettings, maxAttempts: 3 };
    const throttled = { kind: 'http', status: 429 } as const;
    expect(decideRetry(input({ attempt: 10, rateLimitedAttempts: 10, outcome: throttled }), settings).retry).toBe(true);
    // Two answered attempts and eight refusals: the third answered failure is the last.
    expect(decideRetry(input({ attempt: 11, rateLimitedAttempts: 8 }), settings)).toEqual({ retry: false, reason: 'attempts-exhausted' });
    expect(decideRetry(input({ attempt: 10, rateLimitedAttempts: 10, outcome: throttled, elapsedMs: 30_000 }), settings)).toEqual({
      retry: false,
      reason: 'budget-exhausted',
    });
  });

  it('on a 429 without Retry-After, waits for the reset the RateLimit headers announce', () => {
    expect(decideRetry(input({ method: 'POST', outcome: { kind: 'http', status: 429, rateLimitResetMs: 1500 } }))).toEqual({
      retry: true,
      delayMs: 1500,
      retryAfterMs: 1500,
    });
    // Retry-After wins; and a reset says nothing about when a 503 ends.
    expect(decideRetry(input({ outcome: { kind: 'http', status: 429, retryAfter: '2', rateLimitResetMs: 1500 } }))).toMatchObject({ delayMs: 2000 });
    expect(decideRetry(input({ outcome: { kind: 'http', status: 503, rateLimitResetMs: 1500 } }))).toEqual({ retry: true, delayMs: 100 });
  });

  describe('code 10001 System Error (a fault of the service, not a refusal)', () => {
    it.each([200, 400, 500])('retries GET, PUT and DELETE answered 10001 with HTTP %i', (status) => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        expect(decideRetry(input({ method, outcome: { kind: 'http', status, envelopeCode: 10001 } })), method).toEqual({ retry: true, delayMs: 100 });
      }
    });

    it('never repeats a POST answered 10001: it may have been carried out', () => {
      expect(decideRetry(input({ method: 'POST', outcome: { kind: 'http', status: 200, envelopeCode: 10001 } }))).toEqual({
        retry: false,
        reason: 'unsafe-method',
      });
    });

    it('leaves other envelope codes answered 200 as done, and stops 10001 at the attempt bound', () => {
      expect(decideRetry(input({ outcome: { kind: 'http', status: 200, envelopeCode: 10000 } }))).toEqual({ retry: false, reason: 'succeeded' });
      expect(decideRetry(input({ outcome: { kind: 'http', status: 200, envelopeCode: 0 } }))).toEqual({ retry: false, reason: 'succeeded' });
      expect(decideRetry(input({ attempt: 5, outcome: { kind: 'http', status: 200, envelopeCode: 10001 } }))).toEqual({
        retry: false,
        reason: 'attempts-exhausted',
      });
    });

    it('is transient, unlike 10000', () => {
      expect(isTransient({ kind: 'http', status: 200, envelopeCode: 10001 })).toBe(true);
      expect(isTransient({ kind: 'http', status: 400, envelopeCode: 10000 })).toBe(false);
    });

    it('is not retried under HTTP 501: what is not implemented stays so', () => {
      expect(isTransient({ kind: 'http', status: 501, envelopeCode: 10001 })).toBe(false);
      expect(decideRetry(input({ outcome: { kind: 'http', status: 501, envelopeCode: 10001 } }))).toEqual({ retry: false, reason: 'not-retryable' });
    });
  });

  it('classifies transient outcomes independently of the method', () => {
    expect(isTransient({ kind: 'no-response' })).toBe(true);
    expect(isTransient({ kind: 'http', status: 501 })).toBe(false);
    expect(isTransient({ kind: 'http', status: 500 })).toBe(true);
    expect(isTransient({ kind: 'http', status: 418 })).toBe(false);
  });
});

describe('retry policy: bounds', () => {
  it('stops after maxAttempts attempts', () => {
    const settings = { ...defaultRetrySettings, maxAttempts: 3 };
    expect(decideRetry(input({ attempt: 2 }), settings).retry).toBe(true);
    expect(decideRetry(input({ attempt: 3 }), settings)).toEqual({ retry: false, reason: 'attempts-exhausted' });
  });

  it('stops when the elapsed budget is spent', () => {
    const settings = { ...defaultRetrySettings, maxElapsedMs: 1000 };
    expect(decideRetry(input({ elapsedMs: 1000 }), settings)).toEqual({ retry: false, reason: 'budget-exhausted' });
  });

  it('does not start a jittered wait that would end past the budget', () => {
    const settings = { ...defaultRetrySettings, maxElapsedMs: 1000, baseDelayMs: 800 };
    // ceiling 800 ms, random 0.9 -> 720 ms > 100 ms left
    expect(decideRetry(input({ elapsedMs: 900, random: () => 0.9 }), settings)).toEqual({
      retry: false,
      reason: 'budget-exhausted',
    });
    expect(decideRetry(input({ elapsedMs: 900, random: () => 0.1 }), settings)).toEqual({ retry: true, delayMs: 80 });
  });

  it('default settings are 5 attempts, 30 s, 200 ms base, 5 s cap', () => {
    expect(defaultRetrySettings).toEqual({ maxAttempts: 5, maxElapsedMs: 30_000, baseDelayMs: 200, maxDelayMs: 5_000 });
  });
});

describe('retry policy: delay', () => {
  it('uses full jitter over an exponential ceiling capped at maxDelay', () => {
    const s = defaultRetrySettings;
    expect([1, 2, 3, 4, 5, 6, 40].map((attempt) => backoffCeilingMs(attempt, s))).toEqual([200, 400, 800, 1600, 3200, 5000, 5000]);
    expect(decideRetry(input({ attempt: 3, random: () => 0.5 }))).toEqual({ retry: true, delayMs: 400 });
    expect(decideRetry(input({ attempt: 3, random: () => 0 }))).toEqual({ retry: true, delayMs: 0 });
    expect(decideRetry(input({ attempt: 3, random: () => 0.999 }))).toEqual({ retry: true, delayMs: 799 });
  });

  it('clamps a random source that leaves [0, 1)', () => {
    expect(decideRetry(input({ random: () => 7 }))).toEqual({ retry: true, delayMs: 200 });
    expect(decideRetry(input({ random: () => -1 }))).toEqual({ retry: true, delayMs: 0 });
  });

  it('lets Retry-After in seconds win over the computed delay, even above maxDelay', () => {
    expect(decideRetry(input({ outcome: { kind: 'http', status: 429, retryAfter: '7' } }))).toEqual({
      retry: true,
      delayMs: 7000,
      retryAfterMs: 7000,
    });
  });

  it('honours Retry-After as an HTTP date', () => {
    const at = new Date(NOW + 4000).toUTCString();
    expect(decideRetry(input({ outcome: { kind: 'http', status: 503, retryAfter: at } }))).toEqual({
      retry: true,
      delayMs: 4000,
      retryAfterMs: 4000,
    });
  });

  it('gives up when Retry-After asks for more than the remaining budget', () => {
    const settings = { ...defaultRetrySettings, maxElapsedMs: 10_000 };
    expect(decideRetry(input({ elapsedMs: 5000, outcome: { kind: 'http', status: 429, retryAfter: '6' } }), settings)).toEqual({
      retry: false,
      reason: 'retry-after-exceeds-budget',
      retryAfterMs: 6000,
    });
  });

  it('falls back to backoff when Retry-After is unreadable', () => {
    expect(decideRetry(input({ outcome: { kind: 'http', status: 503, retryAfter: 'soon-ish 1.5' } }))).toEqual({
      retry: true,
      delayMs: 100,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 12 ', NOW)).toBe(12_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Wednesday, 01-Jan-25 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Wed Jan  1 00:00:30 2025', NOW)).toBe(30_000);
  });

  it('treats a date in the past as no wait and rejects garbage', () => {
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('not a date', NOW)).toBeUndefined();
  });
});
