import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  Composer,
  LineCounter,
  Parser,
  YAMLParseError,
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
import { isPlainObject } from '../model/canonical.js';
import { lowerFirst } from '../util/text.js';
import { describeCharacter, rawRefusedCharacters } from './control-characters.js';
import { diagnostic, type Diagnostic, type ManifestPath } from './diagnostics.js';
import type { FilePositions, SourceFile, SourceNode } from './positions.js';
import { cutManifestPieces } from './yaml-pieces.js';
import { yamlSyntaxProblem } from './yaml-syntax-error.js';

/** Per manifest file; a 10,000-merchant manifest is about 30 MB, usually split over many files. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
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

/** A manifest file read from disk: its text, and what fileSource needs to find positions in it again. */
export interface ReadManifestFile {
  readonly name: string;
  readonly absolutePath: string;
  readonly text: string;
  /** SHA-256 of the bytes read, to tell whether the file is still the one that was checked. */
  readonly digest: string;
  readonly bytes: number;
  /** A regular file, which fileSource can read again; a pipe (`-f <(sops -d m.yaml)`) cannot be. */
  readonly rereadable: boolean;
}

/** A manifest file's text, or why it cannot be read. */
export type ManifestText = ReadManifestFile | { readonly name: string; readonly unreadable: Diagnostic };

/** Reads one manifest file as UTF-8 text, refusing files over the size limit before reading them. */
export async function readManifestText(absolutePath: string, name: string, maxBytes = MAX_FILE_BYTES): Promise<ManifestText> {
  const unreadable = (text: string): ManifestText => ({ name, unreadable: diagnostic({ file: name, line: 1, col: 1 }, [], text) });
  let bytes: Buffer;
  let rereadable: boolean;
  try {
    const info = await stat(absolutePath);
    rereadable = info.isFile();
    if (info.size > maxBytes) {
      return unreadable(`file is ${formatBytes(info.size)}, over the limit of ${formatBytes(maxBytes)} for one manifest file; split it into several files`);
    }
    bytes = await readFile(absolutePath);
  } catch (error) {
    return unreadable(`cannot read the file: ${describeFsError(error)}`);
  }
  // The size can change between stat and read; the limit holds for what was read.
  if (bytes.length > maxBytes) {
    return unreadable(`file is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(maxBytes)} for one manifest file; split it into several files`);
  }
  const utf16 = utf16Form(bytes);
  if (utf16 !== undefined) return unreadable(`file is not UTF-8 text: it ${utf16}; save it as UTF-8`);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { name, absolutePath, text, digest: digestOf(bytes), bytes: bytes.length, rereadable };
  } catch {
    return { name, unreadable: invalidUtf8(bytes, name) };
  }
}

/**
 * Standard input (`-f -`) as a manifest file: already text, checked against the same size limit,
 * and never rereadable, so that its positions come from the text kept (see yamlSource). The text
 * was read with readBoundedText, so text over the limit is a part of standard input, not all of it.
 */
export function stdinManifestText(text: string, name: string, maxBytes = MAX_FILE_BYTES): ManifestText {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > maxBytes) {
    return {
      name,
      unreadable: diagnostic(
        { file: name, line: 1, col: 1 },
        [],
        `standard input holds more than ${formatBytes(maxBytes)}, the limit for one manifest file; split it into several files`,
      ),
    };
  }
  return { name, absolutePath: name, text, digest: digestOf(bytes), bytes: bytes.length, rereadable: false };
}

/**
 * Reads a stream (standard input, for `-f -`) as UTF-8 text, stopping after `maxBytes + 1` bytes:
 * enough to tell that it is over the limit, without holding all of `-f - < /dev/zero` in memory.
 * The stream is destroyed when the reading stops early.
 */
export async function readBoundedText(stream: NodeJS.ReadableStream & { destroy?(): void }, maxBytes = MAX_FILE_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    chunks.push(bytes);
    total += bytes.length;
    if (total > maxBytes) {
      stream.destroy?.();
      break;
    }
  }
  const all = Buffer.concat(chunks, total);
  // Cut a partial character at the end of an early stop into U+FFFD: still over the limit as text.
  return all.subarray(0, Math.min(total, maxBytes + 1)).toString('utf8');
}

/** How the file shows it is UTF-16 (or UTF-32), which a UTF-8 decoder would read as text full of NULs; undefined otherwise. */
function utf16Form(bytes: Uint8Array): string | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'starts with a UTF-16 byte order mark';
  // ASCII in UTF-16 without a mark: every other byte of the first characters is NUL.
  const pairs = Math.min(4, Math.floor(bytes.length / 2));
  if (pairs === 0) return undefined;
  let little = true;
  let big = true;
  for (let i = 0; i < pairs; i++) {
    const [a, b] = [bytes[2 * i] as number, bytes[2 * i + 1] as number];
    little &&= a !== 0 && b === 0;
    big &&= a === 0 && b !== 0;
  }
  return little || big ? 'looks like UTF-16 (every other byte of its first characters is NUL)' : undefined;
}

/** Where the first byte that is not UTF-8 stands, as a line and column of the text before it. */
function invalidUtf8(bytes: Uint8Array, name: string): Diagnostic {
  const offset = firstInvalidUtf8(bytes);
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  // The bytes before the bad one are valid, so they decode to the characters a column counts.
  const col = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
  const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return diagnostic(
    { file: name, line, col },
    [],
    `file is not valid UTF-8 text: byte 0x${byte} here does not start or continue a UTF-8 character ` +
      '(a Latin-1 or Windows-1252 file writes "é" as the one byte 0xE9); save the file as UTF-8',
  );
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no overlong forms, surrogates or code points over U+10FFFF). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [length, min, max] = [3, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf];
    else if (b >= 0xf0 && b <= 0xf4) [length, min, max] = [4, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf];
    else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      // The first continuation byte has the narrower range that rules out overlong forms and surrogates.
      if (next === undefined || next < (k === 1 ? min : 0x80) || next > (k === 1 ? max : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length;
}

/** What parsing a file's text yields, as plain data (it crosses from a parse worker, see parse-yaml-files.ts). */
export interface YamlData {
  /** The document as plain data (objects, arrays, strings, numbers, booleans, null); undefined when unusable. */
  readonly value: unknown;
  readonly diagnostics: readonly Diagnostic[];
}

/** A file's text as plain data, with every problem collected instead of thrown; its positions are yamlSource's. */
export function parseYamlData(text: string, name: string): YamlData {
  const refused = refusedRawCharacters(text, name);
  if (refused.length > 0) return { value: undefined, diagnostics: refused };
  return parseManifestPieces(text, name) ?? parseYamlDocument(text, name);
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
 * The file parsed piece by piece (see cutManifestPieces), or undefined when it cannot be cut or
 * any piece has a problem: the whole file is then parsed again, so that every message, position
 * and duplicate key is reported exactly as for the whole text.
 */
export function parseManifestPieces(text: string, name: string): YamlData | undefined {
  const sequences = new Map<string, unknown[]>();
  const skeletonText = cutManifestPieces(text, (item) => {
    // An item is a sequence of one entry, whose root sits where the file's sequence does.
    const parsed = parseYamlDocument(item.text, name, 1, item.tokens);
    if (parsed.diagnostics.length > 0 || !Array.isArray(parsed.value) || parsed.value.length !== 1) return false;
    const values = sequences.get(item.key);
    if (values === undefined) sequences.set(item.key, [parsed.value[0]]);
    else values.push(parsed.value[0]);
    return true;
  });
  if (skeletonText === undefined) return undefined;
  const skeleton = parseYamlDocument(skeletonText, name);
  const map = skeleton.value;
  // A key written twice is a problem of the skeleton, so each key here held one sequence.
  if (skeleton.diagnostics.length > 0 || !isPlainObject(map)) return undefined;
  for (const [key, values] of sequences) {
    if (!Object.hasOwn(map, key) || map[key] !== null) return undefined;
    map[key] = values;
  }
  return skeleton;
}

/**
 * The text parsed as one document, the way parseYamlData's result is defined. `tokens`, when
 * given, are what the yaml package's Lexer yields for `text`, already lexed (see ItemPiece).
 */
export function parseYamlDocument(text: string, name: string, depth = 0, tokens?: readonly string[]): YamlData {
  const lineCounter = new LineCounter();
  const doc = parseWithoutTrace(text, lineCounter, tokens);
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    // The yaml parser reports a stack overflow once per nesting level; one report is enough.
    const exhausted = problems.find((problem) => problem.code === 'RESOURCE_EXHAUSTION');
    // Where the stack ran out depends on the thread and on how warm its code is, not on the file:
    // such a report points where the nesting passes MAX_DEPTH, the same wherever the file is parsed.
    const { offset, message } =
      exhausted !== undefined ? { offset: tooDeepOffset(text, depth), message: yamlMessage(exhausted) } : yamlSyntaxProblem(text, problems, yamlMessage);
    const { line, col } = lineCounter.linePos(offset);
    return { value: undefined, diagnostics: [diagnostic({ file: name, line, col }, [], message)] };
  }
  const { value, diagnostics } = new Converter(doc, name, lineCounter, false).run(depth);
  return { value, diagnostics };
}

/**
 * A file's positions (the tree that maps a path to its line and column) are built only when a
 * message first needs one, by parsing the text again: on a valid manifest they are never needed,
 * and for a 10,000-merchant manifest the tree would hold a node per value, several times the
 * memory of the values themselves.
 */
export function yamlSource(text: string, name: string): SourceFile {
  let positions: FilePositions | undefined;
  return {
    name,
    positions: () => (positions ??= positionsOf(text, name)),
  };
}

/**
 * Like yamlSource, for a file on disk, without keeping its text: the file is read again when a
 * message first needs a position (the text of a 10,000-merchant manifest is 16 MB, and a valid
 * one never needs it). A file that no longer has the bytes that were checked cannot say where a
 * value was; its positions are then all at its start, and say why.
 */
export function fileSource(file: Omit<ReadManifestFile, 'text' | 'rereadable'>): SourceFile {
  // Only these are kept: never `file` itself, which may still hold the text.
  const { name, absolutePath, digest, bytes: size } = file;
  let positions: FilePositions | undefined;
  return {
    name,
    positions: () => {
      if (positions === undefined) {
        let bytes: Buffer | undefined;
        try {
          // Another size is another file: not read at all (it may have grown past any limit).
          bytes = statSync(absolutePath).size === size ? readFileSync(absolutePath) : undefined;
        } catch {
          bytes = undefined;
        }
        positions =
          bytes !== undefined && digestOf(bytes) === digest
            ? positionsOf(new TextDecoder('utf-8').decode(bytes), name)
            : { ...positionsOf('', name), unknown: 'the file changed or went away after paycfg read it, so no line can be given' };
      }
      return positions;
    },
  };
}

function positionsOf(text: string, name: string): FilePositions {
  const lineCounter = new LineCounter();
  const doc = parseWithoutTrace(text, lineCounter);
  // The same text converts the same way, so this walk finds the values the first one read.
  const root = doc.errors.length + doc.warnings.length > 0 ? undefined : new Converter(doc, name, lineCounter, true).run().root;
  return { lineCounter, root };
}

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

const NO_ENVIRONMENT: NodeJS.ProcessEnv = Object.freeze({});

// uniqueKeys is off because duplicates are found after keys become strings (`1` and `"1"`
// collide there) and reported with both positions; see Converter.convertMap.
const DOCUMENT_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = Object.freeze({
  prettyErrors: false,
  uniqueKeys: false,
  strict: true,
  version: '1.2',
});

/**
 * The yaml package's parseDocument with its debug switches off: its parser reads
 * `process.env.LOG_TOKENS` once per token, and Node answers every read of process.env with a
 * getenv call, a fifth of the parse time of a large manifest. The parse is synchronous, so nothing
 * else can observe the empty environment while it runs. Given an item's tokens (see ItemPiece),
 * they are fed to the package's parser and composer, the way it documents for a caller's own lexer.
 */
function parseWithoutTrace(text: string, lineCounter: LineCounter, tokens?: readonly string[]): Document.Parsed {
  const env = process.env;
  process.env = NO_ENVIRONMENT;
  try {
    return tokens === undefined ? parseDocument(text, { ...DOCUMENT_OPTIONS, lineCounter }) : composeItem(text, tokens, lineCounter);
  } finally {
    process.env = env;
  }
}

/**
 * An item's one document. The cut leaves no document marker in an item, so a second document
 * cannot come; were one to, the item gets a problem and the file is parsed whole.
 */
function composeItem(text: string, tokens: readonly string[], lineCounter: LineCounter): Document.Parsed {
  const parser = new Parser(lineCounter.addNewLine);
  // Parser.parse reports the first line's start itself; fed token by token, it does not.
  lineCounter.addNewLine(0);
  function* syntax(): Generator<CST.Token> {
    for (const token of tokens) yield* parser.next(token);
    yield* parser.end();
  }
  // forceDoc: even an empty text yields its document.
  const [doc, extra] = [...new Composer(DOCUMENT_OPTIONS).compose(syntax(), true, text.length)] as [Document.Parsed, ...Document.Parsed[]];
  if (extra !== undefined) doc.errors.push(new YAMLParseError(extra.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'an item holds more than one document'));
  return doc;
}

/**
 * Where the first value nested deeper than MAX_DEPTH starts, counted as the Converter counts
 * (`rootDepth` for the document's value, one more for each collection around a value). Read from
 * the parser's syntax tree, which is built without recursion, so a document too deep to compose
 * still has one; walked with a stack of its own for the same reason.
 */
function tooDeepOffset(text: string, rootDepth: number): number {
  const pending: { token: CST.Token | undefined; depth: number }[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type === 'document') pending.push({ token: token.value, depth: rootDepth });
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
 * Turns the YAML syntax tree into plain data and a SourceNode tree in one walk. Anchors are
 * resolved here (in document order, the last definition before the alias wins, as in YAML)
 * because the yaml package's Alias.resolve scans the whole document on each call.
 */
class Converter {
  private readonly diagnostics: Diagnostic[] = [];
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
    /** Whether to build the SourceNode tree; without it, `node` results are a shared placeholder. */
    private readonly positions: boolean,
  ) {}

  /** `depth`: how deep the document's root sits in the file it was cut from (see parseManifestPieces). */
  run(depth = 0): { value: unknown; root: SourceNode | undefined; diagnostics: Diagnostic[] } {
    const contents = this.doc.contents;
    let value: unknown = null;
    let root: SourceNode | undefined;
    try {
      if (contents !== null) ({ value, node: root } = this.convert(contents, [], depth));
    } catch (error) {
      if (!(error instanceof StopConversion)) throw error;
      value = undefined;
      root = undefined;
    }
    return { value, root, diagnostics: this.diagnostics };
  }

  private report(offset: number, path: ManifestPath, text: string): void {
    const { line, col } = this.lineCounter.linePos(offset);
    this.diagnostics.push(diagnostic({ file: this.name, line, col }, path, text));
  }

  private convert(node: YamlNode, path: ManifestPath, depth: number): { value: unknown; node: SourceNode } {
    const offset = node.range?.[0] ?? 0;
    if (depth > MAX_DEPTH) {
      // The full path would be as long as the nesting; the start of it says where.
      this.report(offset, path.slice(0, 4), `values are nested more than ${MAX_DEPTH} levels deep; a manifest never needs that`);
      throw new StopConversion();
    }
    if (isAlias(node)) return this.convertAlias(node.source, offset, path, depth);
    if (node.anchor !== undefined && this.outerAlias === undefined) this.anchors.set(node.anchor, node);
    this.count();
    if (isScalar(node)) {
      const value = node.value;
      if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') {
        return { value, node: this.leaf(offset) };
      }
      this.report(offset, path, 'unsupported YAML value; use a string, number, boolean, list or mapping');
      return { value: undefined, node: this.leaf(offset) };
    }
    if (!isMap(node) && !isSeq(node)) {
      this.report(offset, path, 'unsupported YAML node');
      return { value: undefined, node: this.leaf(offset) };
    }
    this.converting.add(node);
    try {
      return isMap(node) ? this.convertMap(node.items, offset, path, depth) : this.convertSeq(node.items, offset, path, depth);
    } finally {
      this.converting.delete(node);
    }
  }

  private convertAlias(anchor: string, offset: number, path: ManifestPath, depth: number): { value: unknown; node: SourceNode } {
    const target = this.anchors.get(anchor);
    if (target === undefined) {
      this.report(offset, path, `alias *${anchor} has no anchor &${anchor} before it`);
      return { value: undefined, node: this.leaf(offset) };
    }
    if (this.converting.has(target)) {
      this.report(offset, path, `alias *${anchor} refers to a value that contains it`);
      throw new StopConversion();
    }
    const outermost = this.outerAlias === undefined;
    if (outermost) this.outerAlias = { offset, path };
    try {
      return this.convert(target, path, depth);
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

  /** A node without children; one shared placeholder when no tree is being built. */
  private leaf(offset: number): SourceNode {
    return this.positions ? { offset } : NO_NODE;
  }

  private convertSeq(items: readonly unknown[], offset: number, path: ManifestPath, depth: number) {
    const value: unknown[] = [];
    const nodes: SourceNode[] | undefined = this.positions ? [] : undefined;
    items.forEach((item, index) => {
      if (item === null || item === undefined) {
        value.push(null);
        nodes?.push({ offset });
        return;
      }
      const converted = this.convert(item as YamlNode, [...path, index], depth + 1);
      value.push(converted.value);
      nodes?.push(converted.node);
    });
    return { value, node: nodes === undefined ? NO_NODE : { offset, items: nodes } };
  }

  private convertMap(pairs: readonly { key: unknown; value: unknown }[], offset: number, path: ManifestPath, depth: number) {
    const value: Record<string, unknown> = {};
    const entries = this.positions ? new Map<string, { keyOffset: number; node: SourceNode }>() : undefined;
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
      const valueNode = pair.value as YamlNode | null;
      if (valueNode === null || valueNode === undefined) {
        this.count();
        value[key] = null;
        entries?.set(key, { keyOffset, node: { offset: keyOffset } });
        return;
      }
      const converted = this.convert(valueNode, keyPath, depth + 1);
      value[key] = converted.value;
      entries?.set(key, { keyOffset, node: converted.node });
    });
    return { value, node: entries === undefined ? NO_NODE : { offset, entries } };
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

const NO_NODE: SourceNode = { offset: 0 };

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

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${bytes} bytes`;
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

