/**
 * --metrics, --push-gateway, --webhook and --state of `paycfg drift` and `paycfg fleet drift`: where
 * drift alerts go (src/alerts). Owned by the alerts module; CONTRACT stubs until it lands.
 */
import { InternalError } from '../errors.js';
import type { AlertOptions, AlertReport } from '../alerts/index.js';
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
  void command;
  void values;
  void io;
  throw new InternalError('alertOptionsOf: not yet implemented');
}

/** What the alerts did, on stderr: the metrics file, each transition posted, every warning. */
export function reportAlerts(report: AlertReport, io: IoStreams): void {
  void report;
  void io;
  throw new InternalError('reportAlerts: not yet implemented');
}
