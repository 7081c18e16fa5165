import type { LiveState } from '../model/state.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';

/**
 * A live key (a merchant's providerReference, a device's deviceAlias) that paycfg cannot use: the
 * manifest refuses keys that start with `~`, and a plan shows every record it cannot key as
 * `~<service id>`, so a live key of that form could neither be named by the manifest nor be told
 * apart from such an address. The record is treated as one without a key.
 */
export function isUnkeyable(key: string): boolean {
  return key.startsWith(UNKEYED_MARK);
}

/** A live merchant without a key, as the reader keeps it. */
export type UnkeyedLiveMerchant = LiveState['unkeyedMerchants'][number];

/** The providerReference an unkeyed live merchant holds (one that starts with `~`), or undefined when it has none. */
export function heldReference(merchant: LiveState['unkeyedMerchants'][number]): string | undefined {
  const held = merchant.providerReference;
  return typeof held === 'string' && held !== '' ? held : undefined;
}
