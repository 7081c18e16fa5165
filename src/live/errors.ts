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
