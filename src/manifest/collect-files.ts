import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { diagnostic, type Diagnostic } from './diagnostics.js';

export interface ManifestFile {
  readonly absolutePath: string;
  /** As shown in messages: relative to the working directory when inside it, else absolute; `<stdin>` for `-`. */
  readonly name: string;
  /** `-f -`: the manifest comes from standard input. */
  readonly stdin?: true;
}

/** The path that names standard input (`-f -`), and the name its messages give. */
export const STDIN_PATH = '-';
export const STDIN_NAME = '<stdin>';

export interface CollectedFiles {
  readonly files: readonly ManifestFile[];
  readonly diagnostics: readonly Diagnostic[];
}

const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml']);

/**
 * Expands `-f` arguments into manifest files: a file is taken as it is (whatever its extension),
 * a directory is read recursively for `*.yaml` / `*.yml`, skipping entries whose name starts with a
 * dot (`.git`, `.github`, editor files). Files come out in argument order, each directory's files
 * sorted by path, without repeats. `-` is standard input, read by the caller. A missing path or a
 * directory without manifests is a problem. A directory's walk skips the `exclude` files (the
 * environments file, when it is in a directory of manifests).
 */
export async function collectManifestFiles(paths: readonly string[], cwd: string, options: { readonly exclude?: readonly string[] } = {}): Promise<CollectedFiles> {
  const files: ManifestFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const excluded = await excludedFiles(options.exclude ?? []);

  const add = async (absolutePath: string): Promise<void> => {
    const real = await realpath(absolutePath).catch(() => absolutePath);
    if (seen.has(real)) return;
    seen.add(real);
    files.push({ absolutePath, name: displayName(absolutePath, cwd) });
  };

  for (const given of paths) {
    if (given === STDIN_PATH) {
      // Read once, as a file given twice is: the command line refuses `-f -` twice (cli/parse-flags checkStdinOnce).
      if (!seen.has(STDIN_PATH)) files.push({ absolutePath: STDIN_NAME, name: STDIN_NAME, stdin: true });
      seen.add(STDIN_PATH);
      continue;
    }
    const absolutePath = path.resolve(cwd, given);
    const problem = (text: string) => diagnostics.push(diagnostic({ file: given, line: 1, col: 1 }, [], text));
    let info;
    try {
      info = await stat(absolutePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      problem(code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file or directory' : `cannot read it (${code ?? String(error)})`);
      continue;
    }
    if (info.isDirectory()) {
      const found: string[] = [];
      await walk(absolutePath, found, new Set());
      const kept = await withoutExcluded(found, excluded);
      if (kept.length === 0) problem('directory holds no *.yaml or *.yml file');
      kept.sort(comparePaths);
      for (const file of kept) await add(file);
    } else {
      await add(absolutePath);
    }
  }
  return { files, diagnostics };
}

/** The excluded files by base name, each as given and as its real path: a walk meets them by either. */
async function excludedFiles(exclude: readonly string[]): Promise<ReadonlyMap<string, ReadonlySet<string>>> {
  const byName = new Map<string, Set<string>>();
  for (const file of exclude) {
    const forms = [path.resolve(file), await realpath(file).catch(() => path.resolve(file))];
    for (const form of forms) {
      const name = path.basename(form);
      const set = byName.get(name) ?? new Set<string>();
      set.add(form);
      byName.set(name, set);
    }
  }
  return byName;
}

/** A directory's files less the excluded ones; a real path is looked up only for a file of an excluded name. */
async function withoutExcluded(found: readonly string[], excluded: ReadonlyMap<string, ReadonlySet<string>>): Promise<string[]> {
  if (excluded.size === 0) return [...found];
  const kept: string[] = [];
  for (const file of found) {
    const forms = excluded.get(path.basename(file));
    if (forms !== undefined && (forms.has(file) || forms.has(await realpath(file).catch(() => file)))) continue;
    kept.push(file);
  }
  return kept;
}

async function walk(directory: string, found: string[], visited: Set<string>): Promise<void> {
  // Symlinked directories are followed once; a link back up the tree would otherwise never end.
  const real = await realpath(directory).catch(() => directory);
  if (visited.has(real)) return;
  visited.add(real);
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(full).catch(() => undefined);
      isDirectory = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDirectory) await walk(full, found, visited);
    else if (isFile && MANIFEST_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) found.push(full);
  }
}

/** Sorts by path segments, so `a/z.yaml` comes before `a-b/x.yaml` whatever the separators' code points. */
function comparePaths(a: string, b: string): number {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

function displayName(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolutePath;
  return relative.split(path.sep).join('/');
}
