import type { ExitCode } from '../errors.js';
import type { IoStreams } from './io.js';
import type { CommandSyntax } from './syntax.js';

/**
 * One CLI command (its one-line summary is in commands/registry, read without loading it). Its syntax (flags, arguments, help sections) is data, parsed with
 * parse-flags and rendered by `paycfg <name> --help`; run parses its arguments against it and
 * only returns an exit code: printing errors and exiting is main()'s job.
 */
export interface Command {
  readonly name: string;
  readonly syntax: CommandSyntax;
  /** Commands of their own under this one, `paycfg sim token`: run dispatches to them itself. */
  readonly subcommands?: Readonly<Record<string, Command>>;
  run(argv: readonly string[], io: IoStreams): Promise<ExitCode>;
}
