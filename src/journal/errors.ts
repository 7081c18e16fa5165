import { PaycfgError } from '../errors.js';

/**
 * A journal that cannot be opened, written or read. Opening or writing the first record fails
 * before any change is made, so that no apply runs without its audit trail; the message names the
 * file and why.
 */
export class JournalError extends PaycfgError {
  readonly code = 'JOURNAL';
}
