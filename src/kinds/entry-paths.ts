import type { ManifestPath } from '../manifest/diagnostics.js';
import { addressOf, type Address } from './addresses.js';
import type { AnyKindModule } from './kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS } from './registry.js';

type Entry = Readonly<Record<string, unknown>>;

/**
 * The manifest path of the entry each wanted address names (`merchant/coffee-001` →
 * `['merchants', 3]`, `device/coffee-001/till-1` → `['merchants', 3, 'devices', 0]`): the inverse of
 * what the desired state is built by, for a finding about a record to be shown at its entry. An
 * address the manifest has no entry for (a live record it deletes) is left out. One walk over the
 * entries, stopping once every wanted address is found.
 */
export function entryPathsOf(manifest: unknown, wanted: ReadonlySet<Address>): Map<Address, ManifestPath> {
  const found = new Map<Address, ManifestPath>();
  if (wanted.size === 0) return found;
  const walk = (kinds: readonly AnyKindModule[], holder: Entry, at: ManifestPath, parentKey: string | undefined): boolean => {
    for (const kind of kinds) {
      const entries = holder[kind.manifest.list];
      if (!Array.isArray(entries)) continue;
      for (const [index, entry] of (entries as Entry[]).entries()) {
        const key = kind.key(entry, parentKey);
        const path = [...at, kind.manifest.list, index];
        const address = addressOf(kind.kind, key);
        if (wanted.has(address)) found.set(address, path);
        if (found.size === wanted.size) return true;
        const children = childrenOf(kind);
        if (children.length > 0 && walk(children, entry, path, key)) return true;
      }
    }
    return false;
  };
  if (manifest !== null && typeof manifest === 'object') walk(TOP_LEVEL_KINDS, manifest as Entry, [], undefined);
  return found;
}
