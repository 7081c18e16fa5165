import { GROUP_ID_PATTERN } from '../rules/groups.js';
import { failure, type Envelope } from './envelope.js';
import { verifyHs256 } from './jwt.js';
import type { WireStyle } from './wire-style.js';

export type TokenProblem = 'missing token' | 'malformed' | 'bad signature' | 'expired' | 'revoked';

export type Authentication = { ok: true; groupId: string } | { ok: false; reason: TokenProblem };

/**
 * The caller's group from `Authorization: Bearer <HS256 JWT>`; a token naming no valid group is
 * malformed. Checked in the order a careful service would: form, signature, expiry, then whether
 * the operator revoked it (only a token the service issued can be revoked).
 */
export function authenticate(
  header: string | undefined,
  secret: string,
  now: Date,
  revoked?: { has(token: string): boolean },
): Authentication {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing token' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return { ok: false, reason: 'malformed' };
  const check = verifyHs256(match[1], secret, Math.floor(now.getTime() / 1000));
  if (!check.ok) return check;
  if (!GROUP_ID_PATTERN.test(check.claims.groupId)) return { ok: false, reason: 'malformed' };
  if (revoked?.has(match[1]) === true) return { ok: false, reason: 'revoked' };
  return { ok: true, groupId: check.claims.groupId };
}

/** What the simulator answers a request whose token it does not accept (docs/service.md, "A refused token"). */
export interface TokenRefusal {
  status: number;
  envelope: Envelope;
  headers: Record<string, string>;
}

/** The envelope's message per problem: what is wrong, in the service's words, never the token. */
const MESSAGES: Readonly<Record<TokenProblem, string>> = {
  'missing token': 'Unauthorized: missing token',
  malformed: 'Unauthorized: token malformed (expected a signed JWT that names a group)',
  'bad signature': 'Unauthorized: token signature invalid (not issued by this service)',
  expired: 'Unauthorized: token expired',
  revoked: 'Unauthorized: token revoked',
};

/**
 * HTTP 401, envelope code 401 with a message per problem, and an RFC 6750 challenge: `error=
 * "invalid_token"` with the same words in `error_description`, but no error at all for a request
 * that carried no token (RFC 6750 3.1). An expired token is the one refusal the live service was
 * captured answering, as HTTP 200 `{"code":401,"msg":"token expired"}` without a challenge: the
 * `real` wire style answers it so, the `reference` style like every other refusal.
 */
export function tokenRefusal(problem: TokenProblem, style: WireStyle): TokenRefusal {
  if (problem === 'expired' && style === 'real') return { status: 200, envelope: failure(401, 'token expired'), headers: {} };
  const message = MESSAGES[problem];
  const challenge =
    problem === 'missing token'
      ? 'Bearer realm="paycfg-sim"'
      : `Bearer realm="paycfg-sim", error="invalid_token", error_description="${message.replace(/^Unauthorized: /, '')}"`;
  return { status: 401, envelope: failure(401, message), headers: { 'www-authenticate': challenge } };
}
