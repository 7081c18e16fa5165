import { PaycfgError } from '../../errors.js';
import type { FleetSummary } from '../types.js';

/**
 * A fleet run refused before any request: a target whose token or values cannot be read, a bad
 * option, a wave naming no target, a saved fleet plan that does not match the fleet. Every problem
 * is listed, one per line, each naming its target: a run of hundreds of groups is fixed in one go,
 * not one refusal at a time.
 */
export class FleetInputError extends PaycfgError {
  readonly code = 'FLEET_INPUT';
  readonly problems: readonly string[];

  constructor(subject: string, problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`${subject} (${count}); nothing was read or changed:\n${problems.map((p) => `  ${p.replace(/\n/g, '\n    ')}`).join('\n')}`, { problems: [...problems] });
    this.problems = [...problems];
  }
}

/** A target's token source gave no token, found as its client was made (preflight read it once already: it changed since). */
export class TargetTokenError extends PaycfgError {
  readonly code = 'TOKEN_MISSING';
}

/**
 * Every target ran, then the drift alerts could not be published (a state or metrics file that
 * cannot be written). The run's summary is kept here, so that it is still printed and written
 * (`--summary`) before the alerts' error is said: the checks were made, and a shard's report of
 * them must not be lost for want of a metrics file. The message and exit code are the alerts' error's.
 */
export class FleetAlertsError extends PaycfgError {
  readonly code: string;
  readonly summary: FleetSummary;

  constructor(summary: FleetSummary, error: PaycfgError) {
    super(error.message, { ...error.details }, { cause: error });
    this.code = error.code;
    this.summary = summary;
  }
}
