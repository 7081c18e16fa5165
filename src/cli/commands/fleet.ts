import { UsageError, type ExitCode } from '../../errors.js';
import { closestMatch } from '../../manifest/did-you-mean.js';
import type { Command } from '../command.js';
import type { IoStreams } from '../io.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';
import { fleetApplyCommand, fleetDriftCommand, fleetPlanCommand, fleetValidateCommand } from './fleet-run.js';
import { fleetMatrixCommand } from './fleet-matrix.js';
import { fleetReportCommand } from './fleet-report.js';

/** `paycfg fleet <subcommand>`: many groups as one run (docs/fleet.md). */
const subcommands: Readonly<Record<string, Command>> = {
  validate: fleetValidateCommand,
  plan: fleetPlanCommand,
  apply: fleetApplyCommand,
  drift: fleetDriftCommand,
  matrix: fleetMatrixCommand,
  report: fleetReportCommand,
};

const syntax = {
  usage: ['validate|plan|apply|drift [flags]', 'matrix --ci github|gitlab [flags]', 'report FILE... [flags]'],
  description: `Runs many groups as one: every target of the fleet file (paycfg.fleet.yaml: a template and
per-group values, or targets listed in CSV or JSON), or every environment of the environments file.
One bound on requests in flight over the whole fleet, each group's rate limit heard apart, one
summary. \`fleet matrix\` splits the fleet into shards for a CI matrix or a Kubernetes Indexed Job,
each running \`--shard I/N\`; \`fleet report\` merges their summaries. See \`paycfg fleet <subcommand> --help\`.`,
  flags: { color: noColorAccepted },
  exitCodes: [
    [0, 'every target succeeded, nothing to change'],
    [1, 'a target failed, or the run halted'],
    [2, 'plan and drift: changes or drift in some target'],
    [130, 'interrupted'],
  ],
} as const satisfies CommandSyntax;

function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const [first, ...rest] = argv;
  const sub = first === undefined ? undefined : subcommands[first];
  if (sub !== undefined) return sub.run(rest, io);
  if (first === undefined) throw new UsageError(`paycfg fleet: name a subcommand: ${Object.keys(subcommands).join(', ')}`);
  const meant = first.startsWith('-') ? undefined : closestMatch(first, Object.keys(subcommands));
  throw new UsageError(`paycfg fleet: unknown subcommand "${first}"${meant !== undefined ? `; did you mean \`paycfg fleet ${meant}\`?` : `; the subcommands are ${Object.keys(subcommands).join(', ')}`}`);
}

export const fleetCommand: Command = { name: 'fleet', syntax, subcommands, run };
