import { PaycfgError } from '../../errors.js';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../../manifest/diagnostics.js';

/**
 * The fleet file, or a list of targets it names, is invalid: every problem at its file:line:col (a
 * CSV row at its line and cell), as the environments file's problems are.
 */
export class FleetFileError extends PaycfgError {
  readonly code = 'FLEET_FILE';
  readonly diagnostics: readonly Diagnostic[];
  /** The fleet file, as messages name it. */
  readonly file: string;

  /** `files`: the fleet file, then the lists it names, in its order: the order problems are listed in. */
  constructor(file: string, diagnostics: readonly Diagnostic[], options: { readonly subject?: string; readonly files?: readonly string[] } = {}) {
    const sorted = sortDiagnostics(diagnostics, options.files ?? [file]);
    const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
    super(`${options.subject ?? `the fleet file ${file} is invalid`} (${count}):\n${sorted.map(formatDiagnostic).join('\n')}`, {
      file,
      diagnostics: sorted.map((d) => ({ file: d.file, line: d.line, col: d.col, path: [...d.path], message: d.message })),
    });
    this.diagnostics = sorted;
    this.file = file;
  }
}
