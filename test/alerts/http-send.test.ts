import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, retryAfterMs, sendWithRetries } from '../../src/alerts/http-send.js';
import { startReceiver } from './receiver.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

function send(path: string, waits: number[]) {
  return sendWithRetries({
    method: 'POST',
    url: `${receiver.url}${path}`,
    body: '{"text":"hi"}',
    contentType: 'application/json',
    attempts: 3,
    backoffMs: (attempt) => attempt * 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
    timeoutMs: 5000,
  });
}

describe('sendWithRetries', () => {
  it('retries a 5xx with the backoff, and stops at the first success', async () => {
    receiver.received.length = 0;
    receiver.answer({ status: 500 }, { status: 503 }, { status: 204 });
    const waits: number[] = [];
    expect(await send('/hook/a', waits)).toEqual({ ok: true, attempts: 3 });
    expect(waits).toEqual([200, 300]);
    expect(receiver.received.map((entry) => entry.body)).toEqual(['{"text":"hi"}', '{"text":"hi"}', '{"text":"hi"}']);
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
  });

  it("waits a 429's Retry-After instead of the backoff", async () => {
    receiver.answer({ status: 429, headers: { 'retry-after': '7' } }, { status: 200 });
    const waits: number[] = [];
    expect(await send('/hook/b', waits)).toEqual({ ok: true, attempts: 2 });
    expect(waits).toEqual([7000]);
  });

  it('does not retry a 4xx other than 429', async () => {
    receiver.received.length = 0;
    receiver.answer({ status: 404 });
    const waits: number[] = [];
    expect(await send('/hook/c', waits)).toEqual({ ok: false, attempts: 1, error: 'HTTP 404 (not retried)' });
    expect(waits).toEqual([]);
    expect(receiver.received).toHaveLength(1);
  });

  it('gives up after every attempt, saying why without the URL', async () => {
    receiver.answer({ status: 500 });
    const waits: number[] = [];
    expect(await send('/hook/secret-path', waits)).toEqual({ ok: false, attempts: 3, error: 'HTTP 500' });
    expect(waits).toEqual([200, 300]);
  });

  it('retries a network error and names it by its code', async () => {
    const gone = await startReceiver();
    const url = gone.url;
    await gone.close();
    const waits: number[] = [];
    const outcome = await sendWithRetries({ method: 'PUT', url: `${url}/secret-path`, body: 'x', contentType: 'text/plain', attempts: 2, backoffMs: () => 1, sleep: async (ms) => void waits.push(ms), timeoutMs: 2000 });
    expect(outcome).toEqual({ ok: false, attempts: 2, error: 'ECONNREFUSED' });
    expect(waits).toEqual([1]);
  });

  it('reads Retry-After as seconds or a date, capped', () => {
    const now = Date.parse('2026-11-28T17:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 17:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('3600', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
