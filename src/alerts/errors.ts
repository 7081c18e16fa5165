import { PaycfgError } from '../errors.js';

/**
 * What the user must fix before drift alerts can be trusted: an unreadable or malformed state file,
 * a metrics file or state file that cannot be written, a webhook or push gateway URL that is not
 * one. Exit 1. A failed post or push is not one of these: it is a warning in the AlertReport.
 */
export class AlertConfigError extends PaycfgError {
  readonly code = 'ALERT_CONFIG';
}
