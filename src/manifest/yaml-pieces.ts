import { CST, Lexer } from 'yaml';

/** One item of a top-level block sequence, cut out to be parsed as a document of its own. */
export interface ItemPiece {
  /** The top-level key whose sequence holds the item. */
  readonly key: string;
  /** From the start of the item's line to the start of the next item's (or the sequence's end). */
  readonly text: string;
  /**
   * The tokens the cut's own lexing of the file gave for `text`, opened with the document-mode mark
   * that starts any text lexed alone: lexing is a third of the parse of an item, and this way the
   * file is lexed once. On valid YAML they are what the yaml package's Lexer yields for `text` alone.
   * On broken YAML they can differ (the lexer reads a line by what came before it), and they are
   * still what the whole file's parse reads there, which is what the piecewise reading must match.
   */
  readonly tokens: readonly string[];
}

/**
 * Takes each item as soon as it is cut, while its tokens are still young in the collector's eyes;
 * false stops the cut.
 */
export type ItemSink = (item: ItemPiece) => boolean;

/**
 * Cuts out the items of the top-level block sequences (`merchants:` followed by `  - ...` lines),
 * handing each to `onItem` as soon as the next one starts, so that each item can be parsed as a
 * small document of its own. The yaml package builds a syntax tree of about fifty times the text
 * before it yields a value; item by item, each tree is small and dies young in the garbage
 * collector's cheapest generation. At 10,000 merchants this halves the peak memory of the parse
 * (484 MB to 241 MB) and saves a fifth of its time, lexing included.
 *
 * Returns the skeleton: the file without its items, the sequences' keys left without a value. The
 * cut follows the yaml package's own lexer, so a line that only looks like an item (inside a block
 * scalar, a quoted string or a flow collection) is never taken for one. Anything whose meaning
 * could depend on more than one item, or that the cut does not model, returns undefined, and the
 * file is then parsed whole: anchors and aliases, tags, directives and document markers, complex
 * keys, tabs in indentation, a byte order mark, and anything the lexer itself finds malformed. Such
 * a thing can come after items already handed on, whose parse is then wasted: 1,000 merchants with
 * an anchor at the end take up to a third longer than when the cut came first and the parse after
 * (1.6 to 1.95 s against 1.5 s). Anchors usually come before the aliases that use them, near a
 * file's start, where the cut stops at once.
 */
export function cutManifestPieces(text: string, onItem: ItemSink): string | undefined {
  // The lexer marks scalars with these control characters; written in the text, they would shift the cut.
  if (/[\x02\x18\x1f]/.test(text)) return undefined;
  /** Where each sequence's items start and end in the text, for the skeleton. */
  const cuts: { start: number; end: number }[] = [];
  /** The open item's tokens, or outside an item the current line's. */
  let tokens: string[] = [];
  /** The index in `tokens` of the current line's first token. */
  let lineFirstToken = 0;
  /** The item being read: its sequence's key and where it starts in the text. */
  let open: { readonly key: string; readonly start: number } | undefined;
  /** The sink said stop. */
  let stopped = false;
  /** The top-level key whose value the tokens belong to. */
  let key: TopLevelKey | undefined;
  let offset = 0;
  let lineStart = true;
  let column = 0;
  let flowDepth = 0;
  /** The next token is a scalar's source (the lexer marks plain and block scalars with a control token). */
  let scalarSource = false;
  /** A top-level key's name was read; its `:` must follow on the same line. */
  let awaitingColon = false;
  /** A block scalar's header was read: its content, from the next line, is one source token. */
  let blockScalar: 'header' | 'content' | undefined;

  /** Hands on the open item, which ends at offset `end` and before token `endToken`; the tokens after it stay. */
  const closeItem = (end: number, endToken: number): void => {
    if (open === undefined) return;
    const rest = tokens.splice(endToken);
    if (!onItem({ key: open.key, text: text.slice(open.start, end), tokens })) stopped = true;
    tokens = rest;
    lineFirstToken = 0;
    open = undefined;
  };
  const openItem = (keyName: string, start: number): void => {
    // A text lexed alone opens with the document-mode mark; in the file, that mark came once, at its start.
    tokens.splice(0, lineFirstToken, CST.DOCUMENT);
    lineFirstToken = 1;
    open = { key: keyName, start };
  };
  const startNewLine = (): void => {
    lineStart = true;
    column = 0;
    // Outside an item, no earlier line is handed on.
    if (open === undefined) tokens = [];
    lineFirstToken = tokens.length;
  };
  const closeKey = (end: number, endToken: number): void => {
    closeItem(end, endToken);
    if (key?.sequence !== undefined) cuts.push({ start: key.sequence.start, end });
    key = undefined;
  };

  for (const token of new Lexer().lex(text)) {
    tokens.push(token);
    const type = scalarSource ? 'source' : CST.tokenType(token);
    if (type === 'doc-mode') continue;
    if (type === 'scalar') {
      // Zero-width: the scalar's source comes next.
      scalarSource = true;
      if (blockScalar === 'header') {
        blockScalar = 'content';
        continue;
      }
      if (lineStart && flowDepth === 0 && !startLine('scalar')) return undefined;
      lineStart = false;
      continue;
    }
    scalarSource = false;
    const width = token.length;
    if (type === 'newline') {
      if (awaitingColon) return undefined;
      offset += width;
      startNewLine();
      continue;
    }
    if (type === 'space' && lineStart) {
      if (token.includes('\t')) return undefined;
      column = width;
      offset += width;
      continue;
    }
    if (type === 'space' || type === 'comment') {
      offset += width;
      continue;
    }
    if (type === 'source' && blockScalar === 'content') {
      // The content ends with its last line break, and the next token starts a line. Not always: before
      // a less indented line that starts with a tab, the lexer takes the whitespace up to it as well,
      // and the next token starts mid-line (a file the parse rejects, but the cut must not misplace).
      if (width > 0 && !token.endsWith('\n') && offset + width !== text.length) return undefined;
      blockScalar = undefined;
      offset += width;
      startNewLine();
      continue;
    }
    if (type === 'source') {
      if (key !== undefined && key.name === '') {
        key.name = token;
        awaitingColon = true;
      } else if (key?.onKeyLine === true) {
        key.valueOnKeyLine = true;
      }
      offset += width;
      continue;
    }
    if (!MODELLED.has(type ?? '')) return undefined;
    if (lineStart && flowDepth === 0 && !startLine(type === 'seq-item-ind' ? 'item' : 'other')) return undefined;
    lineStart = false;
    if (awaitingColon) {
      if (type !== 'map-value-ind') return undefined;
      awaitingColon = false;
    } else if (key?.onKeyLine === true) {
      key.valueOnKeyLine = true;
    }
    if (type === 'block-scalar-header') blockScalar = 'header';
    if (type === 'flow-map-start' || type === 'flow-seq-start') flowDepth++;
    if (type === 'flow-map-end' || type === 'flow-seq-end') flowDepth--;
    offset += width;
  }
  // Every character read once, or the cut does not match the text.
  if (flowDepth !== 0 || awaitingColon || offset !== text.length) return undefined;
  closeKey(offset, tokens.length);
  if (stopped || cuts.length === 0) return undefined;

  let skeleton = '';
  let kept = 0;
  for (const cut of cuts) {
    skeleton += text.slice(kept, cut.start);
    kept = cut.end;
  }
  skeleton += text.slice(kept);
  return skeleton;

  /**
   * The cut's state machine, stepped by the first token of each line outside flow collections:
   * a top-level key at column 0 closes the key before and opens the next, a `-` at the sequence's
   * column starts an item, anything deeper belongs to the item or value above. False when the line
   * does not fit that model.
   */
  function startLine(what: 'scalar' | 'item' | 'other'): boolean {
    const lineOffset = offset - column;
    if (key !== undefined) key.onKeyLine = false;
    if (column === 0 && what !== 'item') {
      closeKey(lineOffset, lineFirstToken);
      if (what !== 'scalar' || stopped) return false;
      key = { name: '', onKeyLine: true, valueOnKeyLine: false, holdsOtherValue: false };
      return true;
    }
    if (key === undefined) return false;
    const { sequence } = key;
    if (sequence !== undefined) {
      if (what === 'item' && column === sequence.column) {
        closeItem(lineOffset, lineFirstToken);
        openItem(key.name, lineOffset);
        return !stopped;
      }
      return column > sequence.column;
    }
    if (what === 'item' && !key.valueOnKeyLine && !key.holdsOtherValue) {
      key.sequence = { start: lineOffset, column };
      openItem(key.name, lineOffset);
      return true;
    }
    if (column === 0) return false;
    key.holdsOtherValue = true;
    return true;
  }
}

interface TopLevelKey {
  /** Empty until the key's source is read. */
  name: string;
  /** Whether the tokens being read are on the key's own line. */
  onKeyLine: boolean;
  /** Something follows the key's `:` on its line: its value is not a block sequence. */
  valueOnKeyLine: boolean;
  /** A line under the key holds something other than a sequence item. */
  holdsOtherValue: boolean;
  /** Where the sequence's first item starts, and the column of its `-`. */
  sequence?: { readonly start: number; readonly column: number };
}

/** Tokens the cut understands; any other stops it (see cutManifestPieces). */
const MODELLED = new Set([
  'seq-item-ind',
  'map-value-ind',
  'comma',
  'flow-map-start',
  'flow-map-end',
  'flow-seq-start',
  'flow-seq-end',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'block-scalar-header',
]);
