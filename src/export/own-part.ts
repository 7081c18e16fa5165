import { InternalError } from '../errors.js';
import { TOP_LEVEL_KINDS } from '../kinds/registry.js';
import type { Manifest } from '../manifest/index.js';
import type { ListName, OwnEntry } from './against-compare.js';
import type { ExportCounts, ExportedManifest, ExportedMerchant } from './exported-manifest.js';

const KEY_FIELDS = new Map(TOP_LEVEL_KINDS.map((kind) => [kind.manifest.list as ListName, kind.keyField!]));

/**
 * The second environment's own manifest: its export cut to the entries that are its alone, and
 * the merchants it could not key (written commented out, as export writes them: only it has them).
 * `loaded` is the same export read back through the manifest loader, in the same order (entries
 * written commented out are not loaded), which is how an item is known by its key as loaded.
 */
export function ownPart(exported: ExportedManifest, loaded: Manifest, own: readonly OwnEntry[]): ExportedManifest {
  const keys = new Map<ListName, Set<string>>();
  for (const entry of own) keys.set(entry.list, (keys.get(entry.list) ?? new Set()).add(entry.key));
  const pick = <T extends { readonly commentedOut?: readonly string[] }>(list: ListName, items: readonly T[]): T[] => {
    const active = items.filter((item) => item.commentedOut === undefined);
    const entries = loaded[list] as readonly Record<string, unknown>[];
    if (active.length !== entries.length) throw new InternalError(`the export's ${list} do not load back one for one`);
    const keyField = KEY_FIELDS.get(list)!;
    const chosen = new Set(active.filter((_, index) => keys.get(list)?.has(String(entries[index]![keyField])) === true));
    return items.filter((item) => chosen.has(item) || item.commentedOut !== undefined);
  };
  const emvConfigs = pick('emvConfigs', exported.emvConfigs);
  const acquirerProfiles = pick('acquirerProfiles', exported.acquirerProfiles);
  const merchants = pick('merchants', exported.merchants);
  return {
    ...exported,
    emvConfigs,
    acquirerProfiles,
    merchants,
    variables: merchants.flatMap((merchant) => merchant.variables).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    counts: countsOf(emvConfigs.length, acquirerProfiles.length, merchants),
  };
}

/** As build-manifest.ts counts a whole export. */
function countsOf(emvConfigs: number, acquirerProfiles: number, merchants: readonly ExportedMerchant[]): ExportCounts {
  const written = merchants.filter((merchant) => merchant.commentedOut === undefined);
  const managed = (list: ExportedMerchant['devices']) => (list.unmanaged === undefined ? list.items.filter((item) => item.commentedOut === undefined).length : 0);
  return {
    emvConfigs,
    acquirerProfiles,
    merchants: written.length,
    bindings: written.reduce((n, merchant) => n + managed(merchant.bindings), 0),
    devices: written.reduce((n, merchant) => n + managed(merchant.devices), 0),
    commentedOutMerchants: merchants.length - written.length,
    commentedOutDevices: written.reduce((n, merchant) => n + merchant.devices.items.filter((item) => item.commentedOut !== undefined).length, 0),
  };
}
