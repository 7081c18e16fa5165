import type { ManifestPath } from './diagnostics.js';
import type { Substitution } from './env-substitution.js';
import { isMultiLinePath, MULTI_LINE_HINT } from '../kinds/multi-line.js';
import { describeCharacter, mayBeRefused, refusedCharacter } from './control-characters.js';

/** A key or value of a parsed file holding a character it may not (see control-characters.ts). */
export interface CharacterProblem {
  readonly path: ManifestPath;
  readonly at: 'key' | 'value';
  readonly message: string;
}

/**
 * Checks the keys and values of one file's data, as substituteEnv hands them over (its visitText,
 * so that a large manifest is walked once), for refused characters. Raw characters were refused
 * with the file's text (see parse-yaml.ts); what is left are YAML escapes ("\e", "\x9b",
 * "\u202e"), line breaks of block scalars in one-line fields, and variables' values. A value built
 * from variables names the variable at fault and never shows its value: it may be a secret.
 */
export function characterChecker(env: Readonly<Record<string, string | undefined>>): {
  readonly problems: readonly CharacterProblem[];
  visitText(text: string, path: ManifestPath, at: 'key' | 'value', substitution: Substitution | undefined): void;
} {
  const problems: CharacterProblem[] = [];

  const checkKey = (key: string, path: ManifestPath): void => {
    const found = refusedCharacter(key, false);
    if (found !== undefined) problems.push({ path: [...path], at: 'key', message: `key holds ${describeCharacter(found.char)}, at character ${found.index + 1}` });
  };

  const checkValue = (text: string, path: ManifestPath, substitution: Substitution | undefined): void => {
    const multiLine = isMultiLinePath(path);
    const found = refusedCharacter(text, multiLine);
    if (found === undefined) return;
    const lines = multiLine ? '' : `; ${MULTI_LINE_HINT}`;
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

  return {
    problems,
    visitText: (text, path, at, substitution) => {
      // The common case, decided without looking at the path.
      if (!mayBeRefused(text)) return;
      if (at === 'key') checkKey(text, path);
      else checkValue(text, path, substitution);
    },
  };
}
