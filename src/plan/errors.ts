import { PaycfgError } from '../errors.js';

/** The plan cannot be made: an impossible order, or a conflict only the manifest's author can settle. */
export class PlanError extends PaycfgError {
  readonly code = 'PLAN';
}

/** A `--target` names no resource of the manifest or of the live group: a plan limited to it would say nothing. */
export class TargetError extends PaycfgError {
  readonly code = 'TARGET';
}
