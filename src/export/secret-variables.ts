import { createHash } from 'node:crypto';
import { InternalError } from '../errors.js';

/**
 * Names of the environment variables that stand for exported secrets. A deviceAdmin is never
 * written in clear: the manifest says `${PAYCFG_DEVICE_ADMIN_<REF>_<ALIAS>}` and the user sets the
 * variable. Names must not change between two exports of an unchanged group (the variables live in
 * CI settings), and must never collide, even when two owners spell the same after upper-casing.
 */

export const DEVICE_ADMIN_PREFIX = 'PAYCFG_DEVICE_ADMIN';

export interface SecretOwner {
  /**
   * What tells owners apart when their readable parts collide; any text unique per owner and
   * stable across exports (e.g. `keyed\u0000coffee-001\u0000till-1`).
   */
  readonly identity: string;
  /** providerReference, or what stands in for it (an mchId, a proposed reference). */
  readonly merchant: string;
  /** deviceAlias, or the device id when the device has none. */
  readonly device: string;
}

/** Upper-cased, every character outside A-Z and 0-9 replaced by `_`. */
export function variablePart(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

function shortHash(identity: string, length: number): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, length).toUpperCase();
}

/**
 * Assigns one variable name per owner (keyed by identity). Owners whose readable names collide all
 * get a hash suffix derived from their own identity, so a name depends only on its owner and on
 * whether a collision exists, never on the order in which owners are listed.
 */
export function assignVariableNames(owners: readonly SecretOwner[]): Map<string, string> {
  const byBase = new Map<string, SecretOwner[]>();
  for (const owner of owners) {
    const base = `${DEVICE_ADMIN_PREFIX}_${variablePart(owner.merchant)}_${variablePart(owner.device)}`;
    const group = byBase.get(base) ?? [];
    group.push(owner);
    byBase.set(base, group);
  }
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const collided: { base: string; owner: SecretOwner }[] = [];
  for (const [base, group] of byBase) {
    const distinct = new Set(group.map((owner) => owner.identity));
    if (distinct.size !== group.length) throw new InternalError(`two secret owners share the identity ${JSON.stringify(group[0]?.identity)}`);
    if (group.length === 1) {
      names.set(group[0]!.identity, base);
      taken.add(base);
    } else {
      for (const owner of group) collided.push({ base, owner });
    }
  }
  for (const { base, owner } of collided) {
    // A suffixed name could, in theory, equal another owner's plain name: lengthen until free.
    let length = 6;
    let name = `${base}_${shortHash(owner.identity, length)}`;
    while (taken.has(name)) {
      length += 2;
      name = `${base}_${shortHash(owner.identity, length)}`;
    }
    names.set(owner.identity, name);
    taken.add(name);
  }
  return names;
}
