import { ExitCode } from '../../errors.js';
import { FLEET_TARGET_STATUSES, type FailureCause, type FleetCommand, type FleetSummary, type FleetTargetResult, type FleetTargetStatus, type Shard } from '../types.js';

/** What a fleet run knows at its end; summariseFleet derives the rest. */
export interface FleetRunOutcome {
  readonly command: FleetCommand;
  readonly fleetFile: string;
  readonly shards?: readonly Shard[];
  readonly targets: readonly FleetTargetResult[];
  readonly halted?: FleetSummary['halted'];
  readonly interrupted: boolean;
  readonly fleetPlanHash?: string;
  readonly startedAt: string;
  readonly durationMs: number;
}

/**
 * The summary of a run (or of shards' runs merged): targets by name, failures grouped by cause,
 * totals and the exit code, each derived from the targets alone, so that a merged report and a
 * one-machine run of the same targets agree.
 */
export function summariseFleet(outcome: FleetRunOutcome): FleetSummary {
  const targets = [...outcome.targets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byStatus = Object.fromEntries(FLEET_TARGET_STATUSES.map((status) => [status, 0])) as Record<FleetTargetStatus, number>;
  const sums = { create: 0, update: 0, delete: 0, replace: 0 };
  for (const target of targets) {
    byStatus[target.status] += 1;
    for (const key of ['create', 'update', 'delete', 'replace'] as const) sums[key] += target.counts?.[key] ?? 0;
  }
  return {
    formatVersion: 1,
    kind: 'paycfg-fleet-summary',
    command: outcome.command,
    fleetFile: outcome.fleetFile,
    ...(outcome.shards !== undefined ? { shards: [...outcome.shards].sort((a, b) => a.index - b.index) } : {}),
    targets,
    causes: groupCauses(targets),
    totals: { targets: targets.length, byStatus, ...sums },
    ...(outcome.halted !== undefined ? { halted: outcome.halted } : {}),
    interrupted: outcome.interrupted,
    ...(outcome.fleetPlanHash !== undefined ? { fleetPlanHash: outcome.fleetPlanHash } : {}),
    exitCode: fleetExitCode(outcome.command, targets, outcome.halted !== undefined, outcome.interrupted),
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
  };
}

/** Failed and blocked targets by cause: the largest group first, then by cause id; names in order. */
export function groupCauses(targets: readonly FleetTargetResult[]): FleetSummary['causes'] {
  const groups = new Map<string, { cause: FailureCause; targets: string[] }>();
  for (const target of targets) {
    if (target.failure === undefined) continue;
    const { cause } = target.failure;
    const group = groups.get(cause.id) ?? { cause, targets: [] };
    group.targets.push(target.name);
    groups.set(cause.id, group);
  }
  return [...groups.values()]
    .map((group) => ({ cause: group.cause, targets: [...group.targets].sort() }))
    .sort((a, b) => b.targets.length - a.targets.length || (a.cause.id < b.cause.id ? -1 : a.cause.id > b.cause.id ? 1 : 0));
}

/** 130 interrupted; 1 a failure, a policy block or a halt; 2 changes or drift (plan, drift); else 0. */
export function fleetExitCode(command: FleetCommand, targets: readonly FleetTargetResult[], halted: boolean, interrupted: boolean): number {
  if (interrupted) return ExitCode.Interrupted;
  if (halted || targets.some((t) => t.status === 'failed' || t.status === 'blocked')) return ExitCode.Error;
  if ((command === 'plan' || command === 'drift') && targets.some((t) => t.status === 'changes' || t.status === 'drifted')) return ExitCode.Changes;
  return ExitCode.Success;
}
