import { dirname, isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The manifest JSON Schema shipped with paycfg (the same path from src/ and from the built dist/). */
export const MANIFEST_SCHEMA_FILE = fileURLToPath(new URL('../../schemas/manifest.schema.json', import.meta.url));

/**
 * The `$schema` path for the modeline of a file written in `directory`. Inside the project that
 * holds the schema (this repository, or the project whose node_modules holds paycfg) the path is
 * relative, so it works in every clone; elsewhere it is the schema's absolute path.
 */
export function schemaReference(directory: string, schemaFile: string = MANIFEST_SCHEMA_FILE): string {
  const root = projectRoot(schemaFile);
  const fromRoot = relative(root, directory);
  const inside = fromRoot === '' || (fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot));
  if (!inside) return schemaFile.split(sep).join('/');
  return relative(directory, schemaFile).split(sep).join('/');
}

function projectRoot(schemaFile: string): string {
  const parts = schemaFile.split(sep);
  const nodeModules = parts.lastIndexOf('node_modules');
  if (nodeModules > 0) return parts.slice(0, nodeModules).join(sep) || sep;
  // <package root>/schemas/manifest.schema.json
  return dirname(dirname(schemaFile));
}
