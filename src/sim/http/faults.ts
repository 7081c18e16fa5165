import type { Clock } from '../core/clock.js';
import { createPrng, type Prng } from '../core/prng.js';

/** Fault injection and limits for reliability tests; 0 turns each one off. */
export interface FaultSettings {
  /** added before every /api answer */
  latencyMs: number;
  /** probability of a 503 instead of handling the request */
  faultRate: number;
  /** probability that a write is performed and its connection then closed without an answer */
  dropRate: number;
  /** requests per second (token bucket, burst of one second); over it: 429 with Retry-After */
  rateLimit: number;
  /** caps page sizes; pageSize=-1 then returns only the first maxPageSize records */
  maxPageSize: number;
}

export const NO_FAULTS: Readonly<FaultSettings> = { latencyMs: 0, faultRate: 0, dropRate: 0, rateLimit: 0, maxPageSize: 0 };

export type AdmissionDecision = { kind: 'admit' } | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * Decides the fate of each /api request. Every admitted request draws exactly two numbers (fault,
 * then drop) whatever the settings, so with one seed the same sequence of requests meets the same
 * faults. The rate limiter reads the simulator clock: with a frozen test clock it never refills,
 * which makes rate-limit tests exact instead of timing-dependent.
 */
export class FaultInjector {
  private settings: FaultSettings;
  private prng: Prng;
  private tokens = 0;
  private refilledAt = 0;

  constructor(initial: Partial<FaultSettings>, seed: number, private readonly clock: Clock) {
    this.settings = { ...NO_FAULTS, ...initial };
    this.prng = createPrng(seed);
    this.resetBucket();
  }

  current(): FaultSettings {
    return { ...this.settings };
  }

  update(changes: Partial<FaultSettings>, seed?: number): FaultSettings {
    const rateChanged = changes.rateLimit !== undefined && changes.rateLimit !== this.settings.rateLimit;
    this.settings = { ...this.settings, ...changes };
    if (rateChanged) this.resetBucket();
    if (seed !== undefined) this.prng = createPrng(seed);
    return this.current();
  }

  admit(): AdmissionDecision {
    const rate = this.settings.rateLimit;
    if (rate <= 0) return { kind: 'admit' };
    const now = this.clock().getTime();
    const capacity = Math.max(1, rate);
    this.tokens = Math.min(capacity, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { kind: 'admit' };
    }
    return { kind: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / rate)) };
  }

  /** Draws the fault and drop decisions for one admitted request. */
  draw(isWrite: boolean): { fail: boolean; drop: boolean } {
    const faultDraw = this.prng.next();
    const dropDraw = this.prng.next();
    return {
      fail: faultDraw < this.settings.faultRate,
      drop: isWrite && dropDraw < this.settings.dropRate,
    };
  }

  private resetBucket(): void {
    this.tokens = Math.max(1, this.settings.rateLimit);
    this.refilledAt = this.clock().getTime();
  }
}
