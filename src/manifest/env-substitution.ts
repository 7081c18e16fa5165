import type { ManifestPath } from './diagnostics.js';
import { SECRET_FIELDS } from './issue-text.js';
import type { VariableScope } from './variable-scope.js';

/** A string value that referred to environment variables. */
export interface Substitution {
  readonly path: ManifestPath;
  /** Every variable the value refers to, in order of appearance, without repeats. */
  readonly variables: readonly string[];
  /** The variables that were unset with no default (left in the value as `${NAME}` placeholders). */
  readonly missing: readonly string[];
  /** The value as written, references unexpanded: expandTemplate(template, env) gives the value again. */
  readonly template: string;
}

export interface SubstitutionProblem {
  readonly path: ManifestPath;
  readonly message: string;
}

export interface SubstitutionResult {
  readonly substitutions: readonly Substitution[];
  readonly problems: readonly SubstitutionProblem[];
  /** The data, substituted: `data` itself, changed in place, unless `copy` was asked. */
  readonly data: unknown;
}

const REFERENCE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

export interface SubstituteOptions {
  readonly allowMissing?: boolean;
  /** The names that may be used, when something declares them (an environment's values): another is a problem, whatever its default. */
  readonly scope?: VariableScope;
  /**
   * Called with every key and every string value once expanded (with the substitution that built
   * it, if any), so that a check of all text rides on this walk instead of walking a large
   * manifest again. `path` is only valid during the call: copy it to keep it.
   */
  readonly visitText?: (text: string, path: ManifestPath, at: 'key' | 'value', substitution: Substitution | undefined) => void;
  /**
   * Leave `data` as it is: the result's `data` is a copy of the mappings and lists on the way to a
   * string that changed, the rest shared with `data`. For a parse that other loads share (a fleet's
   * targets, parse-cache.ts), where one target's values must not reach the next.
   */
  readonly copy?: boolean;
}

/**
 * Replaces `${NAME}` and `${NAME:-default}` in every string value of `data` (in place unless
 * `copy`; keys are left alone), with shell meaning: the default is used when the variable is unset
 * or empty, and `$${` writes a literal `${`. An unset variable with no default is a problem, unless
 * `allowMissing` is set: the value then keeps the `${NAME}` text as a placeholder.
 */
export function substituteEnv(
  data: unknown,
  env: Readonly<Record<string, string | undefined>>,
  options: SubstituteOptions = {},
): SubstitutionResult {
  const substitutions: Substitution[] = [];
  const problems: SubstitutionProblem[] = [];

  const visitText = options.visitText;
  const visitString = (text: string, at: ManifestPath): string => {
    if (!text.includes('$')) {
      visitText?.(text, at, 'value', undefined);
      return text;
    }
    const path = [...at];
    const secret = SECRET_FIELDS.has(String(path[path.length - 1]));
    const result = expand(text, env, secret);
    if (result.malformed !== undefined) {
      problems.push({
        path,
        message:
          `malformed variable reference ${JSON.stringify(result.malformed)}: write \${NAME} or \${NAME:-default} ` +
          '(a name is letters, digits and _, not starting with a digit), or $${ for a literal "${"',
      });
      visitText?.(text, at, 'value', undefined);
      return text;
    }
    if (result.variables.length === 0) {
      visitText?.(result.text, at, 'value', undefined);
      return result.text;
    }
    const substitution: Substitution = { path, variables: result.variables, missing: result.missing, template: text };
    substitutions.push(substitution);
    // Undeclared is a mistake of the files, not a secret absent from this run: refused even with allowMissing.
    const undeclared = options.scope === undefined ? [] : result.variables.filter((name) => !options.scope!.declared.has(name));
    for (const name of undeclared) {
      problems.push({ path, message: `\${${name}} is not declared in the values of ${options.scope!.owner}; declare it there (a default does not stand in for it)` });
    }
    if (!options.allowMissing) {
      // A secret field's default is a secret written in the manifest, which `plan --out` refuses: not advice to give there.
      for (const name of result.missing) {
        if (undeclared.includes(name)) continue;
        const advice = secret ? 'set it' : `set it, or give a default with \${${name}:-value}`;
        problems.push({ path, message: result.empty.includes(name) ? emptySecretMessage(name) : `environment variable ${name} is not set; ${advice}` });
      }
    }
    visitText?.(result.text, at, 'value', substitution);
    return result.text;
  };

  // One path array, extended and shortened in place and copied only when a string needs it: a
  // large manifest has hundreds of thousands of values and very few variables.
  const path: (string | number)[] = [];
  const copy = options.copy === true;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return visitString(value, path);
    if (Array.isArray(value)) {
      let out = value;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        const item = walk(value[i]);
        path.pop();
        if (item === value[i]) continue;
        if (copy && out === value) out = value.slice();
        out[i] = item;
      }
      return out;
    }
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      let out = record;
      for (const key of Object.keys(record)) {
        path.push(key);
        visitText?.(key, path, 'key', undefined);
        const item = walk(record[key]);
        path.pop();
        if (item === record[key]) continue;
        if (copy && out === record) out = { ...record };
        out[key] = item;
      }
      return out;
    }
    return value;
  };

  const substituted = walk(data);
  return { substitutions, problems, data: substituted };
}

export interface Expansion {
  /** The expanded text; a missing variable stays as a `${NAME}` placeholder. */
  text: string;
  variables: string[];
  missing: string[];
  /** Variables written with a default that is not empty (`${NAME:-text}`), whether it was used or not. */
  withDefault: string[];
  /** The missing variables that are set, but empty, in a secret's value (see expand). */
  empty: string[];
  /** The first malformed reference, when there is one; `text` is then the input unchanged. */
  malformed?: string;
}

/**
 * Expands one text written with `${NAME}`, `${NAME:-default}` and `$${` exactly as a manifest
 * value is expanded: a saved plan keeps a secret's template and expands it again at apply time.
 */
export function expandTemplate(template: string, env: Readonly<Record<string, string | undefined>>): Expansion {
  // Only secrets keep a template (saved plans): expanded as a secret's value is.
  return expand(template, env, true);
}

/** Why an empty variable in a secret's value is refused, and what to do. */
export function emptySecretMessage(name: string): string {
  return `environment variable ${name} is set but empty, and a secret cannot be empty (a CI secret that is not defined arrives as an empty string, and would set the password to nothing); set it`;
}

/**
 * In a secret's value (`secret`), a variable that is set but empty counts as missing: an empty
 * admin password is never what was meant, and written to a terminal it would lock out its admin.
 */
function expand(text: string, env: Readonly<Record<string, string | undefined>>, secret: boolean): Expansion {
  const variables: string[] = [];
  const missing: string[] = [];
  const withDefault: string[] = [];
  const empty: string[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, dollar);
    if (text.startsWith('$${', dollar)) {
      out += '${';
      i = dollar + 3;
      continue;
    }
    if (!text.startsWith('${', dollar)) {
      out += '$';
      i = dollar + 1;
      continue;
    }
    const close = text.indexOf('}', dollar + 2);
    const match = close < 0 ? null : REFERENCE.exec(text.slice(dollar + 2, close));
    if (match === null) {
      const shown = close < 0 ? text.slice(dollar, dollar + 40) : text.slice(dollar, close + 1);
      return { text, variables, missing, withDefault, empty, malformed: shown };
    }
    const name = match[1] as string;
    const fallback = match[2];
    if (!variables.includes(name)) variables.push(name);
    if (fallback !== undefined && fallback !== '' && !withDefault.includes(name)) withDefault.push(name);
    const value = env[name];
    if (value !== undefined && value !== '') out += value;
    else if (fallback !== undefined) out += fallback;
    else if (value !== undefined && !secret) out += value;
    else {
      if (!missing.includes(name)) missing.push(name);
      if (value !== undefined && !empty.includes(name)) empty.push(name);
      out += `\${${name}}`;
    }
    i = close + 1;
  }
  return { text: out, variables, missing, withDefault, empty };
}
