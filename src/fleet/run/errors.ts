import { PaycfgError } from '../../errors.js';

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
