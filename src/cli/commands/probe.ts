import path from 'node:path';
import { ApprovalRequiredError, ExitCode, UsageError } from '../../errors.js';
import { displayName } from '../../environments/load-file.js';
import {
  bindingWords,
  describeMade,
  listsText,
  prepareCleanup,
  prepareProbe,
  stepText,
  type Made,
  type ProbeEvent,
  type ProbeGroup,
  type ProbePlan,
  type ProbeRun,
  type ProbeRunOptions,
  type ProbeRunResult,
  type SentWrite,
} from '../../probe/index.js';
import { SERVICE_RECORD_FILE_NAME, writeServiceRecord } from '../../service-record/file.js';
import { READINGS, type ServiceRecord } from '../../service-record/types.js';
import { stringifyJson } from '../../util/visible-text.js';
import { clientEnvironment, clientFlags } from '../client-options.js';
import type { Command } from '../command.js';
import { connectRun, environmentFlags, environmentVariables, selectedEnvironment, type SelectedEnvironment } from '../environment-options.js';
import { promptOf, type IoStreams, type TextSink } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { askApproval, type Approval } from '../approval.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';

// The probe speaks the current API only (a legacy group has no summary): no --api.
const { api: _api, ...connectionFlags } = clientFlags;

const syntax = {
  usage: ['[--env NAME | --base-url URL] [--record FILE] [--auto-approve] [--json]', '--cleanup [--env NAME | --base-url URL] [--auto-approve] [--json]'],
  description: `Establishes whose lists a merchant's acquirers[] summary carries (the binding's own, or
its profile's: the reference does not say) and writes it to the service record, which plan, apply,
drift and export then read instead of paying one binding read per merchant (docs/service-record.md).
Run it against a group where writes are acceptable (a test environment).

It reads the group first. When a binding already differs from its profile and its binding record
holds its summary, that is the proof: no write. Otherwise it names the writes that prove it (a
scratch merchant, inactive, bound to part of a profile; its summary read; both removed again) and
asks before sending them. A step that fails, or Ctrl-C, removes what was made, in reverse; the
record is written only once the reading is established and everything made is removed.
--cleanup removes the scratch merchants an earlier probe left (providerReference paycfg-probe-…).`,
  flags: {
    record: {
      type: 'string',
      value: 'FILE',
      help: `Where to write the service record (default: with --env, the environment's serviceRecord: in the environments file; else ${SERVICE_RECORD_FILE_NAME} in the working directory)`,
    },
    cleanup: { type: 'boolean', help: 'Remove the scratch merchants earlier probes left (their bindings first), and nothing else' },
    'auto-approve': { type: 'boolean', help: 'Send the writes without asking (required without a terminal, when there are writes to send)' },
    json: { type: 'boolean', help: 'Print the record and the writes as JSON (what was read and the progress go to stderr); errors as JSON too' },
    color: noColorAccepted,
    ...environmentFlags,
    ...connectionFlags,
  },
  environment: [...clientEnvironment, ...environmentVariables, ['CI', 'When set (not false or 0): no prompt']],
  exitCodes: [
    [0, 'the reading is established and recorded (or, with --cleanup, what earlier probes left is removed, or there was none)'],
    [1, 'an error: no profile to probe with, a write refused, a reading neither way (what was made is removed first, or the message names what is left); cancelled at the prompt'],
    [130, 'interrupted (Ctrl-C): no new write, what was made is removed; or Ctrl-C at the prompt, or twice (stopped at once, naming what is left)'],
    [143, 'terminated (SIGTERM, a cancelled CI job): as 130'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('probe', syntax, argv);
  if (values.cleanup && values.record !== undefined) throw new UsageError('paycfg probe: --record goes with a probe; --cleanup writes no record');
  if (values.record === '') throw new UsageError('paycfg probe: --record needs a file to write the service record to');
  const selected = await selectedEnvironment('probe', values, io);
  // Where the runs of the environment will look for it (absolute, as the environments file names it).
  const recordFile = path.resolve(io.cwd, values.record ?? selected?.definition.serviceRecord ?? SERVICE_RECORD_FILE_NAME);
  const connected = await connectRun(selected, values, io, { valuesUnused: true });
  const { client } = connected;
  const target = {
    client,
    ...(selected !== undefined ? { expectedGroup: selected.definition.group, environment: selected.definition.name } : {}),
  };
  const out = values.json ? io.stderr : io.stdout;
  const cleanupCommand = `paycfg probe --cleanup${selected !== undefined ? ` --env ${selected.definition.name}` : ''}`;
  const session: Session = { io, out, json: values.json, autoApprove: values['auto-approve'], cleanupCommand, selected };
  try {
    if (values.cleanup) {
      const prepared = await prepareCleanup(target);
      out.write(readWords(prepared.group));
      if (prepared.plan.steps.length === 0) {
        out.write(`No scratch merchant left by a probe in group ${prepared.group.owner.groupId}: nothing to remove.\n`);
        if (values.json) io.stdout.write(`${stringifyJson({ removed: [] }, 2)}\n`);
        return ExitCode.Success;
      }
      out.write(planWords(prepared.plan));
      return await consentAndRun(session, prepared.plan, prepared.run, (result) => {
        out.write(`Removed what earlier probes left in group ${prepared.plan.groupId}.\n`);
        if (values.json) io.stdout.write(`${stringifyJson({ removed: result.writes }, 2)}\n`);
      });
    }
    const prepared = await prepareProbe(target);
    out.write(readWords(prepared.group));
    if (prepared.kind === 'live-group') {
      const { proof } = prepared;
      out.write(
        `Merchant ${proof.merchant.mchId}${proof.merchant.providerReference !== undefined ? ` (${proof.merchant.providerReference})` : ''} is bound to ` +
          `${proof.binding.profileName} ${proof.binding.currency} with less than the profile, and its binding record holds its summary item: the group shows the reading itself. No write is needed.\n`,
      );
      if (prepared.group.leftovers.length > 0) out.write(`Scratch merchants an earlier probe left are still there: \`${cleanupCommand}\` removes them.\n`);
      await established(session, prepared.record, recordFile, []);
      return ExitCode.Success;
    }
    const { part } = prepared.plan.scratch!;
    out.write(
      'No binding of the group differs from its profile, so its summary cannot tell whose lists it carries. ' +
        `A scratch merchant will: bound to ${bindingWords(part.binding)} with ${listsText(part.bound)} only, where the profile lists ${listsText(part.whole)}.\n`,
    );
    out.write(planWords(prepared.plan));
    return await consentAndRun(session, prepared.plan, prepared.run, async (result) => {
      if (result.kind === 'established') await established(session, result.record, recordFile, result.writes);
    });
  } finally {
    await client.close();
  }
}

interface Session {
  readonly io: IoStreams;
  /** Where what was read, the writes and the progress go: stdout, or stderr with --json. */
  readonly out: TextSink;
  readonly json: boolean;
  readonly autoApprove: boolean;
  readonly cleanupCommand: string;
  readonly selected: SelectedEnvironment | undefined;
}

/** Asks (unless --auto-approve), runs the plan with Ctrl-C and SIGTERM handled, and reports how it ended. */
async function consentAndRun(
  session: Session,
  plan: ProbePlan,
  start: (options: ProbeRunOptions) => ProbeRun,
  onSuccess: (result: Extract<ProbeRunResult, { kind: 'established' | 'done' }>) => void | Promise<void>,
): Promise<ExitCode> {
  const { io, out } = session;
  if (!session.autoApprove) {
    const prompt = promptOf(io);
    if ('nobody' in prompt) {
      throw new ApprovalRequiredError(`paycfg probe: ${prompt.nobody}, so there is nobody to consent to the writes above; pass --auto-approve. Nothing was written.`);
    }
    const answer = await confirm(prompt.ask, plan);
    if (!answer.approved) {
      io.stderr.write(`Probe cancelled${answer.note !== undefined ? ` (${answer.note})` : ''}: nothing was written.\n`);
      return answer.exitCode;
    }
  }
  // Read only now: the getter installs the signal handlers; until the consent Ctrl-C stops at once.
  const interrupted = io.interrupted;
  let running = true;
  void interrupted.then((signal) => {
    if (running) {
      io.stderr.write(
        `Interrupted (${signal}): no new write is sent; removing what the probe made.\nPress Ctrl-C again to stop at once (what it made is then left in the group).\n`,
      );
    }
  });
  const probe = start({ interrupted, onEvent: (event) => out.write(eventLine(event)), cleanupCommand: session.cleanupCommand });
  const forget = io.onStopAtOnce?.(() => lastWords(plan, probe, session.cleanupCommand));
  let result: ProbeRunResult;
  try {
    result = await probe.result;
  } finally {
    running = false;
    forget?.();
  }
  if (result.kind === 'interrupted') {
    const left = result.left.length > 0 ? `Left in group ${plan.groupId}: ${describeMade(result.left)}; remove it with \`${session.cleanupCommand}\`.` : 'Nothing the probe made is left.';
    // The removal of what earlier probes left (steps on merchants already there) stops too.
    const leftoversStay = plan.steps.some((step, index) => step.merchant.mchId !== undefined && !result.writes.some((w) => w.number === index + 1 && w.outcome === 'done'));
    const notDone = leftoversStay ? ` Some of what earlier probes left is still there: \`${session.cleanupCommand}\` removes it.` : '';
    io.stderr.write(
      `Probe interrupted (${result.signal}): no new write was sent.${result.removalError !== undefined ? ` Removing what it made failed: ${result.removalError.message}.` : ''} ${left}${notDone}${plan.scratch !== undefined ? ' No record was written.' : ''}\n`,
    );
    if (session.json) io.stdout.write(`${stringifyJson({ interrupted: result.signal, writes: result.writes, left: result.left }, 2)}\n`);
    return result.signal === 'SIGTERM' ? ExitCode.Terminated : ExitCode.Interrupted;
  }
  await onSuccess(result);
  return ExitCode.Success;
}

/** Asks for consent to the probe's writes (askApproval: only `yes` approves). */
function confirm(ask: (question: string) => Promise<string>, plan: ProbePlan): Promise<Approval> {
  const count = plan.steps.length === 1 ? 'this write' : `these ${plan.steps.length} writes`;
  return askApproval(ask, `Do you want to send ${count} to group ${plan.groupId} at ${plan.baseUrl}?`);
}

function readWords(group: ProbeGroup): string {
  const left = group.leftovers.length === 0 ? '' : `, ${group.leftovers.length} of them left by an earlier probe (${group.leftovers.map((l) => `${l.providerReference} ${l.mchId}`).join(', ')})`;
  const defaultProfile = group.defaultCardProfile === undefined ? '' : `; default card profile ${group.defaultCardProfile.profileName}`;
  return (
    `Read group ${group.owner.groupId} at ${group.baseUrl}: ${count(group.profiles.length, 'acquirer profile')}, ${count(group.emvConfigs.length, 'EMV config')}, ` +
    `${count(group.merchants.length, 'merchant')}${left}${defaultProfile}.\n`
  );
}

function planWords(plan: ProbePlan): string {
  const lines = [`\nThe probe sends ${count(plan.steps.length, 'write')} to group ${plan.groupId}, in this order${plan.scratch !== undefined ? ` (the scratch merchant's summary is read after write ${plan.scratch.readAt})` : ''}:`];
  plan.steps.forEach((step, index) => lines.push(`  ${index + 1}. ${stepText(step)}`));
  if (plan.steps.some((step) => step.merchant.mchId === undefined && step.kind !== 'create-merchant')) {
    const create = plan.steps.findIndex((step) => step.kind === 'create-merchant') + 1;
    lines.push(`{mchId} is the scratch merchant's id, which the service gives at write ${create}.`);
  }
  return `${lines.join('\n')}\n`;
}

function eventLine(event: ProbeEvent): string {
  switch (event.type) {
    case 'started':
      return '';
    case 'ended':
      return `${writeLine(event.write)}\n`;
    case 'read':
      return `  read the summary item and the binding record of ${bindingWords(event.binding)}: ${event.requests.join(', ')}\n`;
    case 'stopping':
      return `Stopping (${event.because}): removing what the probe made, in reverse.\n`;
  }
}

/** A write as it ended: its number and request (the words were shown before it was sent; one the plan did not foresee is shown whole). */
function writeLine(write: SentWrite): string {
  const outcome = write.outcome === 'failed' ? 'failed' : `${write.outcome === 'done' ? 'done' : 'not sent'}${write.note !== undefined ? `, ${write.note}` : ''}`;
  return write.number === undefined ? `  +. ${write.text}: ${outcome}` : `  ${write.number}. ${write.request}: ${outcome}`;
}

/** What a second Ctrl-C leaves: what the probe made and has not removed, and the write in flight. */
function lastWords(plan: ProbePlan, probe: ProbeRun, cleanupCommand: string): string {
  const left: readonly Made[] = probe.left();
  const inFlight = probe.inFlight();
  const parts: string[] = [];
  if (left.length > 0) parts.push(describeMade(left));
  if (inFlight !== undefined) parts.push(`whatever this write in flight did: ${inFlight}`);
  if (parts.length === 0) return 'Stopped at once: nothing the probe made is left. No record was written.\n';
  return `Stopped at once. Left in group ${plan.groupId}: ${parts.join('; and ')}. Remove it with \`${cleanupCommand}\`. No record was written.\n`;
}

/** Prints the verdict with its evidence, writes the record, and names its file. */
async function established(session: Session, record: ServiceRecord, file: string, writes: readonly SentWrite[]): Promise<void> {
  const { io, out } = session;
  const e = record.evidence;
  const binding = `${e.profile.profileName} ${e.currency}`;
  const against =
    READINGS[record.summaryLists].trustsSummary
      ? `its binding's own lists, not the profile's ${listsText(e.profileLists)}`
      : `the profile's lists, not the binding's own ${listsText(e.bindingLists)}`;
  out.write(`Established: summaryLists ${record.summaryLists} (${READINGS[record.summaryLists].inWords}).\n`);
  out.write(
    `Evidence: ${e.method === 'live-group' ? 'merchant' : 'scratch merchant'} ${e.merchant.mchId}, bound to ${binding} with ${listsText(e.bindingLists)}; ` +
      `its summary item lists ${listsText(e.summaryLists)}: ${against}.\n`,
  );
  await writeServiceRecord(file, record);
  const shown = displayName(file, io.cwd);
  out.write(`Recorded in ${shown}.\n`);
  if (session.json) io.stdout.write(`${stringifyJson({ file: shown, record, writes }, 2)}\n`);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export const probeCommand: Command = { name: 'probe', syntax, run };
