import type { Diagnostic, SourcePosition } from './diagnostics.js';
import { secretDefaults } from './secret-defaults.js';
import type { SecretField } from './secrets.js';

/**
 * What `validate` warns about: each secret field written with a variable's default, which
 * `plan --out` refuses to save (see buildSavedPlan). Every field is named, not only the first of
 * each template as the refusal does, so that one run shows every line to change. The default
 * itself is never quoted: it is a secret.
 *
 * `path` is the field's path in the merged manifest (the position names the file and line).
 */
export function secretDefaultWarnings(
  secrets: readonly SecretField[],
  locate: (path: readonly (string | number)[]) => SourcePosition,
): Diagnostic[] {
  const defaults = secretDefaults(secrets, locate);
  const warnings: Diagnostic[] = [];
  for (const secret of secrets) {
    const found = defaults.get(secret.template);
    if (found === undefined) continue;
    const { file, line, col } = locate(secret.path);
    const field = String(secret.path[secret.path.length - 1]);
    const names = found.variables.join(', ');
    const message =
      `${field} takes a default from ${found.variables.map((v) => `\${${v}:-…}`).join(', ')}, so \`paycfg plan --out\` will refuse to save a plan of it: ` +
      'a saved plan keeps each secret\'s template, to read its variables again at apply time, and would carry the default in clear. ' +
      `Write ${found.variables.map((v) => `\${${v}}`).join(', ')} without the default, and set ${names} when you plan and when you apply.`;
    warnings.push({ file, line, col, path: secret.path, message });
  }
  return warnings;
}
