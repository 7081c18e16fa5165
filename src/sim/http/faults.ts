import type { Clock } from '../core/clock.js';
import { createPrng, type Prng } from '../core/prng.js';

/** Fault injection and limits for reliability tests; 0 turns each one off. */
export interface FaultSettings {
  /** added before every /api answer */
  latencyMs: number;
  /**
   * probability of a fault (code 10001 `System Error`, see faultStatus in wire-style.ts) instead of
   * handling the request
   */
  faultRate: number;
  /** probability that a write is performed and its connection then closed without an answer */
  dropRate: number;
  /** requests per second (token bucket, burst of one second); over it: 429 with Retry-After */
  rateLimit: number;
  /** caps page sizes; pageSize=-1 then returns only the first maxPageSize records */
  maxPageSize: number;
  /**
   * HTTP methods that meet faults and drops (`["POST"]`: only creates); empty, every method. The
   * others draw nothing, so the faults of the chosen methods follow from the seed alone, whatever
   * reads come between them.
   */
  faultMethods: string[];
}

export const NO_FAULTS: Readonly<FaultSettings> = { latencyMs: 0, faultRate: 0, dropRate: 0, rateLimit: 0, maxPageSize: 0, faultMethods: [] };

export type AdmissionDecision = { kind: 'admit' } | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * Decides the fate of each /api request. Every admitted request of the methods that meet faults
 * (all of them unless faultMethods says otherwise) draws exactly two numbers (fault, then drop)
 * whatever the rates, so with one seed the same sequence of requests meets the same faults. The rate limiter reads the simulator clock: with a frozen test clock it never refills,
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
    return { ...this.settings, faultMethods: [...this.settings.faultMethods] };
  }

  update(changes: Partial<FaultSettings>, seed?: number): FaultSettings {
    const rateChanged = changes.rateLimit !== undefined && changes.rateLimit !== this.settings.rateLimit;
    this.settings = { ...this.settings, ...changes, faultMethods: [...(changes.faultMethods ?? this.settings.faultMethods)] };
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
  draw(method: string, isWrite: boolean): { fail: boolean; drop: boolean } {
    const { faultMethods } = this.settings;
    if (faultMethods.length > 0 && !faultMethods.includes(method)) return { fail: false, drop: false };
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
