import { checkManifestFile, pathKey, type CheckedFile, type ManifestCounts } from './check-file.js';
import { collectManifestFiles, type ManifestFile } from './collect-files.js';
import { crossCheck } from './cross-checks.js';
import { diagnostic, ManifestError, type Diagnostic, type ManifestPath, type SourcePosition } from './diagnostics.js';
import { withHeapGrowthCapped } from './heap-growth.js';
import { SECRET_FIELDS } from './issue-text.js';
import { mergeFiles, type ManifestView } from './merge.js';
import { checkMoves } from './moved-checks.js';
import { checkSkipRules } from './skip-rules.js';
import type { MergedSourceMap, PlacedPath } from './positions.js';
import type { Manifest } from './model.js';
import type { ParseCache } from './parse-cache.js';
import { parseManifestTexts, type ParsePoolOptions } from './parse-pool.js';
import { readManifestText, stdinManifestText, MAX_FILE_BYTES, type ManifestText } from './read-yaml.js';
import { collectSecrets, type SecretField } from './secrets.js';
import { builtSecret, type VariableScope } from './variable-scope.js';

export interface LoadedManifest {
  /** Validated; codes normalised to two-digit strings; variables substituted; acqType defaulted to 'card'. */
  readonly manifest: Manifest;
  /** Files read, in order, as shown in messages (relative to the working directory when inside it). */
  readonly files: readonly string[];
  /**
   * Where a value came from: path into `manifest` → position. An unknown path gives its nearest
   * ancestor. `locate.place` says more, for checks that report on the manifest after it loaded.
   */
  readonly locate: Locator;
  /** Values that must never be printed (deviceAdmin, passcode, every value that came from a variable). */
  readonly secretValues: readonly string[];
  /**
   * For each secret field: its path in `manifest`, the variables it was built from (empty when
   * literal) and its template, the text as written (empty when literal; see expandTemplate).
   */
  readonly secrets: readonly SecretField[];
  /** Variables that were unset with no default; only ever non-empty with `allowMissingEnv`. */
  readonly missingVariables: readonly string[];
  /**
   * Entries written in the files. Equal to the lengths of `manifest`'s lists, except with
   * `allowMissingEnv`, where an entry whose checked value waits for a missing variable is counted here
   * but left out of `manifest`.
   */
  readonly counts: ManifestCounts;
}

/**
 * What later stages need of a loaded manifest once its desired state is built. Not the manifest
 * itself, which a large group cannot afford to keep twice; not `secrets`, which the desired state
 * carries as its `sensitive` origins; not `locate`, which only a literal secret's origin keeps.
 */
export type ManifestContext = Omit<LoadedManifest, 'manifest' | 'locate' | 'secrets'>;

/** `locate`, and `place`: the same source map, so that keeping one keeps nothing more. */
export interface Locator {
  (path: ManifestPath): SourcePosition;
  /**
   * The position of the value at `path` (or of its key, `at: 'key'`), the path inside the file it
   * came from (list indices of that file, as diagnostics name them), and whether the file writes it:
   * a value the model defaults (a profile's acqType) is not written, and its position is its
   * nearest written ancestor's.
   */
  place(path: ManifestPath, at?: 'value' | 'key'): PlacedPath;
}

export interface LoadManifestOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Validate without secrets: a missing variable becomes a `${NAME}` placeholder instead of an error. */
  readonly allowMissingEnv?: boolean;
  /** Size limit per file; the default is MAX_FILE_BYTES (50 MiB). */
  readonly maxFileBytes?: number;
  /** Reads standard input, for the path `-`; without it, `-` is a problem of the command line. */
  readonly readStdin?: () => Promise<string>;
  /** Where files are parsed; by default in worker threads from parse-pool's threshold on. */
  readonly parse?: ParsePoolOptions;
  /**
   * The names `${NAME}` may use, when something declares them (an environment's values, whose
   * variables `env` then holds): another name is refused, naming the declaration; a value the
   * declaration writes literally is no secret, and may not feed a secret field.
   */
  readonly scope?: VariableScope;
  /** Files a directory's walk skips, absolute (the environments file beside the manifests): never read as a manifest. */
  readonly exclude?: readonly string[];
  /**
   * Parses shared with the other loads of one run (a fleet's targets, made of one template's files):
   * a file read with the same name and text as before is not parsed again (parse-cache.ts).
   */
  readonly parseCache?: ParseCache;
}

/**
 * Reads, validates and merges a manifest split over files and directories. Throws a
 * ManifestError holding every problem found (YAML, model, variables, cross-entry rules), sorted
 * by file, line and column. Sends no request.
 */
export async function loadManifest(paths: readonly string[], options: LoadManifestOptions): Promise<LoadedManifest> {
  const collected = await collectManifestFiles(paths, options.cwd, options.exclude !== undefined ? { exclude: options.exclude } : {});
  const diagnostics: Diagnostic[] = [...collected.diagnostics];
  const fileNames = collected.files.map((file) => file.name);
  if (paths.length === 0) {
    diagnostics.push(diagnostic({ file: '<command line>', line: 1, col: 1 }, [], 'no manifest file given; pass one or more files or directories'));
  }

  const checked = await withHeapGrowthCapped(() => checkFiles(collected.files, options, diagnostics));

  const merged = mergeFiles(checked);
  diagnostics.push(...merged.diagnostics);

  // Paths built from variables, and those holding a placeholder of a missing variable.
  const variablesAt = (view: ManifestView<unknown>) => {
    const fromVariables: { path: ManifestPath; variables: readonly string[]; template: string }[] = [];
    const placeholders = new Set<string>();
    checked.forEach((file, fileIndex) => {
      for (const substitution of file.substitutions) {
        const path = view.toMergedPath(fileIndex, substitution.path);
        if (path === undefined) continue;
        if (substitution.missing.length > 0) placeholders.add(pathKey(path));
        // A value built from what the scope writes in the repository alone is no secret.
        if (!builtSecret(path, substitution.variables, options.scope)) continue;
        fromVariables.push({ path, variables: substitution.variables, template: substitution.template });
      }
    });
    return { fromVariables, placeholders, paths: new Set(fromVariables.map(({ path }) => pathKey(path))) };
  };

  const { checkable } = merged;
  const checkVariables = variablesAt(checkable);
  crossCheck(checkable.manifest, {
    report(path, text, at = 'value') {
      if (checkVariables.placeholders.has(pathKey(path))) return;
      const { position, localPath } = checkable.sourceMap.resolve(path, at);
      diagnostics.push(diagnostic(position, localPath, text));
    },
    locate: (path) => checkable.sourceMap.resolve(path).position,
    brokenKeys: merged.brokenKeys,
    isSecret: (path) => checkVariables.paths.has(pathKey(path)) || path.some((segment) => SECRET_FIELDS.has(String(segment))),
  });

  checkSkipRules(
    checkable.manifest as unknown as Readonly<Record<string, unknown>>,
    (path, text) => {
      const { position, localPath } = checkable.sourceMap.resolve(path);
      diagnostics.push(diagnostic(position, localPath, text));
    },
    (path) => checkVariables.paths.has(pathKey(path)),
  );

  diagnostics.push(...checkMoves(merged.moves, checked, checkable.manifest, merged.brokenKeys));
  diagnostics.push(...variablesInPolicies(checked, checkable));

  if (diagnostics.length > 0) throw new ManifestError(diagnostics, fileNames);

  const { complete } = merged;
  const { secrets, secretValues } = collectSecrets(complete.manifest, variablesAt(complete).fromVariables, options.env);
  const missing = new Set(checked.flatMap((file) => file.substitutions.flatMap((substitution) => substitution.missing)));
  return {
    manifest: complete.manifest,
    files: fileNames,
    locate: locator(complete.sourceMap),
    secretValues,
    secrets,
    missingVariables: [...missing].sort(),
    counts: sumCounts(checked.map((file) => file.counts)),
  };
}

/**
 * Reads every file, then parses (parse-pool.ts: in worker threads when the manifest is large) and
 * checks each in file order, checking one while the next parses. Files that cannot be read or
 * parsed are left out, their problems added to `diagnostics`.
 */
async function checkFiles(files: readonly ManifestFile[], options: LoadManifestOptions, diagnostics: Diagnostic[]): Promise<CheckedFile[]> {
  const maxBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const texts: { name: string; text: string }[] = [];
  for (const file of files) {
    const read = file.stdin === true ? await readStdinText(file.name, options.readStdin, maxBytes) : await readManifestText(file.absolutePath, file.name, maxBytes);
    if ('unreadable' in read) diagnostics.push(read.unreadable);
    else texts.push(read);
  }
  const names = texts.map((text) => text.name);
  const checked: CheckedFile[] = [];
  let index = 0;
  for await (const { value, diagnostics: problems, positions } of parseManifestTexts(texts.splice(0), options.parse, options.parseCache)) {
    const name = names[index++]!;
    diagnostics.push(...problems);
    if (problems.length > 0) continue;
    const result = checkManifestFile({ name, positions }, value, options.env, options.allowMissingEnv ?? false, options.scope);
    diagnostics.push(...result.diagnostics);
    checked.push(result);
  }
  return checked;
}

async function readStdinText(name: string, readStdin: LoadManifestOptions['readStdin'], maxBytes: number): Promise<ManifestText> {
  if (readStdin === undefined) {
    return { name, unreadable: diagnostic({ file: '<command line>', line: 1, col: 1 }, [], 'standard input (-) cannot be read here; give the manifest as a file') };
  }
  return stdinManifestText(await readStdin(), name, maxBytes);
}

/**
 * `policies:` takes no `${NAME}`: a pack's source, levels and config are saved with the plan as
 * written (policyPacks), and a value read from the environment there could be a secret.
 */
function variablesInPolicies(checked: readonly CheckedFile[], view: ManifestView<unknown> & { readonly sourceMap: MergedSourceMap }): Diagnostic[] {
  const found: Diagnostic[] = [];
  checked.forEach((file, fileIndex) => {
    for (const substitution of file.substitutions) {
      if (substitution.path[0] !== 'policies') continue;
      const path = view.toMergedPath(fileIndex, substitution.path);
      if (path === undefined) continue;
      const { position, localPath } = view.sourceMap.resolve(path);
      found.push(
        diagnostic(position, localPath, `policies take no \${NAME}: a pack's path, levels and config are saved with the plan as written; write the value itself (and keep secrets out of a pack's config)`),
      );
    }
  });
  return found;
}

/**
 * Built apart from loadManifest: a closure shares its function's whole scope in V8, and one made
 * there would keep every file's checked entries alive as long as the manifest's positions are.
 */
function locator(sourceMap: MergedSourceMap): Locator {
  return Object.assign((path: ManifestPath) => sourceMap.resolve(path).position, { place: (path: ManifestPath, at?: 'value' | 'key') => sourceMap.place(path, at) });
}

function sumCounts(counts: readonly ManifestCounts[]): ManifestCounts {
  const total = { emvConfigs: 0, acquirerProfiles: 0, merchants: 0, bindings: 0, devices: 0 };
  for (const count of counts) {
    total.emvConfigs += count.emvConfigs;
    total.acquirerProfiles += count.acquirerProfiles;
    total.merchants += count.merchants;
    total.bindings += count.bindings;
    total.devices += count.devices;
  }
  return total;
}
