/**
 * --metrics, --push-gateway, --webhook and --state of `paycfg drift` and `paycfg fleet drift`: where
 * drift alerts go (src/alerts), and what they did, on stderr.
 */
import { describeTransitions, type AlertOptions, type AlertReport } from '../alerts/index.js';
import { UsageError } from '../errors.js';
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
