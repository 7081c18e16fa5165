import { ExitCode, UsageError } from '../../errors.js';
import { fleetMatrix, maxJobsOf, renderFleetMatrix, DEFAULT_TARGETS_PER_SHARD, GITHUB_MAX_JOBS, GITLAB_MAX_JOBS, MATRIX_CIS, type MatrixCi } from '../../fleet/matrix/index.js';
import { sizeTargets } from '../../fleet/shard.js';
import type { Command } from '../command.js';
import { fleetFlags, fleetVariables, selectedFleet, type FleetFlagValues } from '../fleet-options.js';
import type { IoStreams } from '../io.js';
import { numberFlagsOf, parseFlags } from '../parse-flags.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['--ci github|gitlab [--shards N | --targets-per-shard N] [flags]'],
  description: `Splits the fleet into shards for a CI matrix, balanced by the records each target's manifests
declare (read offline: no token, no request), the same split every \`paycfg fleet … --shard I/N\`
computes. GitHub: one line of JSON, {"include":[{"shard":"1/4","targets":25,"size":500},…]}, for
$GITHUB_OUTPUT and \`strategy.matrix: \${{ fromJSON(…) }}\`. GitLab: a child pipeline (YAML) with one
job per shard (\`parallel: matrix\` over SHARD) and a report job, for \`trigger: include: artifact:\`.
Without --shards, about ${DEFAULT_TARGETS_PER_SHARD} targets per shard; never more shards than targets, nor than the
CI's limit on one matrix (GitHub ${GITHUB_MAX_JOBS} jobs, GitLab ${GITLAB_MAX_JOBS}). See docs/fleet.md.`,
  flags: {
    ci: { type: 'string', value: 'github|gitlab', help: 'The CI whose matrix to print: github (JSON for fromJSON) or gitlab (a child pipeline)' },
    shards: { type: 'string', value: 'N', help: `Split into N shards (at most the CI's limit; fewer when there are fewer targets)` },
    'targets-per-shard': { type: 'string', value: 'N', help: `About N targets per shard (default ${DEFAULT_TARGETS_PER_SHARD})` },
    ...fleetFlags,
    color: noColorAccepted,
  },
  environment: fleetVariables,
  exitCodes: [
    [0, 'the matrix is printed'],
    [1, 'an error: no fleet, a bad fleet file, no target selected, --shards over the CI\'s limit'],
  ],
} as const satisfies CommandSyntax;

/** The selection flags as given, for the shards of a GitLab child pipeline to select the same targets. */
function selectionWords(values: FleetFlagValues): string[] {
  return [
    ...(values.fleet !== undefined ? ['--fleet', values.fleet] : []),
    ...(values.target ?? []).flatMap((name) => ['--target', name]),
    ...(values.label ?? []).flatMap((label) => ['--label', label]),
  ];
}

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('fleet matrix', syntax, argv);
  if (values.ci === undefined) throw new UsageError('paycfg fleet matrix: say which CI the matrix is for: --ci github or --ci gitlab');
  if (!(MATRIX_CIS as readonly string[]).includes(values.ci)) throw new UsageError(`paycfg fleet matrix: --ci "${values.ci}" is not one of ${MATRIX_CIS.join(', ')}`);
  const ci = values.ci as MatrixCi;
  if (values.shards !== undefined && values['targets-per-shard'] !== undefined) throw new UsageError('paycfg fleet matrix: give --shards N or --targets-per-shard N, not both');
  const numbers = numberFlagsOf('fleet matrix');
  // Over the limit is fleetMatrix's refusal, which names the CI and its limit; the bound here only keeps the number a number.
  const shards = numbers.int('shards', values.shards, 1, 1_000_000);
  const targetsPerShard = numbers.int('targets-per-shard', values['targets-per-shard'], 1, 1_000_000);

  const { fleet, targets } = await selectedFleet('fleet matrix', values, io);
  const sized = await sizeTargets(fleet, targets, { cwd: io.cwd });
  const matrix = fleetMatrix(sized, { ci, ...(shards !== undefined ? { shards } : {}), ...(targetsPerShard !== undefined ? { targetsPerShard } : {}) });
  if (shards !== undefined && matrix.shards.length < shards) {
    io.stderr.write(`paycfg fleet matrix: ${matrix.shards.length} shards, not ${shards}: the selection holds ${targets.length} targets (at most ${maxJobsOf(ci)} jobs in one matrix)\n`);
  }
  io.stdout.write(renderFleetMatrix(matrix, { fleetArgs: selectionWords(values) }));
  return ExitCode.Success;
}

export const fleetMatrixCommand: Command = { name: 'matrix', syntax, run };
