/**
 * Error classes shared by every stage. Each carries a stable `code` (for --json output and tests),
 * a user-facing message and the exit code the CLI should end with. Only the CLI prints or exits;
 * every other module throws one of these (or a subclass defined next to the stage that owns it).
 */

export const ExitCode = {
  Success: 0,
  Error: 1,
  /** `plan --detailed-exitcode` and `drift`: the run succeeded and found changes. */
  Changes: 2,
  /** Stopped by Ctrl-C (SIGINT), as a shell reports a process killed by it: 128 + 2. */
  Interrupted: 130,
  /** Stopped by SIGTERM (a CI runner cancelling the job): 128 + 15. */
  Terminated: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export abstract class PaycfgError extends Error {
  abstract readonly code: string;
  readonly exitCode: ExitCode = ExitCode.Error;
  /** JSON-safe context (never a secret): file positions, HTTP method and path, service code. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.details = details;
  }

  toJSON(): { code: string; message: string; details: Readonly<Record<string, unknown>> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** Bad flags or arguments on the command line. */
export class UsageError extends PaycfgError {
  readonly code = 'USAGE';
}

/** Bad local configuration: missing token, refused base URL, unreadable file. */
export class ConfigError extends PaycfgError {
  readonly code = 'CONFIG';
}

/**
 * `apply -f` found changes to make but nobody to approve them: no terminal and no --auto-approve.
 * Not a usage error: the command line was right, the place it ran in is not interactive.
 */
export class ApprovalRequiredError extends PaycfgError {
  readonly code = 'APPROVAL_REQUIRED';
}

/** Something that should be impossible happened: a bug in paycfg, not in the user's input. */
export class InternalError extends PaycfgError {
  readonly code = 'INTERNAL';
  constructor(message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(`${message} (this is a bug in paycfg; please report it)`, details, options);
  }
}
