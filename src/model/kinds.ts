/**
 * The five kinds paycfg manages, and how a resource of each is addressed: derived from the kinds
 * registry (src/kinds/registry.ts), which lists them in dependency order (creates and updates run
 * top-down, deletes bottom-up):
 *
 *     emv ──▶ acquirer ──▶ merchant ──▶ binding ──▶ device
 *      (profiles name EMV configs; bindings name profiles and EMV configs;
 *       devices need their merchant's bindings for the provisioning push)
 */
import { addressOf, type Address } from '../kinds/addresses.js';
import { KIND_MODULES, kindLevel, type Kind } from '../kinds/registry.js';

export type { Address, Kind };
export { addressOf, bindingKey, deviceKey, keyOfAddress } from '../kinds/addresses.js';

export const KINDS: readonly Kind[] = KIND_MODULES.map((module) => module.kind);

export const KIND_LEVEL: Readonly<Record<Kind, number>> = Object.fromEntries(KINDS.map((kind) => [kind, kindLevel(kind)])) as Record<Kind, number>;

/** How messages name one resource of each kind: `EMV config`. */
export const KIND_LABEL: Readonly<Record<Kind, string>> = Object.fromEntries(KIND_MODULES.map((module) => [module.kind, module.label])) as Record<Kind, string>;

/** How messages name several: `EMV configs`. */
export const KIND_PLURAL: Readonly<Record<Kind, string>> = Object.fromEntries(KIND_MODULES.map((module) => [module.kind, module.plural])) as Record<Kind, string>;

/** Splits an address back into kind and key; undefined when it is not one. */
export function parseAddress(address: string): { kind: Kind; key: string } | undefined {
  const slash = address.indexOf('/');
  if (slash <= 0) return undefined;
  const kind = address.slice(0, slash);
  const key = address.slice(slash + 1);
  if (!(KINDS as readonly string[]).includes(kind) || key === '') return undefined;
  return { kind: kind as Kind, key };
}

/**
 * The address of a pending code that shares its alias with a device that stays: the plan deletes
 * it under its own address (the key is the alias's, so `--target` on the device takes it along).
 */
export function duplicateAddress(key: string, deviceId: string): Address {
  return [addressOf('device', key), '#duplicate-', deviceId].join('');
}
