import type { ExitCode } from '../errors.js';
import type { IoStreams } from './io.js';

/**
 * One CLI command. Flag parsing and running live together in the command's module, but the
 * command only returns an exit code: printing errors and exiting is main()'s job.
 */
export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Full help text, printed for `paycfg <name> --help`. */
  readonly help: string;
  run(argv: readonly string[], io: IoStreams): Promise<ExitCode>;
}
