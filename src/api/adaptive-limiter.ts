import type { RateLimitHint } from './rate-limit-headers.js';

/**
 * How many requests paycfg keeps on the wire and how fast it starts new ones, fitted to what the
 * service takes: TCP's congestion control, applied to requests.
 * - A window of requests in flight, at most `maxConcurrency` (--parallelism). Every answer widens
 *   it by 1/window (about one more request per window of answers); a 429 or a 503 halves it, never
 *   below one.
 * - A send rate, unlimited until the service first answers 429. A 429 sets it to 0.7 × what paycfg
 *   sent over the last second, or 0.7 × the rate itself when that is higher (a 429 that comes while
 *   paycfg sends little, in a chain of dependent changes or beside another job on the same quota,
 *   must not collapse the rate): the window alone does not slow a client whose answers come back
 *   in a millisecond, and a rate-limited service counts requests per second, not in flight. While
 *   the rate is what holds requests back, it then grows with time, by 5% a second and at least
 *   half a request a second, until the next 429: it probes upwards and settles just under what the
 *   service allows. A rate that holds nothing back does not grow, so it cannot drift far above the
 *   service's limit and come back as a burst.
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
/** Growth of a binding send rate: this fraction of it a second... */
const RATE_GROWTH_PER_SECOND = 0.05;
/** ...and at least this many requests a second, a second: from the floor to 20 requests/s in about 30 s. */
const MIN_RATE_STEP_PER_SECOND = 0.5;
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
  /** Clock time the paced rate last grew (or was set). */
  private grewAt = 0;
  /** Whether a request has waited for the paced rate since it last grew: only then may it grow. */
  private rateBound = false;
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
        if (this.nextStartAt > now) this.rateBound = true;
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
      this.growRate(now);
      return;
    }
    if (answer === 'none' || startedAt < this.lastCutAt) return;
    this.lastCutAt = now;
    this.window = Math.max(1, this.window / 2);
    if (answer === 'throttled') {
      const sent = this.sentPerSecond(now);
      this.rate = Math.max(MIN_RATE, RATE_BETA * (Number.isFinite(this.rate) ? Math.max(this.rate, sent) : sent));
      this.nextStartAt = now + 1000 / this.rate;
      this.grewAt = now;
      this.rateBound = false;
    }
  }

  private growRate(now: number): void {
    if (!Number.isFinite(this.rate)) return;
    if (this.rateBound) {
      const step = Math.max(MIN_RATE_STEP_PER_SECOND, RATE_GROWTH_PER_SECOND * this.rate);
      this.rate += (step * (now - this.grewAt)) / 1000;
      this.rateBound = false;
    }
    this.grewAt = now;
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
