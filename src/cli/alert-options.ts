/**
 * --metrics, --push-gateway, --webhook and --state of `paycfg drift` and `paycfg fleet drift`: where
 * drift alerts go (src/alerts), and what they did, on stderr.
 */
import { AlertConfigError, describeTransitions, failedDriftCheck, publishDriftAlerts, type AlertOptions, type AlertReport, type DriftSubject } from '../alerts/index.js';
import { PaycfgError, UsageError } from '../errors.js';
import { loadManifest } from '../library/manifest.js';
import type { IoStreams } from './io.js';
import type { FlagSpecs, FlagValues } from './syntax.js';

/** The variable a webhook URL is read from unless --webhook gives it: a Slack webhook's URL is a secret. */
export const WEBHOOK_URL_ENV = 'PAYCFG_DRIFT_WEBHOOK_URL';

export const alertFlags = {
  metrics: { type: 'string', value: 'FILE', help: "Write the drift as OpenMetrics to FILE (for node_exporter's textfile collector), replaced atomically" },
  'push-gateway': { type: 'string', value: 'URL', help: 'PUT the same metrics to a Prometheus push gateway (job paycfg_drift); a failed push is reported, not fatal' },
  webhook: {
    type: 'string',
    value: 'URL',
    help: `Post a message (Slack-compatible JSON) when a group's drift changes: newly drifted, changed or resolved (default: $${WEBHOOK_URL_ENV}). Needs --state`,
  },
  state: { type: 'string', value: 'FILE', help: 'The drift state the webhook compares against, kept between runs (created when missing)' },
} as const satisfies FlagSpecs;

export type AlertFlagValues = Partial<FlagValues<typeof alertFlags>>;

/** The AlertOptions the flags ask for, or undefined when none is given. @throws UsageError: --webhook without --state. */
export function alertOptionsOf(command: string, values: AlertFlagValues, io: IoStreams): AlertOptions | undefined {
  const fromEnv = io.env[WEBHOOK_URL_ENV];
  const webhook = values.webhook !== undefined && values.webhook !== '' ? { url: values.webhook, by: '--webhook' } : fromEnv !== undefined && fromEnv.trim() !== '' ? { url: fromEnv.trim(), by: `$${WEBHOOK_URL_ENV}` } : undefined;
  for (const flag of ['metrics', 'push-gateway', 'state'] as const) {
    if (values[flag] === '') throw new UsageError(`paycfg ${command}: --${flag} needs a value`);
  }
  if (webhook !== undefined) {
    // The URL is a secret (whoever holds it posts to the channel): masked in anything printed from now on.
    io.hideInOutput?.(webhook.url);
    if (values.state === undefined) {
      throw new UsageError(
        `paycfg ${command}: ${webhook.by} needs --state FILE: the state tells a change of drift from the same drift seen again, so that the webhook hears of each change once`,
      );
    }
  }
  if (values.metrics === undefined && values['push-gateway'] === undefined && webhook === undefined && values.state === undefined) return undefined;
  return {
    cwd: io.cwd,
    ...(values.metrics !== undefined ? { metricsFile: values.metrics } : {}),
    ...(values['push-gateway'] !== undefined ? { pushGateway: values['push-gateway'] } : {}),
    ...(webhook !== undefined ? { webhookUrl: webhook.url } : {}),
    ...(values.state !== undefined ? { stateFile: values.state } : {}),
  };
}

/** What the alerts did, on stderr: the metrics file, each transition posted, every warning. */
export function reportAlerts(report: AlertReport, io: IoStreams): void {
  const parts: string[] = [];
  if (report.metricsFile !== undefined) parts.push(`metrics written to ${report.metricsFile}`);
  if (report.pushed === true) parts.push('metrics pushed to the push gateway');
  if (report.webhook !== undefined) {
    const posted = report.transitions.filter((transition) => !report.webhook!.failed.some((failure) => failure.subject === transition.subject));
    parts.push(
      report.transitions.length === 0
        ? 'webhook: no change of drift, nothing posted'
        : `webhook: ${report.webhook.posted} ${report.webhook.posted === 1 ? 'transition' : 'transitions'} posted${posted.length > 0 ? ` (${describeTransitions(posted)})` : ''}` +
            (report.webhook.failed.length > 0 ? `, ${report.webhook.failed.length} not posted` : ''),
    );
  } else if (report.stateFile !== undefined && report.transitions.length > 0) {
    parts.push(`${report.transitions.length} ${report.transitions.length === 1 ? 'transition' : 'transitions'} (${describeTransitions(report.transitions)}), no webhook to post to`);
  }
  if (report.stateFile !== undefined) parts.push(`state kept in ${report.stateFile}`);
  if (parts.length > 0) io.stderr.write(`drift alerts: ${parts.join('; ')}\n`);
  for (const warning of report.warnings) io.stderr.write(`warning: ${warning}\n`);
}

/**
 * The group a drift check that failed before its plan was of, when the run can tell: an environment
 * names its group and base URL; with -f, the manifest's `group:` (read again, offline) and the base
 * URL of --base-url or $PAYCFG_BASE_URL. Undefined when it cannot be told: the manifest does not
 * load (often the failure itself), is read from standard input, or names no group (the token's
 * owner would have said which, had the check got that far).
 */
export async function subjectOfFailedCheck(
  run: { readonly environment?: DriftSubject; readonly manifest: readonly string[]; readonly baseUrl?: string | undefined },
  io: IoStreams,
): Promise<DriftSubject | undefined> {
  if (run.environment !== undefined) return run.environment;
  const baseUrl = run.baseUrl ?? io.env['PAYCFG_BASE_URL'];
  if (baseUrl === undefined || baseUrl.trim() === '' || run.manifest.includes('-')) return undefined;
  try {
    const { manifest } = await loadManifest(run.manifest, { env: io.env, cwd: io.cwd });
    return manifest.group !== undefined ? { group: manifest.group, baseUrl: baseUrl.trim() } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A check that failed before its plan: its metrics written with check_success 0 (and the state's
 * error counter advanced), when its group is known; said on stderr either way. Whatever goes wrong
 * here is a warning: the check's own error is the one the command ends with.
 */
export async function publishFailedCheck(subject: DriftSubject | undefined, error: unknown, options: AlertOptions, io: IoStreams): Promise<void> {
  if (subject === undefined) {
    io.stderr.write("drift alerts: the check failed before its group was known; the metrics and the state were left as they were\n");
    return;
  }
  const code = error instanceof PaycfgError ? error.code : 'INTERNAL';
  try {
    reportAlerts(await publishDriftAlerts([failedDriftCheck(subject, { code, message: error instanceof Error ? error.message : String(error) }, new Date())], options), io);
  } catch (failure) {
    if (!(failure instanceof AlertConfigError)) throw failure;
    io.stderr.write(`warning: drift alerts: ${failure.message}\n`);
  }
}
