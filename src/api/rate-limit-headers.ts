/**
 * What a service says about its rate limit besides Retry-After: the requests left in the current
 * window and when the window resets. Three spellings are read, the first present wins:
 * - `RateLimit` as a structured field (IETF httpapi draft 07 on: `"default";r=0;t=12`), or its
 *   older list form (drafts up to 06: `limit=100, remaining=0, reset=12`);
 * - `RateLimit-Remaining` / `RateLimit-Reset` (the drafts' separate fields);
 * - `X-RateLimit-Remaining` / `X-RateLimit-Reset` (GitHub, Twitter and most gateways).
 * A reset is delta-seconds, except an `X-RateLimit-Reset` that is plainly an epoch time (GitHub
 * sends Unix seconds there, some gateways milliseconds): a value above 10^9 cannot be a delay anyone
 * means.
 * Pure: no clock but the one passed in.
 */

export interface RateLimitHint {
  /** Requests the service will still take in the current window. */
  readonly remaining?: number;
  /** Milliseconds until the window resets, from now (0 when it is already past). */
  readonly resetMs?: number;
}

export type HeaderLookup = (name: string) => string | undefined;

/** A delay given in seconds this large is an epoch time (2001-09-09 on)... */
const EPOCH_SECONDS_FLOOR = 1e9;
/** ...and this large, an epoch time in milliseconds (some gateways send Date.now()). */
const EPOCH_MILLISECONDS_FLOOR = 1e12;

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
  const number = Number(value);
  if (number < EPOCH_SECONDS_FLOOR) return Math.round(number * 1000);
  if (!epochAllowed) return undefined;
  const atMs = number >= EPOCH_MILLISECONDS_FLOOR ? number : number * 1000;
  return Math.max(0, Math.round(atMs - nowMs));
}

function hint(remaining: number | undefined, resetMs: number | undefined): RateLimitHint | undefined {
  if (remaining === undefined && resetMs === undefined) return undefined;
  return { ...(remaining !== undefined ? { remaining } : {}), ...(resetMs !== undefined ? { resetMs } : {}) };
}

/** `name=value` parameters of one list member, as name → raw value (the first of each name wins). */
function params(member: string, separator: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of member.split(separator)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    if (!found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

/**
 * The `RateLimit` field. The structured form lists one member per policy
 * (`"minute";r=0;t=12, "day";r=900;t=3600`): the policy with the fewest requests left binds, and
 * among exhausted ones the latest reset. The older form is one list of parameters.
 */
function fromRateLimitField(field: string, nowMs: number): RateLimitHint | undefined {
  if (!/(^|;)\s*[rt]\s*=/.test(field)) {
    const list = params(field, ',');
    return hint(count(list.get('remaining')), resetFrom(list.get('reset'), nowMs, false));
  }
  let binding: RateLimitHint | undefined;
  for (const member of field.split(',')) {
    const list = params(member, ';');
    const policy = hint(count(list.get('r')), resetFrom(list.get('t'), nowMs, false));
    if (policy === undefined) continue;
    const left = policy.remaining ?? Number.POSITIVE_INFINITY;
    const bindingLeft = binding?.remaining ?? Number.POSITIVE_INFINITY;
    if (binding === undefined || left < bindingLeft || (left === bindingLeft && (policy.resetMs ?? 0) > (binding.resetMs ?? 0))) binding = policy;
  }
  return binding;
}

export function readRateLimitHeaders(header: HeaderLookup, nowMs: number): RateLimitHint {
  const field = header('ratelimit');
  const structured = field === undefined ? undefined : fromRateLimitField(field, nowMs);
  return (
    structured ??
    hint(count(header('ratelimit-remaining')), resetFrom(header('ratelimit-reset'), nowMs, false)) ??
    hint(count(header('x-ratelimit-remaining')), resetFrom(header('x-ratelimit-reset'), nowMs, true)) ??
    {}
  );
}
