/**
 * The addresses of a manifest's `moved:` entries: what each side may name, checked here on its own
 * for validate (the checks across entries and against the manifest are in moved-checks.ts).
 *
 * A move is made with the service's update of the record's key (a profile's PUT takes
 * `profileName`, a merchant's full-replace PUT `providerReference`, a device's PUT `deviceAlias`),
 * so only those three kinds move. An EMV config's PUT takes only `currency` and `params`, and a
 * binding has no key of its own: it is its merchant, profile and currency, and follows a moved
 * profile or merchant by itself.
 */
import { kindModule, parentOf } from '../kinds/registry.js';
import { KINDS, type Kind } from '../model/kinds.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';

/** A kind whose module says `moves: { form }` (kinds/kind-module.ts). */
export type MovableKind = Kind;

/**
 * Why `text` cannot be one side of a move, or undefined when it can. A device's key is its
 * merchant's providerReference and its alias; which `/` separates them is known only against the
 * manifest (a providerReference may hold one), so here a device key needs one at least.
 */
export function movedAddressProblem(text: string): string | undefined {
  const slash = text.indexOf('/');
  const kind = slash < 0 ? text : text.slice(0, slash);
  if (!(KINDS as readonly string[]).includes(kind)) {
    return 'is not an address: write acquirer/<profileName>, merchant/<providerReference> or device/<providerReference>/<deviceAlias>';
  }
  const movable = kind as MovableKind;
  const moves = kindModule(movable).moves;
  if (moves === undefined || !('form' in moves)) return moves?.refused ?? `is a ${kindModule(movable).label}, which cannot be moved`;
  // A child's key is its parent's key and its own part.
  const child = parentOf(movable) !== undefined;
  const key = slash < 0 ? '' : text.slice(slash + 1);
  if (key === '' || (child && (key.indexOf('/') <= 0 || key.endsWith('/')))) return `names no ${movable}: write ${moves.form}`;
  if (key.trim() !== key) return 'must not start or end with spaces';
  if (key.startsWith(UNKEYED_MARK) || (child && key.split('/').some((part) => part.startsWith(UNKEYED_MARK)))) {
    return `names a key that starts with "${UNKEYED_MARK}", which is how a plan shows a live record without a key: such a record has no key to move from, and a manifest key never starts with "${UNKEYED_MARK}"`;
  }
  return undefined;
}

/** The kind of an address movedAddressProblem accepts. */
export function movedKind(address: string): MovableKind {
  return address.slice(0, address.indexOf('/')) as MovableKind;
}
