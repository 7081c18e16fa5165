import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter, MAX_QUOTA_PAUSE_MS, type LimiterTimers, type Permit } from '../../src/api/adaptive-limiter.js';

/** A clock that moves only when the test says, with the timers it owes run in order. */
function fakeTimers() {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  const api: LimiterTimers & { advance(ms: number): void; readonly time: number } = {
    now: () => now,
    schedule: (fn, ms) => {
      const timer = { at: now + ms, fn, live: true };
      timers.push(timer);
      return { cancel: () => void (timer.live = false) };
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.live && t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        now = due.at;
        due.live = false;
        due.fn();
      }
      timers = timers.filter((t) => t.live);
      now = end;
    },
    get time() {
      return now;
    },
  };
  return api;
}

/** Acquires `n` permits and records the clock time each was granted at. */
function request(limiter: AdaptiveLimiter, clock: { readonly time: number }, n: number) {
  const granted: Array<{ at: number; permit: Permit }> = [];
  for (let i = 0; i < n; i += 1) void limiter.acquire().then((permit) => granted.push({ at: clock.time, permit }));
  return granted;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Moves the clock a millisecond at a time, letting granted requests record when they started. */
async function elapse(clock: { advance(ms: number): void }, ms: number): Promise<void> {
  for (let i = 0; i < ms; i += 1) {
    clock.advance(1);
    await settle();
  }
}

describe('adaptive limiter: the window', () => {
  it('starts at the maximum and never lets more requests start than the window', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(4, clock);
    const granted = request(limiter, clock, 10);
    await settle();
    expect(granted).toHaveLength(4);
    expect(limiter.state()).toMatchObject({ inFlight: 4, queued: 6, window: 4 });
    granted[0]!.permit.release('ok');
    await settle();
    expect(granted).toHaveLength(5);
  });

  it('halves on a 429 or a 503, once per episode, never below one, and widens by one per window of answers', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(8, clock);
    const granted = request(limiter, clock, 8);
    await settle();
    clock.advance(10);
    // Eight requests sent at the old pace all come back refused: one cut, not eight.
    for (const { permit } of granted) permit.release('overloaded');
    expect(limiter.state().window).toBe(4);

    const next = request(limiter, clock, 4);
    await settle();
    clock.advance(10);
    next[0]!.permit.release('overloaded');
    expect(limiter.state().window).toBe(2);
    next[1]!.permit.release('overloaded');
    expect(limiter.state().window).toBe(2);

    for (const p of next.slice(2)) p.permit.release('ok');
    expect(limiter.state().window).toBeCloseTo(2 + 1 / 2 + 1 / 2.5, 5);
  });

  it('never grows past the maximum, and a missing answer changes nothing', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(2, clock);
    for (let i = 0; i < 20; i += 1) {
      const granted = request(limiter, clock, 1);
      await settle();
      granted[0]!.permit.release(i % 2 === 0 ? 'ok' : 'none');
    }
    expect(limiter.state()).toMatchObject({ window: 2, rate: Number.POSITIVE_INFINITY, inFlight: 0 });
  });
});

describe('adaptive limiter: the send rate', () => {
  it('is unlimited until a 429, then paces at 0.7 of what was sent over the last second', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(50, clock);
    const burst = request(limiter, clock, 20);
    await settle();
    expect(burst.every((g) => g.at === 0)).toBe(true);
    clock.advance(100);
    burst[19]!.permit.release('throttled');
    expect(limiter.state().rate).toBeCloseTo(14, 5);

    for (const { permit } of burst.slice(0, 19)) permit.release('throttled');
    expect(limiter.state().rate).toBeCloseTo(14, 5);
    const paced = request(limiter, clock, 5);
    await elapse(clock, 1000);
    expect(paced).toHaveLength(5);
    const gaps = paced.slice(1).map((g, i) => g.at - paced[i]!.at);
    // 1000/14 = 71.4 ms apart, on a clock that moves a millisecond at a time.
    for (const gap of gaps) expect([71, 72]).toContain(gap);
  });

  it('grows the paced rate with time while it holds requests back, by 5% a second and at least half a request a second', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(64, clock);
    const burst = request(limiter, clock, 40);
    await settle();
    clock.advance(100);
    burst[0]!.permit.release('throttled');
    expect(limiter.state().rate).toBeCloseTo(28, 5);
    // Answers of requests sent before the cut: the window grows, the rate has held nothing back yet.
    for (const { permit } of burst.slice(1)) permit.release('ok');
    expect(limiter.state().rate).toBeCloseTo(28, 5);

    // More requests wait on the rate for a second; the next answer grows it by 5% of 28 a second.
    const paced = request(limiter, clock, 40);
    await elapse(clock, 1000);
    expect(paced.length).toBeGreaterThan(20);
    paced[0]!.permit.release('ok');
    expect(limiter.state().rate).toBeCloseTo(28 + 0.05 * 28 * 1.0, 1);
  });

  it('does not grow a rate that holds nothing back', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(8, clock);
    const first = request(limiter, clock, 1);
    await settle();
    first[0]!.permit.release('throttled');
    const rate = limiter.state().rate;
    // One request at a time, far slower than the rate allows: the rate is not what limits them.
    for (let i = 0; i < 5; i += 1) {
      clock.advance(5000);
      const one = request(limiter, clock, 1);
      await settle();
      one[0]!.permit.release('ok');
    }
    expect(limiter.state().rate).toBe(rate);
  });

  it('cuts a paced rate from itself, not from the little sent, when a 429 comes in a quiet moment', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(50, clock);
    const burst = request(limiter, clock, 20);
    await settle();
    clock.advance(100);
    for (const { permit } of burst) permit.release('throttled');
    expect(limiter.state().rate).toBeCloseTo(14, 5);
    clock.advance(3000);
    const lone = request(limiter, clock, 1);
    await settle();
    lone[0]!.permit.release('throttled');
    expect(limiter.state().rate).toBeCloseTo(0.7 * 14, 5);
  });

  it('pauses every new request while the service says its quota is spent, at most a minute', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(4, clock);
    const first = request(limiter, clock, 1);
    await settle();
    first[0]!.permit.release('ok', { remaining: 0, resetMs: 2000 });
    const waiting = request(limiter, clock, 2);
    await settle();
    expect(waiting).toHaveLength(0);
    clock.advance(1999);
    await settle();
    expect(waiting).toHaveLength(0);
    clock.advance(1);
    await settle();
    expect(waiting.map((g) => g.at)).toEqual([2000, 2000]);

    waiting[0]!.permit.release('ok', { remaining: 0, resetMs: 10 * 60_000 });
    expect(limiter.state().pausedUntil).toBe(2000 + MAX_QUOTA_PAUSE_MS);
  });

  it('grants in the order asked', async () => {
    const clock = fakeTimers();
    const limiter = new AdaptiveLimiter(1, clock);
    const order: number[] = [];
    const permits = Array.from({ length: 5 }, (_, i) =>
      limiter.acquire().then((permit) => {
        order.push(i);
        return permit;
      }),
    );
    for (const p of permits) (await p).release('ok');
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
