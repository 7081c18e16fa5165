import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ExportFileExistsError, ExportOutputError } from './errors.js';
import type { ManifestFile } from './write-yaml.js';

/**
 * Writing the export: each file goes to a temporary name beside it and is moved into place, so a
 * reader (or an interrupted export) never sees half a manifest. With `replace: false` the move is
 * a hard link, which fails if the file appeared meanwhile (ExportFileExistsError): the check that
 * came before the reads is then made again at the moment of writing, with no gap.
 */
export async function writeFileAtomically(path: string, text: string, options: { replace?: boolean } = {}): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', mode: 0o644 });
    if (options.replace === false) await placeWithoutReplacing(temporary, path);
    else await rename(temporary, path);
  } catch (error) {
    if (error instanceof ExportOutputError) throw error;
    throw new ExportOutputError(`cannot write ${path}: ${describeFsError(error)}`, { path });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function placeWithoutReplacing(temporary: string, path: string): Promise<void> {
  try {
    await link(temporary, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new ExportFileExistsError(path);
    // A file system without hard links: an exclusive copy still never replaces, though a reader
    // could see the copy half written.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    try {
      await copyFile(temporary, path, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new ExportFileExistsError(path);
      throw copyError;
    }
  }
}

/**
 * Refuses a path that exists, before anything is read from the service (export -o without
 * --force); writeFileAtomically with `replace: false` checks again when it writes.
 */
export async function refuseExistingFile(path: string): Promise<void> {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new ExportOutputError(`cannot check ${path}: ${describeFsError(error)}`, { path });
  }
  if (info.isDirectory()) {
    throw new ExportOutputError(`${path} is a directory; -o writes one file (--out-dir writes a folder)`, { path });
  }
  throw new ExportFileExistsError(path);
}

/**
 * Writes the file set into `directory`. A directory that holds anything is refused unless `force`,
 * which overwrites the files the export writes and leaves every other file alone. Returns the other
 * manifest files found there (`paycfg plan -f DIR` would read them too), for a warning.
 */
export async function writeFileSet(directory: string, files: readonly ManifestFile[], force: boolean): Promise<string[]> {
  const existing = await entriesOf(directory);
  if (existing.length > 0 && !force) {
    throw new ExportOutputError(
      `${directory} is not empty; export writes into an empty directory. Pass --force to overwrite the files it writes there (other files are left alone), or choose another directory.`,
      { path: directory },
    );
  }
  const written = new Set<string>();
  for (const file of files) {
    const path = join(directory, ...file.path.split('/'));
    try {
      await mkdir(dirname(path), { recursive: true });
    } catch (error) {
      throw new ExportOutputError(`cannot create ${dirname(path)}: ${describeFsError(error)}`, { path: dirname(path) });
    }
    await writeFileAtomically(path, file.text);
    written.add(path);
  }
  if (existing.length === 0) return [];
  const others = (await manifestFilesUnder(directory)).filter((path) => !written.has(path));
  return others.map((path) => relative(directory, path).split(sep).join('/'));
}

async function entriesOf(directory: string): Promise<string[]> {
  try {
    const info = await stat(directory);
    if (!info.isDirectory()) throw new ExportOutputError(`${directory} exists and is not a directory`, { path: directory });
    return await readdir(directory);
  } catch (error) {
    if (error instanceof ExportOutputError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ExportOutputError(`cannot read ${directory}: ${describeFsError(error)}`, { path: directory });
  }
}

/** *.yaml / *.yml below the directory, skipping names that start with a dot, as `-f DIR` reads them. */
async function manifestFilesUnder(directory: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) out.push(...(await manifestFilesUnder(path)));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'no such directory';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOSPC') return 'no space left on the device';
  return error instanceof Error ? error.message : String(error);
}
