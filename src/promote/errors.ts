import { PaycfgError } from '../errors.js';
import { formatDiagnostic, ManifestError, type Diagnostic } from '../manifest/index.js';

/** A promotion that cannot be made: the source environment cannot be read for evidence. */
export class PromotionError extends PaycfgError {
  readonly code = 'PROMOTION';
}

/**
 * The target's manifests do not load with the source environment's values (a value of the source
 * that the manifest refuses). A ManifestError (callers that catch one catch this), whose message
 * says which environment's values were used.
 */
export class SourceManifestError extends ManifestError {
  readonly source: string;

  constructor(source: string, target: string, diagnostics: readonly Diagnostic[], files: readonly string[]) {
    super(diagnostics, files);
    this.source = source;
    const count = this.diagnostics.length === 1 ? '1 error' : `${this.diagnostics.length} errors`;
    this.message =
      `the manifests of environment ${target}, loaded with the values of environment ${source} to read the evidence there, are invalid (${count}):\n` +
      `${this.diagnostics.map(formatDiagnostic).join('\n')}\nNothing was read or changed.`;
  }
}
