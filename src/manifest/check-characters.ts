import type { ManifestPath } from './diagnostics.js';
import type { Substitution } from './env-substitution.js';
import { describeCharacter, isMultiLinePath, MULTI_LINE_HINT, refusedCharacter } from './control-characters.js';

/** A key or value of a parsed file holding a character it may not (see control-characters.ts). */
export interface CharacterProblem {
  readonly path: ManifestPath;
  readonly at: 'key' | 'value';
  readonly message: string;
}

/**
 * Finds the keys and values of one file's data (variables already substituted) that hold a
 * refused character. Raw characters were refused with the file's text (see read-yaml.ts); what
 * is left are YAML escapes ("\e", "\x9b", "\u202e"), line breaks of block scalars in one-line
 * fields, and variables' values. A value built from variables names the variable at fault and
 * never shows its value: it may be a secret.
 */
export function characterProblems(
  data: unknown,
  substitutions: readonly Substitution[],
  env: Readonly<Record<string, string | undefined>>,
): CharacterProblem[] {
  const problems: CharacterProblem[] = [];
  let byPath: Map<string, Substitution> | undefined;
  const substitutionAt = (path: ManifestPath): Substitution | undefined => {
    byPath ??= new Map(substitutions.map((s) => [JSON.stringify(s.path), s]));
    return byPath.get(JSON.stringify(path));
  };

  const checkValue = (text: string, path: ManifestPath): void => {
    const multiLine = isMultiLinePath(path);
    const found = refusedCharacter(text, multiLine);
    if (found === undefined) return;
    const lines = multiLine ? '' : `; ${MULTI_LINE_HINT}`;
    const substitution = substitutionAt(path);
    // A value written in the file is refused as written; only a clean template blames its variables.
    const written = substitution === undefined ? found : refusedCharacter(substitution.template, multiLine);
    if (written !== undefined) {
      problems.push({ path: [...path], at: 'value', message: `holds ${describeCharacter(written.char)}, at character ${written.index + 1}${lines}` });
      return;
    }
    const before = problems.length;
    for (const name of substitution?.variables ?? []) {
      const value = env[name];
      const inVariable = value === undefined ? undefined : refusedCharacter(value, multiLine);
      if (inVariable === undefined) continue;
      problems.push({ path: [...path], at: 'value', message: `environment variable ${name} holds ${describeCharacter(inVariable.char)}${lines}` });
    }
    if (problems.length === before) problems.push({ path: [...path], at: 'value', message: `holds ${describeCharacter(found.char)}${lines}` });
  };

  // One path array, extended and shortened in place and copied only for a problem (see substituteEnv).
  const path: (string | number)[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      checkValue(value, path);
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(value[i]);
        path.pop();
      }
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      path.push(key);
      const found = refusedCharacter(key, false);
      if (found !== undefined) problems.push({ path: [...path], at: 'key', message: `key holds ${describeCharacter(found.char)}, at character ${found.index + 1}` });
      walk(item);
      path.pop();
    }
  };
  walk(data);
  return problems;
}
