import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to a temporary file beside `path` and renames it into place, so that a reader
 * (node_exporter's textfile collector scraping mid-write, the next run reading the state) sees the
 * old file or the new one, never half of one. The temporary name starts with a dot and ends in
 * `.tmp`: the textfile collector reads `*.prom` only.
 */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', mode: 0o644 });
    await rename(temporary, path);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** A file system error in words a user can act on, without the stack or the syscall. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOSPC') return 'no space left on the device';
  return error instanceof Error ? error.message : String(error);
}
