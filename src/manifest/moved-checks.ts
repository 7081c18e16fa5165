import { hasChildren, kindModule, parentOf } from '../kinds/registry.js';
import { keyOfAddress } from '../model/kinds.js';
/**
 * The checks of a manifest's `moved:` list that span entries (two moves from one address or to
 * one, chains) or read the manifest's entries (a `to` it does not have, a `from` it still has, a
 * device that would change merchant). Each entry on its own is checked by the model
 * (model.ts, moved-address.ts). Positions are those of the file each entry is written in.
 */
import { pathKey, type CheckedFile } from './check-file.js';
import type { CheckableManifest } from './cross-checks.js';
import { didYouMean } from './did-you-mean.js';
import { diagnostic, formatPosition, type Diagnostic, type ManifestPath } from './diagnostics.js';
import type { MergedMove } from './merge.js';
import { movedKind } from './moved-address.js';
import { positionInFile, type MergedList } from './positions.js';

const SECRET = '<secret value>';

/** What the manifest holds, by address, and what of it cannot be known (entries with errors). */
interface ManifestAddresses {
  readonly addresses: ReadonlySet<string>;
  /** A device's key (`<providerReference>/<deviceAlias>`) → its merchant's providerReference. */
  readonly deviceMerchant: ReadonlyMap<string, string>;
  /** Whether the address may be that of an entry with errors, which the model reported. */
  unknown(address: string): boolean;
}

export function checkMoves(
  moves: readonly MergedMove[],
  files: readonly Pick<CheckedFile, 'source' | 'substitutions'>[],
  manifest: CheckableManifest,
  brokenKeys: Readonly<Record<MergedList, ReadonlySet<string>>>,
): Diagnostic[] {
  if (moves.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  const fromVariables = files.map((file) => new Set(file.substitutions.map((s) => pathKey(s.path))));
  const pathOf = (move: MergedMove, side: 'from' | 'to'): ManifestPath => ['moved', move.index, side];
  const at = (move: MergedMove, side: 'from' | 'to'): string => {
    const source = files[move.file]?.source;
    return source === undefined ? '?' : formatPosition(positionInFile(source, pathOf(move, side)));
  };
  // An address built from variables is a secret: a message says where it is, not what.
  const shown = (move: MergedMove, side: 'from' | 'to'): string =>
    fromVariables[move.file]?.has(pathKey(pathOf(move, side))) === true ? SECRET : JSON.stringify(move.value[side]);
  const report = (move: MergedMove, side: 'from' | 'to', text: string): void => {
    const source = files[move.file]?.source;
    if (source === undefined) return;
    const path = pathOf(move, side);
    diagnostics.push(diagnostic(positionInFile(source, path), path, text));
  };

  const known = manifestAddresses(manifest, brokenKeys);
  const firstFrom = new Map<string, MergedMove>();
  const firstTo = new Map<string, MergedMove>();
  for (const move of moves) {
    const { from, to } = move.value;
    const sameFrom = firstFrom.get(from);
    if (sameFrom === undefined) firstFrom.set(from, move);
    else report(move, 'from', `${shown(move, 'from')} is already moved by the entry at ${at(sameFrom, 'from')}; a record moves to one address`);
    const sameTo = firstTo.get(to);
    if (sameTo === undefined) firstTo.set(to, move);
    else report(move, 'to', `${shown(move, 'to')} is already the address the entry at ${at(sameTo, 'to')} moves a record to; two records cannot take one address`);
  }
  const merchantMoves = new Map<string, string>();
  for (const move of moves) {
    if (hasChildren(movedKind(move.value.from))) merchantMoves.set(keyOfAddress(move.value.to), keyOfAddress(move.value.from));
  }

  for (const move of moves) {
    const { from, to } = move.value;
    const before = firstTo.get(from);
    if (before !== undefined) {
      report(
        move,
        'from',
        `${shown(move, 'from')} is where the entry at ${at(before, 'to')} moves ${shown(before, 'from')} to: moves do not chain; ` +
          `write one entry from ${shown(before, 'from')} to ${shown(move, 'to')}`,
      );
    }
    if (!known.addresses.has(to) && !known.unknown(to)) {
      const kind = movedKind(to);
      const candidates = shown(move, 'to') === SECRET ? [] : [...known.addresses].filter((address) => address.startsWith(`${kind}/`));
      report(move, 'to', `${shown(move, 'to')} is not an entry of the manifest; the manifest must have the address a record moves to${didYouMean(to, candidates)}`);
    }
    const kind = movedKind(from);
    if (parentOf(kind) === undefined) {
      if (before === undefined && known.addresses.has(from)) report(move, 'from', stillThere(shown(move, 'from')));
      continue;
    }
    const merchant = known.deviceMerchant.get(keyOfAddress(to));
    if (merchant === undefined) continue;
    const fromKey = keyOfAddress(from);
    const oldMerchant = merchantMoves.get(merchant);
    const prefix = [merchant, oldMerchant].find((ref) => ref !== undefined && fromKey.startsWith(`${ref}/`) && fromKey.length > ref.length + 1);
    if (prefix === undefined) {
      report(
        move,
        'from',
        `${shown(move, 'from')} is not a device of merchant ${shown(move, 'to') === SECRET ? SECRET : JSON.stringify(merchant)}, which ${shown(move, 'to')} is under: ` +
          "a device cannot move to another merchant (its PUT cannot change the device's merchant); " +
          'write its address under that merchant, or delete the device there and create it under the other',
      );
      continue;
    }
    const alias = fromKey.slice(prefix.length + 1);
    if (before === undefined && known.addresses.has(['device', merchant, alias].join('/'))) report(move, 'from', stillThere(shown(move, 'from')));
  }
  return diagnostics;
}

function stillThere(address: string): string {
  return `${address} is still an entry of the manifest: a record moved has one address, the one it moves to; remove that entry, or this move`;
}

function manifestAddresses(manifest: CheckableManifest, brokenKeys: Readonly<Record<MergedList, ReadonlySet<string>>>): ManifestAddresses {
  const addresses = new Set<string>();
  const deviceMerchant = new Map<string, string>();
  /** Merchants some of whose devices have errors: an alias of theirs cannot be known. */
  const unsureDevices = new Set<string>(brokenKeys.merchants);
  for (const emv of manifest.emvConfigs) addresses.add(`emv/${emv.emvName}`);
  for (const profile of manifest.acquirerProfiles) addresses.add(['acquirer', profile.profileName].join('/'));
  for (const merchant of manifest.merchants) {
    const ref = merchant.providerReference;
    addresses.add(['merchant', ref].join('/'));
    for (const device of merchant.devices ?? []) {
      if (device === undefined) {
        unsureDevices.add(ref);
        continue;
      }
      const key = [ref, device.deviceAlias].join('/');
      addresses.add(['device', key].join('/'));
      deviceMerchant.set(key, ref);
    }
  }
  return {
    addresses,
    deviceMerchant,
    unknown(address) {
      const kind = movedKind(address);
      const key = keyOfAddress(address);
      // A top-level entry whose key has errors may be the one named; a child's, when its merchant's entries have errors.
      if (parentOf(kind) === undefined) return brokenKeys[kindModule(kind).manifest.list as MergedList].has(key);
      for (const ref of unsureDevices) if (key.startsWith(`${ref}/`)) return true;
      return false;
    },
  };
}
