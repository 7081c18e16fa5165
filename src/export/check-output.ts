import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManifestError, loadManifest, type Diagnostic } from '../manifest/index.js';

/**
 * Reads what export wrote back through the manifest loader, the same checks as `paycfg validate`.
 * The builder already leaves out what the format refuses, so a problem here is a live value it
 * could not leave out (a required field) or a bug; either way the user is told, with positions.
 * Variables are not needed: their references are checked as placeholders.
 */
export async function checkWrittenManifest(paths: readonly string[], cwd: string): Promise<readonly Diagnostic[]> {
  try {
    await loadManifest(paths, { env: {}, cwd, allowMissingEnv: true });
    return [];
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics;
    throw error;
  }
}

/** The same check for text that goes to stdout: it is written to a private temporary file first. */
export async function checkManifestText(text: string, name: string): Promise<readonly Diagnostic[]> {
  const directory = await mkdtemp(join(tmpdir(), 'paycfg-export-'));
  try {
    await writeFile(join(directory, name), text, 'utf8');
    return await checkWrittenManifest([name], directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
