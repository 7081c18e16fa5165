import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdaptiveLimiter, type LimiterState } from './adaptive-limiter.js';
import { judgeAttempt, pacingAnswerOf, retryOutcomeOf, type AttemptResult, type RequestOutcome } from './attempt-verdict.js';
import { classifyNetworkError, type TimeoutSettings } from './network-failure.js';
import { REDACTED, redactPath, secretValuesOf } from './redact.js';
import { readRateLimitHeaders, type RateLimitHint } from './rate-limit-headers.js';
import { decideRetry, type RetrySettings } from './retry-policy.js';
import type { DataShape } from './wire-schemas.js';
import { createScrubber, type Scrubber } from '../util/scrub.js';
import { newPool, type ConnectionPools } from './connection-pools.js';
import type { RequestSlots } from './request-slots.js';
import { tokenFragmentMask } from '../util/token-fragments.js';

/**
 * The only place that speaks HTTP and the only holder of the Authorization header: one undici
 * Pool per client (keep-alive, one connection per request in flight), JSON in and out, the retry
 * loop and request log events. What each answer means is decided by attempt-verdict.ts, when to
 * retry by retry-policy.ts, how many requests go out at once and how fast by adaptive-limiter.ts
 * (at most `maxInFlight`).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type { RequestOutcome };

/** One attempt of one request, as reported to `onRequest` (and by `--verbose`). Holds no secret. */
export interface RequestLogEvent {
  method: string;
  /** Path and query relative to the base URL; values of secret-looking query names are masked. */
  path: string;
  /** HTTP status, or null when no answer came. */
  status: number | null;
  /** Envelope code, when the answer had one. */
  code?: number;
  durationMs: number;
  /** 1-based. */
  attempt: number;
  outcome: RequestOutcome;
  /** Set when the request will be sent again after this many milliseconds. */
  retryInMs?: number;
  /** Time the attempt waited for its turn to start (pacing, a spent quota), when it waited at all. */
  queuedMs?: number;
}

export interface TransportOptions {
  /** Already checked by config.checkBaseUrl: origin plus optional path prefix, no trailing slash. */
  baseUrl: string;
  token: string;
  maxInFlight: number;
  timeouts: TimeoutSettings;
  retry: RetrySettings;
  strictApi: boolean;
  /** --insecure-http: plain http:// may go to any host (for the words of a failure only; config.checkBaseUrl enforces it). */
  allowInsecureHttp?: boolean;
  onRequest?: ((event: RequestLogEvent) => void) | undefined;
  random: () => number;
  /** Where the token came from, as a refused token's advice names it (default: PAYCFG_TOKEN or --token-file). */
  tokenPlace?: string | undefined;
  /** A bound on requests in flight shared with other clients (a fleet run's): taken while an attempt is on the wire. */
  sharedSlots?: RequestSlots | undefined;
  /** Connection pools shared with other clients (a fleet run's): borrowed, not closed by close(). */
  sharedPools?: ConnectionPools | undefined;
}

export interface RequestSpec {
  method: HttpMethod;
  /** The endpoint as documented, for error messages: `GET /api/openapi/v1/mchInfo/{mchId}`. */
  endpoint: string;
  /** Path below the base URL, segments already encoded. */
  path: string;
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: unknown;
  /** What `data` must look like on success. */
  data: DataShape;
  /**
   * Secrets of this request that are not in the body as they are (the plain admin password whose
   * Base64 the body carries): scrubbed from every service text, like the body's secret fields.
   */
  secrets?: readonly string[];
  /** For a POST that is not a create: what to check before trying again when its outcome is unknown. */
  outcomeCheck?: string;
}

export interface TransportStats {
  /** Attempts sent, retries included. */
  requests: number;
  byMethod: Record<string, number>;
  retries: number;
  /** Attempts answered 429. */
  rateLimited: number;
  /** The pacing as it stands now. */
  pacing: LimiterState;
}

export interface Transport {
  /** Resolves to the envelope's `data` (undefined when absent). */
  request(spec: RequestSpec): Promise<unknown>;
  stats(): TransportStats;
  /** Waits for requests in flight, then closes the connections; safe to call twice. */
  close(): Promise<void>;
}

/** Secrets shorter than this are not scrubbed from messages: masking "12" would garble every number. */
const MIN_SCRUBBED_SECRET_LENGTH = 4;

function buildPath(prefix: string, path: string, query: RequestSpec['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return `${prefix}${path}${search === '' ? '' : `?${search}`}`;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function createTransport(options: TransportOptions): Transport {
  const origin = new URL(options.baseUrl);
  const prefix = origin.pathname === '/' ? '' : origin.pathname;
  // A shared pool is only borrowed: whoever made it closes it (connection-pools.ts).
  const ownPool = options.sharedPools === undefined;
  const pool = options.sharedPools?.pool(origin.origin, options.timeouts) ?? newPool(origin.origin, options.maxInFlight, options.timeouts);
  const authorization = `Bearer ${options.token}`;
  // A gateway may echo a piece of the token (cut to a prefix, or its middle): the whole-token
  // scrub cannot see it, so every service text is also read for pieces (util/token-fragments).
  const maskTokenFragments = tokenFragmentMask(options.token, REDACTED);
  const scrubToken = createScrubber([options.token], REDACTED);
  const limiter = new AdaptiveLimiter(options.maxInFlight);
  const counters = { requests: 0, byMethod: {} as Record<string, number>, retries: 0, rateLimited: 0 };

  async function attemptOnce(
    method: HttpMethod,
    fullPath: string,
    body: string | undefined,
  ): Promise<{ result: AttemptResult; rateLimit: RateLimitHint }> {
    counters.requests += 1;
    counters.byMethod[method] = (counters.byMethod[method] ?? 0) + 1;
    const headers: Record<string, string> = { accept: 'application/json', authorization, 'user-agent': 'paycfg' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let headersReceived = false;
    try {
      const response = await pool.request({ method, path: fullPath, headers, body: body ?? null });
      headersReceived = true;
      const text = await response.body.text();
      const header = (name: string): string | undefined => firstHeader(response.headers[name]);
      const retryAfter = header('retry-after');
      const challenges = response.headers['www-authenticate'];
      const wwwAuthenticate = Array.isArray(challenges) ? challenges.join(', ') : challenges;
      return {
        result: {
          kind: 'response',
          status: response.statusCode,
          statusText: response.statusText,
          contentType: header('content-type') ?? '',
          ...(retryAfter !== undefined ? { retryAfter } : {}),
          ...(wwwAuthenticate !== undefined ? { wwwAuthenticate } : {}),
          text,
        },
        rateLimit: readRateLimitHeaders(header, Date.now()),
      };
    } catch (error) {
      return { result: { kind: 'failure', ...classifyNetworkError(error, headersReceived) }, rateLimit: {} };
    }
  }

  async function request(spec: RequestSpec): Promise<unknown> {
    const { method } = spec;
    const fullPath = buildPath(prefix, spec.path, spec.query);
    const ref = { method, path: redactPath(buildPath('', spec.path, spec.query)) };
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const extra = [...secretValuesOf(spec.body), ...(spec.secrets ?? [])].filter((s) => s.length >= MIN_SCRUBBED_SECRET_LENGTH);
    // Indexing a secret's forms (URL, JSON, base64 …) costs about 0.1 ms: once per client for the
    // token, and per request only for a request that carries secrets of its own, and only when
    // something is cleaned. Per request for every read, it was 0.45 s of a 2,000-merchant plan's CPU.
    let scrubRequest: Scrubber | undefined = extra.length === 0 ? scrubToken : undefined;
    const clean = (text: string): string => {
      scrubRequest ??= createScrubber([options.token, ...extra], REDACTED);
      return maskTokenFragments(scrubRequest(text));
    };
    // The retry budget runs only while the request is on the wire or waiting to be sent again,
    // never while it waits for its turn behind the pacing.
    let spentMs = 0;
    let rateLimitedAttempts = 0;
    let uncertain = false;

    for (let attempt = 1; ; attempt += 1) {
      const queuedAt = performance.now();
      const permit = await limiter.acquire();
      const releaseShared = await options.sharedSlots?.acquire();
      const attemptStart = performance.now();
      const queuedMs = Math.round(attemptStart - queuedAt);
      let attempted: Awaited<ReturnType<typeof attemptOnce>>;
      try {
        attempted = await attemptOnce(method, fullPath, body);
      } finally {
        // A slot of the fleet's bound that leaked would shrink it for every group until the run ends.
        releaseShared?.();
      }
      const { result, rateLimit } = attempted;
      permit.release(pacingAnswerOf(result), rateLimit);
      const durationMs = Math.round(performance.now() - attemptStart);
      spentMs += performance.now() - attemptStart;
      if (result.kind === 'response' && result.status === 429) {
        rateLimitedAttempts += 1;
        counters.rateLimited += 1;
      }
      const decision = decideRetry(
        {
          method,
          attempt,
          rateLimitedAttempts,
          outcome: retryOutcomeOf(result, rateLimit.resetMs),
          elapsedMs: spentMs,
          nowMs: Date.now(),
          random: options.random,
        },
        options.retry,
      );
      const verdict = judgeAttempt(result, {
        ref,
        endpoint: spec.endpoint,
        data: spec.data,
        attempt,
        decision,
        uncertain,
        strictApi: options.strictApi,
        timeouts: options.timeouts,
        host: origin.host,
        baseUrl: options.baseUrl,
        allowInsecureHttp: options.allowInsecureHttp === true,
        clean,
        outcomeCheck: spec.outcomeCheck,
        tokenPlace: options.tokenPlace,
      });
      options.onRequest?.({
        ...ref,
        status: verdict.status,
        ...(verdict.code !== undefined ? { code: verdict.code } : {}),
        durationMs,
        attempt,
        outcome: verdict.outcome,
        ...(verdict.retryInMs !== undefined ? { retryInMs: verdict.retryInMs } : {}),
        ...(queuedMs > 0 ? { queuedMs } : {}),
      });
      uncertain = verdict.uncertain;
      if (verdict.retryInMs !== undefined) {
        counters.retries += 1;
        await sleep(verdict.retryInMs);
        spentMs += verdict.retryInMs;
        continue;
      }
      if (verdict.error !== undefined) throw verdict.error;
      return verdict.data;
    }
  }

  return {
    request,
    stats: () => ({ ...counters, byMethod: { ...counters.byMethod }, pacing: limiter.state() }),
    close: async () => {
      if (ownPool && !pool.closed) await pool.close();
    },
  };
}
