import { PaycfgError } from '../errors.js';

/** The plan cannot be made: an impossible order, or a conflict only the manifest's author can settle. */
export class PlanError extends PaycfgError {
  readonly code = 'PLAN';
}
