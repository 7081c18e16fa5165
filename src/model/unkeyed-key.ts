/**
 * A live record without the field paycfg keys it by (a merchant without providerReference, a
 * device without deviceAlias) is still shown, under `~<service id>` in place of the key: the
 * manifest refuses a providerReference or deviceAlias that starts with `~`, so such an address can
 * never be one a manifest names.
 */
export const UNKEYED_MARK = '~';

export function unkeyedKey(id: string | number): string {
  return [UNKEYED_MARK, String(id)].join('');
}

