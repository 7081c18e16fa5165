import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { collectManifestFiles, STDIN_NAME, STDIN_PATH } from '../manifest/collect-files.js';
import type { SavedPlan } from '../plan/saved-plan.js';
import { JournalError } from './errors.js';
import type { Actor, GitContext, HashedFile, RunSource } from './records.js';

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function hashFile(absolutePath: string, shown: string): Promise<string> {
  try {
    return sha256(await readFile(absolutePath));
  } catch (error) {
    throw new JournalError(`cannot read ${shown} to record its SHA-256 in the journal (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was changed`);
  }
}

/** A run's source with the files it read, absolute, for gitContext. */
export interface LocatedSource {
  readonly source: RunSource;
  readonly absolutePaths: readonly string[];
  /** The same files as the record names them. */
  readonly names: readonly string[];
}

/**
 * The manifest files of `apply -f PATH...` as the loader expands them (directories walked, files in
 * its order), each with the SHA-256 of its bytes. They are read again here, after the plan was
 * made: a file edited in between would be recorded with its new hash, a window of a few seconds
 * that a CI checkout does not have. Standard input cannot be read twice: give its text as
 * `stdinText` to hash it, else it is recorded with a null hash. `exclude`: as the loader skips
 * them (an environment's environments file).
 */
export async function manifestSource(paths: readonly string[], cwd: string, options: { stdinText?: string; exclude?: readonly string[] } = {}): Promise<LocatedSource> {
  const { files } = await collectManifestFiles(paths, cwd, options.exclude !== undefined ? { exclude: options.exclude } : {});
  const hashed: HashedFile[] = [];
  const absolutePaths: string[] = [];
  const names: string[] = [];
  for (const file of files) {
    if (file.stdin === true) {
      hashed.push({ path: STDIN_NAME, sha256: options.stdinText !== undefined ? sha256(options.stdinText) : null });
      continue;
    }
    hashed.push({ path: file.name, sha256: await hashFile(file.absolutePath, file.name) });
    absolutePaths.push(file.absolutePath);
    names.push(file.name);
  }
  return { source: { kind: 'manifest', files: hashed }, absolutePaths, names };
}

/** `apply PLANFILE`: the saved plan's file with its SHA-256, and the manifest files it names. */
export async function savedPlanSource(file: string, cwd: string, saved: Pick<SavedPlan, 'manifestFiles' | 'createdAt'>): Promise<LocatedSource> {
  if (file === STDIN_PATH) throw new JournalError('a saved plan read from standard input cannot be hashed for the journal; give its file');
  const absolutePath = path.resolve(cwd, file);
  return {
    source: { kind: 'saved-plan', file: { path: file, sha256: await hashFile(absolutePath, file) }, manifestFiles: [...saved.manifestFiles], createdAt: saved.createdAt },
    absolutePaths: [absolutePath],
    names: [file],
  };
}

/** How long a git call may take: the journal must not hold an apply up on a hung file system. */
const GIT_TIMEOUT_MS = 3000;

function git(args: readonly string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    // GIT_OPTIONAL_LOCKS=0: `git status` must not take the index lock another git command may need.
    execFile('git', args, { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' }, windowsHide: true }, (error, stdout) =>
      resolve(error === null ? stdout : undefined),
    );
  });
}

const NO_GIT: GitContext = { commit: null, clean: null, uncommitted: null };

/**
 * The git commit and state of the work tree the run's files are in (the first file's): HEAD, and
 * whether `git status` shows anything (untracked files count; ignored ones do not), and which of
 * the files themselves differ from HEAD or are not in it. Outside a work tree, without git, on a
 * repository without a commit, or when git takes longer than a few seconds: every field null,
 * never an error: a journal records what it can know.
 */
export async function gitContext(absolutePaths: readonly string[], names: readonly string[] = absolutePaths): Promise<GitContext> {
  const first = absolutePaths[0];
  if (first === undefined) return NO_GIT;
  const dir = path.dirname(first);
  const top = (await git(['rev-parse', '--show-toplevel'], dir))?.trim();
  const commit = (await git(['rev-parse', '--verify', '--quiet', 'HEAD'], dir))?.trim();
  if (top === undefined || top === '' || commit === undefined || !/^[0-9a-f]{40,64}$/.test(commit)) return NO_GIT;
  const status = await git(['status', '--porcelain=v1', '-z', '--untracked-files=all'], top);
  if (status === undefined) return { commit, clean: null, uncommitted: null };
  // Paths in porcelain -z are relative to the top of the work tree; a rename's second path is its origin.
  const changed = new Set<string>();
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    changed.add(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') i += 1;
  }
  const reals = await Promise.all(absolutePaths.map((file) => realpath(file).catch(() => file)));
  const relatives = reals.map((file) => path.relative(top, file).split(path.sep).join('/'));
  // An ignored file shows in no status: only `ls-files` tells that it is not in the commit.
  const tracked = await git(['ls-files', '-z', '--', ...relatives.map((r) => `:(literal)${r}`)], top);
  const inIndex = new Set(tracked?.split('\0') ?? []);
  const uncommitted: string[] = [];
  relatives.forEach((relative, index) => {
    if (changed.has(relative) || (tracked !== undefined && !inIndex.has(relative))) uncommitted.push(names[index] ?? absolutePaths[index]!);
  });
  return { commit, clean: changed.size === 0, uncommitted };
}

/** The CI's own account of who started the run first: on a runner, USER is the runner's account, the same for everyone. */
const ACTOR_VARIABLES = ['GITHUB_ACTOR', 'GITLAB_USER_LOGIN', 'USER'] as const;

/**
 * The account the process runs as. USER is unset in most containers, where this still knows the
 * account (root, or the image's user); it throws where the user id has no entry in the passwd
 * database (`docker run --user 1234`), and says nothing then.
 */
export function osAccountName(): string | undefined {
  try {
    const { username } = userInfo();
    return username === '' ? undefined : username;
  } catch {
    return undefined;
  }
}

/**
 * Who runs it: GITHUB_ACTOR, else GITLAB_USER_LOGIN, else USER, else the OS account the process
 * runs as; null when none says.
 */
export function actorOf(env: Readonly<Record<string, string | undefined>>, osAccount: () => string | undefined = osAccountName): Actor | null {
  for (const from of ACTOR_VARIABLES) {
    const name = env[from];
    if (name !== undefined && name !== '') return { name, from };
  }
  const name = osAccount();
  return name === undefined ? null : { name, from: 'os-account' };
}
