import { PaycfgError } from '../errors.js';

/** The export cannot be written where it was asked to go (a non-empty directory, a file system error). */
export class ExportOutputError extends PaycfgError {
  readonly code = 'EXPORT_OUTPUT';
}
