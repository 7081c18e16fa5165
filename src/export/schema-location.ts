import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { MANIFEST_SCHEMA_FILE } from '../package-files.js';

/** The manifest JSON Schema shipped with paycfg. */
export { MANIFEST_SCHEMA_FILE };

/** Where the schema is inside an installed paycfg, from the project that installed it. */
export const INSTALLED_SCHEMA_PATH = 'node_modules/paycfg/schemas/manifest.schema.json';

/**
 * The `$schema` path for the modeline of a file written in `directory`; always relative, so that
 * it means the same in every checkout and never names a directory of this machine.
 *
 * - Inside the project that holds the schema (this repository, or the project whose node_modules
 *   holds paycfg): the path to it from the file.
 * - Anywhere else (paycfg run from a global install, an npx cache or another checkout): the schema
 *   of a paycfg installed in the file's own project, `node_modules/paycfg/...` from the nearest
 *   directory up that holds a package.json or a .git, else from the file's directory. An editor finds
 *   it once the project installs paycfg (`npm install --save-dev paycfg`), which also pins the
 *   version CI runs; until then it ignores the modeline. A URL was the other choice, but paycfg is
 *   not published where a versioned URL would stay valid.
 */
export function schemaReference(directory: string, schemaFile: string = MANIFEST_SCHEMA_FILE): string {
  // Another schema of the package (the service record's) is installed beside the manifest's.
  const installed = [...INSTALLED_SCHEMA_PATH.split('/').slice(0, -1), basename(schemaFile)];
  const reachable = isInside(directory, schemaProjectRoot(schemaFile)) ? schemaFile : join(projectRootOf(directory), ...installed);
  return relative(directory, reachable).split(sep).join('/');
}

function isInside(directory: string, root: string): boolean {
  const fromRoot = relative(root, directory);
  return fromRoot === '' || (fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot));
}

function schemaProjectRoot(schemaFile: string): string {
  const parts = schemaFile.split(sep);
  const nodeModules = parts.lastIndexOf('node_modules');
  if (nodeModules > 0) return parts.slice(0, nodeModules).join(sep) || sep;
  // <package root>/schemas/manifest.schema.json
  return dirname(dirname(schemaFile));
}

/**
 * The project a written file belongs to (see schemaReference): the nearest directory up that holds
 * a package.json or a .git, so that a package.json above a repository (one in the home directory)
 * is never taken for it. The directory need not exist yet.
 */
function projectRootOf(directory: string): string {
  for (let current = directory; ; current = dirname(current)) {
    if (existsSync(join(current, 'package.json')) || existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current) return directory;
  }
}
