/**
 * Drift that alerts on change: each group's drift observed, written as OpenMetrics (Prometheus'
 * textfile collector, a push gateway), compared with the state a scheduled job keeps between runs,
 * and posted to a webhook (Slack-compatible JSON) only when a group's drift changes. Used by
 * `paycfg drift` and `paycfg fleet drift`. Owned by the alerts module; CONTRACT stubs until it lands.
 */
import { InternalError } from '../errors.js';
import type { PublishedPlan } from '../plan/plan.js';

/** The group a drift check was of. */
export interface DriftSubject {
  /** The environment or fleet target's name, when the run had one. */
  readonly name?: string;
  readonly group: string;
  readonly baseUrl: string;
}

/** What one drift check saw of one group. Holds no value of a record, only addresses and counts. */
export interface DriftObservation {
  readonly subject: DriftSubject;
  /** When the check ended. */
  readonly checkedAt: Date;
  /** The check's findings; absent when the check failed. */
  readonly drift?: {
    /** Changes apply would make and blocked changes, by kind (emvConfig, acquirerProfile, merchant, binding, device). */
    readonly drifted: Readonly<Record<string, number>>;
    /** Live records the manifests do not manage, by kind. */
    readonly unmanaged: Readonly<Record<string, number>>;
    /** A digest of what drifted (each address, action and changed fields): equal digests, the same drift. */
    readonly fingerprint: string;
    /** The addresses that drifted, for the alert's text (capped by the renderer). */
    readonly addresses: readonly string[];
  };
  /** Why the check failed; absent when it did not. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** A drift observation of a published drift plan (`readEveryDevice`), with `ignoreUnmanaged` as drift takes it. */
export function observeDrift(subject: DriftSubject, plan: PublishedPlan, options: { readonly checkedAt: Date; readonly ignoreUnmanaged: boolean }): DriftObservation {
  void subject;
  void plan;
  void options;
  throw new InternalError('observeDrift: not yet implemented');
}

/** Where drift alerts go. Every part is optional; none given, publishDriftAlerts does nothing. */
export interface AlertOptions {
  /** OpenMetrics text written here (atomically: a temporary file renamed), for node_exporter's textfile collector. */
  readonly metricsFile?: string;
  /** A Prometheus push gateway's base URL: the same metrics are PUT to `<url>/metrics/job/paycfg_drift`. */
  readonly pushGateway?: string;
  /** A webhook (Slack-compatible: `{"text": …}`) posted only when a group's drift changes. A secret: never printed beyond its origin. */
  readonly webhookUrl?: string;
  /** The state compared against (and then updated): JSON, kept by the job between runs. Required with webhookUrl. */
  readonly stateFile?: string;
  /** Relative paths are resolved against it. */
  readonly cwd: string;
  /** Webhook attempts (default 3), with a backoff between them. */
  readonly webhookAttempts?: number;
  /** For tests: the backoff before attempt n (1-based, n ≥ 2), in ms. */
  readonly backoffMs?: (attempt: number) => number;
}

/** A group whose drift changed since the last run. */
export interface DriftTransition {
  readonly subject: DriftSubject;
  readonly kind: 'newly-drifted' | 'changed' | 'resolved';
}

/** What publishing did; never throws for a failed post or push, it says so here. */
export interface AlertReport {
  readonly transitions: readonly DriftTransition[];
  /** The metrics file written, absolute. */
  readonly metricsFile?: string;
  readonly pushed?: boolean;
  /** Webhook posts: made, and those that failed after every attempt (the state keeps them pending, so the next run posts again). */
  readonly webhook?: { readonly posted: number; readonly failed: readonly { readonly subject: DriftSubject; readonly error: string }[] };
  /** Problems that did not fail the check (a failed post, an unreachable push gateway), in words. */
  readonly warnings: readonly string[];
}

/**
 * Writes the metrics, pushes them, compares with the state file, posts a webhook message per
 * transition, and writes the new state. A failed post or push is retried, then reported in the
 * AlertReport, never thrown. Throws only for what the user must fix before the check can be
 * trusted: an unreadable or malformed state file, a metrics file that cannot be written.
 *
 * @throws AlertConfigError (exit 1).
 */
export async function publishDriftAlerts(observations: readonly DriftObservation[], options: AlertOptions): Promise<AlertReport> {
  void observations;
  void options;
  throw new InternalError('publishDriftAlerts: not yet implemented');
}
