import { createHash } from 'node:crypto';

/**
 * Tokens the operator has revoked (`POST /_sim/tokens/revoke`), as a portal does when a key is
 * reset: still well signed and unexpired, but refused. Kept as digests, so the simulator holds no
 * usable token; in memory only (never in the state file), and forgotten by `/_sim/reset`.
 */
export class TokenRevocations {
  private readonly digests = new Set<string>();

  revoke(token: string): void {
    this.digests.add(digest(token));
  }

  has(token: string): boolean {
    return this.digests.has(digest(token));
  }

  clear(): void {
    this.digests.clear();
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
