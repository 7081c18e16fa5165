import { stringifyJson } from '../../util/visible-text.js';
import type { FleetSummary, FleetTargetCounts, FleetTargetResult } from '../types.js';

/**
 * The summary's JSON document (schemas/fleet-summary.schema.json), its keys in one order whatever
 * order the summary's objects were built in, so that two runs that agree print the same bytes; a
 * trailing newline. Control characters in strings are escaped as JSON escapes them (stringifyJson).
 */
export function renderFleetSummaryJson(summary: FleetSummary): string {
  return `${stringifyJson(fleetSummaryDocument(summary), 2)}\n`;
}

/** The summary with its keys in the schema's order and nothing the schema does not hold. */
export function fleetSummaryDocument(summary: FleetSummary): FleetSummary {
  const { byStatus } = summary.totals;
  return {
    formatVersion: summary.formatVersion,
    kind: summary.kind,
    command: summary.command,
    fleetFile: summary.fleetFile,
    ...(summary.shards !== undefined ? { shards: summary.shards.map((shard) => ({ index: shard.index, count: shard.count })) } : {}),
    targets: summary.targets.map(targetDocument),
    causes: summary.causes.map((group) => ({ cause: { id: group.cause.id, title: group.cause.title }, targets: [...group.targets] })),
    totals: {
      targets: summary.totals.targets,
      byStatus: {
        ok: byStatus.ok,
        changes: byStatus.changes,
        drifted: byStatus.drifted,
        applied: byStatus.applied,
        failed: byStatus.failed,
        blocked: byStatus.blocked,
        untouched: byStatus.untouched,
      },
      create: summary.totals.create,
      update: summary.totals.update,
      delete: summary.totals.delete,
      replace: summary.totals.replace,
    },
    ...(summary.halted !== undefined ? { halted: { wave: summary.halted.wave, reason: summary.halted.reason } } : {}),
    interrupted: summary.interrupted,
    ...(summary.fleetPlanHash !== undefined ? { fleetPlanHash: summary.fleetPlanHash } : {}),
    exitCode: summary.exitCode,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
  };
}

function targetDocument(target: FleetTargetResult): FleetTargetResult {
  return {
    name: target.name,
    group: target.group,
    baseUrl: target.baseUrl,
    status: target.status,
    exitCode: target.exitCode,
    ...(target.counts !== undefined ? { counts: countsDocument(target.counts) } : {}),
    ...(target.failure !== undefined
      ? { failure: { cause: { id: target.failure.cause.id, title: target.failure.cause.title }, code: target.failure.code, message: target.failure.message } }
      : {}),
    ...(target.wave !== undefined ? { wave: target.wave } : {}),
    ...(target.planFile !== undefined ? { planFile: target.planFile } : {}),
    ...(target.planHash !== undefined ? { planHash: target.planHash } : {}),
    ...(target.transition !== undefined ? { transition: target.transition } : {}),
    durationMs: target.durationMs,
  };
}

function countsDocument(counts: FleetTargetCounts): FleetTargetCounts {
  return {
    create: counts.create,
    update: counts.update,
    delete: counts.delete,
    replace: counts.replace,
    blocked: counts.blocked,
    unmanaged: counts.unmanaged,
    findings: counts.findings,
    blockingFindings: counts.blockingFindings,
    ...(counts.applied !== undefined
      ? { applied: { done: counts.applied.done, failed: counts.applied.failed, skipped: counts.applied.skipped, notStarted: counts.applied.notStarted } }
      : {}),
    ...(counts.records !== undefined ? { records: counts.records } : {}),
  };
}
