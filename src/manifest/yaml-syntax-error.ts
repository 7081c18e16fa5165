import { CST, Lexer, type YAMLError } from 'yaml';

/** The one syntax problem reported for a file: where it is and what to say. */
export interface YamlSyntaxProblem {
  /** Offset in the text. */
  readonly offset: number;
  readonly message: string;
}

/**
 * The first syntax error of a file, worded for the person who made it. One slip (a tab in an
 * indentation, a missing "]") leaves the yaml package confused about every line after it, and it
 * reports each: a dozen errors of which only the first is true. So only the first is reported,
 * and where the slip is a common one, it is named in the words of the fix rather than the parser's.
 * `problems` must not be empty; `otherwise` words a problem no hint fits.
 */
export function yamlSyntaxProblem(text: string, problems: readonly YAMLError[], otherwise: (problem: YAMLError) => string): YamlSyntaxProblem {
  const first = earliest(problems);
  const at = first.pos[0];
  const lineEnd = text.indexOf('\n', at);
  // The parser reports an unclosed "[" where the entry holding it starts, before the "[" itself.
  const opener = unclosedFlowBefore(text, lineEnd === -1 ? text.length : lineEnd);
  if (opener !== undefined) {
    const [what, close] = opener.char === '[' ? ['list', ']'] : ['mapping', '}'];
    return {
      offset: opener.offset,
      // The parser cannot tell a missing "]" from one on a line it no longer reads as part of the list.
      message: `invalid YAML: this "${opener.char}" opens a ${what} that is not closed: a "${close}" is missing, or the lines after it are not indented deeper than this one`,
    };
  }
  const closer = text[at];
  if (first.code === 'UNEXPECTED_TOKEN' && (closer === ']' || closer === '}')) {
    return { offset: at, message: `invalid YAML: this "${closer}" closes no "${closer === ']' ? '[' : '{'}"; remove it` };
  }
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const indentation = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  if (indentation.includes('\t')) {
    return { offset: lineStart + indentation.indexOf('\t'), message: 'invalid YAML: a tab in the indentation; YAML does not allow tabs for indentation: use spaces' };
  }
  const key = keyWithoutColon(first, text, lineStart + indentation.length);
  if (key !== undefined) {
    return { offset: key.offset, message: `invalid YAML: a key needs a colon: "${key.name}: value", not "${key.name} value"` };
  }
  return { offset: at, message: otherwise(first) };
}

/** Errors before warnings (a warning alone still makes the file unreadable), then by position. */
function earliest(problems: readonly YAMLError[]): YAMLError {
  const errors = problems.filter((problem) => problem.name === 'YAMLParseError');
  const pool = errors.length > 0 ? errors : problems;
  return pool.reduce((best, problem) => (problem.pos[0] < best.pos[0] ? problem : best));
}

/**
 * The first `[` or `{` before `limit` that is never closed, as the yaml package's lexer reads the
 * text: a line indented less than a flow collection's key ends every collection still open there
 * (the lexer's flow-error-end), and the text's end ends the rest. The lexer alone, not the parser:
 * this runs on a file already parsed once, and the parser takes three times the lexer's time.
 */
function unclosedFlowBefore(text: string, limit: number): { offset: number; char: '[' | '{' } | undefined {
  // The lexer marks scalars, documents and a flow's error end with these characters; written in the text, they would shift the offsets.
  if (/[\x02\x18\x1f]/.test(text)) return undefined;
  const open: { offset: number; char: '[' | '{' }[] = [];
  let first: { offset: number; char: '[' | '{' } | undefined;
  const unclosed = (): void => {
    const [outermost] = open;
    if (outermost !== undefined && outermost.offset <= limit && (first === undefined || outermost.offset < first.offset)) first = outermost;
    open.length = 0;
  };
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type === 'flow-seq-start' || type === 'flow-map-start') open.push({ offset, char: type === 'flow-seq-start' ? '[' : '{' });
    else if (type === 'flow-seq-end' || type === 'flow-map-end') open.pop();
    else if (type === 'flow-error-end') unclosed();
    // The marks are zero-width: they stand for no character of the text.
    if (type !== 'doc-mode' && type !== 'flow-error-end' && type !== 'scalar') offset += token.length;
  }
  unclosed();
  return first;
}

/** How the parser words a line with no colon: a key running on to the next line, or a key with no value. */
const KEY_PROBLEMS = new Set<string>(['MULTILINE_IMPLICIT_KEY', 'BLOCK_AS_IMPLICIT_KEY', 'MISSING_CHAR']);

/** A plain key word followed by a value on the same line, with no colon between them. */
const KEY_THEN_VALUE = /^(?:- +)?([A-Za-z_][\w.-]*)[ \t]+[^\s#:][^\n]*$/;

/**
 * `mchName Coffee Shop`: the parser reads the line as the start of a key that runs on to the next
 * line, and says so in its own terms. Only the key is quoted back, never the value (it may be a
 * secret written in the wrong place).
 */
function keyWithoutColon(problem: YAMLError, text: string, contentStart: number): { offset: number; name: string } | undefined {
  if (!KEY_PROBLEMS.has(problem.code)) return undefined;
  const lineEnd = text.indexOf('\n', contentStart);
  const line = text.slice(contentStart, lineEnd === -1 ? undefined : lineEnd).replace(/\s+#.*$/, '').trimEnd();
  const match = KEY_THEN_VALUE.exec(line);
  if (match === null || /:(\s|$)/.test(line)) return undefined;
  const name = match[1] as string;
  return { offset: contentStart + line.indexOf(name), name };
}
