/**
 * Keeping secrets out of what the client reports. The Authorization header is built and used only
 * in transport.ts; everything that leaves it (log events, errors) goes through these helpers.
 */

import { scrub as scrubWith } from '../util/scrub.js';

export const REDACTED = '[redacted]';

/**
 * Names that hold credentials or the means to obtain them: the device admin password, the merchant
 * operator passcode, the void/refund admin password, and an activation code (it logs a terminal in).
 */
const SECRET_NAME = /(token|secret|passw(or)?d|pwd|passcode|deviceadmin|apikey|api[-_]key|authorization|activationcode|credential)/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** `path?query` with the values of secret-looking query names masked. */
export function redactPath(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return pathWithQuery;
  const params = new URLSearchParams(pathWithQuery.slice(q + 1));
  const parts: string[] = [];
  for (const [name, value] of params) {
    const shown = isSecretName(name) ? REDACTED : value;
    parts.push(`${encodeURIComponent(name)}=${shown === REDACTED ? REDACTED : encodeURIComponent(shown)}`);
  }
  return `${pathWithQuery.slice(0, q)}?${parts.join('&')}`;
}

/**
 * String values of secret-named fields anywhere in a request body, so that a service message that
 * echoes one (e.g. "passcode 1234 too short") can be scrubbed before it reaches an error. Fields
 * the API takes JSON-encoded (a device's `extParams` on PUT, a legacy device's `extParams` with its
 * `jwtSecret`) are read too: a secret inside the string is as secret as one beside it.
 */
export function secretValuesOf(body: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(body)) {
    for (const item of body) secretValuesOf(item, found);
  } else if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (isSecretName(key) && typeof value === 'string' && value !== '') found.add(value);
      else secretValuesOf(value, found);
    }
  } else if (typeof body === 'string' && /^\s*[[{]/.test(body)) {
    const decoded = parseJson(body);
    if (decoded !== undefined) secretValuesOf(decoded, found);
  }
  return found;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Replaces every occurrence of each secret in `text` with REDACTED (see util/scrub). */
export function scrub(text: string, secrets: Iterable<string>): string {
  return scrubWith(text, secrets, REDACTED);
}
