import type { SourcePosition } from './diagnostics.js';
import { expandTemplate } from './env-substitution.js';
import { SECRET_FIELDS } from './issue-text.js';
import type { SecretField } from './secrets.js';

/** A secret field (deviceAdmin, passcode) written with a variable's default: `${NAME:-value}`. */
export interface SecretDefault {
  /** The secret field it is written in (deviceAdmin, passcode). */
  readonly field: string;
  /** The variables written with a default that is not empty. */
  readonly variables: readonly string[];
  /** Where the first value written with this template is. */
  readonly at: SourcePosition;
}

/**
 * The templates of secret fields that hold a default, each with where it is first written, by
 * template (values built from one template share it, as their secret origins do). A default is a
 * secret written in the manifest: `plan --out` refuses it as it refuses a literal secret, and says
 * where it is. Values only sensitive for being built from a variable (a connUrl) are not listed: a
 * literal would be fine there, and so is a default.
 */
export function secretDefaults(
  secrets: readonly SecretField[],
  locate: (path: readonly (string | number)[]) => SourcePosition,
): ReadonlyMap<string, SecretDefault> {
  const found = new Map<string, SecretDefault>();
  for (const secret of secrets) {
    if (secret.template === '' || found.has(secret.template)) continue;
    const field = String(secret.path[secret.path.length - 1]);
    if (!SECRET_FIELDS.has(field)) continue;
    const { withDefault } = expandTemplate(secret.template, {});
    if (withDefault.length > 0) found.set(secret.template, { field, variables: withDefault, at: locate(secret.path) });
  }
  return found;
}
