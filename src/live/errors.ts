import { PaycfgError } from '../errors.js';

/**
 * The service answered with something paycfg cannot make sense of, or a state it cannot key, or
 * a record the run counted on is gone (changed behind the plan).
 */
export class LiveStateError extends PaycfgError {
  readonly code = 'LIVE_STATE';
}

/** The group the token belongs to is not the one the manifest pins. */
export class GroupMismatchError extends PaycfgError {
  readonly code = 'GROUP_MISMATCH';
}

/**
 * A list record with a field of the wrong type (or a required one missing) where the plan reads
 * it. A plan is never built from a record paycfg could not read: skipping it would plan a create
 * of what exists, or a delete of what the manifest wants. The value itself is not shown, since
 * the field may hold a secret.
 */
export class UnreadableRecordError extends PaycfgError {
  readonly code = 'UNREADABLE_RECORD';

  constructor(init: { endpoint: string; index: number; id: string | undefined; field: string; problem: string }) {
    const record = `records[${init.index}]${init.id !== undefined ? ` (${init.id})` : ''}`;
    super(
      `${init.endpoint}: ${record} cannot be read: ${init.field} ${init.problem}. ` +
        'paycfg plans only from records it can read, so nothing was planned; fix the record in the service, or report it if the service changed its format.',
      { endpoint: init.endpoint, index: init.index, ...(init.id !== undefined ? { id: init.id } : {}), field: init.field, problem: init.problem },
    );
  }
}
