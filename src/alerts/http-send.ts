import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';

/**
 * One request to a receiver (a webhook, a push gateway), retried: up to `attempts` tries on a
 * network error, a 429 (after its Retry-After, up to 30 s) and a 5xx; any other answer is final (a
 * 4xx other than 429 says the request itself is wrong, and sending it again would not help). Never
 * throws: the outcome says what happened, in words that name the receiver by its origin alone
 * (a webhook URL's path is its secret).
 */
export interface SendOptions {
  readonly method: 'POST' | 'PUT';
  readonly url: string;
  readonly body: string;
  readonly contentType: string;
  readonly attempts: number;
  /** The wait before attempt n (n ≥ 2), in ms, when the receiver gave no Retry-After. */
  readonly backoffMs: (attempt: number) => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly timeoutMs: number;
}

export type SendOutcome = { readonly ok: true; readonly attempts: number } | { readonly ok: false; readonly attempts: number; readonly error: string };

/** Longest wait a Retry-After may ask for: a scheduled check should not hang on a receiver. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** 1 s, then 4 s: three attempts over about five seconds. */
export function defaultBackoffMs(attempt: number): number {
  return 1000 * 4 ** (attempt - 2);
}

export const defaultSleep = (ms: number): Promise<void> => delay(ms);

export async function sendWithRetries(options: SendOptions): Promise<SendOutcome> {
  let last = '';
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    let wait: number | undefined;
    try {
      const response = await request(options.url, {
        method: options.method,
        headers: { 'content-type': options.contentType, 'user-agent': 'paycfg' },
        body: options.body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      // The body is read and dropped: it may echo what was sent, and the connection is freed.
      await response.body.text().catch(() => undefined);
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { ok: true, attempts: attempt };
      last = `HTTP ${status}`;
      if (status !== 429 && status < 500) return { ok: false, attempts: attempt, error: `${last} (not retried)` };
      if (status === 429) wait = retryAfterMs(response.headers['retry-after']);
    } catch (error) {
      last = networkFailure(error);
    }
    if (attempt < options.attempts) await options.sleep(wait ?? options.backoffMs(attempt + 1));
  }
  return { ok: false, attempts: options.attempts, error: last };
}

/** Retry-After in seconds or as an HTTP date, in ms, capped; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** A network failure by its code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT): never its message, which may quote the URL. */
function networkFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
  const causeCode = ((error as { cause?: { code?: unknown } } | null)?.cause)?.code;
  if (typeof causeCode === 'string' && /^[A-Z0-9_]+$/.test(causeCode)) return causeCode;
  return 'network error';
}
