import type { ManifestPath, SourcePosition } from './diagnostics.js';
import { SECRET_FIELDS } from './issue-text.js';

/**
 * The names a manifest's `${NAME}` may use when something declares them (an environment's
 * values), instead of the whole process environment. Kept as data here, so that the manifest
 * loader needs to know nothing of where the declaration comes from.
 */
export interface VariableScope {
  /** Who declares the names, as messages name it: `environment production (paycfg.environments.yaml)`. */
  readonly owner: string;
  /** Every name `${NAME}` may use: another is refused, naming the owner, a `:-default` notwithstanding. */
  readonly declared: ReadonlySet<string>;
  /**
   * The declared names whose value is written in the declaration itself (in the repository, not
   * read from a variable or a file), with where: such a value is no secret, so a field built from
   * it alone is shown in plans; and a secret field built from it is refused at that place.
   */
  readonly literal: ReadonlyMap<string, { readonly at: SourcePosition; readonly path: ManifestPath }>;
}

/** Whether a value built from `variables` at `path` is secret: a secret field always; otherwise unless every variable is written literally in the scope. */
export function builtSecret(path: ManifestPath, variables: readonly string[], scope: VariableScope | undefined): boolean {
  if (path.some((segment) => SECRET_FIELDS.has(String(segment)))) return true;
  return scope === undefined || variables.some((name) => !scope.literal.has(name));
}
