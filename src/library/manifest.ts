import { loadManifest as loadManifestFiles, type LoadedManifest, type LoadManifestOptions } from '../manifest/index.js';

/**
 * Reads, validates and merges a manifest split over files and directories (directories are read
 * recursively), as `paycfg validate` does. Sends no request. `${VAR}` references are read from
 * `options.env` (default `process.env`); relative paths from `options.cwd` (default `process.cwd()`).
 *
 * @throws ManifestError holding every problem found (YAML, model, variables, cross-entry rules)
 *   in its `diagnostics`, sorted by file, line and column.
 */
export function loadManifest(paths: string | readonly string[], options: Partial<LoadManifestOptions> = {}): Promise<LoadedManifest> {
  return loadManifestFiles(typeof paths === 'string' ? [paths] : paths, {
    ...options,
    env: options.env ?? process.env,
    cwd: options.cwd ?? process.cwd(),
  });
}
