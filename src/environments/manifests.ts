import type { ManifestPath, SourcePosition } from '../manifest/diagnostics.js';
import { loadManifest, type LoadedManifest, type LoadManifestOptions } from '../manifest/load-manifest.js';
import type { VariableScope } from '../manifest/variable-scope.js';
import type { ResolvedEnvironment } from './types.js';

/** How an environment's manifests are loaded: what loadManifest and computePlan take for it. */
export interface EnvironmentManifestOptions {
  /** Its manifest files and directories, absolute. */
  readonly paths: readonly string[];
  /** Its values, read: what `${NAME}` expands to. Nothing of the process environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Only its declared names may be used; what it writes literally is no secret, and feeds none. */
  readonly scope: VariableScope;
  /** The environments file: never read as a manifest, though it may stand in a manifest directory. */
  readonly exclude: readonly string[];
}

/** `environment production (paycfg.environments.yaml)`: the environment as messages about its values name it. */
export function environmentOwner(resolved: ResolvedEnvironment): string {
  return `environment ${resolved.definition.name} (${resolved.file.name})`;
}

/** The options that load an environment's manifests with its own values, and its values alone. */
export function environmentManifestOptions(resolved: ResolvedEnvironment): EnvironmentManifestOptions {
  const { definition, file } = resolved;
  const literal = new Map<string, { at: SourcePosition; path: ManifestPath }>();
  for (const [name, value] of definition.values) {
    if (typeof value !== 'string') continue;
    literal.set(name, { at: definition.positions?.values.get(name) ?? { file: file.name, line: 1, col: 1 }, path: ['environments', definition.name, 'values', name] });
  }
  return {
    paths: definition.manifests,
    env: resolved.variables,
    scope: { owner: environmentOwner(resolved), declared: new Set(definition.values.keys()), literal },
    exclude: [file.path],
  };
}

/**
 * Loads an environment's manifests, offline, as `paycfg validate --env NAME` does: its values as
 * the variables, only its names declared. With `allowMissingEnv`, a value its sources did not give
 * (resolveEnvironment's allowMissing) is a placeholder.
 *
 * @throws ManifestError holding every problem, those of its values (an undeclared name, a secret written in the environments file) included.
 */
export function loadEnvironmentManifest(resolved: ResolvedEnvironment, options: Omit<LoadManifestOptions, 'env' | 'scope' | 'exclude'>): Promise<LoadedManifest> {
  const { paths, env, scope, exclude } = environmentManifestOptions(resolved);
  return loadManifest(paths, { ...options, env, scope, exclude });
}
