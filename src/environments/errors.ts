import { PaycfgError } from '../errors.js';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../manifest/diagnostics.js';

/**
 * The environments file is invalid, or an environment's value cannot be read: every problem at
 * the file:line:col of the environments file where it is written, as a manifest's problems are.
 */
export class EnvironmentsError extends PaycfgError {
  readonly code = 'ENVIRONMENTS';
  readonly diagnostics: readonly Diagnostic[];
  /** The environments file, as messages name it. */
  readonly file: string;

  constructor(file: string, diagnostics: readonly Diagnostic[], subject = `the environments file ${file} is invalid`) {
    const sorted = sortDiagnostics(diagnostics, [file]);
    const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
    super(`${subject} (${count}):\n${sorted.map(formatDiagnostic).join('\n')}`, {
      file,
      diagnostics: sorted.map((d) => ({ file: d.file, line: d.line, col: d.col, path: [...d.path], message: d.message })),
    });
    this.diagnostics = sorted;
    this.file = file;
  }
}
