import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, UsageError } from '../errors.js';
import type { BaseManifest } from './base-manifest.js';

/** A base manifest read from a git revision into a temporary directory, removed by `dispose`. */
export interface MaterialisedBase {
  readonly base: BaseManifest;
  /** Paths of the manifest that do not exist at the revision (files the change under review adds). */
  readonly absent: readonly string[];
  dispose(): Promise<void>;
}

/**
 * `--base-ref REV`: each `-f` path as it is at REV, taken from git (`git ls-tree` and
 * `git cat-file --batch`, never the work tree or the index) into a temporary directory with the
 * layout it has in the repository. A path that does not exist at REV is a file the change adds: it
 * contributes nothing to the base, and `absent` names it. Refused when the working directory is
 * not in a git work tree, when REV names no commit, when a path is outside the repository or is
 * standard input, and when no path exists at REV (that is no base, but most likely a wrong revision).
 *
 * A file named by `-f` brings only itself: a manifest file beside it that the change deleted is
 * read neither now nor at REV, and what it held would be missing from the base. So the base warns
 * of the manifest files (`*.yaml`, `*.yml`) at REV in the directory of a `-f` file that `-f` does
 * not name and the work tree no longer has, and says to give the directory.
 */
export async function materialiseBaseRef(rev: string, paths: readonly string[], cwd: string): Promise<MaterialisedBase> {
  const label = `--base-ref ${rev}`;
  if (rev === '' || rev.startsWith('-')) throw new UsageError(`${label}: give a git revision, such as origin/main or a commit id`);
  if (paths.includes('-')) throw new UsageError(`${label} reads each -f path as it is at ${rev}; standard input (-f -) has no such past: give the base with --base PATH instead`);
  const root = (await git(['rev-parse', '--show-toplevel'], cwd).catch((error: GitError) => {
    throw new ConfigError(`${label} needs a git work tree, and ${cwd} is not in one (${error.detail}). Give the base manifest's files with --base PATH instead.`);
  }))
    .toString('utf8')
    .trim();
  const commit = (await git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], cwd).catch(() => {
    throw new UsageError(`${label}: ${rev} is not a revision of the repository at ${root} (fetch it first, e.g. \`git fetch origin main\`)`);
  }))
    .toString('utf8')
    .trim();

  const inRepository = paths.map((given) => {
    const relative = path.relative(root, path.resolve(cwd, given));
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new UsageError(`${label}: ${given} is outside the git repository at ${root}, so it has no version at ${rev}; give the base with --base PATH instead`);
    }
    return { given, relative: relative.split(path.sep).join('/') };
  });

  const dir = await mkdtemp(path.join(tmpdir(), 'paycfg-base-'));
  const dispose = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    const present: string[] = [];
    const absent: string[] = [];
    for (const { given, relative } of inRepository) {
      const blobs = await listBlobs(commit, relative, root);
      if (blobs.length === 0) {
        absent.push(given);
        continue;
      }
      const contents = await readBlobs(blobs.map((b) => b.object), root);
      for (const [i, blob] of blobs.entries()) {
        const target = path.join(dir, ...blob.path.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, contents[i]!);
      }
      present.push(relative === '' ? '.' : relative);
    }
    if (present.length === 0) {
      throw new UsageError(`${label}: none of the manifest paths (${paths.join(', ')}) exists at ${rev}; is it the revision the change started from?`);
    }
    const left = await filesLeftOut(commit, inRepository, { root, cwd });
    const warnings = left.files.length === 0 ? [] : [leftOutWarning(label, rev, left)];
    return { base: { paths: present, cwd: dir, label, fileName: (file) => `${rev}:${file}`, ...(warnings.length > 0 ? { warnings } : {}) }, absent, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The manifest files at the commit in the directories of the `-f` paths that are not directories
 * there (files, or files the change adds), that no `-f` path covers and that the work tree does not
 * have: files the change may have deleted. Paths as the user would write them (from `cwd`).
 */
async function filesLeftOut(
  commit: string,
  given: readonly { given: string; relative: string }[],
  at: { root: string; cwd: string },
): Promise<{ files: string[]; directories: string[] }> {
  const covered = (file: string): boolean => given.some(({ relative }) => relative === '' || file === relative || file.startsWith(`${relative}/`));
  const files: string[] = [];
  const directories: string[] = [];
  const seen = new Set<string>();
  for (const { given: shown, relative } of given) {
    if (relative === '') continue;
    const blobs = await listBlobs(commit, relative, at.root);
    // A directory at the commit is read whole.
    if (blobs.length > 1 || (blobs.length === 1 && blobs[0]!.path !== relative)) continue;
    const directory = path.posix.dirname(relative);
    if (seen.has(directory)) continue;
    seen.add(directory);
    const found = (await listBlobs(commit, directory === '.' ? '' : `${directory}/`, at.root, false))
      .map((blob) => blob.path)
      .filter((file) => /\.ya?ml$/i.test(file) && !covered(file) && !existsSync(path.join(at.root, ...file.split('/'))));
    if (found.length === 0) continue;
    files.push(...found.map((file) => path.relative(at.cwd, path.join(at.root, ...file.split('/')))));
    directories.push(path.dirname(shown));
  }
  return { files, directories };
}

function leftOutWarning(label: string, rev: string, left: { files: string[]; directories: string[] }): string {
  const one = left.files.length === 1;
  return (
    `${label}: ${left.files.join(', ')} ${one ? 'is' : 'are'} at ${rev} beside the -f files, but -f does not name ${one ? 'it' : 'them'} ` +
    `and the work tree no longer has ${one ? 'it' : 'them'}. If the change deleted ${one ? 'it' : 'them'}, the base is read without ${one ? 'it' : 'them'} ` +
    `and the changes of ${one ? 'its' : 'their'} records are labelled as if the base never had them: give the director${left.directories.length === 1 ? 'y' : 'ies'} ` +
    `(${left.directories.map((d) => `-f ${d}`).join(' ')}) to read every file of ${left.directories.length === 1 ? 'it' : 'them'}, now and at ${rev}.`
  );
}

interface Blob {
  readonly object: string;
  /** Relative to the repository's root, with `/`. */
  readonly path: string;
}

/**
 * The files at `relative` (itself, or everything under it; only what is directly in it, a directory
 * given with its `/`, when not `recursive`) in the commit; symbolic links and submodules are left out.
 */
async function listBlobs(commit: string, relative: string, root: string, recursive = true): Promise<Blob[]> {
  const out = await git(['ls-tree', ...(recursive ? ['-r'] : []), '-z', '--full-tree', commit, '--', relative === '' ? '.' : relative], root);
  const blobs: Blob[] = [];
  for (const entry of out.toString('utf8').split('\0')) {
    if (entry === '') continue;
    const tab = entry.indexOf('\t');
    const [mode, type, object] = entry.slice(0, tab).split(' ');
    if (type !== 'blob' || mode === '120000' || object === undefined) continue;
    blobs.push({ object, path: entry.slice(tab + 1) });
  }
  return blobs;
}

/** Each object's content, in one `git cat-file --batch` whatever their number. */
async function readBlobs(objects: readonly string[], root: string): Promise<Buffer[]> {
  const out = await git(['cat-file', '--batch'], root, `${objects.join('\n')}\n`);
  const contents: Buffer[] = [];
  let at = 0;
  for (const object of objects) {
    const end = out.indexOf(0x0a, at);
    const header = out.subarray(at, end).toString('utf8').split(' ');
    if (header[0] !== object || header[1] !== 'blob') throw new ConfigError(`git cat-file could not read ${object} (${header.join(' ')})`);
    const size = Number(header[2]);
    contents.push(out.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return contents;
}

class GitError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** Runs git and returns its standard output; a failure (git missing, or a non-zero exit) is a GitError with what it said. */
function git(args: readonly string[], cwd: string, input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The user's git configuration applies (safe.directory and the like); nothing here writes to the repository.
    const child = spawn('git', args, { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => reject(new GitError(error.code === 'ENOENT' ? 'git is not installed' : error.message)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitError(Buffer.concat(err).toString('utf8').trim() || `git ${args[0]} exited with ${code}`));
    });
    if (input !== undefined) {
      // A git that stops reading (it failed) closes the pipe: its exit code and message say why, not EPIPE.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }
  });
}
