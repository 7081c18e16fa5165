import type { LoadedManifest, SecretField } from '../manifest/index.js';
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS } from '../kinds/registry.js';
import { addressOf, type Address } from '../model/kinds.js';
import { joinPointer } from '../model/pointers.js';
import type { DesiredResource, DesiredState, PrunePolicy, SecretOrigin } from '../model/state.js';
import { desiredMoves } from './moves.js';

type Entry = Readonly<Record<string, unknown>>;

/** The manifest's entries of a kind: a top-level list, or a list inside a parent's entry. */
function entriesOf(holder: Entry, kind: AnyKindModule): readonly Entry[] | undefined {
  return holder[kind.manifest.list] as readonly Entry[] | undefined;
}

/**
 * The manifest as desired state in the shared normalised model: one resource per address,
 * references by name, only the fields the manifest sets. Each kind's module says what its entry
 * holds (src/kinds/); the order is the manifest's: each entry, then the entries inside it.
 */
export function buildDesiredState(loaded: Pick<LoadedManifest, 'manifest' | 'secrets' | 'locate'>): DesiredState {
  const { manifest } = loaded;
  const resources = new Map<Address, DesiredResource>();
  const managed = { managedBindings: new Set<string>(), managedDevices: new Set<string>() };
  const put = (resource: DesiredResource): void => void resources.set(addressOf(resource.kind, resource.key), resource);

  const add = (kind: AnyKindModule, entry: Entry, parentKey?: string): void => {
    const key = kind.key(entry, parentKey);
    const fields = kind.desiredFields(entry) as DesiredResource['fields'];
    put({ kind: kind.kind, key, ...(parentKey !== undefined ? { merchant: parentKey } : {}), fields } as DesiredResource);
    for (const child of childrenOf(kind)) {
      const entries = entriesOf(entry, child);
      if (entries === undefined) continue;
      managed[child.manifest.managedIn!].add(key);
      for (const childEntry of entries) add(child, childEntry, key);
    }
  };
  for (const kind of TOP_LEVEL_KINDS) for (const entry of entriesOf(manifest as unknown as Entry, kind) ?? []) add(kind, entry);
  const { managedBindings, managedDevices } = managed;

  const prune: PrunePolicy = {
    emvConfigs: manifest.prune?.emvConfigs ?? false,
    acquirerProfiles: manifest.prune?.acquirerProfiles ?? false,
    merchants: manifest.prune?.merchants ?? false,
    activatedDevices: manifest.prune?.activatedDevices ?? false,
  };

  const secretSources = sensitivePointers(loaded, resources);
  const moved = desiredMoves(manifest);
  return {
    ...(manifest.group !== undefined ? { group: manifest.group } : {}),
    resources,
    managedBindings,
    managedDevices,
    prune,
    ...(moved.length > 0 ? { moved } : {}),
    sensitive: secretSources,
  };
}

/** Maps the manifest's secret paths onto plan pointers (`<address>#/<field>/...`), keeping where each came from. */
function sensitivePointers(loaded: Pick<LoadedManifest, 'manifest' | 'secrets' | 'locate'>, resources: ReadonlyMap<Address, DesiredResource>): Map<string, SecretOrigin> {
  const out = new Map<string, SecretOrigin>();
  const origins = new Map<string, SecretOrigin>();
  const originOf = ({ path, variables, template }: SecretField): SecretOrigin => {
    if (variables.length === 0) return { kind: 'literal', path, locate: loaded.locate };
    let origin = origins.get(template);
    if (origin === undefined) origins.set(template, (origin = { kind: 'template', variables, template }));
    return origin;
  };
  for (const secret of loaded.secrets) {
    const found = entryAt(loaded.manifest as unknown as Entry, secret.path);
    if (found === undefined) continue;
    const { address, field } = found;
    if (!resources.has(address) || field.length === 0) continue;
    out.set(joinPointer(address, field), originOf(secret));
  }
  return out;
}

/** The address of the entry a manifest path leads into, and the path within that entry. */
function entryAt(manifest: Entry, path: readonly (string | number)[]): { address: Address; field: readonly (string | number)[] } | undefined {
  let kinds = TOP_LEVEL_KINDS;
  let holder = manifest;
  let parentKey: string | undefined;
  let at = 0;
  for (;;) {
    const kind = kinds.find((module) => module.manifest.list === path[at]);
    if (kind === undefined) return undefined;
    const entry = entriesOf(holder, kind)?.[Number(path[at + 1])];
    if (entry === undefined) return undefined;
    const key = kind.key(entry, parentKey);
    const child = childrenOf(kind).find((module) => module.manifest.list === path[at + 2]);
    if (child === undefined) return { address: addressOf(kind.kind, key), field: path.slice(at + 2) };
    kinds = [child];
    holder = entry;
    parentKey = key;
    at += 2;
  }
}
