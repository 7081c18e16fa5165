import type { Action } from '../plan/plan.js';
import type { Actor, ChangeFailure, ChangeRecord, GitContext, JournalRecord, PolicyOverrideRecord, PromotionRecord, RunSource, RunStartRecord, RunSummary } from './records.js';

/**
 * How a run ended, as a word:
 * - `complete`: every change done, none blocked;
 * - `failed`: a change failed (its dependents were skipped), or the run stopped on an error;
 * - `incomplete`: nothing failed, but blocked changes were left undone;
 * - `interrupted`: a signal stopped it (changes in flight finished, the rest never started);
 * - `unfinished`: no run-end record: the process was killed or crashed mid-run, and the changes
 *   recorded are all that is known to have ended.
 */
export type RunStatus = 'complete' | 'failed' | 'incomplete' | 'interrupted' | 'unfinished';

export interface RunFailure extends ChangeFailure {
  readonly address: string;
  readonly action: Action;
}

export interface RunChange {
  readonly address: string;
  readonly movedFrom?: string;
  readonly action: Action;
  readonly outcome: ChangeRecord['outcome'];
  readonly detail?: string;
  readonly createdId?: string;
  readonly because?: string;
  readonly durationMs?: number;
}

export interface JournalRun {
  readonly id: string;
  readonly status: RunStatus;
  /** The run-start record's time; null when the journal holds none for the run (it was cut from the file). */
  readonly start: string | null;
  readonly end: string | null;
  readonly durationMs: number | null;
  readonly actor: Actor | null;
  readonly paycfgVersion: string | null;
  readonly baseUrl: string | null;
  readonly group: RunStartRecord['group'] | null;
  /** The environment the run was for (`--env`); absent when its run-start record names none. */
  readonly environment?: string;
  readonly planHash: string | null;
  readonly source: RunSource | null;
  readonly git: GitContext | null;
  /** From the run-end record; counted from the change records when there is none. */
  readonly counts: RunSummary;
  readonly exitCode: number | null;
  readonly interrupted: boolean;
  readonly signal?: string;
  /** For a run with no end record: the planned changes with no record of their own (half-done, or never started). */
  readonly unended: readonly string[];
  /** The error that ended the run as a whole, when one did. */
  readonly error?: { readonly code: string; readonly message: string };
  readonly changes: RunChange[];
  readonly failures: RunFailure[];
  readonly notStarted: readonly string[];
  /** The run carried out a promotion's plan: its promotion record (environments, evidence of each change). */
  readonly promotion?: RunPromotion;
  /** The policy findings the run let through (`apply --override`), one per rule and pack; absent when none. */
  readonly overrides?: readonly RunOverride[];
}

/** A policy-override record as a run's summary has it. */
export type RunOverride = Pick<PolicyOverrideRecord, 'rule' | 'pack' | 'reason' | 'actor' | 'time' | 'addresses'>;

/** A promotion record as a run's summary has it. */
export type RunPromotion = Pick<PromotionRecord, 'from' | 'to' | 'planHash' | 'allowedUnproven' | 'changes'>;

interface Collected {
  start?: RunStartRecord;
  end?: Extract<JournalRecord, { type: 'run-end' }>;
  changes: ChangeRecord[];
  promotion?: PromotionRecord;
  overrides: PolicyOverrideRecord[];
}

function statusOf({ end }: Collected, counts: RunSummary): RunStatus {
  if (end === undefined) return 'unfinished';
  if (end.interrupted) return 'interrupted';
  if (end.error !== undefined || counts.failed > 0) return 'failed';
  if (counts.blocked > 0) return 'incomplete';
  return 'complete';
}

/** The runs of a journal, in the order they started (first record seen), each with what it did. */
export function summariseJournal(records: readonly JournalRecord[]): JournalRun[] {
  const runs = new Map<string, Collected>();
  for (const record of records) {
    let run = runs.get(record.run);
    if (run === undefined) runs.set(record.run, (run = { changes: [], overrides: [] }));
    if (record.type === 'run-start') run.start = record;
    else if (record.type === 'run-end') run.end = record;
    else if (record.type === 'change') run.changes.push(record);
    else if (record.type === 'promotion') run.promotion = record;
    else if (record.type === 'policy-override') run.overrides.push(record);
  }
  return [...runs].map(([id, run]) => {
    const { start, end, changes, promotion, overrides } = run;
    const tally = (outcome: ChangeRecord['outcome']): number => changes.filter((c) => c.outcome === outcome).length;
    const counts: RunSummary = end?.summary ?? { done: tally('done'), failed: tally('failed'), skipped: tally('skipped'), notStarted: 0, blocked: start?.plan.blocked ?? 0 };
    return {
      id,
      status: statusOf(run, counts),
      start: start?.time ?? null,
      end: end?.time ?? null,
      durationMs: end?.durationMs ?? null,
      actor: start?.actor ?? null,
      paycfgVersion: start?.paycfgVersion ?? null,
      baseUrl: start?.baseUrl ?? null,
      group: start?.group ?? null,
      ...(typeof start?.environment === 'string' ? { environment: start.environment } : {}),
      planHash: start?.planHash ?? null,
      source: start?.source ?? null,
      git: start?.git ?? null,
      counts,
      exitCode: end?.exitCode ?? null,
      interrupted: end?.interrupted ?? false,
      unended: end !== undefined ? [] : unendedOf(start?.planned ?? [], changes),
      ...(end?.signal !== undefined ? { signal: end.signal } : {}),
      ...(end?.error !== undefined ? { error: end.error } : {}),
      changes: changes.map((c) => ({
        address: c.address,
        ...(c.movedFrom !== undefined ? { movedFrom: c.movedFrom } : {}),
        action: c.action,
        outcome: c.outcome,
        ...(c.detail !== undefined ? { detail: c.detail } : {}),
        ...(c.createdId !== undefined ? { createdId: c.createdId } : {}),
        ...(c.because !== undefined ? { because: c.because } : {}),
        ...(c.durationMs !== undefined ? { durationMs: c.durationMs } : {}),
      })),
      failures: changes.filter((c) => c.outcome === 'failed').map((c) => ({ address: c.address, action: c.action, ...(c.error ?? { code: 'UNKNOWN', message: '' }) })),
      notStarted: end?.notStarted ?? [],
      ...(promotion !== undefined
        ? { promotion: { from: promotion.from, to: promotion.to, planHash: promotion.planHash, allowedUnproven: promotion.allowedUnproven, changes: promotion.changes } }
        : {}),
      ...(overrides.length > 0
        ? { overrides: overrides.map((o) => ({ rule: o.rule, pack: o.pack, reason: o.reason, actor: o.actor, time: o.time, addresses: o.addresses })) }
        : {}),
    };
  });
}

function unendedOf(planned: NonNullable<RunStartRecord['planned']>, changes: readonly ChangeRecord[]): string[] {
  const ended = new Set(changes.map((c) => c.address));
  return planned.map((p) => p.address).filter((address) => !ended.has(address));
}
