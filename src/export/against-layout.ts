import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { EnvironmentDefinition } from '../environments/index.js';
import { PaycfgError } from '../errors.js';

/**
 * Where the two-environment export reads and writes: the manifest paths both environments list
 * (the shared part, written once) and the one path each lists alone (its own manifest). Paths are
 * absolute, as the environments file gives them.
 */

/** `export --against` cannot go on: the environments do not have the layout it needs, or the output is in the way. */
export class ExportAgainstError extends PaycfgError {
  readonly code = 'EXPORT_AGAINST';
}

/** An environment's own manifest: one file, or a directory written like `export --out-dir`. */
export interface OwnTarget {
  readonly path: string;
  readonly kind: 'file' | 'directory';
  /** It exists, and (a directory) holds anything. */
  readonly occupied: boolean;
}

export interface AgainstLayout {
  /** The paths both environments list, in the first environment's order. */
  readonly shared: readonly string[];
  readonly fromOwn: OwnTarget;
  readonly toOwn: OwnTarget;
}

export async function againstLayout(from: EnvironmentDefinition, to: EnvironmentDefinition): Promise<AgainstLayout> {
  const inTo = new Set(to.manifests);
  const inFrom = new Set(from.manifests);
  const shared = from.manifests.filter((path) => inTo.has(path));
  if (shared.length === 0) {
    throw new ExportAgainstError(
      `environments ${from.name} and ${to.name} list no manifest in common, so there is no shared part to export ${to.name} against; ` +
        `list the shared manifests in both (e.g. manifests: [shared, ${to.name}]).`,
    );
  }
  const fromOwn = await ownTarget(from, from.manifests.filter((path) => !inTo.has(path)), to.name);
  const toOwn = await ownTarget(to, to.manifests.filter((path) => !inFrom.has(path)), from.name);
  for (const own of [fromOwn, toOwn]) {
    for (const path of shared) {
      if (within(own.path, path) || within(path, own.path)) {
        throw new ExportAgainstError(
          `${own.path} is inside the shared manifest ${path} (or holds it): an environment's own manifest must stand apart from the shared ones, ` +
            'or the other environment would read it too.',
        );
      }
    }
  }
  return { shared, fromOwn, toOwn };
}

async function ownTarget(environment: EnvironmentDefinition, own: readonly string[], other: string): Promise<OwnTarget> {
  if (own.length !== 1) {
    throw new ExportAgainstError(
      `environment ${environment.name} must list exactly one manifest path that ${other} does not (its own manifest, where what is its alone is written); ` +
        (own.length === 0 ? 'it lists none' : `it lists ${own.length}: ${own.join(', ')}`) +
        '. Give it one file or directory of its own in the environments file.',
    );
  }
  const path = own[0]!;
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new ExportAgainstError(`cannot read ${path}: ${error.message}`, { path });
  });
  if (info === undefined) return { path, kind: /\.ya?ml$/i.test(path) ? 'file' : 'directory', occupied: false };
  if (info.isDirectory()) {
    return { path, kind: 'directory', occupied: (await readdir(path)).length > 0 };
  }
  return { path, kind: 'file', occupied: true };
}

/** Whether `path` is `root` or below it. */
export function within(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/**
 * Where an entry of the shared file `file` goes in an environment's own manifest: the own file, or
 * the same place under the own directory (`shared/merchants/cafe-001.yaml` → `test/merchants/cafe-001.yaml`).
 */
export function destinationOf(file: string, shared: readonly string[], own: OwnTarget): string {
  if (own.kind === 'file') return own.path;
  const root = shared.find((path) => path !== file && within(file, path));
  return join(own.path, root === undefined ? basename(file) : relative(root, file));
}

/** The file of an own manifest that says `group:`. */
export function groupFileOf(own: OwnTarget): string {
  return own.kind === 'file' ? own.path : join(own.path, 'paycfg.yaml');
}

