/**
 * Why the service refused the access token, read from what it answered: the RFC 6750 challenge
 * in `WWW-Authenticate` when there is one, and the envelope's message. The API reference shows
 * neither the 401 body nor a challenge (docs/service.md, "A refused token"), so the words are
 * matched loosely and a refusal that names no cause stays `unknown`.
 */

export type TokenProblem = 'expired' | 'malformed' | 'refused' | 'missing' | 'unknown';

/** The parameters of a `Bearer` challenge (RFC 6750 3, RFC 9110 11.6.1). */
export interface BearerChallenge {
  error?: string;
  errorDescription?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/**
 * The `Bearer` challenge of a WWW-Authenticate value, which may hold several challenges
 * (`Basic realm="x", Bearer error="invalid_token"`). Undefined when there is no Bearer challenge.
 */
export function parseBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (header === undefined) return undefined;
  let rest = header;
  let inBearer = false;
  let found: BearerChallenge | undefined;
  const skip = (pattern: RegExp): void => {
    rest = rest.replace(pattern, '');
  };
  while (rest.trim() !== '') {
    skip(/^[\s,]+/);
    const name = TOKEN.exec(rest)?.[0];
    if (name === undefined) {
      // Not a name: skip to the next comma rather than give up on the challenges after it.
      skip(/^[^,]*/);
      continue;
    }
    rest = rest.slice(name.length);
    skip(/^[ \t]*/);
    if (!rest.startsWith('=')) {
      // A new challenge's scheme, perhaps with a token68 credential (`Negotiate abc==`) after it.
      inBearer = name.toLowerCase() === 'bearer';
      if (inBearer) found ??= {};
      skip(/^[A-Za-z0-9\-._~+/]+=*[ \t]*(?=,|$)/);
      continue;
    }
    rest = rest.slice(1).replace(/^[ \t]*/, '');
    let value: string;
    if (rest.startsWith('"')) {
      const quoted = /^"((?:[^"\\]|\\.)*)"?/.exec(rest) ?? ['"', ''];
      value = (quoted[1] ?? '').replace(/\\(.)/g, '$1');
      rest = rest.slice(quoted[0].length);
    } else {
      value = TOKEN.exec(rest)?.[0] ?? '';
      rest = rest.slice(value.length);
    }
    if (!inBearer || found === undefined) continue;
    const param = name.toLowerCase();
    if (param === 'error') found.error = value;
    else if (param === 'error_description') found.errorDescription = value;
  }
  return found;
}

const EXPIRED = /expir/i;
const REFUSED = /revoked|disabled|suspended|not allowed|not permitted|forbidden|refused|denied|another group|other group|insufficient/i;
const MALFORMED = /malformed|signature|not a (?:valid )?jwt|decod|pars(?:e|ing)|format/i;
const MISSING = /missing|no (?:access )?token|token required|not provided|no authori[sz]ation/i;

/**
 * The cause, from the challenge's description and the message first (the service's own words),
 * then the RFC 6750 error code: `insufficient_scope` is a refusal, `invalid_request` a token the
 * service could not read; a Bearer challenge without an error means no token arrived (RFC 6750
 * 3.1: no error code when the request lacks authentication).
 */
export function classifyTokenProblem(texts: readonly string[], challenge: BearerChallenge | undefined): TokenProblem {
  const words = texts.filter((text) => text.trim() !== '');
  const first = (pattern: RegExp): boolean => words.some((text) => pattern.test(text));
  // The specific words first: "Forbidden: bad signature" is about the signature.
  if (first(EXPIRED)) return 'expired';
  if (first(MALFORMED)) return 'malformed';
  if (first(REFUSED)) return 'refused';
  if (first(MISSING)) return 'missing';
  const error = challenge?.error?.toLowerCase();
  if (error === 'insufficient_scope') return 'refused';
  if (error === 'invalid_request') return 'malformed';
  if (challenge !== undefined && error === undefined && words.length === 0) return 'missing';
  return 'unknown';
}
