import { isDeepStrictEqual } from 'node:util';
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS } from '../kinds/registry.js';
import { SECRET_FIELDS } from '../manifest/issue-text.js';
import { expandTemplate, type Manifest, type ManifestPath } from '../manifest/index.js';
import { isPlainObject } from '../model/canonical.js';
import { addressOf } from '../model/kinds.js';
import { wholeReference } from './against-names.js';

/**
 * The comparison behind `export --env B --against A`: the entries of the shared manifests, as A's
 * values make them, against B's live group as export would write it (both loaded through the
 * manifest loader, so defaults and code spellings agree). Pure: it decides, for each shared entry,
 * whether it stays shared (with the fields whose values B needs of its own) or moves into A's own
 * manifest, and which of B's entries go into B's own manifest.
 *
 * The rule throughout: what stays shared must plan with no change in both environments. A string
 * field that differs becomes a value of each environment; what a value cannot express (another
 * number, a list of another length, a binding or device one of them lacks, a field one of them
 * leaves out) makes the whole entry each environment's own.
 */

export type ListName = 'emvConfigs' | 'acquirerProfiles' | 'merchants';

/** A string field of a shared entry whose value differs: it becomes `${NAME}`, a value of each environment. */
export interface FieldDifference {
  /** Path of the value in A's merged manifest (LoadedManifest.locate finds its file and place). */
  readonly path: ManifestPath;
  /** The record holding it (a binding or device of a merchant entry is its own record). */
  readonly address: string;
  /** The field's path inside the record: `['mid']`, `['acquirerFields', 'host-a', 'tid']`. */
  readonly field: ManifestPath;
  readonly fromValue: string;
  readonly toValue: string;
}

/** A variable a shared entry already refers to, and what B must declare for it. */
export type VariableUse =
  /** Written exactly `${NAME}` in a field that is not secret: B's NAME is B's live value. */
  | { readonly kind: 'value'; readonly name: string; readonly toValue: string; readonly address: string; readonly field: ManifestPath }
  /** Part of a longer template whose text is the same in both: B needs A's value of each name. */
  | { readonly kind: 'same'; readonly names: readonly string[]; readonly address: string; readonly field: ManifestPath }
  /** In a secret field (deviceAdmin, passcode): each name is read from a process variable of each environment. */
  | { readonly kind: 'secret'; readonly names: readonly string[]; readonly address: string; readonly field: ManifestPath };

export interface SharedEntry {
  readonly list: ListName;
  /** Index in A's merged list. */
  readonly index: number;
  readonly address: string;
  readonly differences: readonly FieldDifference[];
  readonly uses: readonly VariableUse[];
  /** What a reader should know about the entry, once it stays shared. */
  readonly notices: readonly string[];
}

export interface MovedEntry {
  readonly list: ListName;
  readonly index: number;
  readonly address: string;
  /** Why it is no longer shared: B lacks it, or what no value can express. */
  readonly reason: string;
}

export interface OwnEntry {
  readonly list: ListName;
  /** The entry's key (emvName, profileName, providerReference). */
  readonly key: string;
  readonly address: string;
  readonly reason: string;
}

export interface Comparison {
  readonly shared: readonly SharedEntry[];
  readonly moved: readonly MovedEntry[];
  readonly own: readonly OwnEntry[];
  /** What a reader should know: fields B sets that the shared manifests leave unmanaged, literal secrets. */
  readonly notices: readonly string[];
}

export interface CompareInput {
  readonly fromName: string;
  readonly toName: string;
  /** A's manifests, loaded with A's values. */
  readonly from: Manifest;
  /** B's live group as export writes it, loaded. */
  readonly to: Manifest;
  /** Whether A's entry comes from a shared file (else from A's own). */
  readonly isShared: (list: ListName, index: number) => boolean;
  /** The text a value of A was written as when it was built from variables (LoadedManifest.secrets). */
  readonly templateAt: (path: ManifestPath) => string | undefined;
  /** Whether A's file writes a scalar at the path that an edit can replace by `${NAME}`. */
  readonly canTemplate: (path: ManifestPath) => boolean;
  /** A's values: a name a longer template shares must have A's value in B. */
  readonly fromVariables: Readonly<Record<string, string>>;
}

/** Thrown inside the walk: the entry cannot stay shared, for this reason. */
class NotShareable {
  constructor(readonly reason: string) {}
}

const LISTS: readonly ListName[] = TOP_LEVEL_KINDS.map((kind) => kind.manifest.list as ListName);

export function compareShared(input: CompareInput): Comparison {
  const candidates: SharedEntry[] = [];
  const moved: MovedEntry[] = [];
  const own: OwnEntry[] = [];
  const ownReason = new Map<string, string>();

  for (const kind of TOP_LEVEL_KINDS) {
    const list = kind.manifest.list as ListName;
    const keyField = kind.keyField!;
    const toByKey = new Map<string, Record<string, unknown>>();
    for (const entry of input.to[list] as readonly Record<string, unknown>[]) toByKey.set(String(entry[keyField]), entry);
    // B's entries are matched with the shared ones only: one that A keeps in its own manifest is B's own too.
    const sharedKeys = new Set<string>();
    const ownKeys = new Set<string>();
    (input.from[list] as readonly Record<string, unknown>[]).forEach((entry, index) => {
      const key = String(entry[keyField]);
      if (!input.isShared(list, index)) {
        ownKeys.add(key);
        return;
      }
      sharedKeys.add(key);
      const address = addressOf(kind.kind, key);
      const counterpart = toByKey.get(key);
      if (counterpart === undefined) {
        moved.push({ list, index, address, reason: `${input.toName} has no ${address}` });
        return;
      }
      const walk = new EntryWalk(input, address);
      try {
        walk.entry(kind, entry, counterpart, [list, index], key);
        candidates.push({ list, index, address, differences: walk.differences, uses: walk.uses, notices: walk.notices });
      } catch (error) {
        if (!(error instanceof NotShareable)) throw error;
        moved.push({ list, index, address, reason: error.reason });
        ownReason.set(address, error.reason);
      }
    });
    for (const key of toByKey.keys()) {
      if (sharedKeys.has(key)) continue;
      const address = addressOf(kind.kind, key);
      own.push({ list, key, address, reason: ownKeys.has(key) ? `${input.fromName} has its own ${address} too` : `only ${input.toName} has it` });
    }
  }

  // Two uses of one name may ask B for two values: the entries involved cannot stay shared.
  let shared = candidates;
  for (;;) {
    const conflicts = conflictingNames(shared, input.fromVariables);
    if (conflicts.size === 0) break;
    const kept: SharedEntry[] = [];
    for (const entry of shared) {
      const name = usedNames(entry).find((used) => conflicts.has(used));
      if (name === undefined) {
        kept.push(entry);
        continue;
      }
      const reason = `its variable ${name} would need two values in ${input.toName}`;
      moved.push({ list: entry.list, index: entry.index, address: entry.address, reason });
      ownReason.set(entry.address, reason);
    }
    shared = kept;
  }

  for (const entry of moved) {
    const reason = ownReason.get(entry.address);
    if (reason === undefined) continue;
    const kind = TOP_LEVEL_KINDS.find((k) => k.manifest.list === entry.list)!;
    own.push({ list: entry.list, key: String((input.from[entry.list][entry.index] as Record<string, unknown>)[kind.keyField!]), address: entry.address, reason });
  }
  const byList = (a: { list: ListName; address: string }, b: { list: ListName; address: string }) =>
    LISTS.indexOf(a.list) - LISTS.indexOf(b.list) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);
  return {
    shared,
    moved: moved.sort((a, b) => byList(a, b)),
    own: own.sort(byList),
    notices: [...new Set(shared.flatMap((entry) => entry.notices))],
  };
}

function usedNames(entry: SharedEntry): string[] {
  return entry.uses.flatMap((use) => (use.kind === 'value' ? [use.name] : use.kind === 'same' ? use.names : []));
}

/** Names two uses would give different values in B (a whole `${NAME}` asks for B's live value; a longer template for A's value). */
function conflictingNames(entries: readonly SharedEntry[], fromVariables: Readonly<Record<string, string>>): Set<string> {
  const wanted = new Map<string, Set<string | undefined>>();
  const want = (name: string, value: string | undefined) => {
    const values = wanted.get(name) ?? new Set();
    values.add(value);
    wanted.set(name, values);
  };
  for (const entry of entries) {
    for (const use of entry.uses) {
      if (use.kind === 'value') want(use.name, use.toValue);
      else if (use.kind === 'same') for (const name of use.names) want(name, fromVariables[name]);
    }
  }
  return new Set([...wanted].filter(([, values]) => values.size > 1).map(([name]) => name));
}

/** One shared entry against B's: collects the differences and the variables it uses, or throws NotShareable. */
class EntryWalk {
  readonly differences: FieldDifference[] = [];
  readonly uses: VariableUse[] = [];
  readonly notices: string[] = [];

  constructor(
    private readonly input: CompareInput,
    private readonly topAddress: string,
  ) {}

  /** A record (an entry, or a binding or device in it) against B's; `path` is its place in A's merged manifest. */
  entry(kind: AnyKindModule, from: Record<string, unknown>, to: Record<string, unknown>, path: ManifestPath, key: string, address = this.topAddress): void {
    const children = new Map(childrenOf(kind).map((child) => [child.manifest.list, child]));
    for (const [name, value] of Object.entries(from)) {
      if (value === undefined) continue;
      const at = [...path, name];
      if (SECRET_FIELDS.has(name)) {
        this.secret(at, name, address);
        continue;
      }
      const child = children.get(name);
      if (!(name in to) || to[name] === undefined) {
        throw new NotShareable(
          child !== undefined
            ? `${this.input.toName}'s ${address} has its ${name} not managed (export leaves the list out), while the shared entry lists them`
            : `${this.input.toName}'s ${address} has no ${name}`,
        );
      }
      if (child !== undefined) this.children(child, value, to[name], at, key, address);
      else this.value(value, to[name], at, [name], address);
    }
    for (const name of Object.keys(to)) {
      if (name in from || SECRET_FIELDS.has(name) || to[name] === undefined) continue;
      this.notices.push(`${address}: ${name} is set in ${this.input.toName} and left out of the shared manifest, so neither environment manages it`);
    }
  }

  private children(child: AnyKindModule, from: unknown, to: unknown, path: ManifestPath, parentKey: string, parent: string): void {
    const fromList = from as readonly Record<string, unknown>[];
    const toList = to as readonly Record<string, unknown>[];
    const keyOf = (entry: Record<string, unknown>) => child.keyOf!(entry, parentKey);
    const toByKey = new Map(toList.map((entry) => [keyOf(entry), entry]));
    const fromKeys = new Set(fromList.map(keyOf));
    for (const key of toByKey.keys()) {
      if (!fromKeys.has(key)) throw new NotShareable(`only ${this.input.toName} has ${addressOf(child.kind, key)}, and ${parent} lists its ${child.manifest.list} whole`);
    }
    fromList.forEach((entry, index) => {
      const key = keyOf(entry);
      const counterpart = toByKey.get(key);
      if (counterpart === undefined) throw new NotShareable(`${this.input.toName} has no ${addressOf(child.kind, key)}, and ${parent} lists its ${child.manifest.list} whole`);
      this.entry(child, entry, counterpart, [...path, index], key, addressOf(child.kind, key));
    });
  }

  private secret(path: ManifestPath, name: string, address: string): void {
    const template = this.input.templateAt(path);
    const names = template === undefined ? [] : variablesOf(template);
    if (names.length === 0) {
      this.notices.push(`${address}: ${name} is written in the shared manifest as it is (not from a variable): both environments get it`);
      return;
    }
    this.uses.push({ kind: 'secret', names, address, field: [name] });
  }

  private value(from: unknown, to: unknown, path: ManifestPath, field: ManifestPath, address: string): void {
    const template = this.input.templateAt(path);
    if (template !== undefined) {
      if (typeof to !== 'string') throw new NotShareable(`${address} ${field.join('.')} is written with variables and ${this.input.toName}'s is not text`);
      const name = wholeReference(template);
      if (name !== undefined) this.uses.push({ kind: 'value', name, toValue: to, address, field });
      else if (from === to) this.uses.push({ kind: 'same', names: variablesOf(template), address, field });
      else throw new NotShareable(`${address} ${field.join('.')} differs and is written as a template longer than one variable`);
      return;
    }
    if (typeof from === 'string' && typeof to === 'string') {
      if (from === to) return;
      if (!this.input.canTemplate(path)) throw new NotShareable(`${address} ${field.join('.')} differs where no value can be written`);
      this.differences.push({ path, address, field, fromValue: from, toValue: to });
      return;
    }
    if (Array.isArray(from) && Array.isArray(to)) {
      if (from.length !== to.length) throw new NotShareable(`${address} ${field.join('.')} differs (a list of another length)`);
      from.forEach((item, index) => this.value(item, to[index], [...path, index], [...field, index], address));
      return;
    }
    if (isPlainObject(from) && isPlainObject(to)) {
      const fromKeys = Object.keys(from).filter((key) => from[key] !== undefined).sort();
      const toKeys = Object.keys(to).filter((key) => to[key] !== undefined).sort();
      if (!isDeepStrictEqual(fromKeys, toKeys)) throw new NotShareable(`${address} ${field.join('.')} differs (other keys)`);
      for (const key of fromKeys) this.value(from[key], to[key], [...path, key], [...field, key], address);
      return;
    }
    if (!isDeepStrictEqual(from, to)) throw new NotShareable(`${address} ${field.join('.')} differs (not text)`);
  }
}

/** Every `${NAME}` a template refers to, in order, without repeats, as the loader reads it. */
function variablesOf(template: string): readonly string[] {
  return expandTemplate(template, {}).variables;
}
