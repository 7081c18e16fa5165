import { UsageError } from '../errors.js';
import { signHs256 } from './http/jwt.js';
import { GROUP_ID_PATTERN } from './rules/groups.js';
import { DEFAULT_SIM_SECRET } from './simulator.js';

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

/** A bearer token the simulator accepts for `groupId` (HS256 JWT with `groupId`, `iat` and `exp`). */
export function signSimToken(o: { groupId: string; secret?: string; ttlSeconds?: number; now?: Date }): string {
  if (!GROUP_ID_PATTERN.test(o.groupId)) {
    throw new UsageError(`group id "${o.groupId}" must look like G-00000001 (G- and 8 digits)`);
  }
  const ttl = o.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl <= 0) throw new UsageError(`token lifetime must be a whole number of seconds above 0, got ${ttl}`);
  const iat = Math.floor((o.now ?? new Date()).getTime() / 1000);
  return signHs256({ groupId: o.groupId, iat, exp: iat + ttl }, o.secret ?? DEFAULT_SIM_SECRET);
}
