import { describe, expect, it } from 'vitest';
import { readRateLimitHeaders } from '../../src/api/rate-limit-headers.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const headers = (values: Record<string, string>) => (name: string) => values[name];

describe('readRateLimitHeaders', () => {
  it('reads the structured RateLimit field of the current draft', () => {
    expect(readRateLimitHeaders(headers({ ratelimit: '"default";r=0;t=12' }), NOW)).toEqual({ remaining: 0, resetMs: 12_000 });
  });

  it('reads the list form of the older drafts', () => {
    expect(readRateLimitHeaders(headers({ ratelimit: 'limit=100, remaining=7, reset=3' }), NOW)).toEqual({ remaining: 7, resetMs: 3000 });
  });

  it('takes the policy that binds when the structured field lists several', () => {
    expect(readRateLimitHeaders(headers({ ratelimit: '"day";r=900;t=3600, "minute";r=0;t=12' }), NOW)).toEqual({ remaining: 0, resetMs: 12_000 });
    expect(readRateLimitHeaders(headers({ ratelimit: '"minute";r=0;t=12, "day";r=0;t=3600' }), NOW)).toEqual({ remaining: 0, resetMs: 3_600_000 });
    expect(readRateLimitHeaders(headers({ ratelimit: '"minute";r=5;t=12, "day";r=90;t=3600' }), NOW)).toEqual({ remaining: 5, resetMs: 12_000 });
  });

  it('reads RateLimit-Remaining and RateLimit-Reset, fractions of a second included', () => {
    expect(readRateLimitHeaders(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '0.25' }), NOW)).toEqual({ remaining: 0, resetMs: 250 });
  });

  it('reads X-RateLimit-Reset as delta seconds or, when it is plainly one, as an epoch time', () => {
    expect(readRateLimitHeaders(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' }), NOW)).toEqual({ remaining: 0, resetMs: 5000 });
    const epoch = String(NOW / 1000 + 30);
    expect(readRateLimitHeaders(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': epoch }), NOW)).toEqual({ remaining: 0, resetMs: 30_000 });
    expect(readRateLimitHeaders(headers({ 'x-ratelimit-reset': String(NOW / 1000 - 30) }), NOW)).toEqual({ resetMs: 0 });
    expect(readRateLimitHeaders(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW + 2500) }), NOW)).toEqual({ remaining: 0, resetMs: 2500 });
  });

  it('prefers the standard spellings over the X- ones', () => {
    expect(
      readRateLimitHeaders(headers({ 'ratelimit-remaining': '3', 'ratelimit-reset': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9' }), NOW),
    ).toEqual({ remaining: 3, resetMs: 1000 });
  });

  it('ignores what it cannot read instead of guessing', () => {
    expect(readRateLimitHeaders(headers({}), NOW)).toEqual({});
    expect(readRateLimitHeaders(headers({ 'ratelimit-remaining': '-1', 'ratelimit-reset': 'soon' }), NOW)).toEqual({});
    // A standard reset is always a delay: an epoch there is not believed.
    expect(readRateLimitHeaders(headers({ 'ratelimit-reset': '1800000000' }), NOW)).toEqual({});
    expect(readRateLimitHeaders(headers({ ratelimit: '"default"' }), NOW)).toEqual({});
  });
});
