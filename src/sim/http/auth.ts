import { GROUP_ID_PATTERN } from '../rules/groups.js';
import { verifyHs256 } from './jwt.js';

export type Authentication =
  | { ok: true; groupId: string }
  | { ok: false; reason: 'missing token' | 'malformed' | 'bad signature' | 'expired' };

/** The caller's group from `Authorization: Bearer <HS256 JWT>`; a token naming no valid group is malformed. */
export function authenticate(header: string | undefined, secret: string, now: Date): Authentication {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing token' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return { ok: false, reason: 'malformed' };
  const check = verifyHs256(match[1], secret, Math.floor(now.getTime() / 1000));
  if (!check.ok) return check;
  if (!GROUP_ID_PATTERN.test(check.claims.groupId)) return { ok: false, reason: 'malformed' };
  return { ok: true, groupId: check.claims.groupId };
}
