import { ServiceCode, SimServiceError } from '../../errors.js';

/**
 * What the simulator does not implement answers HTTP 501 with code 10000, not 10001: `System Error`
 * is a fault that may go away (clients retry it), and a missing route never does.
 */
export function notImplemented(what: string): SimServiceError {
  return new SimServiceError(ServiceCode.Invalid, `Not Implemented: ${what}`, 501);
}
