import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InternalError } from './errors.js';

/**
 * Where paycfg's own files are: the package root, found by walking up from this module to the
 * package.json named paycfg. A fixed `../..` cannot serve: this module runs from src/ (tsx,
 * vitest), from dist/ (the library in the tarball) and inlined into bundle/paycfg.mjs (the CLI and
 * the GitHub Action), each at a different depth under the root.
 */

interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
}

/** The nearest directory from `from` up whose package.json is paycfg's. */
export function findPackageRoot(from: string): { root: string; version: string } {
  for (let current = from; ; current = dirname(current)) {
    const file = join(current, 'package.json');
    if (existsSync(file)) {
      const found = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
      if (found.name === 'paycfg' && typeof found.version === 'string') return { root: current, version: found.version };
    }
    if (dirname(current) === current) throw new InternalError(`no package.json named paycfg above ${from}: the installation is incomplete`);
  }
}

const found = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The package's root directory (the one holding its package.json). */
export const PACKAGE_ROOT = found.root;

/** The installed package's version. */
export const PACKAGE_VERSION = found.version;

/** The manifest JSON Schema shipped with paycfg. */
export const MANIFEST_SCHEMA_FILE = join(PACKAGE_ROOT, 'schemas', 'manifest.schema.json');

/** The directory of the hand-written wire-record schemas (schemas/api/). */
export const WIRE_SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas', 'api');
