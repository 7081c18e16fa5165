import { observeDrift, preflightDriftAlerts, publishDriftAlerts } from '../../alerts/index.js';
import { ExitCode, UsageError } from '../../errors.js';
import { publishPlan } from '../../library/plan.js';
import { parseTargets } from '../../plan/targets.js';
import { hasDrifted, type PublishedPlan } from '../../plan/plan.js';
import { planDocument } from '../../plan/plan-document.js';
import { renderPlanMarkdown } from '../../render/render-markdown.js';
import { renderPlanText } from '../../render/render-text.js';
import { createStyle } from '../../render/style.js';
import { alertFlags, alertOptionsOf, publishFailedCheck, reportAlerts, subjectOfFailedCheck, WEBHOOK_URL_ENV } from '../alert-options.js';
import { clientEnvironment, clientFlags } from '../client-options.js';
import { connectRun, environmentFlags, environmentVariables, runTarget, selectedEnvironment } from '../environment-options.js';
import type { Command } from '../command.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';
import { stringifyJson } from '../../util/visible-text.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { apiFlag, impactWindowFlag, parallelismFlag, parseFlags, requireFiles, stdinOf } from '../parse-flags.js';
import { colorFlag, impactWindowFlagSpec, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['-f PATH... [flags]', '--env NAME [flags]'],
  description: `Reports how the live group differs from the manifest: the changes apply would make, blocked
changes (refused by the service, held back by protect:, or by unsettled settlement batches), and every
live record the manifest does not manage, a merchant's bindings and devices included (it reads the
devices of every merchant for that). Ends in one verdict, as its exit code has it.
Sends no write. Meant for a scheduled CI job: exit code 2 when anything drifted, 0 when nothing did, 1 on error.

Alerts: --metrics and --push-gateway write the drift as OpenMetrics; --webhook posts only when the
drift changes (newly drifted, changed, resolved), against the --state the job keeps between runs. A
failed post is retried and reported, and leaves the exit code as the check has it (docs/fleet.md).`,
  flags: {
    file: { type: 'string', short: 'f', multiple: true, value: 'PATH', help: 'Manifest file or directory (repeatable); - reads it from standard input' },
    json: { type: 'boolean', help: 'Print the report as JSON; errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print the report as Markdown (for an issue or a chat message)' },
    target: { type: 'string', multiple: true, value: 'ADDRESS', help: 'Only this resource and what it depends on (repeatable)' },
    'ignore-unmanaged': { type: 'boolean', help: 'Live records the manifest does not manage are listed, but are not drift (exit 0 when nothing else differs)' },
    parallelism: { type: 'string', value: 'N', help: 'Reads in flight at once (default 8)' },
    'impact-window': impactWindowFlagSpec,
    ...serviceRecordFlags,
    color: colorFlag,
    ...alertFlags,
    ...environmentFlags,
    ...clientFlags,
  },
  environment: [...clientEnvironment, ...environmentVariables, ...serviceRecordEnvironment, [WEBHOOK_URL_ENV, 'The drift webhook, unless --webhook is given (needs --state)'], ['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'no drift'],
    [1, 'an error'],
    [2, 'drift: changes to make, blocked changes (refused by the service, held back by protect: or by unsettled batches), or unmanaged records (unless --ignore-unmanaged)'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('drift', syntax, argv);
  const selected = await selectedEnvironment('drift', values, io);
  const paths = selected === undefined ? requireFiles('drift', values.file) : [...selected.definition.manifests];
  if (values.json && values.markdown) throw new UsageError('paycfg drift: choose one of --json and --markdown');
  const parallelism = parallelismFlag('drift', values.parallelism);
  const targets = parseTargets(values.target);
  const impactWindow = impactWindowFlag('drift', values['impact-window']);
  const api = apiFlag('drift', values.api);
  // Alerts are checked before any request: a bad state file fails the run before it reads the group.
  const alerts = alertOptionsOf('drift', values, io);
  if (alerts !== undefined) await preflightDriftAlerts(alerts);
  const ignoreUnmanaged = values['ignore-unmanaged'];
  let plan: PublishedPlan;
  try {
    plan = await driftPlan();
  } catch (error) {
    if (alerts !== undefined) {
      const environment = selected?.definition;
      const subject = await subjectOfFailedCheck(
        { manifest: paths, baseUrl: values['base-url'], ...(environment !== undefined ? { environment: { name: environment.name, group: environment.group, baseUrl: environment.baseUrl } } : {}) },
        io,
      );
      await publishFailedCheck(subject, error, alerts, io);
    }
    throw error;
  }
  const drifted = hasDrifted(plan, ignoreUnmanaged);
  if (values.json) {
    io.stdout.write(`${stringifyJson({ kind: 'paycfg-drift', drifted, ...planDocument(plan) }, 2)}\n`);
  } else if (values.markdown) {
    io.stdout.write(renderPlanMarkdown(plan, 'drift', { ignoreUnmanaged }));
  } else {
    io.stdout.write(renderPlanText(plan, createStyle(colorEnabled(io) && values.color), 'drift', { ignoreUnmanaged }));
  }
  if (alerts !== undefined) {
    const subject = { ...(selected !== undefined ? { name: selected.definition.name } : {}), group: plan.group.groupId, baseUrl: plan.baseUrl };
    // A failed post or push is a warning in the report: the exit code stays the check's.
    reportAlerts(await publishDriftAlerts([observeDrift(subject, plan, { checkedAt: new Date(), ignoreUnmanaged })], alerts), io);
  }
  return drifted ? ExitCode.Changes : ExitCode.Success;

  async function driftPlan(): Promise<PublishedPlan> {
    const connected = await connectRun(selected, values, io, { maxInFlight: parallelism });
    const { client } = connected;
    try {
      // Drift is the plan, with unmanaged records counted (every device read, so that each is listed):
      // the library's, the token masked in it.
      return await publishPlan({
        ...runTarget(connected, paths, io),
        cwd: io.cwd,
        parallelism,
        targets,
        readEveryDevice: true,
        ...(api !== undefined ? { api } : {}),
        ...(impactWindow !== undefined ? { impactWindow } : {}),
        ...serviceRecordOf(values, io),
        ...stdinOf(io),
      });
    } finally {
      await client.close();
    }
  }
}

export const driftCommand: Command = { name: 'drift', syntax, run };
