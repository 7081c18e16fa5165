import { PaycfgError } from '../../errors.js';

/**
 * A fleet summary that cannot be read, written or merged: `fleet report`'s bad input (no such file,
 * not JSON, not a summary, a summary of another format version) and the shards that do not belong
 * together (another command or fleet file, another shard count, a shard or a target twice). The
 * message names the file(s) and the first problems; exit 1.
 */
export class FleetReportError extends PaycfgError {
  readonly code = 'FLEET_REPORT';
  /** The files concerned, as the command line gave them; empty when the summaries had no file. */
  readonly files: readonly string[];
  /** What is wrong, one entry a problem (the first few, when a file has many). */
  readonly problems: readonly string[];

  constructor(message: string, options: { readonly files?: readonly string[]; readonly problems?: readonly string[] } = {}) {
    const problems = options.problems ?? [];
    super(problems.length === 0 ? message : `${message}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`, {
      files: [...(options.files ?? [])],
      problems: [...problems],
    });
    this.files = options.files ?? [];
    this.problems = problems;
  }
}
