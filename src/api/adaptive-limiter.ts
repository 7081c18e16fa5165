import type { RateLimitHint } from './rate-limit-headers.js';

/**
 * How many requests paycfg keeps on the wire and how fast it starts new ones, fitted to what the
 * service takes: TCP's congestion control, applied to requests.
 * - A window of requests in flight, at most `maxConcurrency` (--parallelism). Every answer widens
 *   it by 1/window (about one more request per window of answers); a 429 or a 503 halves it, never
 *   below one.
 * - A send rate, unlimited until the service first answers 429. A 429 sets it to 0.7 × what paycfg
 *   sent over the last second: the window alone does not slow a client whose answers come back in
 *   a millisecond, and a rate-limited service counts requests per second, not in flight. Every
 *   answer then raises it by RATE_STEP, which at the paced rate is +5% a second, until the next
 *   429: the rate probes upwards and settles just under what the service allows.
 * - A pause of every new send while the service says its quota is spent (RateLimit headers with
 *   remaining 0): nothing would be taken before the reset.
 * One refusal episode cuts once: the answers to requests started before the last cut were sent at
 * the old pace and say nothing new.
 * Waiting here is waiting one's turn: the transport does not count it against a request's retry
 * budget. Pure logic over an injected clock and timer, so every rule is unit-tested.
 */

export type Answer =
  /** The service answered and did not ask to slow down (success, a refusal, an envelope error). */
  | 'ok'
  /** HTTP 429. */
  | 'throttled'
  /** HTTP 503: the service is overloaded or down for a moment. */
  | 'overloaded'
  /** No answer came (connection refused, reset, timeout): says nothing about load. */
  | 'none';

export interface Permit {
  /** Frees the slot and feeds back what the service answered; call exactly once. */
  release(answer: Answer, hint?: RateLimitHint): void;
}

export interface LimiterTimers {
  now(): number;
  /** Runs `fn` once after `ms`; the handle cancels it. */
  schedule(fn: () => void, ms: number): { cancel(): void };
}

export interface LimiterState {
  readonly window: number;
  /** Requests per second; Infinity until the first 429. */
  readonly rate: number;
  readonly inFlight: number;
  readonly queued: number;
  /** Clock time before which no request starts (a spent quota), 0 when none. */
  readonly pausedUntil: number;
}

/** Multiplicative decrease of the send rate on a 429 (AWS SDK's adaptive mode and CUBIC use 0.7). */
const RATE_BETA = 0.7;
/** Requests per second added per answer while paced. */
const RATE_STEP = 0.05;
/** Never pace below one request every two seconds: the retry budget must still be reachable. */
const MIN_RATE = 0.5;
/** A send rate is measured over this span. */
const RATE_SPAN_MS = 1000;
/** Timers fire late; a paced sender that fell behind may catch up this much, and no more. */
const MAX_CATCH_UP_MS = 100;
/** A reset further away than this is not believed: a broken header must not stall a run for hours. */
export const MAX_QUOTA_PAUSE_MS = 60_000;

const realTimers: LimiterTimers = {
  now: () => performance.now(),
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};

export class AdaptiveLimiter {
  private window: number;
  private rate = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private nextStartAt = 0;
  private pausedUntil = 0;
  /** Start time of the last request that saw the window or rate cut; older answers are old news. */
  private lastCutAt = Number.NEGATIVE_INFINITY;
  private readonly waiting: Array<(permit: Permit) => void> = [];
  private waitingHead = 0;
  /** Start times within the last RATE_SPAN_MS, oldest first, from `startsHead` on. */
  private readonly starts: number[] = [];
  private startsHead = 0;
  private wake: { at: number; cancel(): void } | undefined;

  constructor(
    private readonly maxConcurrency: number,
    private readonly timers: LimiterTimers = realTimers,
  ) {
    this.window = maxConcurrency;
  }

  /** Resolves when the request may start. */
  acquire(): Promise<Permit> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  state(): LimiterState {
    return {
      window: this.window,
      rate: this.rate,
      inFlight: this.inFlight,
      queued: this.waiting.length - this.waitingHead,
      pausedUntil: this.pausedUntil,
    };
  }

  private pump(): void {
    while (this.waitingHead < this.waiting.length && this.inFlight < Math.floor(this.window)) {
      const now = this.timers.now();
      const readyAt = Math.max(this.pausedUntil, this.nextStartAt);
      if (readyAt > now) {
        this.wakeAt(readyAt);
        return;
      }
      const resolve = this.waiting[this.waitingHead]!;
      this.waitingHead += 1;
      if (this.waitingHead > 1024 && this.waitingHead * 2 > this.waiting.length) {
        this.waiting.splice(0, this.waitingHead);
        this.waitingHead = 0;
      }
      this.start(now, resolve);
    }
  }

  private start(now: number, resolve: (permit: Permit) => void): void {
    this.inFlight += 1;
    this.recordStart(now);
    if (Number.isFinite(this.rate)) this.nextStartAt = Math.max(this.nextStartAt, now - MAX_CATCH_UP_MS) + 1000 / this.rate;
    let released = false;
    resolve({
      release: (answer, hint) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.feedBack(now, answer, hint);
        this.pump();
      },
    });
  }

  private feedBack(startedAt: number, answer: Answer, hint: RateLimitHint | undefined): void {
    const now = this.timers.now();
    if (hint?.remaining === 0 && hint.resetMs !== undefined && hint.resetMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, now + Math.min(hint.resetMs, MAX_QUOTA_PAUSE_MS));
    }
    if (answer === 'ok') {
      this.window = Math.min(this.maxConcurrency, this.window + 1 / this.window);
      if (Number.isFinite(this.rate)) this.rate += RATE_STEP;
      return;
    }
    if (answer === 'none' || startedAt < this.lastCutAt) return;
    this.lastCutAt = now;
    this.window = Math.max(1, this.window / 2);
    if (answer === 'throttled') {
      this.rate = Math.max(MIN_RATE, RATE_BETA * Math.min(this.rate, this.sentPerSecond(now)));
      this.nextStartAt = now + 1000 / this.rate;
    }
  }

  private recordStart(now: number): void {
    this.starts.push(now);
    this.dropOldStarts(now);
  }

  private sentPerSecond(now: number): number {
    this.dropOldStarts(now);
    return ((this.starts.length - this.startsHead) * 1000) / RATE_SPAN_MS;
  }

  private dropOldStarts(now: number): void {
    while (this.startsHead < this.starts.length && this.starts[this.startsHead]! <= now - RATE_SPAN_MS) this.startsHead += 1;
    if (this.startsHead > 1024 && this.startsHead * 2 > this.starts.length) {
      this.starts.splice(0, this.startsHead);
      this.startsHead = 0;
    }
  }

  private wakeAt(at: number): void {
    if (this.wake !== undefined && this.wake.at <= at) return;
    this.wake?.cancel();
    const handle = this.timers.schedule(() => {
      this.wake = undefined;
      this.pump();
    }, Math.max(0, at - this.timers.now()));
    this.wake = { at, cancel: () => handle.cancel() };
  }
}
