import { KEY_FIELD, pathKey, type CheckedFile } from './check-file.js';
import type { CheckableManifest, CheckableMerchant } from './cross-checks.js';
import { diagnostic, formatPosition, type Diagnostic, type ManifestPath } from './diagnostics.js';
import type { AcquirerProfileEntry, EmvConfigEntry, Manifest, MerchantEntry, MovedEntry } from './model.js';
import { isPlainObject } from '../model/canonical.js';
import { NO_PRUNE } from '../model/state.js';
import { normalisePaymentMethodCode } from './payment-methods.js';
import { MERGED_LISTS, MergedSourceMap, isMergedList, positionInFile, type EntryOrigin, type MergedList } from './positions.js';

/** A merged list, with where each entry came from. */
class EntryList<T> {
  readonly items: T[] = [];
  readonly origins: EntryOrigin[] = [];
  /** Per file: index in the file's list → index in the merged list. */
  private readonly byFile: Map<number, number>[];

  constructor(fileCount: number) {
    this.byFile = Array.from({ length: fileCount }, () => new Map<number, number>());
  }

  push(item: T, origin: EntryOrigin): void {
    this.byFile[origin.file]?.set(origin.index, this.items.length);
    this.items.push(item);
    this.origins.push(origin);
  }

  mergedIndex(file: number, index: number): number | undefined {
    return this.byFile[file]?.get(index);
  }
}

/** A view of the merged manifest (lists, positions, and how file paths map into it). */
export interface ManifestView<M> {
  readonly manifest: M;
  readonly sourceMap: MergedSourceMap;
  /** Maps a path of file n (`['merchants', 2, ...]`) to the path in `manifest`; undefined for a left-out entry. */
  toMergedPath(file: number, localPath: ManifestPath): ManifestPath | undefined;
}

export interface MergedManifest {
  /**
   * What the cross-checks read: every entry that passed the model, plus merchants whose only
   * errors are in some of their bindings or devices (with holes there).
   */
  readonly checkable: ManifestView<CheckableManifest>;
  /** The complete entries only; the whole manifest when there is no diagnostic. */
  readonly complete: ManifestView<Manifest>;
  readonly diagnostics: readonly Diagnostic[];
  /** Keys of entries that have errors: references to them are not reported again. */
  readonly brokenKeys: Readonly<Record<MergedList, ReadonlySet<string>>>;
  /** The valid `moved` entries of every file, in file order, with where each is (for moved-checks.ts). */
  readonly moves: readonly MergedMove[];
}

/** A `moved` entry of the merged manifest and its place: file number and index in that file's list. */
export interface MergedMove extends EntryOrigin {
  readonly value: MovedEntry;
}

const KIND_NAME: Readonly<Record<MergedList, string>> = {
  emvConfigs: 'EMV config',
  acquirerProfiles: 'acquirer profile',
  merchants: 'merchant',
};


/**
 * Merges the files of one manifest: the lists are concatenated in file order (`protect` and `moved` too), `group`,
 * `api`, `prune` and `safety` may be repeated only with the same value, `policies` and `serviceRecord` are written in one file, and a key
 * used twice is an error that names both places, in one file or across files.
 */
export function mergeFiles(files: readonly CheckedFile[]): MergedManifest {
  const diagnostics: Diagnostic[] = [];
  const sources = files.map((file) => file.source);
  const brokenKeys: Record<MergedList, Set<string>> = { emvConfigs: new Set(), acquirerProfiles: new Set(), merchants: new Set() };
  const emvConfigs = new EntryList<EmvConfigEntry>(files.length);
  const acquirerProfiles = new EntryList<AcquirerProfileEntry>(files.length);
  const checkableMerchants = new EntryList<CheckableMerchant>(files.length);
  const completeMerchants = new EntryList<MerchantEntry>(files.length);
  const moved = new EntryList<MovedEntry>(files.length);
  files.forEach((file, fileIndex) => {
    for (const move of file.moved) moved.push(move.value, { file: fileIndex, index: move.index });
  });

  for (const list of MERGED_LISTS) reportDuplicateKeys(files, list, diagnostics);
  files.forEach((file, fileIndex) => {
    for (const entry of file.entries.emvConfigs) {
      if (entry.value === undefined) markBroken(brokenKeys.emvConfigs, entry.key);
      else emvConfigs.push(entry.value, { file: fileIndex, index: entry.index });
    }
    for (const entry of file.entries.acquirerProfiles) {
      if (entry.value === undefined) markBroken(brokenKeys.acquirerProfiles, entry.key);
      else acquirerProfiles.push(entry.value, { file: fileIndex, index: entry.index });
    }
    for (const entry of file.entries.merchants) {
      const origin = { file: fileIndex, index: entry.index };
      if (entry.value !== undefined) {
        checkableMerchants.push(entry.value, origin);
        completeMerchants.push(entry.value, origin);
        continue;
      }
      markBroken(brokenKeys.merchants, entry.key);
      if (entry.partial !== undefined) checkableMerchants.push(entry.partial, origin);
    }
  });

  const topLevelOrigin = new Map<string, number>([['version', 0]]);
  const group = topLevelValue(files, 'group', (file) => file.group, topLevelOrigin, diagnostics);
  const api = topLevelValue(files, 'api', (file) => file.api, topLevelOrigin, diagnostics);
  const prune = topLevelValue(files, 'prune', (file) => file.prune, topLevelOrigin, diagnostics);
  const safety = topLevelValue(files, 'safety', (file) => file.safety, topLevelOrigin, diagnostics);
  const policies = topLevelValue(files, 'policies', (file) => file.policies, topLevelOrigin, diagnostics, true);
  const serviceRecord = topLevelValue(files, 'serviceRecord', (file) => file.serviceRecord, topLevelOrigin, diagnostics, true);
  const top = {
    version: 1 as const,
    ...(group === undefined ? {} : { group }),
    ...(api === undefined ? {} : { api }),
    prune: prune ?? { ...NO_PRUNE },
    protect: mergedProtect(files),
    moved: moved.items,
    ...(safety === undefined ? {} : { safety }),
    ...(policies === undefined ? {} : { policies: [...policies] }),
    ...(serviceRecord === undefined ? {} : { serviceRecord }),
    emvConfigs: emvConfigs.items,
    acquirerProfiles: acquirerProfiles.items,
  };

  const view = <M>(manifest: M, merchants: EntryList<unknown>): ManifestView<M> => {
    const lists: Record<MergedList, EntryList<unknown>> = { emvConfigs, acquirerProfiles, merchants };
    return {
      manifest,
      sourceMap: new MergedSourceMap(
        sources,
        { emvConfigs: emvConfigs.origins, acquirerProfiles: acquirerProfiles.origins, merchants: merchants.origins },
        topLevelOrigin,
      ),
      toMergedPath(file, localPath) {
        const [head, index, ...rest] = localPath;
        if (head === 'moved') {
          const merged = typeof index === 'number' ? moved.mergedIndex(file, index) : undefined;
          return merged === undefined ? undefined : [head, merged, ...rest];
        }
        if (!isMergedList(head)) return canonicalPath(manifest, localPath);
        const merged = typeof index === 'number' ? lists[head].mergedIndex(file, index) : undefined;
        return merged === undefined ? undefined : canonicalPath(manifest, [head, merged, ...rest]);
      },
    };
  };

  return {
    checkable: view<CheckableManifest>({ ...top, merchants: checkableMerchants.items }, checkableMerchants),
    complete: view<Manifest>({ ...top, merchants: completeMerchants.items }, completeMerchants),
    diagnostics,
    brokenKeys,
    moves: moved.items.map((value, i) => ({ value, ...moved.origins[i]! })),
  };
}

/**
 * Every file's `protect` list, in file order, each pattern once: a team may keep the list beside the
 * entries it protects, and a pattern two files repeat protects no more than one.
 */
function mergedProtect(files: readonly CheckedFile[]): string[] {
  return [...new Set(files.flatMap((file) => file.protect))];
}

function markBroken(keys: Set<string>, key: string | undefined): void {
  if (key !== undefined) keys.add(key);
}

/** Every entry with a string key counts, valid or not: a typo elsewhere must not hide a duplicate. */
function reportDuplicateKeys(files: readonly CheckedFile[], list: MergedList, diagnostics: Diagnostic[]): void {
  const keyField = KEY_FIELD[list];
  const firstByKey = new Map<string, { file: number; index: number }>();
  // A key built from variables is a secret: the message says where, not what.
  const fromVariables = files.map((file) => new Set(file.substitutions.map((s) => pathKey(s.path))));
  const isSecret = (file: number, index: number): boolean => fromVariables[file]?.has(pathKey([list, index, keyField])) ?? false;
  files.forEach((file, fileIndex) => {
    for (const entry of file.entries[list]) {
      if (entry.key === undefined) continue;
      const first = firstByKey.get(entry.key);
      if (first === undefined) {
        firstByKey.set(entry.key, { file: fileIndex, index: entry.index });
        continue;
      }
      const firstSource = files[first.file]?.source;
      const firstAt = firstSource === undefined ? '?' : formatPosition(positionInFile(firstSource, [list, first.index, keyField]));
      const path = [list, entry.index, keyField];
      diagnostics.push(
        diagnostic(
          positionInFile(file.source, path),
          path,
          `${KIND_NAME[list]} ${isSecret(fileIndex, entry.index) || isSecret(first.file, first.index) ? '<secret value>' : JSON.stringify(entry.key)} ` +
            `is already defined at ${firstAt}; each ${keyField} must be unique`,
        ),
      );
    }
  });
}

/**
 * A top-level value the files of one manifest share: several may set it as long as they agree
 * (`group`, `api`, `prune`, `safety`), or, `oneFile`, one file alone may (`policies`: a pack's path
 * is relative to the file that names it, so the same text in two files of two directories names two
 * modules, and the levels of one pack set in two places would need a rule for which wins; so is
 * `serviceRecord`'s path). The file
 * that sets it first is its top-level origin, so that its positions (and its directory) are found
 * through the manifest's locator.
 */
function topLevelValue<T>(
  files: readonly CheckedFile[],
  key: 'group' | 'api' | 'prune' | 'safety' | 'policies' | 'serviceRecord',
  valueOf: (file: CheckedFile) => T | undefined,
  topLevelOrigin: Map<string, number>,
  diagnostics: Diagnostic[],
  oneFile = false,
): T | undefined {
  let first: { value: T; file: number } | undefined;
  files.forEach((file, fileIndex) => {
    const value = valueOf(file);
    if (value === undefined) return;
    if (first === undefined) {
      first = { value, file: fileIndex };
      topLevelOrigin.set(key, fileIndex);
      return;
    }
    if (!oneFile && JSON.stringify(value) === JSON.stringify(first.value)) return;
    const firstSource = files[first.file]?.source;
    const firstAt = firstSource === undefined ? '?' : formatPosition(positionInFile(firstSource, [key]));
    diagnostics.push(
      oneFile
        ? diagnostic(positionInFile(file.source, [key], 'key'), [key], `${key} is already written at ${firstAt}; a manifest names its ${key} in one file`)
        : diagnostic(positionInFile(file.source, [key]), [key], `differs from the ${key} set at ${firstAt}; all files of one manifest must agree on ${key}`),
    );
  });
  return first?.value;
}

/**
 * A path as the merged manifest spells it. The model normalises payment method keys ("1" is stored
 * as "01"), so a path taken from the file, as written, may name a key the manifest does not have.
 */
function canonicalPath(manifest: unknown, path: ManifestPath): ManifestPath {
  let node: unknown = manifest;
  return path.map((segment) => {
    let key = segment;
    if (typeof segment === 'string' && isPlainObject(node) && !Object.hasOwn(node, segment)) {
      const code = normalisePaymentMethodCode(segment);
      if (code !== undefined && Object.hasOwn(node, code)) key = code;
    }
    node = isPlainObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
    return key;
  });
}

