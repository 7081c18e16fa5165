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
import { KINDS, type Kind } from '../model/kinds.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';

export const MOVABLE_KINDS = ['acquirer', 'merchant', 'device'] as const;
export type MovableKind = (typeof MOVABLE_KINDS)[number];

/** Why a kind cannot be moved, in the words validate uses. */
const NOT_MOVABLE: Readonly<Record<Exclude<Kind, MovableKind>, string>> = {
  emv: 'is an EMV config, which cannot be renamed: its PUT takes only currency and params',
  binding:
    'is a binding, which cannot be moved: its key is its merchant, profile and currency, and it follows a moved profile or merchant by itself',
};

const FORM: Readonly<Record<MovableKind, string>> = {
  acquirer: 'acquirer/<profileName>',
  merchant: 'merchant/<providerReference>',
  device: 'device/<providerReference>/<deviceAlias>',
};

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
  if (!(MOVABLE_KINDS as readonly string[]).includes(kind)) return NOT_MOVABLE[kind as Exclude<Kind, MovableKind>];
  const movable = kind as MovableKind;
  const key = slash < 0 ? '' : text.slice(slash + 1);
  if (key === '' || (movable === 'device' && (key.indexOf('/') <= 0 || key.endsWith('/')))) return `names no ${movable}: write ${FORM[movable]}`;
  if (key.trim() !== key) return 'must not start or end with spaces';
  if (key.startsWith(UNKEYED_MARK) || (movable === 'device' && key.split('/').some((part) => part.startsWith(UNKEYED_MARK)))) {
    return `names a key that starts with "${UNKEYED_MARK}", which is how a plan shows a live record without a key: such a record has no key to move from, and a manifest key never starts with "${UNKEYED_MARK}"`;
  }
  return undefined;
}

/** The kind of an address movedAddressProblem accepts. */
export function movedKind(address: string): MovableKind {
  return address.slice(0, address.indexOf('/')) as MovableKind;
}
