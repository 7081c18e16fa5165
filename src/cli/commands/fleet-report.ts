import { ExitCode, UsageError } from '../../errors.js';
import {
  FleetReportError,
  mergeFleetSummaries,
  readFleetSummary,
  renderFleetSummaryJson,
  renderFleetSummaryMarkdown,
  renderFleetSummaryText,
  writeFleetSummaryFile,
} from '../../fleet/summary/index.js';
import { coverage, missingPossessive } from '../../fleet/summary/wording.js';
import type { FleetSummary } from '../../fleet/types.js';
import { createStyle } from '../../render/style.js';
import type { Command } from '../command.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { colorFlag, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['FILE... [--json | --markdown] [--summary FILE] [--allow-missing-shards]'],
  description: `Merges the summaries the shards of one fleet run wrote (\`paycfg fleet plan|apply|drift|validate
--shard I/N --summary FILE\`, one per CI matrix job or Kubernetes pod) into the one summary of the
fleet, and prints it: per target its counts and status, failures grouped by cause, the verdict.
Reads the files alone: no request is sent, no token is needed. Refused, naming the file: a file
that is not a fleet summary, a run of the whole fleet (not a shard), summaries of different
commands, fleet files or shard counts, a shard or a target in two files. A shard of the count with
no summary (its job failed, or uploaded nothing) fails the report: it is named on stderr and in the
verdict, exit 1; with --allow-missing-shards it is a warning and the report covers the shards given.
Otherwise exits as the one-machine run of the same targets would.`,
  maxArgs: Number.MAX_SAFE_INTEGER,
  flags: {
    json: { type: 'boolean', help: 'Print the merged summary as JSON (schemas/fleet-summary.schema.json); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print the merged summary as Markdown (for a pull-request comment or a job summary)' },
    summary: { type: 'string', value: 'FILE', help: 'Also write the merged summary as JSON to FILE (replaces only an earlier summary)' },
    'allow-missing-shards': { type: 'boolean', help: 'A shard with no summary is a warning, not a failure: report the shards given, exit as their merged summary' },
    color: colorFlag,
  },
  environment: [['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'every target succeeded, nothing to change'],
    [1, 'a target failed or was blocked, a shard\'s run halted, or a shard of the count has no summary (without --allow-missing-shards); or an error: a file missing, not a summary, or not of this run'],
    [2, 'plan and drift: changes or drift in some target'],
    [130, 'a shard\'s run was interrupted'],
  ],
} as const satisfies CommandSyntax;

/** The exit codes a summary may hold, as the CLI returns them. */
const EXIT_CODES: readonly number[] = Object.values(ExitCode);

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args } = parseFlags('fleet report', syntax, argv);
  if (values.json && values.markdown) throw new UsageError('paycfg fleet report: choose one of --json and --markdown');
  if (args.length === 0) throw new UsageError('paycfg fleet report: name the summaries to merge, e.g. `paycfg fleet report shards/*.json`');

  const merged = mergeFleetSummaries(await readAll(args, io), { sources: args });
  const allowMissing = values['allow-missing-shards'];
  // A report is meant to cover every shard of the count: one with no summary is missing, even when only one file is given.
  const { covered, missing, shards } = coverage(merged, { wholeFleet: true });
  const refused = missing !== undefined && !allowMissing;
  const report: FleetSummary = refused ? { ...merged, exitCode: ExitCode.Error } : merged;
  const wholeFleet = { wholeFleet: refused };
  if (values.summary !== undefined) await writeFleetSummaryFile(values.summary, report, { cwd: io.cwd });

  if (values.json) io.stdout.write(renderFleetSummaryJson(report));
  else if (values.markdown) io.stdout.write(renderFleetSummaryMarkdown(report, wholeFleet));
  else io.stdout.write(renderFleetSummaryText(report, createStyle(colorEnabled(io) && values.color), wholeFleet));
  if (missing !== undefined) {
    io.stderr.write(
      refused
        ? `error: the summaries cover ${covered}: ${missing}; the report leaves out ${missingPossessive(shards)} targets. Each shard's job writes its summary (--summary FILE): rerun the missing ${shards !== undefined && shards.missing.length > 1 ? 'shards' : 'shard'}, or pass --allow-missing-shards to report the shards given\n`
        : `warning: the summaries cover ${covered}: ${missing}; the report leaves out ${missingPossessive(shards)} targets\n`,
    );
  }
  return exitCodeOf(report);
}

/** Every file read; every one that cannot be read or is not a summary said at once, not one per run. */
async function readAll(files: readonly string[], io: IoStreams): Promise<FleetSummary[]> {
  const read = await Promise.allSettled(files.map((file) => readFleetSummary(file, { cwd: io.cwd })));
  const failed = read.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const unexpected = failed.find((error) => !(error instanceof FleetReportError));
  if (unexpected !== undefined) throw unexpected;
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) {
    const errors = failed as FleetReportError[];
    throw new FleetReportError(`${errors.length} of the ${files.length} files cannot be merged`, {
      files: errors.flatMap((error) => error.files),
      problems: errors.map((error) => error.message.replace(/\n\s*/g, ' ')),
    });
  }
  return read.map((result) => (result as PromiseFulfilledResult<FleetSummary>).value);
}

function exitCodeOf(summary: FleetSummary): ExitCode {
  return EXIT_CODES.includes(summary.exitCode) ? (summary.exitCode as ExitCode) : ExitCode.Error;
}

export const fleetReportCommand: Command = { name: 'report', syntax, run };
