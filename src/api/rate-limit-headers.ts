/**
 * What a service says about its rate limit besides Retry-After: the requests left in the current
 * window and when the window resets. Three spellings are read, the first present wins:
 * - `RateLimit` as a structured field (IETF httpapi draft 07 on: `"default";r=0;t=12`), or its
 *   older list form (drafts up to 06: `limit=100, remaining=0, reset=12`);
 * - `RateLimit-Remaining` / `RateLimit-Reset` (the drafts' separate fields);
 * - `X-RateLimit-Remaining` / `X-RateLimit-Reset` (GitHub, Twitter and most gateways).
 * A reset is delta-seconds, except an `X-RateLimit-Reset` that is plainly an epoch time (GitHub
 * sends Unix seconds there): a value above 10^9 cannot be a delay anyone means.
 * Pure: no clock but the one passed in.
 */

export interface RateLimitHint {
  /** Requests the service will still take in the current window. */
  readonly remaining?: number;
  /** Milliseconds until the window resets, from now (0 when it is already past). */
  readonly resetMs?: number;
}

export type HeaderLookup = (name: string) => string | undefined;

/** A delay given in seconds this large is an epoch time (2001-09-09 on). */
const EPOCH_SECONDS_FLOOR = 1e9;

const NUMBER = /^\d+(\.\d+)?$/;

function count(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = text.trim();
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

function resetFrom(text: string | undefined, nowMs: number, epochAllowed: boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = text.trim();
  if (!NUMBER.test(value)) return undefined;
  const seconds = Number(value);
  if (seconds >= EPOCH_SECONDS_FLOOR) return epochAllowed ? Math.max(0, Math.round(seconds * 1000 - nowMs)) : undefined;
  return Math.round(seconds * 1000);
}

/** Parameters of the `RateLimit` field in either form, as name → raw value. */
function rateLimitParams(field: string): Map<string, string> {
  const params = new Map<string, string>();
  // Both forms are lists of `name=value` separated by `;` or `,`; the structured form starts with a
  // quoted policy name, which has no `=` and is skipped.
  for (const part of field.split(/[;,]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    if (!params.has(name)) params.set(name, part.slice(eq + 1).trim());
  }
  return params;
}

function hint(remaining: number | undefined, resetMs: number | undefined): RateLimitHint | undefined {
  if (remaining === undefined && resetMs === undefined) return undefined;
  return { ...(remaining !== undefined ? { remaining } : {}), ...(resetMs !== undefined ? { resetMs } : {}) };
}

export function readRateLimitHeaders(header: HeaderLookup, nowMs: number): RateLimitHint {
  const field = header('ratelimit');
  if (field !== undefined) {
    const params = rateLimitParams(field);
    const found = hint(count(params.get('r') ?? params.get('remaining')), resetFrom(params.get('t') ?? params.get('reset'), nowMs, false));
    if (found !== undefined) return found;
  }
  return (
    hint(count(header('ratelimit-remaining')), resetFrom(header('ratelimit-reset'), nowMs, false)) ??
    hint(count(header('x-ratelimit-remaining')), resetFrom(header('x-ratelimit-reset'), nowMs, true)) ??
    {}
  );
}
