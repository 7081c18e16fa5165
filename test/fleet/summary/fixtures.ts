/** Hand-made fleet summaries for the renderer, merge and report tests: targets by status, summarised as a run would. */
import { summariseFleet, type FleetRunOutcome } from '../../../src/fleet/summary/index.js';
import type { FleetCommand, FleetSummary, FleetTargetCounts, FleetTargetResult, FleetTargetStatus } from '../../../src/fleet/types.js';

export function counts(partial: Partial<FleetTargetCounts> = {}): FleetTargetCounts {
  return { create: 0, update: 0, delete: 0, replace: 0, blocked: 0, unmanaged: 0, findings: 0, blockingFindings: 0, ...partial };
}

const EXIT: Readonly<Record<FleetTargetStatus, number>> = { ok: 0, changes: 2, drifted: 2, applied: 0, failed: 1, blocked: 1, untouched: 0 };

/** G-00000001 for 1, and so on. */
export function groupOf(n: number): string {
  return `G-${String(n).padStart(8, '0')}`;
}

/** A target's result: counts for what ran, a failure for failed and blocked (cause `token-expired` unless given). */
export function target(name: string, status: FleetTargetStatus, extra: Partial<FleetTargetResult> & { readonly n?: number } = {}): FleetTargetResult {
  const { n, ...rest } = extra;
  const failure =
    status === 'failed'
      ? { cause: { id: 'token-expired', title: 'token expired' }, code: 'TOKEN_EXPIRED', message: `the token of ${name} expired at 2026-11-28T12:00:00Z` }
      : status === 'blocked'
        ? { cause: { id: 'policy-blocked', title: 'blocked by policy' }, code: 'POLICY_BLOCKED', message: '1 finding blocks the apply' }
        : undefined;
  return {
    name,
    group: groupOf(n ?? 1),
    baseUrl: 'https://pay.example.com',
    status,
    exitCode: EXIT[status],
    ...(status === 'failed' || status === 'untouched' ? {} : { counts: status === 'changes' || status === 'drifted' || status === 'applied' ? counts({ create: 1 }) : counts() }),
    ...(failure !== undefined ? { failure } : {}),
    durationMs: 100,
    ...rest,
  };
}

export function summaryOf(command: FleetCommand, targets: readonly FleetTargetResult[], extra: Partial<Omit<FleetRunOutcome, 'command' | 'targets'>> = {}): FleetSummary {
  return summariseFleet({ command, fleetFile: 'paycfg.fleet.yaml', targets, interrupted: false, startedAt: '2026-11-28T17:00:00.000Z', durationMs: 5000, ...extra });
}

/** `count` targets named t001…, of groups 1…, each of the status `statusOf(i)` gives. */
export function manyTargets(count: number, statusOf: (i: number) => FleetTargetStatus, extra: (i: number) => Partial<FleetTargetResult> = () => ({})): FleetTargetResult[] {
  return Array.from({ length: count }, (_, i) => target(`t${String(i + 1).padStart(3, '0')}`, statusOf(i), { n: i + 1, ...extra(i) }));
}

/** Every character a terminal obeys (the newline aside): none may reach it from a name or a message. */
export const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A name and a message as a hostile file or service could write them. */
export const HOSTILE_NAME = 'evil\x1b[2K\x1b[1A|pwn\n\u202eFAKE\x9b31m\r';
export const HOSTILE_MESSAGE = 'refused\x1b]8;;https://x.example\x07link\x1b]8;;\x07 | next\ncell\u2028\u2066|';
