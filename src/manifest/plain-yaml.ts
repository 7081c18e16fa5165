import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

declare module 'js-yaml' {
  // Since js-yaml 4.3; @types/js-yaml 4.0.9 predates it.
  interface LoadOptions {
    maxDepth?: number;
  }
}

/**
 * The quick read of a manifest file written in plain YAML, the YAML that paycfg's examples, its
 * export and nearly every hand-written manifest use: one value per line, block mappings and
 * sequences, quoted or plain one-line scalars, one-line flow collections, comments.
 *
 * Why a second parser. The yaml package (parse-yaml.ts) reads about 1.3 MB of YAML a second on
 * this project's two-core machine: `paycfg validate` of the benchmark's 2,000 merchants (3.2 MB in
 * five files) took 4.6 to 5.1 s, of which the parse and its garbage were about 4 s of CPU. js-yaml
 * reads the same files about ten times as fast (50 ms against 500 to 850 ms a file, measured side
 * by side), and the manifest load is what every command pays before its first request.
 *
 * Why it is safe. The yaml package stays the reference: it reads every file this module does not
 * take, reports every problem, and gives every position (parse-yaml.ts asks it, for a file read
 * here, only when a position is wanted). This module takes a file only when
 * - every line is in the plain subset below (`plainLines`), where both parsers follow the YAML
 *   spec to the same values: no anchors, aliases, tags, directives, block scalars, multi-line
 *   scalars, complex keys or tabs, nothing the two parsers differ on (a comment glued to a value,
 *   flow collections over several lines);
 * - js-yaml reads it without an error (a duplicate key is one);
 * - each plain scalar that YAML 1.2's core schema reads as a number or boolean is written as
 *   JavaScript prints that value (`5814`, `1.5`, `true`): so a key keeps the text it is written
 *   with (the reference keeps `01:` as "01"), and no value depends on how a parser turns text
 *   into a number; `null`, `~`, `01`, `0x1F`, `1e3` or `True` send the file to the reference;
 * - no key is one the reference refuses (`<<`, `__proto__`, `constructor`, `prototype`), and it
 *   nests at most PLAIN_MAX_DEPTH collections deep.
 * test/manifest/plain-yaml.test.ts checks, over every manifest and broken manifest of the tests and
 * thousands of mutations of them, that a file read here is one the reference reads with no
 * problem, to the same value.
 */
export function readPlainYaml(text: string): { readonly value: unknown } | undefined {
  if (!plainLines(text)) return undefined;
  notCanonical = false;
  let value: unknown;
  try {
    value = load(text, { schema: PLAIN_SCHEMA, maxDepth: PLAIN_MAX_DEPTH });
  } catch {
    return undefined;
  }
  // An empty document, or one the reference could read otherwise: the reference decides.
  if (notCanonical || value === undefined || value === null || !acceptedKeys(value)) return undefined;
  return { value };
}

/** Far below the reference's MAX_DEPTH (parse-yaml.ts), so that the reference reports every file nested too deeply. */
export const PLAIN_MAX_DEPTH = 32;

/** Set while a file is read when a plain scalar's value is not written as JavaScript prints it. */
let notCanonical = false;

/** The plain scalars YAML 1.2's core schema (the yaml package's, with `version: '1.2'`) reads as null, booleans or numbers. */
const CORE_NON_STRING =
  /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;

/**
 * One implicit type for all of them, in place of js-yaml's own (which read `0b101` as a number, for
 * one). Only the canonical spellings give a value; any other marks the file for the reference.
 */
const coreScalar = new Type('tag:paycfg.invalid,2026:core-scalar', {
  kind: 'scalar',
  resolve: (data: unknown) => typeof data === 'string' && CORE_NON_STRING.test(data),
  construct: (data: string) => {
    if (data === 'true') return true;
    if (data === 'false') return false;
    const number = Number(data);
    if (String(number) === data) return number;
    notCanonical = true;
    return data;
  },
});

const PLAIN_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [coreScalar] });

/** Keys the reference refuses (parse-yaml.ts); js-yaml takes them as any other. */
const REFUSED_KEYS = new Set(['<<', '__proto__', 'constructor', 'prototype']);

function acceptedKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(acceptedKeys);
  if (typeof value !== 'object' || value === null) return true;
  for (const [key, item] of Object.entries(value)) {
    if (REFUSED_KEYS.has(key) || !acceptedKeys(item)) return false;
  }
  // js-yaml defines `__proto__` as an own property, which Object.entries lists; nothing else is hidden.
  return true;
}

/** Longer keys are not plain: YAML limits an implicit key to 1,024 characters. */
const MAX_KEY_LENGTH = 256;

// The pieces of a plain line. Plain scalars start with none of YAML's indicators (a `-` only
// before a digit, as in `-5`), and hold neither `: ` nor ` #`; in a flow collection, also none of
// `,[]{}` and no `:` at all (where the two parsers differ).
const KEY = `(?:[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,${MAX_KEY_LENGTH - 1}}|"[^"\\\\]{0,${MAX_KEY_LENGTH}}"|'[^']{0,${MAX_KEY_LENGTH}}')`;
const DOUBLE_QUOTED = String.raw`"(?:[^"\\]|\\["\\/nrt]|\\u[0-9A-Fa-f]{4})*"`;
const SINGLE_QUOTED = `'(?:[^']|'')*'`;
const BLOCK_PLAIN = String.raw`(?:[^\s\-?:,\[\]{}#&*!|>'"%@\x60]|-[0-9])(?:[^:#]|:(?! |$)|(?<! )#)*`;
const FLOW_PLAIN = String.raw`(?:[^\s\-?:,\[\]{}#&*!|>'"%@\x60]|-[0-9])(?:[^:#,\[\]{}]|(?<! )#)*`;
const COMMENT = '(?: +#.*)?';

/** `indent`, then `- ` markers, then the rest: a key and its value, or a sequence item's value. */
const LINE = new RegExp(`^( *(?:- +)*)(?:(${KEY}):(?: +(.*))?|(.*))$`);
const SCALAR_VALUE = new RegExp(`^(?:${DOUBLE_QUOTED}|${SINGLE_QUOTED}|${BLOCK_PLAIN})${COMMENT}$`);
const FLOW_SCALAR = new RegExp(`(?:${DOUBLE_QUOTED}|${SINGLE_QUOTED}|${FLOW_PLAIN})`, 'y');
const FLOW_KEY = new RegExp(`${KEY}: +`, 'y');
const SPACES = / */y;
const BLANK_OR_COMMENT = /^ *(?:#|$)/;
const AFTER_FLOW = new RegExp(`^${COMMENT}$`);

/** Every line of the text is in the plain subset (see readPlainYaml). */
export function plainLines(text: string): boolean {
  if (text.charCodeAt(0) === 0xfeff || text.includes('\t')) return false;
  let started = false;
  // A line indented past this column would continue the value of the line before (a multi-line
  // plain scalar, or a slip that reads as one): not plain.
  let limit = Infinity;
  let from = 0;
  while (from <= text.length) {
    let end = text.indexOf('\n', from);
    if (end === -1) end = text.length;
    // Windows line ends are taken; a carriage return anywhere else is not.
    const line = text.charCodeAt(end - 1) === 13 && end > from ? text.slice(from, end - 1) : text.slice(from, end);
    from = end + 1;
    if (line.includes('\r')) return false;
    if (BLANK_OR_COMMENT.test(line)) continue;
    if (line === '---' && !started) {
      started = true;
      continue;
    }
    started = true;
    if (line.length - line.trimStart().length > limit) return false;
    const next = plainLine(line);
    if (next === undefined) return false;
    limit = next;
  }
  return true;
}

/**
 * Undefined when the line is not plain; else the column a following line may be indented to at
 * most: the key's, or the last `- ` marker's, when the line holds a value (Infinity when it does not).
 */
function plainLine(line: string): number | undefined {
  const match = LINE.exec(line);
  if (match === null) return undefined;
  const [, prefix = '', key, afterKey, item] = match;
  if (key !== undefined) {
    if (afterKey === undefined || BLANK_OR_COMMENT.test(afterKey)) return Infinity;
    return plainValue(afterKey) ? prefix.length : undefined;
  }
  // A sequence item: the line must have had a `- ` marker, and hold a value.
  const dashed = prefix.trimEnd();
  if (item === undefined || item === '' || !dashed.endsWith('-') || !plainValue(item)) return undefined;
  return dashed.length - 1;
}

function plainValue(value: string): boolean {
  if (value.startsWith('[') || value.startsWith('{')) {
    const end = flowCollection(value, 0);
    return end !== -1 && AFTER_FLOW.test(value.slice(end));
  }
  return SCALAR_VALUE.test(value);
}

/** Flow collections inside one another on a line; the examples need two (`{ emvs: [ visa ] }`). */
const MAX_FLOW_NESTING = 8;

/** Where the one-line flow collection opening at `at` ends, or -1 when it is not plain. */
function flowCollection(text: string, at: number, nesting = 1): number {
  if (nesting > MAX_FLOW_NESTING) return -1;
  const mapping = text[at] === '{';
  const close = mapping ? '}' : ']';
  let position = skipSpaces(text, at + 1);
  if (text[position] === close) return position + 1;
  for (;;) {
    if (mapping) {
      FLOW_KEY.lastIndex = position;
      if (!FLOW_KEY.test(text)) return -1;
      position = FLOW_KEY.lastIndex;
    }
    position = flowItem(text, position, nesting);
    if (position === -1) return -1;
    position = skipSpaces(text, position);
    if (text[position] === close) return position + 1;
    if (text[position] !== ',') return -1;
    position = skipSpaces(text, position + 1);
  }
}

function flowItem(text: string, at: number, nesting: number): number {
  if (text[at] === '[' || text[at] === '{') return flowCollection(text, at, nesting + 1);
  FLOW_SCALAR.lastIndex = at;
  return FLOW_SCALAR.test(text) ? FLOW_SCALAR.lastIndex : -1;
}

function skipSpaces(text: string, at: number): number {
  SPACES.lastIndex = at;
  SPACES.test(text);
  return SPACES.lastIndex;
}
