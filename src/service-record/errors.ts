import { PaycfgError } from '../errors.js';

/** A service record that cannot be read or is not one: unreadable, bad YAML, wrong fields (with file:line:col). */
export class ServiceRecordError extends PaycfgError {
  readonly code = 'SERVICE_RECORD';
}

/**
 * The live group shows what the service record says cannot be: a summary item checked against its
 * binding record reads the other way. Nothing was planned or changed; the record must be
 * established again (`paycfg probe`). Details name the evidence: merchant, binding, lists.
 */
export class ServiceRecordContradictedError extends PaycfgError {
  readonly code = 'SERVICE_RECORD_CONTRADICTED';
}

/**
 * `paycfg probe` could not establish the reading (no profile offers a part to bind, the service
 * refused a write, the summary reads neither way). What it made is removed before this is thrown;
 * when the removal itself failed, the message names what is left and how to remove it.
 */
export class ProbeError extends PaycfgError {
  readonly code = 'PROBE';
}
