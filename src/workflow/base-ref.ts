import { spawn } from 'node:child_process';
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
    return { base: { paths: present, cwd: dir, label, fileName: (file) => `${rev}:${file}` }, absent, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

interface Blob {
  readonly object: string;
  /** Relative to the repository's root, with `/`. */
  readonly path: string;
}

/** The files at `relative` (itself, or everything under it) in the commit; symbolic links and submodules are left out. */
async function listBlobs(commit: string, relative: string, root: string): Promise<Blob[]> {
  const out = await git(['ls-tree', '-r', '-z', '--full-tree', commit, '--', relative === '' ? '.' : relative], root);
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
