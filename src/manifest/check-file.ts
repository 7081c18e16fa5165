import type { z } from 'zod';
import type { ApiName } from './api-choice.js';
import { characterChecker } from './check-characters.js';
import { diagnostic, formatPath, formatPosition, type Diagnostic, type ManifestPath } from './diagnostics.js';
import { substituteEnv, type Substitution } from './env-substitution.js';
import { SECRET_FIELDS } from './issue-text.js';
import {
  acquirerProfileSchema,
  emvConfigSchema,
  manifestSchema,
  merchantSchema,
  movedEntrySchema,
  type AcquirerProfileEntry,
  type EmvConfigEntry,
  type MerchantEntry,
  type MovedEntry,
  type PrunePolicy,
  type PolicyEntry,
  type Safety,
} from './model.js';
import { modelDiagnostics } from './model-diagnostics.js';
import type { CheckableMerchant } from './cross-checks.js';
import { MERGED_LISTS, positionInFile, type MergedList, type SourceFile } from './positions.js';
import { builtSecret, type VariableScope } from './variable-scope.js';

/** One entry of a file's list, valid or not. */
export interface FileEntry<T, P = never> {
  /** Index in the file's list. */
  readonly index: number;
  /** The entry's key (emvName, profileName, providerReference) when it is a string, valid or not. */
  readonly key: string | undefined;
  /** The validated entry; undefined when the entry has errors. */
  readonly value: T | undefined;
  /**
   * When the entry's only errors are inside some of its bindings or devices: the entry with those
   * sub-entries left as holes, so that the cross-entry checks still cover the rest of it.
   */
  readonly partial?: P;
}

export interface FileEntries {
  readonly emvConfigs: readonly FileEntry<EmvConfigEntry>[];
  readonly acquirerProfiles: readonly FileEntry<AcquirerProfileEntry>[];
  readonly merchants: readonly FileEntry<MerchantEntry, CheckableMerchant>[];
}

/** What one manifest file contributes, checked on its own. */
export interface CheckedFile {
  readonly source: SourceFile;
  readonly diagnostics: readonly Diagnostic[];
  /** Set when the file sets a valid `group`. */
  readonly group: string | undefined;
  /** Set when the file sets a valid `api`. */
  readonly api: ApiName | undefined;
  /** Set when the file sets a valid `prune`. */
  readonly prune: PrunePolicy | undefined;
  /** The file's `protect` list when it is valid (empty when absent): the files' lists add up. */
  readonly protect: readonly string[];
  /** Set when the file sets a valid `safety`. */
  readonly safety: Safety | undefined;
  /** Set when the file sets a valid `policies` list. */
  readonly policies: readonly PolicyEntry[] | undefined;
  /** Set when the file names a service record (`serviceRecord:`), as written. */
  readonly serviceRecord?: string | undefined;
  /** The valid entries of the file's `moved` list, with their index in it: the files' lists add up. */
  readonly moved: readonly FileMove[];
  readonly entries: FileEntries;
  readonly substitutions: readonly Substitution[];
  /** Entries written in the file, valid or not (an entry whose values wait for missing variables is counted). */
  readonly counts: ManifestCounts;
}

/** One valid entry of a file's `moved` list. */
export interface FileMove {
  /** Index in the file's list. */
  readonly index: number;
  readonly value: MovedEntry;
}

export interface ManifestCounts {
  readonly emvConfigs: number;
  readonly acquirerProfiles: number;
  readonly merchants: number;
  /** Bindings of merchants that manage them. */
  readonly bindings: number;
  /** Devices of merchants that manage them. */
  readonly devices: number;
}

export const KEY_FIELD: Readonly<Record<MergedList, string>> = {
  emvConfigs: 'emvName',
  acquirerProfiles: 'profileName',
  merchants: 'providerReference',
};

const NO_ENTRIES: FileEntries = { emvConfigs: [], acquirerProfiles: [], merchants: [] };
const NO_COUNTS: ManifestCounts = { emvConfigs: 0, acquirerProfiles: 0, merchants: 0, bindings: 0, devices: 0 };

/**
 * A secret field built from a value the scope writes literally: refused where that value is
 * written (the environments file), since a secret must not be in the repository.
 */
function literalSecrets(source: SourceFile, substitutions: readonly Substitution[], scope: VariableScope): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { path, variables } of substitutions) {
    if (!path.some((segment) => SECRET_FIELDS.has(String(segment)))) continue;
    for (const name of variables) {
      const literal = scope.literal.get(name);
      if (literal === undefined) continue;
      const use = `${formatPath(path)} at ${formatPosition(positionInFile(source, path))}`;
      out.push(
        diagnostic(
          literal.at,
          literal.path,
          `written in the file, but it feeds a secret field (${use}), and a secret must not be in the repository; give it as { env: NAME } or { file: PATH }`,
        ),
      );
    }
  }
  return out;
}

/**
 * Checks one parsed file against the model: top-level shape, variables, then zod. Entries with
 * errors are kept as keys only, so that the merged manifest can still be cross-checked and a
 * reference to a broken entry does not show up as a second, misleading error.
 */
export function checkManifestFile(
  source: SourceFile,
  data: unknown,
  env: Readonly<Record<string, string | undefined>>,
  allowMissingEnv: boolean,
  scope?: VariableScope,
): CheckedFile {
  const empty = (diagnostics: Diagnostic[]): CheckedFile => ({
    source,
    diagnostics,
    group: undefined,
    api: undefined,
    prune: undefined,
    protect: [],
    safety: undefined,
    policies: undefined,
    moved: [],
    entries: NO_ENTRIES,
    substitutions: [],
    counts: NO_COUNTS,
  });
  if (data === null) {
    return empty([diagnostic({ file: source.name, line: 1, col: 1 }, [], 'file is empty; a manifest file needs at least "version: 1"')]);
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return empty([
      diagnostic(positionInFile(source, []), [], 'the top level of a manifest file must be a mapping with version, group, prune, emvConfigs, acquirerProfiles and merchants (and protect, moved, safety)'),
    ]);
  }
  const written = data as Record<string, unknown>;

  // A file of another format version is not read further: its other errors would be noise.
  if (written['version'] !== undefined && written['version'] !== 1) {
    const result = manifestSchema.shape.version.safeParse(written['version'], { reportInput: true });
    const issues = (result.error?.issues ?? []).map((issue) => ({ ...issue, path: ['version', ...issue.path] }));
    return empty(modelDiagnostics(issues, source, () => false));
  }

  const diagnostics: Diagnostic[] = [];
  const characters = characterChecker(env);
  // `data` is left as it is: a parse may be shared by the loads of a fleet's targets (parse-cache.ts).
  const substitution = substituteEnv(written, env, { allowMissing: allowMissingEnv, visitText: characters.visitText, copy: true, ...(scope !== undefined ? { scope } : {}) });
  const { substitutions, problems } = substitution;
  const record = substitution.data as Record<string, unknown>;
  for (const problem of problems) diagnostics.push(diagnostic(positionInFile(source, problem.path), problem.path, problem.message));
  if (scope !== undefined) diagnostics.push(...literalSecrets(source, substitutions, scope));
  const refused = characters.problems;
  for (const problem of refused) diagnostics.push(diagnostic(positionInFile(source, problem.path, problem.at), problem.path, problem.message));
  // A value refused for its characters is not described a second time by the model.
  const refusedValues = new Set(refused.filter((problem) => problem.at === 'value').map((problem) => pathKey(problem.path)));

  const substituted = new Set(substitutions.filter((s) => builtSecret(s.path, s.variables, scope)).map((s) => pathKey(s.path)));
  const placeholders = new Set(substitutions.filter((s) => s.missing.length > 0).map((s) => pathKey(s.path)));
  const isSecret = (path: ManifestPath) => substituted.has(pathKey(path)) || path.some((segment) => SECRET_FIELDS.has(String(segment)));
  const counts = countEntries(record);

  const parsed = manifestSchema.safeParse(record, { reportInput: true });
  if (parsed.success) {
    const { data: manifest } = parsed;
    return {
      source,
      diagnostics,
      group: manifest.group,
      api: manifest.api,
      prune: record['prune'] === undefined ? undefined : manifest.prune,
      protect: manifest.protect,
      safety: manifest.safety,
      policies: manifest.policies,
      serviceRecord: manifest.serviceRecord,
      moved: manifest.moved.map((value, index) => ({ index, value })),
      entries: {
        emvConfigs: manifest.emvConfigs.map((value, index) => ({ index, key: value.emvName, value })),
        acquirerProfiles: manifest.acquirerProfiles.map((value, index) => ({ index, key: value.profileName, value })),
        merchants: manifest.merchants.map((value, index) => ({ index, key: value.providerReference, value })),
      },
      substitutions,
      counts,
    };
  }

  // With allowMissingEnv a value holding a ${NAME} placeholder is not checked for shape.
  const issues = parsed.error.issues.filter((issue) => {
    const key = pathKey(issue.path as ManifestPath);
    return !placeholders.has(key) && !refusedValues.has(key);
  });
  diagnostics.push(...modelDiagnostics(issues, source, isSecret));
  const broken = brokenParts(issues);

  let group: string | undefined;
  let prune: PrunePolicy | undefined;
  if (!broken.topLevel.has('group') && typeof record['group'] === 'string') {
    group = manifestSchema.shape.group.safeParse(record['group']).data;
  }
  const api = broken.topLevel.has('api') ? undefined : manifestSchema.shape.api.safeParse(record['api']).data;
  if (!broken.topLevel.has('prune') && record['prune'] !== undefined) {
    prune = manifestSchema.shape.prune.safeParse(record['prune']).data;
  }
  const protect = broken.topLevel.has('protect') ? [] : (manifestSchema.shape.protect.safeParse(record['protect']).data ?? []);
  const safety = broken.topLevel.has('safety') ? undefined : manifestSchema.shape.safety.safeParse(record['safety']).data;
  const policies = broken.topLevel.has('policies') ? undefined : manifestSchema.shape.policies.safeParse(record['policies']).data;
  const serviceRecord = broken.topLevel.has('serviceRecord') ? undefined : manifestSchema.shape.serviceRecord.safeParse(record['serviceRecord']).data;
  const entries: FileEntries = {
    emvConfigs: fileEntries(record, 'emvConfigs', emvConfigSchema, broken),
    acquirerProfiles: fileEntries(record, 'acquirerProfiles', acquirerProfileSchema, broken),
    merchants: fileEntries(record, 'merchants', merchantSchema, broken).map((entry) =>
      entry.value === undefined && broken.entries.merchants.has(entry.index)
        ? { ...entry, partial: partialMerchant((record['merchants'] as unknown[])[entry.index], broken.merchantParts.get(entry.index)) }
        : entry,
    ),
  };
  return { source, diagnostics, group, api, prune, protect, safety, policies, serviceRecord, moved: validMoves(record['moved']), entries, substitutions, counts };
}

/** The entries of a `moved` list that are valid on their own; the others are reported by the model. */
function validMoves(list: unknown): FileMove[] {
  if (!Array.isArray(list)) return [];
  const out: FileMove[] = [];
  list.forEach((item, index) => {
    const result = movedEntrySchema.safeParse(item);
    if (result.success) out.push({ index, value: result.data });
  });
  return out;
}

function countEntries(record: Record<string, unknown>): ManifestCounts {
  const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  let bindings = 0;
  let devices = 0;
  const merchants = Array.isArray(record['merchants']) ? (record['merchants'] as unknown[]) : [];
  for (const merchant of merchants) {
    if (merchant === null || typeof merchant !== 'object') continue;
    bindings += length((merchant as Record<string, unknown>)['bindings']);
    devices += length((merchant as Record<string, unknown>)['devices']);
  }
  return {
    emvConfigs: length(record['emvConfigs']),
    acquirerProfiles: length(record['acquirerProfiles']),
    merchants: merchants.length,
    bindings,
    devices,
  };
}

/** Which bindings and devices of a merchant have errors; `other` when the merchant's own fields do. */
interface MerchantParts {
  readonly bindings: Set<number>;
  readonly devices: Set<number>;
  other: boolean;
}

interface BrokenParts {
  readonly topLevel: Set<string>;
  readonly entries: Record<MergedList, Set<number>>;
  readonly merchantParts: Map<number, MerchantParts>;
}

function brokenParts(issues: readonly z.core.$ZodIssue[]): BrokenParts {
  const topLevel = new Set<string>();
  const entries = { emvConfigs: new Set<number>(), acquirerProfiles: new Set<number>(), merchants: new Set<number>() };
  const merchantParts = new Map<number, MerchantParts>();
  for (const issue of issues) {
    const [head, index, sub, subIndex] = issue.path;
    if (issue.path.length === 0) continue; // unknown top-level keys do not spoil the lists
    if (typeof head !== 'string') continue;
    if (!(MERGED_LISTS as readonly string[]).includes(head) || typeof index !== 'number') {
      topLevel.add(head);
      continue;
    }
    entries[head as MergedList].add(index);
    if (head !== 'merchants') continue;
    const parts = merchantParts.get(index) ?? { bindings: new Set<number>(), devices: new Set<number>(), other: false };
    merchantParts.set(index, parts);
    if ((sub === 'bindings' || sub === 'devices') && typeof subIndex === 'number') parts[sub].add(subIndex);
    else parts.other = true;
  }
  return { topLevel, entries, merchantParts };
}

function fileEntries<T>(record: Record<string, unknown>, list: MergedList, schema: z.ZodType<T>, broken: BrokenParts): FileEntry<T>[] {
  const items = record[list];
  if (!Array.isArray(items) || broken.topLevel.has(list)) return [];
  const keyField = KEY_FIELD[list];
  return items.map((item, index) => {
    const rawKey = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[keyField] : undefined;
    const key = typeof rawKey === 'string' ? rawKey : undefined;
    if (broken.entries[list].has(index)) return { index, key, value: undefined };
    // Also fails, silently, when the only problems were at placeholders of missing variables.
    const result = schema.safeParse(item);
    return { index, key, value: result.success ? result.data : undefined };
  });
}

/** The merchant with its broken bindings and devices as holes, when nothing else of it is broken. */
function partialMerchant(raw: unknown, parts: MerchantParts | undefined): CheckableMerchant | undefined {
  if (parts === undefined || parts.other || raw === null || typeof raw !== 'object') return undefined;
  const item = raw as Record<string, unknown>;
  const keep = (list: unknown, brokenIndices: Set<number>) =>
    Array.isArray(list) ? list.filter((_, index) => !brokenIndices.has(index)) : list;
  const result = merchantSchema.safeParse({
    ...item,
    bindings: keep(item['bindings'], parts.bindings),
    devices: keep(item['devices'], parts.devices),
  });
  if (!result.success) return undefined;
  const withHoles = <T>(parsed: readonly T[] | undefined, brokenIndices: Set<number>, length: number): (T | undefined)[] | undefined => {
    if (parsed === undefined) return undefined;
    let next = 0;
    return Array.from({ length }, (_, index) => (brokenIndices.has(index) ? undefined : parsed[next++]));
  };
  const rawLength = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  const { bindings, devices, ...fields } = result.data;
  return {
    ...fields,
    bindings: withHoles(bindings, parts.bindings, rawLength(item['bindings'])),
    devices: withHoles(devices, parts.devices, rawLength(item['devices'])),
  };
}

export function pathKey(path: ManifestPath): string {
  return JSON.stringify(path);
}
