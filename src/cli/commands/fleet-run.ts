import { ExitCode, UsageError } from '../../errors.js';
import type { AlertReport } from '../../alerts/index.js';
import { DEFAULT_FLEET_MAX_IN_FLIGHT, DEFAULT_PARALLEL_TARGETS, FleetAlertsError, runFleet, type FleetRunOptions, type FleetRunResult, type FleetTargetEvent, type WaveOptions } from '../../fleet/run/index.js';
import { renderFleetSummaryJson, renderFleetSummaryMarkdown, renderFleetSummaryText, writeFleetSummaryFile } from '../../fleet/summary/index.js';
import { firstLineOf } from '../../fleet/summary/wording.js';
import type { FleetCommand, FleetSummary, FleetTargetResult } from '../../fleet/types.js';
import type { Finding } from '../../findings/types.js';
import { formatDiagnostic, type Diagnostic } from '../../manifest/diagnostics.js';
import { findingLine } from '../../render/findings-wording.js';
import { createStyle } from '../../render/style.js';
import { plural } from '../../util/text.js';
import { showControls } from '../../util/visible-text.js';
import { alertFlags, alertOptionsOf, reportAlerts, WEBHOOK_URL_ENV } from '../alert-options.js';
import type { Command } from '../command.js';
import { fleetFlags, fleetVariables, selectedFleet, shardedTargets, shardFlags } from '../fleet-options.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { impactWindowFlag, maxAffectedTerminalsFlag, maxDeletesFlag, numberFlagsOf, parallelismFlag, parseFlags } from '../parse-flags.js';
import { policyFlagSpec } from '../policy-flags.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';
import { allowUnsettledFlagSpec, colorFlag, impactWindowFlagSpec, maxAffectedTerminalsFlagSpec, type CommandSyntax, type FlagSpecs } from '../syntax.js';

/**
 * `paycfg fleet validate|plan|apply|drift`: the flags, then runFleet, then the one summary on
 * stdout (text, Markdown or JSON) and, with --summary FILE, its JSON in FILE (what a shard's job
 * uploads for `fleet report`). A line on stderr as each target ends. The first Ctrl-C stops
 * starting targets and lets those running finish; a second stops at once, as apply's does.
 */

const runFlags = {
  ...fleetFlags,
  ...shardFlags,
  'max-in-flight': { type: 'string', value: 'N', help: `Requests in flight over the whole fleet at once (default ${DEFAULT_FLEET_MAX_IN_FLIGHT}); each group's own rate limit is heard apart` },
  'parallel-targets': { type: 'string', value: 'N', help: `Targets run at once (default ${DEFAULT_PARALLEL_TARGETS})` },
  parallelism: { type: 'string', value: 'N', help: 'Requests (and, for apply, changes) in flight for one group at once (default 8)' },
  json: { type: 'boolean', help: 'Print the summary as JSON (schemas/fleet-summary.schema.json)' },
  markdown: { type: 'boolean', help: 'Print the summary as Markdown (for a pull-request comment or an issue)' },
  summary: { type: 'string', value: 'FILE', help: 'Also write the JSON summary to FILE: what a shard\'s job uploads for `paycfg fleet report`' },
  color: colorFlag,
} as const satisfies FlagSpecs;

const planningFlags = {
  policy: policyFlagSpec,
  'impact-window': impactWindowFlagSpec,
  ...serviceRecordFlags,
} as const satisfies FlagSpecs;

const limitFlags = {
  'max-deletes': { type: 'string', value: 'N', help: "Refuse a target's run, before any write, when its plan deletes more than N live records; overrides safety.maxDeletes of its manifest" },
  'max-affected-terminals': maxAffectedTerminalsFlagSpec,
  'allow-unsettled': allowUnsettledFlagSpec,
} as const satisfies FlagSpecs;

const exitCodes = [
  [0, 'every target succeeded, nothing to change'],
  [1, 'a target failed or was blocked, the run halted, or the run was refused before any request (every problem listed)'],
  [130, 'interrupted (Ctrl-C): no target started after it; those running finished'],
  [143, 'terminated (SIGTERM, a cancelled CI job): as 130'],
] as const;

const environment = [...fleetVariables, ['(each target\'s)', 'The variables its token and values read ({ env: NAME })'], ['NO_COLOR', 'When set: no colour']] as const;

/** The environment of the subcommands that read live groups: the service record's variable too. */
const planningEnvironment = [...environment.slice(0, -1), ...serviceRecordEnvironment, ...environment.slice(-1)] as const;

const validateSyntax = {
  usage: ['[flags]'],
  description: `Checks every target's manifests offline, each with its own values, as \`paycfg validate --env NAME\`
checks an environment: the manifest format, references, the payment rules. No token is read and
no request sent; one target's problems do not stop the check of the next.`,
  flags: {
    ...runFlags,
    'allow-missing-env': { type: 'boolean', help: 'A value whose { env } is unset or whose { file } cannot be read is a placeholder, not an error (for a CI job without secrets)' },
  },
  environment,
  exitCodes: [
    [0, 'every target is valid'],
    [1, 'a target is not'],
  ],
} as const satisfies CommandSyntax;

const planSyntax = {
  usage: ['[-o DIR [--force]] [flags]'],
  description: `Plans every target, as \`paycfg plan --env NAME\` plans an environment, with one bound on requests in
flight over the whole fleet. Sends no write. With -o DIR, one plan per target (DIR/<name>.plan.json)
and DIR/fleet.json, which names them with a fleet plan hash: \`paycfg fleet apply DIR\` applies
exactly those. Every target's token and values are read before any request.`,
  flags: {
    ...runFlags,
    out: { type: 'string', short: 'o', value: 'DIR', help: 'Save each target\'s plan in DIR, and fleet.json with the fleet plan hash, for `paycfg fleet apply DIR`' },
    force: { type: 'boolean', help: 'With -o: replace files in DIR even when they are not saved plans' },
    ...planningFlags,
    ...limitFlags,
  },
  environment: planningEnvironment,
  exitCodes: [[0, 'no target has changes'], [1, exitCodes[1][1]], [2, 'some target has changes (or blocked changes)'], exitCodes[2]],
} as const satisfies CommandSyntax;

const applySyntax = {
  usage: ['DIR [flags]', '--auto-approve [flags]'],
  description: `Applies every target: the plans \`paycfg fleet plan -o DIR\` saved (each checked against the group
first, as \`paycfg apply PLANFILE\` checks it; DIR's fleet.json and plans checked before any request),
or, with --auto-approve, each target's manifests planned and applied without asking. In waves with
--canary and --wave-size: a wave with a failed or blocked target halts the run, and the targets
after it are left untouched. A target with a journal: is journalled as \`paycfg apply --env\` does.`,
  maxArgs: 1,
  flags: {
    ...runFlags,
    'auto-approve': { type: 'boolean', help: 'Plan and apply each target\'s manifests without asking (needed without DIR)' },
    canary: { type: 'string', value: 'N|NAME,...', help: 'The first wave: the first N targets, or these targets (comma-separated)' },
    'wave-size': { type: 'string', value: 'N|P%', help: 'Each later wave: N targets, or P percent of those left after the canary (default: all of them)' },
    ...planningFlags,
    ...limitFlags,
  },
  environment: planningEnvironment,
  exitCodes,
} as const satisfies CommandSyntax;

const driftSyntax = {
  usage: ['[flags]'],
  description: `Checks every target for drift, as \`paycfg drift --env NAME\` does: the changes apply would make,
blocked changes, and the records its manifests do not manage. Sends no write. With --metrics,
--webhook and --state, drift alerts: OpenMetrics per group, and a webhook post only when a group's
drift changes.`,
  flags: {
    ...runFlags,
    'ignore-unmanaged': { type: 'boolean', help: 'Live records the manifests do not manage are counted, but are not drift' },
    ...planningFlags,
    ...alertFlags,
  },
  environment: [...planningEnvironment, [WEBHOOK_URL_ENV, 'The webhook URL, unless --webhook is given']],
  exitCodes: [[0, 'no drift'], [1, exitCodes[1][1]], [2, 'drift in some target'], exitCodes[2]],
} as const satisfies CommandSyntax;

/** What every subcommand parses alike. */
type RunValues = {
  readonly fleet?: string | undefined;
  readonly target?: string[] | undefined;
  readonly label?: string[] | undefined;
  readonly shard?: string | undefined;
  readonly shards?: string | undefined;
  readonly 'max-in-flight'?: string | undefined;
  readonly 'parallel-targets'?: string | undefined;
  readonly parallelism?: string | undefined;
  readonly json: boolean;
  readonly markdown: boolean;
  readonly summary?: string | undefined;
  readonly color: boolean;
};

type PlanningValues = {
  readonly policy?: string[] | undefined;
  readonly 'impact-window'?: string | undefined;
  readonly 'max-deletes'?: string | undefined;
  readonly 'max-affected-terminals'?: string | undefined;
  readonly 'allow-unsettled'?: boolean | undefined;
  readonly 'service-record'?: string | undefined;
};

/** The options of runFleet the planning flags give, each checked. */
function planningOptions(command: string, values: PlanningValues, io: IoStreams): Partial<FleetRunOptions> {
  const impactWindow = impactWindowFlag(command, values['impact-window']);
  const maxDeletes = maxDeletesFlag(command, values['max-deletes']);
  const maxAffectedTerminals = maxAffectedTerminalsFlag(command, values['max-affected-terminals']);
  return {
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
    ...(impactWindow !== undefined ? { impactWindow } : {}),
    ...(maxDeletes !== undefined ? { maxDeletes } : {}),
    ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
    ...(values['allow-unsettled'] === true ? { allowUnsettled: true } : {}),
    ...serviceRecordOf(values, io),
  };
}

/**
 * Runs the subcommand: the fleet and its targets (selected, sharded), runFleet with the progress
 * lines and Ctrl-C, the summary printed and written.
 */
async function runCommand(command: FleetCommand, values: RunValues, io: IoStreams, more: Partial<FleetRunOptions>): Promise<ExitCode> {
  const name = `fleet ${command}`;
  if (values.json && values.markdown) throw new UsageError(`paycfg ${name}: choose one of --json and --markdown`);
  const numbers = numberFlagsOf(name);
  const maxInFlight = numbers.int('max-in-flight', values['max-in-flight'], 1, 1024) ?? DEFAULT_FLEET_MAX_IN_FLIGHT;
  const parallelTargets = numbers.int('parallel-targets', values['parallel-targets'], 1, 1024) ?? DEFAULT_PARALLEL_TARGETS;
  const parallelism = parallelismFlag(name, values.parallelism);
  if (values.summary === '') throw new UsageError(`paycfg ${name}: --summary needs a file to write the JSON summary to`);
  const { fleet, targets: selected } = await selectedFleet(name, values, io);
  const { targets, shard } = await shardedTargets(name, fleet, selected, values, io);

  // A saved plan directory applies only the targets its fleet.json lists: how many is known once it is read.
  const progress = createProgress(name, more.savedPlanDir === undefined ? targets.length : undefined, io);
  // Read only now: the getter installs the signal handlers, and until the run starts Ctrl-C stops at once.
  const stopStarting = new AbortController();
  const stopRunning = new AbortController();
  let over = false;
  let stoppedBy: string | undefined;
  void io.interrupted.then((signal) => {
    if (over) return;
    stoppedBy = signal;
    stopStarting.abort(signal);
    progress.interrupted();
  });
  const forget = io.onStopAtOnce?.((signal) => {
    stopRunning.abort(signal);
    return progress.stoppedAtOnce();
  });
  let result: FleetRunResult;
  try {
    result = await runFleet({
      command,
      fleet,
      targets,
      ...(shard !== undefined ? { shard } : {}),
      cwd: io.cwd,
      env: io.env,
      maxInFlight,
      parallelTargets,
      parallelism,
      stopStarting: stopStarting.signal,
      stopRunning: stopRunning.signal,
      onEvent: progress.onEvent,
      // Each target's token and secret values, masked in everything printed from then on, as every single-group command masks its token.
      ...(io.hideInOutput !== undefined ? { hideSecret: io.hideInOutput } : {}),
      ...more,
    });
  } catch (error) {
    // Every target ran and the alerts could not be published: the summary is said and written first, then the alerts' error (exit 1).
    if (!(error instanceof FleetAlertsError)) throw error;
    await showSummary(error.summary, values, io);
    throw error;
  } finally {
    over = true;
    forget?.();
  }
  const { summary, alerts } = result;
  await showSummary(summary, values, io, alerts);
  // Exit as a shell reports the signal that stopped the run, as apply does: a cancelled CI job's SIGTERM is 143.
  if (summary.interrupted && stoppedBy === 'SIGTERM') return ExitCode.Terminated;
  return summary.exitCode as ExitCode;
}

/** The summary on stdout in the format asked for, what the alerts did, and with --summary FILE its JSON in FILE. */
async function showSummary(summary: FleetSummary, values: RunValues, io: IoStreams, alerts?: AlertReport): Promise<void> {
  if (values.json) io.stdout.write(renderFleetSummaryJson(summary));
  else if (values.markdown) io.stdout.write(renderFleetSummaryMarkdown(summary));
  else io.stdout.write(renderFleetSummaryText(summary, createStyle(colorEnabled(io) && values.color)));
  if (alerts !== undefined) reportAlerts(alerts, io);
  if (values.summary !== undefined) await writeFleetSummaryFile(values.summary, summary, { cwd: io.cwd });
}

/** The stderr side of a run: a line per target as it ends, and what Ctrl-C does. */
function createProgress(name: string, total: number | undefined, io: IoStreams): {
  onEvent(event: FleetTargetEvent): void;
  interrupted(): void;
  stoppedAtOnce(): string;
} {
  const running = new Set<string>();
  let ended = 0;
  const counted = (n: number): string => (total === undefined ? `[${n}]` : `[${String(n).padStart(String(total).length)}/${total}]`);
  return {
    onEvent(event) {
      if (event.type === 'wave-start') {
        io.stderr.write(`${event.wave === 0 ? 'canary wave' : `wave ${event.wave}`}: ${plural(event.targets.length, 'target')}\n`);
      } else if (event.type === 'target-start') {
        running.add(event.target.name);
      } else {
        running.delete(event.result.name);
        ended += 1;
        io.stderr.write(`${counted(ended)} ${progressLine(event.result)}\n`);
        for (const line of findingLines(event)) io.stderr.write(`${line}\n`);
      }
    },
    interrupted() {
      io.stderr.write(
        `\nStopping: no other target starts${running.size > 0 ? `; ${plural(running.size, 'running target')} finish${running.size === 1 ? 'es' : ''}` : ''}. Press Ctrl-C again to stop at once.\n`,
      );
    },
    stoppedAtOnce() {
      if (running.size === 0) return `\npaycfg ${name}: stopped at once.\n`;
      const names = [...running].sort().join(', ');
      return `\npaycfg ${name}: stopped at once; ${running.size === 1 ? '1 target was' : `${running.size} targets were`} still running, a change in flight may be half done: ${names}. Run \`paycfg fleet plan\` to see where they are.\n`;
    },
  };
}

/** `acme: changes: 3 to create, 1 to update (1.2 s)`; a failure with its cause and the first line of its message, escaped. */
export function progressLine(result: FleetTargetResult): string {
  const time = `(${(result.durationMs / 1000).toFixed(1)} s)`;
  const label = showControls(result.name);
  if (result.failure !== undefined) {
    return `${label}: ${result.status} (${result.failure.cause.title}): ${showControls(firstLineOf(result.failure.message))} ${time}`;
  }
  const counts = result.counts;
  const parts: string[] = [];
  if (counts !== undefined) {
    if (counts.applied !== undefined) parts.push(`${counts.applied.done} done`);
    else if (counts.records !== undefined) parts.push(plural(counts.records, 'record'));
    else {
      for (const key of ['create', 'update', 'delete', 'replace'] as const) if (counts[key] > 0) parts.push(`${counts[key]} to ${key}`);
      if (counts.blocked > 0) parts.push(`${counts.blocked} blocked`);
      if (counts.unmanaged > 0) parts.push(`${counts.unmanaged} unmanaged`);
    }
  }
  return `${label}: ${result.status}${parts.length > 0 ? `: ${parts.join(', ')}` : ''} ${time}`;
}

/** The most warnings or findings printed under a target's progress line; the rest are counted. */
export const FINDINGS_SHOWN = 5;

/**
 * Under a target's progress line, what it found: validate's warnings as `paycfg validate` prints
 * them (`warning: file:line:col: message [rule]`), plan's findings as a plan prints them; at most
 * FINDINGS_SHOWN, then "and N more" (the single command with --env NAME lists them all).
 */
export function findingLines(event: { readonly warnings?: readonly Diagnostic[]; readonly findings?: readonly Finding[] }): string[] {
  const lines = [
    ...(event.warnings ?? []).map((warning) => `warning: ${formatDiagnostic(warning)}`),
    ...(event.findings ?? []).map((finding) => `finding: ${findingLine(finding)}`),
  ];
  const shown = lines.slice(0, FINDINGS_SHOWN).map((line) => `  ${showControls(line)}`);
  return lines.length > FINDINGS_SHOWN ? [...shown, `  and ${lines.length - FINDINGS_SHOWN} more`] : shown;
}

/** `--canary 2` or `--canary acme,globex`. */
function canaryOf(text: string | undefined): WaveOptions['canary'] {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text.trim())) {
    const count = Number(text.trim());
    if (count < 1) throw new UsageError(`paycfg fleet apply: --canary ${text}: give at least 1 target, or target names`);
    return count;
  }
  const names = text.split(',').map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) throw new UsageError(`paycfg fleet apply: --canary "${text}" names no target: give a number, or names separated by commas`);
  return names;
}

/** `--wave-size 10` or `--wave-size 25%`. */
function waveSizeOf(text: string | undefined): WaveOptions['size'] {
  if (text === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  const value = match === null ? NaN : Number(match[1]);
  if (match !== null && match[2] === '%' && value > 0 && value <= 100) return { percent: value };
  if (match !== null && match[2] === '' && Number.isInteger(value) && value >= 1) return { count: value };
  throw new UsageError(`paycfg fleet apply: --wave-size "${text}" is not a size: give a whole number of targets (10) or a percent above 0 and at most 100 (25%)`);
}

export const fleetValidateCommand: Command = {
  name: 'validate',
  syntax: validateSyntax,
  async run(argv, io) {
    const { values } = parseFlags('fleet validate', validateSyntax, argv);
    return runCommand('validate', values, io, { allowMissingEnv: values['allow-missing-env'] });
  },
};

export const fleetPlanCommand: Command = {
  name: 'plan',
  syntax: planSyntax,
  async run(argv, io) {
    const { values } = parseFlags('fleet plan', planSyntax, argv);
    if (values.force && values.out === undefined) throw new UsageError('paycfg fleet plan: --force goes with -o DIR');
    if (values.out === '') throw new UsageError('paycfg fleet plan: -o needs a directory to save the plans in');
    return runCommand('plan', values, io, {
      ...planningOptions('fleet plan', values, io),
      ...(values.out !== undefined ? { planDir: values.out, force: values.force } : {}),
    });
  },
};

export const fleetApplyCommand: Command = {
  name: 'apply',
  syntax: applySyntax,
  async run(argv, io) {
    const { values, args } = parseFlags('fleet apply', applySyntax, argv);
    const dir = args[0];
    if (dir === undefined && !values['auto-approve']) {
      throw new UsageError(
        'paycfg fleet apply: give the plan directory `paycfg fleet plan -o DIR` saved, or --auto-approve to plan and apply each target without asking (a fleet run asks nobody)',
      );
    }
    if (dir !== undefined && values['impact-window'] !== undefined) throw new UsageError('paycfg fleet apply: --impact-window goes with --auto-approve; a saved plan keeps the impact it was made with');
    const canary = canaryOf(values.canary);
    const size = waveSizeOf(values['wave-size']);
    return runCommand('apply', values, io, {
      ...planningOptions('fleet apply', values, io),
      ...(dir !== undefined ? { savedPlanDir: dir } : {}),
      ...(canary !== undefined || size !== undefined ? { waves: { ...(canary !== undefined ? { canary } : {}), ...(size !== undefined ? { size } : {}) } } : {}),
    });
  },
};

export const fleetDriftCommand: Command = {
  name: 'drift',
  syntax: driftSyntax,
  async run(argv, io) {
    const { values } = parseFlags('fleet drift', driftSyntax, argv);
    const alerts = alertOptionsOf('fleet drift', values, io);
    return runCommand('drift', values, io, {
      ...planningOptions('fleet drift', values, io),
      ...(values['ignore-unmanaged'] ? { ignoreUnmanaged: true } : {}),
      ...(alerts !== undefined ? { alerts } : {}),
    });
  },
};
