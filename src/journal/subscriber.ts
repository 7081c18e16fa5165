import { randomUUID } from 'node:crypto';
import type { ApplyEvent, ApplyResult, ChangeOutcome } from '../apply/execute-plan.js';
import { PACKAGE_VERSION } from '../package-files.js';
import type { Change, Plan } from '../plan/plan.js';
import { evidenceOf, type ChangeEvidence } from '../plan/promotion.js';
import { showControls } from '../util/visible-text.js';
import { JournalError } from './errors.js';
import { planHash as hashOfPlan } from './plan-hash.js';
import type { PolicyOverrideGrant } from '../policy/types.js';
import { JOURNAL_FORMAT_VERSION, type ChangeRecord, type GitContext, type PolicyOverrideRecord, type PromotionRecord, type RunEndRecord, type RunSource, type RunStartRecord } from './records.js';
import { failureOf, journalText, type JournalText } from './scrub-text.js';
import { actorOf, gitContext, type LocatedSource } from './sources.js';
import type { Journal } from './writer.js';

export interface JournalApplyOptions {
  /** The plan the run carries out, as the library's prepared apply publishes it (PreparedApply.plan). */
  readonly plan: Plan;
  /**
   * The plan's hash; default planHash(plan). `apply PLANFILE` passes the hash the saved plan
   * carries, so that the run names the plan approved in review.
   */
  readonly planHash?: string;
  /** The files the run came from (manifestSource or savedPlanSource); their git work tree is looked up unless `git` is given. */
  readonly source: LocatedSource;
  /** The secret values the run sends (PreparedApply.secretValues): masked in every text written. */
  readonly secrets: readonly string[];
  /** The access token: masked too, in every form and piece. */
  readonly token?: string;
  /** Where GITHUB_ACTOR, GITLAB_USER_LOGIN and USER are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The OS account, when no variable names who runs it (tests); default osAccountName. */
  readonly osAccount?: () => string | undefined;
  readonly git?: GitContext;
  /** The clock (tests); default the system's. */
  readonly now?: () => Date;
  /** The policy findings the run lets through (PreparedApply.overrides): each a `policy-override` record, before any change. */
  readonly overrides?: readonly PolicyOverrideGrant[];
}

/** What the library's apply run is given and told, to keep the journal of one run. */
export interface ApplyJournal {
  /** The run's id, in each of its records. */
  readonly runId: string;
  /** Pass as the apply run's `onEvent`: a record for each change as it ends. */
  readonly onEvent: (event: ApplyEvent) => void;
  /**
   * Settles with the first record that could not be written, mid-run. A caller that must not carry
   * on without its audit trail races it into the run's `interrupted` (no new change starts).
   */
  readonly broken: Promise<JournalError>;
  /**
   * Writes the run-end record: from the run's report (a change the events did not record is
   * recorded from its outcome first), or from the error that ended the run. `signal` is the signal
   * that stopped it, if one did. Rejects with JournalError when a record of the run could not be
   * written (the run itself is over: the caller reports it and exits 1).
   */
  finish(ended: ApplyResult | Error, exitCode: number, signal?: string): Promise<void>;
  /**
   * The process is stopping at once (a second signal): writes the run-end record synchronously, with
   * the changes in flight, since no promise will settle after this.
   */
  stoppedAtOnce(signal: string): void;
}

function sourceShown(source: RunSource): RunSource {
  if (source.kind === 'manifest') return { kind: 'manifest', files: source.files.map((f) => ({ path: showControls(f.path), sha256: f.sha256 })) };
  return { ...source, file: { path: showControls(source.file.path), sha256: source.file.sha256 }, manifestFiles: source.manifestFiles.map((f) => showControls(f)) };
}

function changeRecordOf(base: { run: string; time: string }, change: Pick<Change, 'address' | 'action' | 'step' | 'movedFrom'>, clean: JournalText, ended: EndedChange): ChangeRecord {
  return {
    journalVersion: JOURNAL_FORMAT_VERSION,
    type: 'change',
    ...base,
    address: clean(change.address),
    ...(change.movedFrom !== undefined ? { movedFrom: clean(change.movedFrom) } : {}),
    action: change.action,
    ...(change.step !== undefined ? { step: change.step } : {}),
    outcome: ended.outcome,
    ...(ended.outcome === 'done' ? { detail: clean(ended.detail) } : {}),
    ...(ended.outcome === 'done' && ended.createdId !== undefined ? { createdId: clean(ended.createdId), ...(ended.adopted === true ? { adopted: true as const } : {}) } : {}),
    ...(ended.outcome === 'failed' ? { error: failureOf(ended.error, clean) } : {}),
    ...(ended.outcome === 'skipped' ? { because: clean(ended.because) } : {}),
    ...(ended.durationMs !== undefined ? { durationMs: Math.round(ended.durationMs) } : {}),
  };
}

/** The promotion record of a run that carries out a promotion's plan; undefined for any other plan. */
function promotionRecordOf(start: RunStartRecord, plan: Plan, clean: JournalText): PromotionRecord | undefined {
  if (plan.promotion === undefined) return undefined;
  const identity = (environment: { name: string; baseUrl: string; groupId: string }) => ({ name: clean(environment.name), baseUrl: clean(environment.baseUrl), groupId: clean(environment.groupId) });
  const changes: { address: string; action: Change['action']; evidence: ChangeEvidence }[] = [];
  for (const change of plan.changes) {
    const evidence = evidenceOf(change);
    if (evidence !== undefined) changes.push({ address: clean(change.address), action: change.action, evidence });
  }
  return {
    journalVersion: JOURNAL_FORMAT_VERSION,
    type: 'promotion',
    run: start.run,
    time: start.time,
    from: identity(plan.promotion.from),
    to: identity(plan.promotion.to),
    planHash: start.planHash,
    allowedUnproven: plan.promotion.allowedUnproven,
    actor: start.actor,
    changes,
  };
}

function overrideRecordOf(start: RunStartRecord, grant: PolicyOverrideGrant, clean: JournalText): PolicyOverrideRecord {
  return {
    journalVersion: JOURNAL_FORMAT_VERSION,
    type: 'policy-override',
    run: start.run,
    time: grant.at,
    rule: clean(grant.rule),
    pack: clean(grant.pack),
    reason: clean(grant.reason),
    actor: start.actor,
    addresses: grant.addresses.map((address) => clean(address)),
  };
}

type EndedChange =
  | { readonly outcome: 'done'; readonly detail: string; readonly createdId?: string; readonly adopted?: true; readonly durationMs?: number }
  | { readonly outcome: 'failed'; readonly error: unknown; readonly durationMs?: number }
  | { readonly outcome: 'skipped'; readonly because: string; readonly durationMs?: undefined };

/** The record a done change made or adopted, as the executor reports it beside the words. */
function createdOf(done: { readonly createdId?: string; readonly adopted?: true }): { createdId?: string; adopted?: true } {
  return done.createdId === undefined ? {} : { createdId: done.createdId, ...(done.adopted === true ? { adopted: true as const } : {}) };
}

function endedOf(outcome: ChangeOutcome): EndedChange | undefined {
  if (outcome.status === 'done') return { outcome: 'done', detail: outcome.detail ?? '', ...createdOf(outcome) };
  if (outcome.status === 'failed') return { outcome: 'failed', error: outcome.error };
  if (outcome.status === 'skipped') return { outcome: 'skipped', because: outcome.because ?? '' };
  return undefined;
}

/**
 * Starts the journal of one apply run: writes its run-start record (and flushes it to disk) before
 * returning, so that a journal that cannot be written refuses the run before any change. Then
 * `onEvent` goes to the run, and `finish` is called with how it ended:
 *
 *     const journal = await openJournal(file);
 *     const trail = await journalApply(journal, { plan: prepared.plan, source, secrets: prepared.secretValues, token });
 *     const report = await prepared.run({ onEvent: trail.onEvent, interrupted });
 *     await trail.finish(report, exitCode, signal);
 *
 * @throws JournalError when the run-start record cannot be written: nothing was changed.
 */
export async function journalApply(journal: Journal, options: JournalApplyOptions): Promise<ApplyJournal> {
  const now = options.now ?? (() => new Date());
  const clean = journalText(options.secrets, options.token ?? '');
  const runId = randomUUID();
  const base = (): { run: string; time: string } => ({ run: runId, time: now().toISOString() });
  const { plan } = options;
  const git = options.git ?? (await gitContext(options.source.absolutePaths, options.source.names));
  const started = now();
  const start: RunStartRecord = {
    journalVersion: JOURNAL_FORMAT_VERSION,
    type: 'run-start',
    run: runId,
    time: started.toISOString(),
    paycfgVersion: PACKAGE_VERSION,
    baseUrl: clean(plan.baseUrl),
    group: { groupId: clean(plan.group.groupId), groupName: clean(plan.group.groupName) },
    ...(plan.api !== undefined ? { api: plan.api } : {}),
    ...(plan.environment !== undefined ? { environment: clean(plan.environment) } : {}),
    planHash: options.planHash ?? hashOfPlan(plan),
    source: sourceShown(options.source.source),
    git: { ...git, uncommitted: git.uncommitted?.map((f) => showControls(f)) ?? null },
    actor: ((actor) => (actor === null ? null : { name: showControls(actor.name), from: actor.from }))(actorOf(options.env ?? process.env, options.osAccount)),
    plan: { ...plan.summary },
    changes: plan.changes.length,
    planned: plan.changes.map((c) => ({ address: clean(c.address), action: c.action })),
  };
  await journal.append(start);
  // A promotion's plan is recorded as one, right after the start: approved and tested, before any change.
  const promotion = promotionRecordOf(start, plan, clean);
  if (promotion !== undefined) await journal.append(promotion);
  // What the policy packs would have stopped, who let it through and why: on disk before any change.
  for (const grant of options.overrides ?? []) await journal.append(overrideRecordOf(start, grant, clean));
  await journal.sync();

  const recorded = new Set<string>();
  const running = new Set<string>();
  const counts = { done: 0, failed: 0, skipped: 0 };
  const failures: JournalError[] = [];
  let markBroken: (error: JournalError) => void = () => undefined;
  const broken = new Promise<JournalError>((resolve) => (markBroken = resolve));
  const append = (record: ChangeRecord | RunEndRecord): Promise<void> =>
    journal.append(record).catch((error: unknown) => {
      const failure = error instanceof JournalError ? error : new JournalError(`cannot write to the journal ${journal.path}: ${String(error)}`);
      failures.push(failure);
      markBroken(failure);
    });
  const pending: Promise<void>[] = [];
  const record = (change: Pick<Change, 'address' | 'action' | 'step' | 'movedFrom'>, ended: EndedChange): void => {
    const address = clean(change.address);
    if (recorded.has(address)) return;
    recorded.add(address);
    running.delete(address);
    counts[ended.outcome] += 1;
    pending.push(append(changeRecordOf(base(), change, clean, ended)));
  };

  return {
    runId,
    broken,
    onEvent(event) {
      if (event.type === 'start') running.add(clean(event.change.address));
      else if (event.type === 'done') record(event.change, { outcome: 'done', detail: event.detail, ...createdOf(event), durationMs: event.durationMs });
      else if (event.type === 'failed') record(event.change, { outcome: 'failed', error: event.error, durationMs: event.durationMs });
      else if (event.type === 'skipped') record(event.change, { outcome: 'skipped', because: event.because });
    },
    stoppedAtOnce(signal) {
      const time = now();
      const ended = new Set([...recorded, ...running]);
      journal.appendNow({
        journalVersion: JOURNAL_FORMAT_VERSION,
        type: 'run-end',
        run: runId,
        time: time.toISOString(),
        summary: { ...counts, notStarted: plan.changes.filter((c) => !ended.has(clean(c.address))).length, blocked: plan.blocked.length },
        exitCode: signal === 'SIGTERM' ? 143 : 130,
        interrupted: true,
        signal,
        notStarted: plan.changes.map((c) => clean(c.address)).filter((a) => !ended.has(a)),
        inFlight: [...running],
        durationMs: Math.max(0, Math.round(time.getTime() - started.getTime())),
      });
    },
    async finish(ended, exitCode, signal) {
      const steps = new Map(plan.changes.map((c) => [clean(c.address), c.step]));
      let end: RunEndRecord;
      const time = now();
      const common = { journalVersion: JOURNAL_FORMAT_VERSION, type: 'run-end', run: runId, time: time.toISOString() } as const;
      const durationMs = Math.max(0, Math.round(time.getTime() - started.getTime()));
      if (ended instanceof Error) {
        end = {
          ...common,
          summary: { done: 0, failed: 0, skipped: 0, notStarted: 0, blocked: plan.blocked.length },
          exitCode,
          interrupted: signal !== undefined,
          ...(signal !== undefined ? { signal } : {}),
          notStarted: [],
          error: { code: (ended as { code?: unknown }).code !== undefined ? String((ended as { code?: unknown }).code) : 'UNKNOWN', message: clean(ended.message) },
          durationMs,
        };
      } else {
        for (const outcome of ended.outcomes) {
          const change = endedOf(outcome);
          const step = steps.get(clean(outcome.address));
          if (change !== undefined) record({ address: outcome.address, action: outcome.action, ...(step !== undefined ? { step } : {}) }, change);
        }
        end = {
          ...common,
          summary: { done: ended.done, failed: ended.failed, skipped: ended.skipped, notStarted: ended.notStarted, blocked: plan.blocked.length },
          exitCode,
          interrupted: ended.notStarted > 0 || signal !== undefined,
          ...(signal !== undefined ? { signal } : {}),
          notStarted: ended.outcomes.filter((o) => o.status === 'not-started').map((o) => clean(o.address)),
          durationMs,
        };
      }
      await Promise.all(pending);
      await append(end);
      await journal.sync().catch((error: unknown) => {
        failures.push(error instanceof JournalError ? error : new JournalError(String(error)));
      });
      if (failures.length > 0) {
        throw new JournalError(
          `the journal ${journal.path} is incomplete: ${failures.length} record${failures.length === 1 ? '' : 's'} of run ${runId} could not be written (${failures[0]!.message})`,
          { path: journal.path, run: runId },
        );
      }
    },
  };
}
