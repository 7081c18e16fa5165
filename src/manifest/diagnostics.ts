import { PaycfgError } from '../errors.js';
import { printable } from './control-characters.js';

export type ManifestPath = readonly (string | number)[];

/** A place in a manifest file; line and col are 1-based, col counts characters. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/**
 * One problem found in a manifest. `path` is the path inside the file the problem was found in
 * (list indices count entries of that file), `message` starts with that path in dotted form.
 */
export interface Diagnostic extends SourcePosition {
  readonly path: ManifestPath;
  readonly message: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `merchants[0].bindings[1].methods["01"]`: the path as users read it in messages. */
export function formatPath(path: ManifestPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/**
 * A diagnostic; its message quotes keys and values of the manifest, so a control character in
 * one is shown as an escape, never written to the terminal (see printable).
 */
export function diagnostic(position: SourcePosition, path: ManifestPath, text: string): Diagnostic {
  const prefix = formatPath(path);
  const message = printable(prefix === '' ? text : `${prefix}: ${text}`);
  return { file: position.file, line: position.line, col: position.col, path, message };
}

/** `file:line:col: message`, the form editors and CI annotations understand. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.message}`;
}

/** `file:line:col`, used when a message points at a second place. */
export function formatPosition(p: SourcePosition): string {
  return `${p.file}:${p.line}:${p.col}`;
}

/**
 * Sorts by file (in the order the files were read; unknown files such as a missing path first),
 * then line, column and message, and drops exact duplicates.
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[], fileOrder: readonly string[] = []): Diagnostic[] {
  const rank = new Map(fileOrder.map((file, index) => [file, index]));
  const sorted = [...diagnostics].sort(
    (a, b) =>
      (rank.get(a.file) ?? -1) - (rank.get(b.file) ?? -1) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.col - b.col ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  return sorted.filter((d, i) => {
    const previous = sorted[i - 1];
    return previous === undefined || formatDiagnostic(previous) !== formatDiagnostic(d);
  });
}

/** The manifest is invalid; holds every problem found, sorted by file, line and column. */
export class ManifestError extends PaycfgError {
  readonly code = 'MANIFEST';
  readonly diagnostics: readonly Diagnostic[];
  readonly files: readonly string[];

  constructor(diagnostics: readonly Diagnostic[], files: readonly string[]) {
    const sorted = sortDiagnostics(diagnostics, files);
    const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
    super(`the manifest is invalid (${count}):\n${sorted.map(formatDiagnostic).join('\n')}`, {
      files: [...files],
      diagnostics: sorted.map((d) => ({ file: d.file, line: d.line, col: d.col, path: [...d.path], message: d.message })),
    });
    this.diagnostics = sorted;
    this.files = files;
  }
}
