import { createHash } from 'node:crypto';
import { KINDS } from '../model/kinds.js';
import type { PublishedPlan } from '../plan/plan.js';
import type { DriftFindings, DriftObservation, DriftSubject } from './types.js';

/**
 * A drift observation of a published drift plan (`readEveryDevice`), with `ignoreUnmanaged` as drift
 * takes it. Counts records by kind: each change apply would make (a replacement's steps counted
 * once, as its record) and each blocked change is a drifted record; each unmanaged record is one.
 */
export function observeDrift(subject: DriftSubject, plan: PublishedPlan, options: { readonly checkedAt: Date; readonly ignoreUnmanaged: boolean }): DriftObservation {
  const drifted = new Map<string, string>();
  for (const change of plan.changes) if (change.step === undefined) drifted.set(change.address, change.kind);
  for (const blocked of plan.blocked) drifted.set(blocked.address, blocked.kind);
  const unmanaged = new Map(plan.unmanaged.map((record) => [record.address, record.kind] as const));
  const addresses = [...drifted.keys(), ...(options.ignoreUnmanaged ? [] : unmanaged.keys())].sort();
  const findings: DriftFindings = {
    drifted: countByKind(drifted.values()),
    unmanaged: countByKind(unmanaged.values()),
    fingerprint: driftFingerprint(plan, options.ignoreUnmanaged),
    addresses,
    ...(options.ignoreUnmanaged ? { ignoreUnmanaged: true } : {}),
  };
  return { subject, checkedAt: options.checkedAt, drift: findings };
}

/** A failed check of a group: what the metrics and the state record of it (no transition). */
export function failedDriftCheck(subject: DriftSubject, error: { readonly code: string; readonly message: string }, checkedAt: Date): DriftObservation {
  return { subject, checkedAt, error: { code: error.code, message: error.message } };
}

/** Whether the findings are drift, as `paycfg drift`'s exit code has it (plan.ts hasDrifted). */
export function isDrifted(findings: DriftFindings): boolean {
  const total = (counts: Readonly<Record<string, number>>): number => Object.values(counts).reduce((sum, n) => sum + n, 0);
  return total(findings.drifted) > 0 || (findings.ignoreUnmanaged !== true && total(findings.unmanaged) > 0);
}

/** Every kind, 0 included, so that a series does not vanish from the metrics when its count falls to 0. */
function countByKind(kinds: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/**
 * sha256 over the sorted entries (address, action, changed field names, blocked cause): what
 * drifted, and how, but no value, so that a secret's new value is neither written to the state
 * file nor told apart from another; a field that drifts again to another value is the same drift.
 * With ignoreUnmanaged, unmanaged records are not drift and are left out.
 */
export function driftFingerprint(plan: PublishedPlan, ignoreUnmanaged: boolean): string {
  const entries: string[] = [];
  for (const change of plan.changes) entries.push(JSON.stringify([change.address, change.action, changedFields(change.patch)]));
  for (const blocked of plan.blocked) entries.push(JSON.stringify([blocked.address, blocked.action, [], blocked.cause]));
  if (!ignoreUnmanaged) for (const record of plan.unmanaged) entries.push(JSON.stringify([record.address, 'unmanaged']));
  entries.sort();
  return `sha256:${createHash('sha256').update(`[${entries.join(',')}]`).digest('hex')}`;
}

/** The top-level fields a patch touches, by name (a JSON pointer's first segment, unescaped), sorted. */
function changedFields(patch: readonly { readonly path: string }[]): string[] {
  const fields = new Set<string>();
  for (const operation of patch) {
    const first = operation.path.split('/')[1];
    if (first !== undefined && first !== '') fields.add(first.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return [...fields].sort();
}
