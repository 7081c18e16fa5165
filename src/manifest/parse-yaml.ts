import {
  LineCounter,
  Parser,
  type CST,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type Node as YamlNode,
  type Scalar,
  type YAMLError,
  visit,
} from 'yaml';
import { lowerFirst } from '../util/text.js';
import { describeCharacter, rawRefusedCharacters } from './control-characters.js';
import { diagnostic, type Diagnostic, type ManifestPath } from './diagnostics.js';
import { PositionTreeBuilder, type EntryKey, type PositionTree } from './position-tree.js';
import type { FilePositions } from './positions.js';
import { readPlainYaml } from './plain-yaml.js';
import { yamlSyntaxProblem } from './yaml-syntax-error.js';

/** The format needs about eight levels; anything far deeper is a mistake or an attack. */
export const MAX_DEPTH = 64;
/**
 * Values produced by expanding aliases may not exceed the larger of this number and four times
 * the values written in the file: enough for anchors reused on every device, and a hard stop for
 * "billion laughs" documents that expand a few lines into billions of values.
 */
export const MIN_ALIAS_EXPANSION_BUDGET = 100_000;

/** Keys that would reach Object.prototype when assigned to a plain object. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** One manifest file's text, parsed. */
export interface YamlData {
  /** The document as plain data (objects, arrays, strings, numbers, booleans, null); undefined when unusable. */
  readonly value: unknown;
  readonly diagnostics: readonly Diagnostic[];
  /** Where each value of `value` starts, from the same parse; no tree when the text is not usable YAML. */
  readonly positions: FilePositions;
}

// uniqueKeys is off because duplicates are found after keys become strings (`1` and `"1"`
// collide there) and reported with both positions; see Converter.convertMap.
const DOCUMENT_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = Object.freeze({
  prettyErrors: false,
  uniqueKeys: false,
  strict: true,
  version: '1.2',
});

/**
 * A file's text as plain data and positions, with every problem collected instead of thrown: read
 * by plain-yaml.ts when the file is plain YAML (its positions then come from the yaml package when
 * first asked for, which most runs never do), else by parseYamlDocument.
 */
export function parseYamlData(text: string, name: string): YamlData {
  const refused = refusedRawCharacters(text, name);
  if (refused.length > 0) return unparsed(text, refused);
  return plainData(text, name) ?? parseChecked(text, name);
}

/** The file read by plain-yaml.ts, or undefined when it is not plain YAML (or holds refused characters). */
export function plainYamlData(text: string, name: string): YamlData | undefined {
  return refusedRawCharacters(text, name).length > 0 ? undefined : plainData(text, name);
}

function plainData(text: string, name: string): YamlData | undefined {
  const plain = readPlainYaml(text);
  return plain === undefined ? undefined : { value: plain.value, diagnostics: [], positions: positionsWhenAsked(text, name) };
}

/**
 * As parseYamlData, always with the yaml package's document API: the reference that reports
 * every problem and gives every position.
 */
export function parseYamlDocument(text: string, name: string): YamlData {
  const refused = refusedRawCharacters(text, name);
  return refused.length > 0 ? unparsed(text, refused) : parseChecked(text, name);
}

/** The reference's parse of a text whose characters are checked. */
function parseChecked(text: string, name: string): YamlData {
  const lineCounter = new LineCounter();
  const doc = parseWithoutTrace(text, lineCounter);
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    // The yaml parser reports a stack overflow once per nesting level; one report is enough.
    const exhausted = problems.find((problem) => problem.code === 'RESOURCE_EXHAUSTION');
    // Where the stack ran out depends on how warm the parser's code is, not on the file: such a
    // report points where the nesting passes MAX_DEPTH, the same on every run.
    const { offset, message } =
      exhausted !== undefined ? { offset: tooDeepOffset(text), message: yamlMessage(exhausted) } : yamlSyntaxProblem(text, problems, yamlMessage);
    const { line, col } = lineCounter.linePos(offset);
    return { value: undefined, diagnostics: [diagnostic({ file: name, line, col }, [], message)], positions: { lineCounter, tree: undefined } };
  }
  const { value, tree, diagnostics } = new Converter(doc, name, lineCounter).run();
  return { value, diagnostics, positions: { lineCounter, tree } };
}

/** Not parsed: the positions of the refused characters are counted here, and nothing else needs one. */
function unparsed(text: string, refused: Diagnostic[]): YamlData {
  return { value: undefined, diagnostics: refused, positions: { lineCounter: countLines(text, new LineCounter()), tree: undefined } };
}

/**
 * A plain file's positions, from the reference's parse of its text on first use: a diagnostic, a
 * legacy-API limit, `export --against`. The reference reads a file plain-yaml.ts took with no
 * problem (its tests show it), so its tree is there.
 */
function positionsWhenAsked(text: string, name: string): FilePositions {
  let source: string | undefined = text;
  let parsed: FilePositions | undefined;
  const positions = (): FilePositions => {
    if (parsed === undefined) {
      parsed = parseChecked(source!, name).positions;
      source = undefined;
    }
    return parsed;
  };
  return {
    get lineCounter() {
      return positions().lineCounter;
    },
    get tree() {
      return positions().tree;
    },
  };
}

const NO_ENVIRONMENT: NodeJS.ProcessEnv = Object.freeze({});

/**
 * The yaml package's parseDocument with its debug switch off. Its parser reads
 * `process.env.LOG_TOKENS` once per token, and Node answers every read of process.env with a
 * getenv call: a fifth of the parse, and `paycfg validate` of the benchmark's 2,000 merchants took
 * 4.50 s with the reads against 3.91 s without (fastest of seven runs each). The parse is
 * synchronous, so nothing else can see the empty environment while it runs.
 */
function parseWithoutTrace(text: string, lineCounter: LineCounter): Document.Parsed {
  const env = process.env;
  process.env = NO_ENVIRONMENT;
  try {
    return parseDocument(text, { ...DOCUMENT_OPTIONS, lineCounter });
  } finally {
    process.env = env;
  }
}

function countLines(text: string, lineCounter: LineCounter): LineCounter {
  lineCounter.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineCounter.addNewLine(at + 1);
  return lineCounter;
}

/** At most this many characters of one file are reported: a binary file has thousands. */
const MAX_RAW_REPORTS = 10;

/**
 * Control and bidirectional characters written raw anywhere in the file, comments included: they
 * act on the terminal or editor that shows the file for review, and no manifest value needs them
 * (see control-characters.ts). Each points at the character itself.
 */
function refusedRawCharacters(text: string, name: string): Diagnostic[] {
  const { found, total } = rawRefusedCharacters(text, MAX_RAW_REPORTS);
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  return found.map(({ offset, char }, index) => {
    for (let at = text.indexOf('\n', scanned); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
      line++;
      lineStart = at + 1;
    }
    scanned = offset;
    const more = index === found.length - 1 && total > found.length ? `; ${total - found.length} more such characters follow` : '';
    return diagnostic({ file: name, line, col: offset - lineStart + 1 }, [], `the file holds ${describeCharacter(char)}; manifests are plain text${more}`);
  });
}

/**
 * Where the first value nested deeper than MAX_DEPTH starts, counted as the Converter counts (0
 * for the document's value, one more for each collection around a value). Only for a document
 * too deep for the yaml package to compose: read from the parser's syntax tree, which is built
 * without recursion, and walked with a stack of its own for the same reason.
 */
function tooDeepOffset(text: string): number {
  const pending: { token: CST.Token | undefined; depth: number }[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type === 'document') pending.push({ token: token.value, depth: 0 });
  }
  pending.reverse();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { token, depth } = next;
    if (token === undefined) continue;
    if (depth > MAX_DEPTH) return token.offset;
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    // Reversed, so that values come off the stack in the order they are written.
    for (let i = token.items.length - 1; i >= 0; i--) pending.push({ token: token.items[i]?.value, depth: depth + 1 });
  }
  return 0;
}

function yamlMessage(problem: YAMLError): string {
  switch (problem.code) {
    case 'MULTIPLE_DOCS':
      return 'invalid YAML: a manifest file holds one YAML document; put each document (after "---") in its own file';
    case 'RESOURCE_EXHAUSTION':
      return `invalid YAML: the document is nested too deeply to read (at most ${MAX_DEPTH} levels)`;
    case 'TAG_RESOLVE_FAILED':
      return `invalid YAML: ${lowerFirst(problem.message)}; manifests use plain YAML values without custom tags`;
    default:
      return `invalid YAML: ${lowerFirst(problem.message)}`;
  }
}

class StopConversion extends Error {}

/**
 * Turns the YAML document into plain data and its positions in one walk. Anchors are resolved
 * here (in document order, the last definition before the alias wins, as in YAML) because the
 * yaml package's Alias.resolve scans the whole document on each call. A value reached through an
 * alias is positioned at the anchored node, so problems inside aliased content point at the
 * anchor's definition.
 */
class Converter {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly tree = new PositionTreeBuilder();
  private readonly anchors = new Map<string, YamlNode>();
  /** Collections being converted (the current chain of ancestors), to catch self-referencing aliases. */
  private readonly converting = new Set<YamlNode>();
  /** Outermost alias being expanded, for the position of an alias-bomb report. */
  private outerAlias: { offset: number; path: ManifestPath } | undefined;
  /** Values written in the file (aliases not expanded), counted when the first alias is: the budget's base. */
  private writtenValues: number | undefined;
  private aliasValues = 0;

  constructor(
    private readonly doc: Document.Parsed,
    private readonly name: string,
    private readonly lineCounter: LineCounter,
  ) {}

  run(): { value: unknown; tree: PositionTree | undefined; diagnostics: Diagnostic[] } {
    const contents = this.doc.contents;
    if (contents === null) return { value: null, tree: undefined, diagnostics: this.diagnostics };
    try {
      const value = this.convert(contents, [], 0, undefined);
      return { value, tree: this.tree.finish(), diagnostics: this.diagnostics };
    } catch (error) {
      if (!(error instanceof StopConversion)) throw error;
      return { value: undefined, tree: undefined, diagnostics: this.diagnostics };
    }
  }

  private report(offset: number, path: ManifestPath, text: string): void {
    const { line, col } = this.lineCounter.linePos(offset);
    this.diagnostics.push(diagnostic({ file: this.name, line, col }, path, text));
  }

  /** The node's value; its place goes into the tree, under `key` when it is a mapping's value. */
  private convert(node: YamlNode, path: ManifestPath, depth: number, key: EntryKey | undefined): unknown {
    const offset = node.range?.[0] ?? 0;
    if (depth > MAX_DEPTH) {
      // The full path would be as long as the nesting; the start of it says where.
      this.report(offset, path.slice(0, 4), `values are nested more than ${MAX_DEPTH} levels deep; a manifest never needs that`);
      throw new StopConversion();
    }
    if (isAlias(node)) return this.convertAlias(node.source, offset, path, depth, key);
    if (node.anchor !== undefined && this.outerAlias === undefined) this.anchors.set(node.anchor, node);
    this.count();
    if (isScalar(node)) {
      this.tree.scalar(offset, key);
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
      this.report(offset, path, 'unsupported YAML value; use a string, number, boolean, list or mapping');
      return undefined;
    }
    if (!isMap(node) && !isSeq(node)) {
      this.tree.scalar(offset, key);
      this.report(offset, path, 'unsupported YAML node');
      return undefined;
    }
    this.converting.add(node);
    const place = this.tree.collection(isMap(node) ? 'mapping' : 'sequence', offset, key);
    try {
      return isMap(node) ? this.convertMap(node.items, offset, path, depth) : this.convertSeq(node.items, offset, path, depth);
    } finally {
      this.tree.close(place);
      this.converting.delete(node);
    }
  }

  private convertAlias(anchor: string, offset: number, path: ManifestPath, depth: number, key: EntryKey | undefined): unknown {
    const target = this.anchors.get(anchor);
    if (target === undefined) {
      this.tree.scalar(offset, key);
      this.report(offset, path, `alias *${anchor} has no anchor &${anchor} before it`);
      return undefined;
    }
    if (this.converting.has(target)) {
      this.report(offset, path, `alias *${anchor} refers to a value that contains it`);
      throw new StopConversion();
    }
    const outermost = this.outerAlias === undefined;
    if (outermost) this.outerAlias = { offset, path };
    try {
      return this.convert(target, path, depth, key);
    } finally {
      if (outermost) this.outerAlias = undefined;
    }
  }

  private count(): void {
    if (this.outerAlias === undefined) return;
    this.aliasValues++;
    // From the whole file, so that an alias near the top gets the same budget as one at the end.
    this.writtenValues ??= countWrittenValues(this.doc);
    const budget = Math.max(MIN_ALIAS_EXPANSION_BUDGET, 4 * this.writtenValues);
    if (this.aliasValues > budget) {
      this.report(
        this.outerAlias.offset,
        this.outerAlias.path,
        `aliases expand to more than ${budget} values; this looks like an alias bomb ("billion laughs"), so the file is not read`,
      );
      throw new StopConversion();
    }
  }

  private convertSeq(items: readonly unknown[], offset: number, path: ManifestPath, depth: number): unknown[] {
    const value: unknown[] = [];
    items.forEach((item, index) => {
      if (item === null || item === undefined) {
        this.tree.scalar(offset, undefined);
        value.push(null);
        return;
      }
      value.push(this.convert(item as YamlNode, [...path, index], depth + 1, undefined));
    });
    return value;
  }

  private convertMap(pairs: readonly { key: unknown; value: unknown }[], offset: number, path: ManifestPath, depth: number): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    // Where each accepted key was written, for duplicate reports (as the key was read, aliases included).
    const keyOffsets = new Map<string, number>();
    pairs.forEach((pair) => {
      const keyNode = pair.key as YamlNode | null;
      const keyOffset = keyNode?.range?.[0] ?? offset;
      const key = this.keyText(keyNode, keyOffset, path);
      if (key === undefined) return;
      const keyPath = [...path, key];
      if (key === '<<') {
        this.report(keyOffset, keyPath, 'YAML merge keys ("<<") are not supported; write the fields out or alias the whole value');
        return;
      }
      if (RESERVED_KEYS.has(key)) {
        this.report(keyOffset, keyPath, `key "${key}" is not allowed (it is a reserved JavaScript property name)`);
        return;
      }
      const firstOffset = keyOffsets.get(key);
      if (firstOffset !== undefined) {
        const first = this.lineCounter.linePos(firstOffset);
        this.report(keyOffset, keyPath, `duplicate key "${key}" (first set at line ${first.line}, column ${first.col}); remove one of them`);
        return;
      }
      keyOffsets.set(key, keyOffset);
      const entry = { text: key, offset: keyOffset };
      const valueNode = pair.value as YamlNode | null;
      if (valueNode === null || valueNode === undefined) {
        this.count();
        this.tree.scalar(keyOffset, entry);
        value[key] = null;
        return;
      }
      value[key] = this.convert(valueNode, keyPath, depth + 1, entry);
    });
    return value;
  }

  /** Keys become strings (see writtenKey); anything else is reported. */
  private keyText(keyNode: YamlNode | null, keyOffset: number, path: ManifestPath): string | undefined {
    let node = keyNode;
    if (node !== null && isAlias(node)) node = this.anchors.get(node.source) ?? null;
    else if (node?.anchor !== undefined && this.outerAlias === undefined) this.anchors.set(node.anchor, node);
    if (node === null || !isScalar(node) || node.value === null || node.value === undefined) {
      this.report(keyOffset, path, 'mapping keys must be plain text (not empty, a list or a mapping)');
      return undefined;
    }
    const text = writtenKey(node);
    if (text === undefined) this.report(keyOffset, path, 'mapping keys must be plain text');
    return text;
  }
}

/** Values as written (scalars, collections, empty values; not keys, aliases not followed). */
function countWrittenValues(doc: Document.Parsed): number {
  let count = 0;
  visit(doc, {
    Node(key, node) {
      if (key !== 'key' && !isAlias(node)) count++;
    },
    Pair(_, pair) {
      if (pair.value === null || pair.value === undefined) count++;
    },
  });
  return count;
}

/**
 * A scalar key as a string. A plain key that YAML reads as a number or boolean keeps its written
 * text, so `01:` stays "01" (a payment method code, not the number 1).
 */
function writtenKey(node: Scalar): string | undefined {
  const { value } = node;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') {
    return typeof node.source === 'string' && node.type === 'PLAIN' ? node.source : String(value);
  }
  return undefined;
}
