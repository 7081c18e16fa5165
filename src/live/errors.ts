import { PaycfgError } from '../errors.js';

/** The service answered with something paycfg cannot make sense of, or a state it cannot key. */
export class LiveStateError extends PaycfgError {
  readonly code = 'LIVE_STATE';
}

/** The group the token belongs to is not the one the manifest pins. */
export class GroupMismatchError extends PaycfgError {
  readonly code = 'GROUP_MISMATCH';
}
