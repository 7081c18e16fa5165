import { PaycfgError } from '../errors.js';

/** The export cannot be written where it was asked to go (a non-empty directory, a file system error). */
export class ExportOutputError extends PaycfgError {
  readonly code: string = 'EXPORT_OUTPUT';
}

/** `export -o FILE` without `force`, and FILE exists: export never replaces a file it was not told to. */
export class ExportFileExistsError extends ExportOutputError {
  override readonly code = 'EXPORT_FILE_EXISTS';

  constructor(path: string) {
    super(`${path} already exists; export does not replace a file. Pass --force to replace it, or choose another file.`, { path });
  }
}
