import { PaycfgError } from '../errors.js';

/** The service's `code` values that the simulator answers with. */
export const ServiceCode = {
  Success: 0,
  /** validation or business refusal */
  Invalid: 10000,
  /** generic system error */
  System: 10001,
  OwnerInvalid: 13000,
  /** legacy endpoint called by a group switched to the current API */
  LegacyApiDisabled: 13310,
  /** current-API endpoint called by a group still on the legacy API, when the simulator refuses those (`--legacy-groups current-api=refuse`) */
  CurrentApiDisabled: 13311,
} as const;

/**
 * A refusal by the simulated service: becomes the envelope `{code, msg}` with HTTP status
 * `httpStatus` (200 for business refusals, as the reference implies for code 10000).
 */
export class SimServiceError extends PaycfgError {
  readonly code = 'SIM_SERVICE';

  constructor(
    readonly serviceCode: number,
    msg: string,
    readonly httpStatus = 200,
  ) {
    super(msg, { serviceCode, httpStatus });
  }
}

/** code 10000 with a message naming the field or record. */
export function invalid(msg: string): SimServiceError {
  return new SimServiceError(ServiceCode.Invalid, msg);
}

/** The service's wording for a malformed parameter: `Parameters Error (<field> <problem>)`. */
export function parameterError(field: string, problem: string): SimServiceError {
  return invalid(`Parameters Error (${field ? `${field} ` : ''}${problem})`);
}

export function ownerInvalid(): SimServiceError {
  return new SimServiceError(ServiceCode.OwnerInvalid, 'Owner info invalid');
}

/** A state file that cannot be read, parsed or written. */
export class SimStateError extends PaycfgError {
  readonly code = 'SIM_STATE';
}

/**
 * The port asked for is held by another process: most often a paycfg sim started earlier in the
 * background (`paycfg sim --port 8080 &`), so the message says how to stop that one first.
 */
export class SimPortTakenError extends PaycfgError {
  readonly code = 'SIM_PORT_TAKEN';

  constructor(host: string, port: number, options?: ErrorOptions) {
    super(
      `port ${port} on ${host} is taken (another paycfg sim? stop it with \`kill %1\` in the shell that started it, or pick another --port, or --port 0 for a free one)`,
      { host, port },
      options,
    );
  }
}
