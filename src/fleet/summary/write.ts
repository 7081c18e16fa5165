import { lstat, open } from 'node:fs/promises';
import { describeFsError, writeFileAtomically } from '../../util/atomic-file.js';
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
  try {
    await writeFileAtomically(target, renderFleetSummaryJson(summary));
  } catch (error) {
    throw new FleetReportError(`cannot write the fleet summary to ${file}: ${describeFsError(error)}`, { files: [file] });
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
