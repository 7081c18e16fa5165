import type { Manifest } from '../manifest/index.js';
import { parentOf } from '../kinds/registry.js';
import { addressOf, deviceKey, keyOfAddress } from '../model/kinds.js';
import type { Move } from '../model/moves.js';

/**
 * The manifest's `moved:` entries as the planner takes them (model/moves.ts). validate has checked
 * them (manifest/moved-checks.ts): each `to` is an entry of the manifest, and a device's `from` is
 * under the merchant of its `to`, by that merchant's name or by the name a move gives up for it.
 * That name is put under the new one here: the live group is re-keyed merchant first. The rewritten
 * `from` serves the re-keying only: the plan names the moved record by the address it was read
 * under, the one the user wrote (plan/moves.ts, `movedFrom`).
 */
export function desiredMoves(manifest: Pick<Manifest, 'moved' | 'merchants'>): Move[] {
  const moved = manifest.moved ?? [];
  if (moved.length === 0) return [];
  const merchantOfDevice = new Map<string, string>();
  for (const merchant of manifest.merchants ?? []) {
    for (const device of merchant.devices ?? []) merchantOfDevice.set(deviceKey(merchant.providerReference, device.deviceAlias), merchant.providerReference);
  }
  const renamedMerchant = new Map<string, string>();
  for (const { from, to } of moved) if (from.startsWith('merchant/')) renamedMerchant.set(keyOfAddress(to), keyOfAddress(from));
  return moved.map(({ from, to }): Move => {
    const kind = from.slice(0, from.indexOf('/')) as Move['kind'];
    if (parentOf(kind) === undefined) return { kind, from, to };
    const merchant = merchantOfDevice.get(keyOfAddress(to));
    const fromKey = keyOfAddress(from);
    const old = merchant === undefined ? undefined : renamedMerchant.get(merchant);
    if (merchant === undefined || old === undefined || fromKey.startsWith(`${merchant}/`) || !fromKey.startsWith(`${old}/`)) return { kind, from, to };
    return { kind, from: addressOf('device', deviceKey(merchant, fromKey.slice(old.length + 1))), to };
  });
}

