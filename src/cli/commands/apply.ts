import { forEnvironment, throughApi } from '../../render/api-words.js';
import type { ApplyResult } from '../../apply/execute-plan.js';
import { ApprovalRequiredError, ExitCode, UsageError } from '../../errors.js';
import { prepareManifestApply, prepareSavedApply } from '../../library/apply.js';
import type { Plan } from '../../plan/plan.js';
import { SavedPlanStaleError } from '../../plan/saved-plan.js';
import { parseTargets } from '../../plan/targets.js';
import { renderPlanText } from '../../render/render-text.js';
import { createStyle } from '../../render/style.js';
import { blockedAction } from '../../render/plan-wording.js';
import { STDIN_PATH } from '../../manifest/collect-files.js';
import { showControls, stringifyJson } from '../../util/visible-text.js';
import { readSavedPlan } from '../../workflow/saved-plan-file.js';
import { journalApply, manifestSource, openJournal, savedPlanSource, type ApplyJournal, type Journal } from '../../journal/index.js';
import { createApplyProgress } from '../apply-progress.js';
import { clientEnvironment, clientFlags } from '../client-options.js';
import { connectRun, environmentFlags, environmentVariables, runTarget, selectedEnvironment } from '../environment-options.js';
import { identityOf } from '../../environments/types.js';
import { refuseOtherEnvironment } from '../../workflow/prepare-saved-plan.js';
import type { Command } from '../command.js';
import { overrideFlagSpec, policyFlagSpec } from '../policy-flags.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';
import { parseOverride } from '../../policy/index.js';
import { actorOf } from '../../journal/sources.js';
import { describeError } from '../describe-error.js';
import { colorEnabled, isNonInteractive, promptOf, type IoStreams } from '../io.js';
import { nextSteps, type NextSteps } from '../next-steps.js';
import { PromptCancelled } from '../prompt.js';
import { apiFlag, checkStdinOnce, impactWindowFlag, maxAffectedTerminalsFlag, maxDeletesFlag, parallelismFlag, parseFlags, stdinOf } from '../parse-flags.js';
import { allowUnsettledFlagSpec, colorFlag, impactWindowFlagSpec, maxAffectedTerminalsFlagSpec, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['-f PATH... [flags]', '--env NAME [flags]', 'PLANFILE [--env NAME] [flags]'],
  description: `Makes the live group match the manifest: plans, shows the plan, asks for confirmation (on a
terminal), then carries the changes out in an order the service accepts. With PLANFILE (saved by
\`paycfg plan --out\`) it runs that plan without asking, after checking that nothing it was
computed from has changed since. With --env, the environment's manifests, values, service and group;
a plan saved for an environment is applied in that environment only (see docs/environments.md).`,
  maxArgs: 1,
  flags: {
    file: { type: 'string', short: 'f', multiple: true, value: 'PATH', help: 'Manifest file or directory (repeatable); - reads it from standard input' },
    'auto-approve': { type: 'boolean', help: 'Do not ask for confirmation (required without a terminal, when the plan has changes)' },
    parallelism: { type: 'string', value: 'N', help: 'Changes and requests in flight at once (default 8)' },
    json: { type: 'boolean', help: 'Print a machine-readable result instead of progress lines; errors as JSON too' },
    target: { type: 'string', multiple: true, value: 'ADDRESS', help: 'Only this resource and what it depends on (repeatable; with -f)' },
    'max-deletes': { type: 'string', value: 'N', help: 'Refuse the run, before any write, when the plan deletes more than N live records (a replacement, a logout and a decommission count); 0: no delete. Overrides safety.maxDeletes of the manifest (with PLANFILE: the one it was saved with)' },
    'max-affected-terminals': { ...maxAffectedTerminalsFlagSpec, help: `${maxAffectedTerminalsFlagSpec.help} (with PLANFILE: the one it was saved with)` },
    'allow-unsettled': { ...allowUnsettledFlagSpec, help: `${allowUnsettledFlagSpec.help}. With PLANFILE, the batches are read again (money moves between plan and apply), and it must be given again` },
    'impact-window': { ...impactWindowFlagSpec, help: `${impactWindowFlagSpec.help} (with -f)` },
    policy: { ...policyFlagSpec, help: `${policyFlagSpec.help}. With PLANFILE, beside the packs the plan was made with` },
    override: overrideFlagSpec,
    journal: {
      type: 'string',
      value: 'FILE',
      help: 'Append a record of the run to this JSON-lines journal: its start (who, where, the plan\'s hash, the manifest files with their SHA-256, the git commit), each change as it ends, and its end (default: the environment\'s journal:, else $PAYCFG_JOURNAL). `paycfg journal FILE` summarises it',
    },
    ...serviceRecordFlags,
    color: colorFlag,
    ...environmentFlags,
    ...clientFlags,
  },
  environment: [
    ...clientEnvironment,
    ...environmentVariables,
    ...serviceRecordEnvironment,
    ['PAYCFG_JOURNAL', 'The journal file, unless --journal is given or the environment names one'],
    ['GITHUB_ACTOR, GITLAB_USER_LOGIN, USER', 'Who ran the apply, as the journal records it: the first one set, else the OS account'],
    ['CI', 'When set (not false or 0): no prompt, no redrawn display'], ['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'all changes done, or nothing to do'],
    [1, 'an error, a failed or a blocked change, a policy finding that blocks the apply or a policy pack that cannot be evaluated (nothing is changed), a journal that cannot be written (checked before any change), more deletes than --max-deletes (or safety.maxDeletes) allows or a change reaching more terminals than --max-affected-terminals (nothing is changed), unsettled batches through a change of a saved plan (nothing is changed), or cancelled at the prompt (an answer other than yes, Ctrl-D)'],
    [130, 'interrupted (Ctrl-C): running changes finished and no new one started; or Ctrl-C at the prompt, or twice (stopped at once)'],
    [143, 'terminated (SIGTERM, a cancelled CI job): as 130'],
  ],
} as const satisfies CommandSyntax;

/** Asks for approval: `yes` approves; anything else, Ctrl-D or Ctrl-C cancels (with the exit code to end with). */
async function confirm(
  ask: (question: string) => Promise<string>,
  plan: Plan,
): Promise<{ approved: true } | { approved: false; exitCode: ExitCode; note?: string }> {
  try {
    const answer = await ask(
      `\nDo you want to perform these actions on ${forEnvironment(plan)}group ${plan.group.groupId} at ${plan.baseUrl}${throughApi(plan)}?\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `,
    );
    if (answer.trim() === 'yes') return { approved: true };
    return { approved: false, exitCode: ExitCode.Error, ...(answer.trim() !== '' ? { note: "only 'yes' approves" } : {}) };
  } catch (error) {
    if (error instanceof PromptCancelled) return { approved: false, exitCode: error.exitCode };
    throw error;
  }
}

// Outcomes come from the library with the token masked in their addresses and reasons (a
// live-only record's key comes from the service), as in the plan; text escapes their control characters.
function resultJson(plan: Plan, result: ApplyResult, secrets: readonly string[], token: string): string {
  const hidden = [...secrets, token];
  return `${stringifyJson(
    {
      formatVersion: 1,
      baseUrl: plan.baseUrl,
      group: plan.group,
      summary: { done: result.done, failed: result.failed, skipped: result.skipped, notStarted: result.notStarted, blocked: plan.blocked.length },
      outcomes: result.outcomes.map((o) => ({
        address: o.address,
        action: o.action,
        status: o.status,
        ...(o.detail !== undefined ? { detail: o.detail } : {}),
        ...(o.because !== undefined ? { because: o.because } : {}),
        ...(o.error !== undefined ? { error: { code: (o.error as { code?: string }).code ?? 'UNKNOWN', message: describeError(o.error, hidden) } } : {}),
      })),
      blocked: plan.blocked,
    },
    2,
  )}\n`;
}

function summaryText(plan: Plan, result: ApplyResult, secrets: readonly string[], token: string, next: NextSteps): string {
  const t = (text: string): string => showControls(text);
  const hidden = [...secrets, token];
  // The headline says how the run ended: a failed, interrupted or blocked run must not read as complete.
  const ended = result.notStarted > 0 ? 'interrupted' : result.failed > 0 ? 'failed' : plan.blocked.length > 0 ? 'incomplete' : 'complete';
  const counts = [`${result.done} done`, `${result.failed} failed`, `${result.skipped} skipped`];
  if (result.notStarted > 0) counts.push(`${result.notStarted} not started (interrupted)`);
  if (plan.blocked.length > 0) counts.push(`${plan.blocked.length} blocked`);
  const lines = [`Apply ${ended}: ${counts.join(', ')}.`];
  for (const o of result.outcomes) {
    if (o.status === 'failed') lines.push(`  ✗ ${o.action} ${t(o.address)}: ${describeError(o.error, hidden)}`);
  }
  for (const o of result.outcomes) if (o.status === 'skipped') lines.push(`  - skipped ${t(o.address)}: ${t(o.because ?? '')}`);
  if (plan.blocked.length > 0) {
    lines.push(`${plan.blocked.length} change${plan.blocked.length === 1 ? ' was' : 's were'} blocked and not attempted:`);
    // A terminal's logout or decommission says which: "delete" would misread what apply held back.
    for (const b of plan.blocked) lines.push(`  ! ${t(b.address)}${blockedAction(b) !== b.action ? ` (${blockedAction(b)})` : ''}: ${b.blockers.map(t).join('; ')}`);
  }
  if (result.failed > 0) lines.push(next.afterFailure);
  else if (result.notStarted > 0) lines.push(next.afterInterrupt);
  return `${lines.join('\n')}\n`;
}

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args: positionals } = parseFlags('apply', syntax, argv);
  const selected = await selectedEnvironment('apply', values, io);
  const planFile = positionals[0];
  // An environment names its manifests (-f beside it was refused); a saved plan needs none.
  const files = selected === undefined ? checkStdinOnce('apply', values.file ?? []) : planFile === undefined ? [...selected.definition.manifests] : [];
  if (planFile !== undefined && files.length > 0) throw new UsageError('paycfg apply: give either a saved plan file or -f PATH, not both');
  if (planFile === undefined && files.length === 0) throw new UsageError('paycfg apply: give the manifest with -f PATH, or a plan saved with `paycfg plan --out`');
  const parallelism = parallelismFlag('apply', values.parallelism);
  const targets = parseTargets(values.target);
  const maxDeletes = maxDeletesFlag('apply', values['max-deletes']);
  const maxAffectedTerminals = maxAffectedTerminalsFlag('apply', values['max-affected-terminals']);
  const impactWindow = impactWindowFlag('apply', values['impact-window']);
  const api = apiFlag('apply', values.api);
  const budget = {
    ...(maxDeletes !== undefined ? { maxDeletes } : {}),
    ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
    ...(values['allow-unsettled'] ? { allowUnsettled: true } : {}),
  };
  if (planFile !== undefined && impactWindow !== undefined) throw new UsageError('paycfg apply: --impact-window goes with -f; a saved plan keeps the impact it was made with');
  if (planFile !== undefined && api !== undefined) throw new UsageError('paycfg apply: --api goes with -f; a saved plan is applied through the API it was made through');
  if (planFile !== undefined && targets.length > 0) throw new UsageError('paycfg apply: --target goes with -f; a saved plan was already limited when it was made');
  const interactive = !isNonInteractive(io);
  const stdinHoldsManifest = files.includes(STDIN_PATH);
  const saved = planFile === undefined ? undefined : await readSavedPlan(planFile, io.cwd);
  // Before anything is read from the service, or a token: a plan of one environment never runs in another.
  if (saved !== undefined) refuseOtherEnvironment(saved, undefined, selected === undefined ? undefined : identityOf(selected.definition));
  if (values.journal === '') throw new UsageError('paycfg apply: --journal needs a file to append the run\'s records to');
  const journalFile = values.journal ?? selected?.definition.journal ?? nonEmpty(io.env['PAYCFG_JOURNAL']);
  const overrides = (values.override ?? []).map(parseOverride);
  // An override is let through on the record: who, when and why go to the journal, before any change.
  if (overrides.length > 0 && journalFile === undefined) {
    throw new UsageError(
      'paycfg apply: --override lets a policy finding through, and the journal records who did it, when and why: ' +
        "give --journal FILE, or a journal: to the environment in the environments file (or $PAYCFG_JOURNAL). Nothing was read or changed.",
    );
  }
  const policy = {
    ...serviceRecordOf(values, io),
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
    ...(overrides.length > 0 ? { overrides, actor: actorOf(io.env)?.name ?? 'unknown' } : {}),
  };
  // The promotion record (each change with its evidence) is the change record an auditor asks for: no journal, no apply.
  if (saved?.promotion !== undefined && journalFile === undefined) {
    throw new UsageError(
      `paycfg apply: ${planFile ?? 'the plan'} is a promotion plan, and its apply writes the promotion record (each change with its evidence) to a journal: ` +
        `give --journal FILE, or a journal: to environment ${saved.promotion.to.name} in the environments file (or $PAYCFG_JOURNAL). Nothing was read or changed.`,
    );
  }
  // The manifest read from standard input is hashed as read: it cannot be read a second time.
  let stdinText: string | undefined;
  const stdin = stdinOf(io);
  const readStdin = async (): Promise<string> => (stdinText = await stdin.readStdin());
  const connected = await connectRun(selected, values, io, { maxInFlight: parallelism });
  const { client, token, environment } = connected;
  let journal: Journal | undefined;
  try {
    // Opened once the connection settings are known to be usable, and before the plan: a journal that
    // cannot be written refuses the run before anything is read or changed.
    journal = journalFile === undefined ? undefined : await openJournal(journalFile, io.cwd);
    const prepared =
      saved === undefined
        ? await prepareManifestApply({
            ...runTarget(connected, files, io),
            cwd: io.cwd,
            parallelism,
            targets,
            ...budget,
            ...(impactWindow !== undefined ? { impactWindow } : {}),
            ...(api !== undefined ? { api } : {}),
            ...policy,
            readStdin,
          })
        : await prepareSavedApply(saved, { client, env: io.env, cwd: io.cwd, parallelism, ...budget, ...policy, ...(environment !== undefined ? { environment } : {}) }).catch((error: unknown) => {
            // The way on is a new plan of the same manifest: name the commands, as after a failed run.
            if (!(error instanceof SavedPlanStaleError)) throw error;
            const step = nextSteps({
              planFile: planFile ?? '',
              manifestFiles: saved.manifestFiles,
              targets: saved.plan.targets ?? [],
              environment: environment?.definition.name,
              promotedFrom: saved.promotion?.from.name,
            }).afterStale;
            throw step === undefined ? error : error.withWayOn(step);
          });
    // The plan as the library publishes it, no token a live record might carry; run() carries out the plan itself.
    const { plan, secretValues } = prepared;
    const environmentName = environment?.definition.name;
    const next = nextSteps(
      saved === undefined
        ? { files, targets, journal: values.journal, environment: environmentName }
        : {
            planFile: planFile ?? '',
            manifestFiles: saved.manifestFiles,
            targets: plan.targets ?? [],
            journal: values.journal,
            environment: environmentName,
            promotedFrom: saved.promotion?.from.name,
          },
    );
    const out = values.json ? io.stderr : io.stdout;
    // --no-color, beside NO_COLOR.
    const color = colorEnabled(io) && values.color;
    if (saved === undefined) out.write(renderPlanText(plan, createStyle(color)));
    const startJournal = async (): Promise<ApplyJournal | undefined> => {
      if (journal === undefined) return undefined;
      const source =
        saved === undefined || planFile === undefined
          ? await manifestSource(files, io.cwd, { ...(stdinText !== undefined ? { stdinText } : {}), ...(environment !== undefined ? { exclude: [environment.file.path] } : {}) })
          : await savedPlanSource(planFile, io.cwd, saved);
      return journalApply(journal, {
        plan,
        ...(saved?.planHash !== undefined ? { planHash: saved.planHash } : {}),
        source,
        secrets: secretValues,
        token,
        env: io.env,
        overrides: prepared.overrides,
      });
    };
    if (plan.changes.length === 0) {
      // A run with nothing to do is a run too: the journal says it happened and changed nothing.
      const trail = await startJournal();
      const exitCode = plan.blocked.length > 0 ? ExitCode.Error : ExitCode.Success;
      await trail?.finish({ outcomes: [], done: 0, failed: 0, skipped: 0, notStarted: 0 }, exitCode);
      if (values.json) io.stdout.write(resultJson(plan, { outcomes: [], done: 0, failed: 0, skipped: 0, notStarted: 0 }, secretValues, token));
      // Blocked changes are left undone: say so, as after a run, rather than end on the plan.
      else if (plan.blocked.length > 0) io.stdout.write(summaryText(plan, { outcomes: [], done: 0, failed: 0, skipped: 0, notStarted: 0 }, secretValues, token, next));
      else if (saved !== undefined) io.stdout.write('The saved plan has no changes.\n');
      return exitCode;
    }
    if (saved === undefined && !values['auto-approve']) {
      // Refused only now that the plan shows there is something to approve: an empty plan needs nobody.
      const prompt = promptOf(io, { stdinHoldsManifest });
      if ('nobody' in prompt) {
        throw new ApprovalRequiredError(`paycfg apply: ${prompt.nobody}, so there is nobody to confirm the changes above; pass --auto-approve (or apply a saved plan)`);
      }
      const answer = await confirm(prompt.ask, plan);
      if (!answer.approved) {
        // "y" or "Yes" is a person who meant to approve: say why it did not count.
        io.stderr.write(`Apply cancelled${answer.note !== undefined ? ` (${answer.note})` : ''}: nothing was changed.\n`);
        return answer.exitCode;
      }
    }
    // Written before the first change: the run-start record is on disk before anything is changed.
    const trail = await startJournal();
    // --verbose request lines and a redrawn display do not mix: with --verbose the progress is plain lines.
    const progress = createApplyProgress(io, plan.changes, {
      mode: values.json ? 'none' : interactive && !values.verbose ? 'display' : 'lines',
      color,
      secrets: secretValues,
      token,
      afterStop: next.afterStop,
    });
    // Read only now: the getter installs the signal handlers, and until the approval Ctrl-C stops at once.
    const interrupted = io.interrupted;
    let running = true;
    // Recorded as it arrives: the exit code is decided from it, never by waiting for a signal.
    let signal: string | undefined;
    void interrupted.then((received) => {
      signal = received;
      if (running) progress.interrupted();
    });
    const forget = io.onStopAtOnce?.((second) => {
      trail?.stoppedAtOnce(second);
      return progress.stopAtOnce();
    });
    // A journal that stops taking records stops the run as Ctrl-C does: no change goes unrecorded.
    const stopping = trail === undefined ? interrupted : Promise.race([interrupted, trail.broken.then(() => 'journal' as const)]);
    let result: ApplyResult;
    try {
      result = await progress.track(
        prepared.run({
          interrupted: stopping,
          onEvent: (e) => {
            trail?.onEvent(e);
            progress.onEvent(e);
          },
        }),
      );
    } catch (error) {
      await trail?.finish(error instanceof Error ? error : new Error(String(error)), ExitCode.Error, signal).catch(() => undefined);
      throw error;
    } finally {
      running = false;
      forget?.();
    }
    if (values.json) io.stdout.write(resultJson(plan, result, secretValues, token));
    else io.stdout.write(summaryText(plan, result, secretValues, token, next));
    // Unstarted changes mean a signal stopped the run: exit as a shell reports that signal.
    const exitCode =
      result.notStarted > 0 && signal !== undefined
        ? signal === 'SIGTERM'
          ? ExitCode.Terminated
          : ExitCode.Interrupted
        : result.failed > 0 || result.notStarted > 0 || plan.blocked.length > 0
          ? ExitCode.Error
          : ExitCode.Success;
    // A JournalError here (records lost mid-run) is the run's error: the audit trail is incomplete.
    await trail?.finish(result, exitCode, signal);
    return exitCode;
  } finally {
    // Every way out closes it (a refused saved plan, a cancelled prompt, a run): a handle left to the
    // garbage collector makes Node warn (DEP0137), and a library caller would leak a descriptor per run.
    await journal?.close().catch(() => undefined);
    await client.close();
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export const applyCommand: Command = { name: 'apply', syntax, run };
