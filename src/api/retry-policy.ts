/**
 * When to repeat a request and how long to wait first: one pure function, so that every rule is
 * unit-tested without a socket or a clock.
 *
 * Rules:
 * - HTTP 429 is retried whatever the method: it is a refusal before any work, as safe to repeat as
 *   a GET. A request refused that way has not spent an attempt, only time.
 * - Any other failure is retried only for requests that are safe to repeat: GET, PUT and DELETE
 *   (every PUT of the API is a replace or a partial set, so sending it twice leaves the same state).
 *   A POST creates a record and is never repeated after it may have been carried out: when its
 *   outcome is unknown the caller reads back by identity instead.
 * - Retried outcomes: no answer (network error, timeout; not a TLS handshake answered in plain
 *   HTTP nor a refused server certificate, which no retry changes), HTTP 429, HTTP 5xx except 501 (the
 *   method is not implemented and never will be on this server), and the envelope code 10001
 *   `System Error` whatever other HTTP status carries it (200 included): a fault of the service, not a
 *   refusal of the request. Any other 4xx and any other envelope error are answers, not accidents,
 *   and are never retried.
 * - Delay: full jitter over an exponential ceiling (base * 2^(attempt-1), capped at maxDelay).
 *   A Retry-After header wins over the computed delay, and on a 429 without one, the reset the
 *   RateLimit headers announce; when the service asks for more time than is left in the budget
 *   there is no retry (coming back early would only be refused again).
 * - Bounded by attempts (429s aside) and by elapsed time. The caller counts only the time the
 *   request spent on the wire and waiting to retry, not the time it waited for its turn to start.
 */

export interface RetrySettings {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** No retry starts after this much time since the first attempt began. */
  maxElapsedMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetrySettings: Readonly<RetrySettings> = {
  maxAttempts: 5,
  maxElapsedMs: 30_000,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
};

/** How an attempt ended, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: 'no-response' }
  /** An https:// URL whose server answered in plain HTTP: every attempt would end the same way. */
  | { kind: 'plain-http-peer' }
  /** The server's TLS certificate was refused (untrusted, expired, another name): so would the next. */
  | { kind: 'certificate-refused' }
  | {
      kind: 'http';
      status: number;
      retryAfter?: string | undefined;
      /** When the service's RateLimit headers say its window resets, in ms from now. */
      rateLimitResetMs?: number | undefined;
      /** The envelope's `code`, when the body was the service's envelope. */
      envelopeCode?: number | undefined;
    };

/** The service's envelope code for a fault on its side (`System Error`), not a refusal. */
export const SYSTEM_ERROR_CODE = 10001;

/**
 * An answer that is the service failing, not the service answering: 5xx or code 10001, never 501:
 * what is not implemented stays so, whatever code the body carries.
 */
export function isServiceFault(outcome: Extract<AttemptOutcome, { kind: 'http' }>): boolean {
  const { status } = outcome;
  if (status === 501) return false;
  return (status >= 500 && status <= 599) || outcome.envelopeCode === SYSTEM_ERROR_CODE;
}

export interface RetryInput {
  method: string;
  /** 1-based number of the attempt that just ended. */
  attempt: number;
  /** How many of the attempts so far, this one included, were answered 429. */
  rateLimitedAttempts?: number;
  outcome: AttemptOutcome;
  /** Time since the first attempt began. */
  elapsedMs: number;
  /** Wall clock, for a Retry-After given as an HTTP date. */
  nowMs: number;
  /** Uniform in [0, 1), for jitter. */
  random: () => number;
}

export type NoRetryReason =
  | 'succeeded'
  | 'not-retryable'
  | 'unsafe-method'
  | 'attempts-exhausted'
  | 'budget-exhausted'
  | 'retry-after-exceeds-budget';

export type RetryDecision =
  | { retry: true; delayMs: number; retryAfterMs?: number }
  | { retry: false; reason: NoRetryReason; retryAfterMs?: number };

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isSafeToRepeat(method: string): boolean {
  return SAFE_TO_REPEAT.has(method.toUpperCase());
}

/** Outcomes that may go away on their own; independent of the method. */
export function isTransient(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'no-response') return true;
  if (outcome.kind === 'plain-http-peer' || outcome.kind === 'certificate-refused') return false;
  return outcome.status === 429 || isServiceFault(outcome);
}

const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // obsolete RFC 850
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/, // asctime
];

/**
 * Parses Retry-After: delay-seconds or an HTTP date (RFC 9110 10.2.3). Returns milliseconds from
 * now, 0 for a date in the past, undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse is lenient (it reads "soon 1.5" as a date); accept only the three HTTP-date forms.
  const form = HTTP_DATE.findIndex((pattern) => pattern.test(text));
  if (form < 0) return undefined;
  // asctime carries no zone; HTTP dates are always GMT.
  const at = Date.parse(form === 2 ? `${text} GMT` : text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export function backoffCeilingMs(attempt: number, settings: RetrySettings): number {
  const exponent = Math.max(0, attempt - 1);
  // 2^exponent overflows to Infinity long before it matters; min() keeps it finite.
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** exponent);
}

export function decideRetry(input: RetryInput, settings: RetrySettings = defaultRetrySettings): RetryDecision {
  const { outcome } = input;
  if (outcome.kind === 'http' && outcome.status >= 200 && outcome.status < 300 && !isServiceFault(outcome)) {
    return { retry: false, reason: 'succeeded' };
  }
  const throttled = outcome.kind === 'http' && outcome.status === 429;
  const retryAfterMs =
    outcome.kind === 'http'
      ? (parseRetryAfter(outcome.retryAfter, input.nowMs) ?? (throttled ? outcome.rateLimitResetMs : undefined))
      : undefined;
  const withHint = retryAfterMs !== undefined ? { retryAfterMs } : {};

  if (!isTransient(outcome)) return { retry: false, reason: 'not-retryable', ...withHint };
  if (!throttled && !isSafeToRepeat(input.method)) return { retry: false, reason: 'unsafe-method', ...withHint };
  const spentAttempts = input.attempt - (input.rateLimitedAttempts ?? 0);
  if (!throttled && spentAttempts >= settings.maxAttempts) return { retry: false, reason: 'attempts-exhausted', ...withHint };

  const remainingMs = settings.maxElapsedMs - input.elapsedMs;
  if (remainingMs <= 0) return { retry: false, reason: 'budget-exhausted', ...withHint };

  if (retryAfterMs !== undefined) {
    if (retryAfterMs > remainingMs) return { retry: false, reason: 'retry-after-exceeds-budget', retryAfterMs };
    return { retry: true, delayMs: retryAfterMs, retryAfterMs };
  }

  const ceiling = backoffCeilingMs(input.attempt, settings);
  const r = Math.min(Math.max(input.random(), 0), 1);
  const delayMs = Math.floor(r * ceiling);
  if (delayMs > remainingMs) return { retry: false, reason: 'budget-exhausted' };
  return { retry: true, delayMs };
}
