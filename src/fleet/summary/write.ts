import { randomBytes } from 'node:crypto';
import { lstat, open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FleetSummary } from '../types.js';
import { FleetReportError } from './errors.js';
import { renderFleetSummaryJson } from './render-json.js';

/** What an earlier summary holds near its start: a file without it is never replaced. */
const SUMMARY_KIND = /"kind"\s*:\s*"paycfg-fleet-summary"/;

/**
 * Writes the summary's JSON to `file` (`--summary FILE`: what a shard's job uploads for `fleet
 * report`), to a temporary file beside it moved into place, so that a job collecting it never reads
 * half a summary. A file already there is replaced only when it is an earlier summary (or empty): a
 * fleet file or a manifest named by mistake is left alone.
 *
 * @throws FleetReportError when the file cannot be written, or is something else.
 */
export async function writeFleetSummaryFile(file: string, summary: FleetSummary, options: { readonly cwd: string }): Promise<void> {
  if (file.trim() === '') throw new FleetReportError('--summary needs a file name');
  const target = path.resolve(options.cwd, file);
  await checkReplaceable(target, file);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, renderFleetSummaryJson(summary), { encoding: 'utf8', mode: 0o644 });
    await rename(temporary, target);
  } catch (error) {
    throw new FleetReportError(`cannot write the fleet summary to ${file}: ${describeFsError(error)}`, { files: [file] });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function checkReplaceable(target: string, file: string): Promise<void> {
  const info = await lstat(target).catch(() => undefined);
  if (info === undefined) return;
  if (info.isDirectory()) throw new FleetReportError(`${file} is a directory: --summary writes one file; give the name of a file`, { files: [file] });
  if (!info.isFile()) throw new FleetReportError(`${file} is not a regular file: --summary writes one file`, { files: [file] });
  let head = '';
  let handle;
  try {
    handle = await open(target, 'r');
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } catch (error) {
    throw new FleetReportError(`cannot read ${file} to check what it is: ${describeFsError(error)}`, { files: [file] });
  } finally {
    await handle?.close();
  }
  if (head.trim() !== '' && !SUMMARY_KIND.test(head)) {
    throw new FleetReportError(`${file} already exists and is not a fleet summary; --summary replaces only an earlier summary. Choose another file name, or remove this file first.`, {
      files: [file],
    });
  }
}

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
