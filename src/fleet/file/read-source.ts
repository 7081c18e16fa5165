import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument, type YAMLError } from 'yaml';
import { Positions } from '../../environments/load-file.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../manifest/diagnostics.js';
import { yamlSyntaxProblem } from '../../manifest/yaml-syntax-error.js';
import { lowerFirst } from '../../util/text.js';

/** Aliases expand to at most this many values: neither the fleet file nor a list has use for more. */
const MAX_ALIAS_COUNT = 1000;

/**
 * The text of a fleet file or a list of targets, or why it cannot be read (placed at `at`: the
 * fleet file's first line, or the targetsFrom entry naming the list).
 */
export async function readSourceText(
  absolute: string,
  options: { readonly name: string; readonly maxBytes: number; readonly what: string; readonly at: SourcePosition },
): Promise<string | Diagnostic> {
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? `it is a directory, not ${options.what}` : `cannot read it (${code ?? String(error)})`;
    return diagnostic(options.at, [], options.at.file === options.name ? reason : `${options.name}: ${reason}`);
  }
  if (bytes.length > options.maxBytes) return diagnostic(options.at, [], `${options.at.file === options.name ? 'file' : options.name} is ${bytes.length} bytes; ${options.what} is at most ${options.maxBytes}`);
  // A spreadsheet's export starts with a byte order mark; it is no part of the first column's name.
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** A YAML (or JSON: YAML reads it) document, parsed, with the positions of its values; or its first syntax problem. */
export function parseSourceDocument(text: string, file: string, language: 'YAML' | 'JSON'): { readonly data: unknown; readonly positions: Positions } | Diagnostic {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, strict: true, uniqueKeys: true, version: '1.2' });
  const problems: readonly YAMLError[] = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    const { offset, message } = yamlSyntaxProblem(text, problems, (problem) => `invalid ${language}: ${lowerFirst(problem.message.split('\n')[0] ?? '')}`);
    const { line, col } = lineCounter.linePos(offset);
    return diagnostic({ file, line, col }, [], language === 'YAML' ? message : message.replace(/^invalid YAML/, 'invalid JSON'));
  }
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), positions: new Positions(doc, lineCounter, file) };
  } catch (error) {
    return diagnostic({ file, line: 1, col: 1 }, [], `cannot be read: ${(error as Error).message}`);
  }
}
