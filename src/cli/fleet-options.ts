import { loadEnvironmentsFile } from '../environments/load-file.js';
import { findEnvironmentsFile, ENVIRONMENTS_FILE_NAMES } from '../environments/find-file.js';
import { UsageError } from '../errors.js';
import { findFleetFile, fleetOfEnvironments, FLEET_FILE_ENV, FLEET_FILE_NAMES, loadFleetFile, selectTargets } from '../fleet/file/index.js';
import { parseShard, shardFromEnvironment, sizeTargets, targetsOfShard, KUBERNETES_INDEX_ENV, GITLAB_INDEX_ENV } from '../fleet/shard.js';
import type { FleetFile, FleetTarget, Shard, TargetSelector } from '../fleet/types.js';
import type { IoStreams } from './io.js';
import type { FlagSpecs, FlagValues } from './syntax.js';

/**
 * The flags every `paycfg fleet` subcommand takes to find its fleet and pick targets, and those of
 * the subcommands that run a shard. The fleet file is --fleet, else $PAYCFG_FLEET, else
 * paycfg.fleet.yaml in the working directory, else the environments file, each environment a target.
 */
export const fleetFlags = {
  fleet: {
    type: 'string',
    value: 'FILE',
    help: `The fleet file (default: $${FLEET_FILE_ENV}, else ${FLEET_FILE_NAMES[0]} in the working directory, else the environments file, each environment a target)`,
  },
  target: { type: 'string', multiple: true, value: 'NAME', help: 'Only the targets of this name or group; * matches any text (repeatable: any of them)' },
  label: { type: 'string', multiple: true, value: 'KEY=VALUE', help: 'Only the targets with this label (repeatable: all of them)' },
} as const satisfies FlagSpecs;

export const shardFlags = {
  shard: { type: 'string', value: 'I/N', help: 'Run shard I of N (1-based), as `paycfg fleet matrix` splits the fleet: every process computes the same split' },
  shards: {
    type: 'string',
    value: 'N',
    help: `Run one of N shards, the index taken from $${KUBERNETES_INDEX_ENV} (a Kubernetes Indexed Job, 0-based) or $${GITLAB_INDEX_ENV} (GitLab's parallel, 1-based)`,
  },
} as const satisfies FlagSpecs;

export type FleetFlagValues = Partial<FlagValues<typeof fleetFlags>>;
export type ShardFlagValues = Partial<FlagValues<typeof shardFlags>>;

/** The fleet variables, for a subcommand's --help. */
export const fleetVariables = [[FLEET_FILE_ENV, `The fleet file, unless --fleet is given (else ${FLEET_FILE_NAMES[0]} in the working directory)`]] as const;

/** The run's fleet and the targets its selector picks. */
export async function selectedFleet(command: string, values: FleetFlagValues, io: IoStreams): Promise<{ readonly fleet: FleetFile; readonly targets: FleetTarget[] }> {
  const fleet = await fleetOfRun(command, values, io);
  const selector: TargetSelector = {
    ...(values.target !== undefined && values.target.length > 0 ? { names: values.target } : {}),
    ...(values.label !== undefined && values.label.length > 0 ? { labels: labelsOf(command, values.label) } : {}),
  };
  return { fleet, targets: selectTargets(fleet, selector) };
}

async function fleetOfRun(command: string, values: FleetFlagValues, io: IoStreams): Promise<FleetFile> {
  const found = await findFleetFile({ cwd: io.cwd, env: io.env, ...(values.fleet !== undefined ? { flag: values.fleet } : {}) });
  if (found !== undefined) return loadFleetFile(found, { cwd: io.cwd });
  const environments = await findEnvironmentsFile({ cwd: io.cwd, env: io.env });
  if (environments !== undefined) return fleetOfEnvironments(await loadEnvironmentsFile(environments, { cwd: io.cwd }));
  throw new UsageError(
    `paycfg ${command}: no fleet: give a fleet file with --fleet FILE or $${FLEET_FILE_ENV}, or run where ${FLEET_FILE_NAMES[0]} or ${ENVIRONMENTS_FILE_NAMES[0]} is (docs/fleet.md)`,
  );
}

function labelsOf(command: string, given: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const text of given) {
    const at = text.indexOf('=');
    if (at <= 0) throw new UsageError(`paycfg ${command}: --label "${text}" is not KEY=VALUE`);
    labels[text.slice(0, at)] = text.slice(at + 1);
  }
  return labels;
}

/** The targets of this process's shard (--shard I/N, or --shards N with the engine's index variable), or all of them. */
export async function shardedTargets(
  command: string,
  fleet: FleetFile,
  targets: readonly FleetTarget[],
  values: ShardFlagValues,
  io: IoStreams,
): Promise<{ readonly targets: FleetTarget[]; readonly shard?: Shard }> {
  if (values.shard !== undefined && values.shards !== undefined) throw new UsageError(`paycfg ${command}: give --shard I/N or --shards N, not both`);
  let shard: Shard | undefined;
  if (values.shard !== undefined) shard = ofCommand(command, () => parseShard(values.shard!));
  else if (values.shards !== undefined) {
    if (!/^\d{1,6}$/.test(values.shards)) throw new UsageError(`paycfg ${command}: --shards "${values.shards}" is not a whole number`);
    shard = ofCommand(command, () => shardFromEnvironment(Number(values.shards), io.env));
  }
  if (shard === undefined) return { targets: [...targets] };
  const sized = await sizeTargets(fleet, targets, { cwd: io.cwd });
  return { targets: targetsOfShard(sized, shard), shard };
}

/** A UsageError of the shard module, worded as the command's own: `paycfg fleet plan: --shard: shard 5 is out of range…`. */
function ofCommand<T>(command: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof UsageError && !error.message.startsWith('paycfg ')) throw new UsageError(`paycfg ${command}: ${error.message}`, { ...error.details });
    throw error;
  }
}
