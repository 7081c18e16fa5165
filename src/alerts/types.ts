/**
 * The shapes drift alerts pass between their stages: what one check saw (DriftObservation), where
 * alerts go (AlertOptions), and what publishing did (AlertReport).
 */

/** The group a drift check was of. */
export interface DriftSubject {
  /** The environment or fleet target's name, when the run had one. */
  readonly name?: string;
  readonly group: string;
  readonly baseUrl: string;
}

/** What a successful check found, in counts and addresses: no value of any record. */
export interface DriftFindings {
  /** Changes apply would make and blocked changes, by kind (emv, acquirer, merchant, binding, device); every kind present, 0 included. */
  readonly drifted: Readonly<Record<string, number>>;
  /** Live records the manifests do not manage, by kind; every kind present. */
  readonly unmanaged: Readonly<Record<string, number>>;
  /** A digest of what drifted (each address, action and changed fields): equal digests, the same drift. */
  readonly fingerprint: string;
  /** The addresses that drifted, sorted, for the alert's text (capped by the renderer). */
  readonly addresses: readonly string[];
  /**
   * Set when the check ran with --ignore-unmanaged: unmanaged records are counted but are not
   * drift, and neither their addresses nor the fingerprint hold them. Absent: they are drift.
   */
  readonly ignoreUnmanaged?: boolean;
}

/** What one drift check saw of one group. Holds no value of a record, only addresses and counts. */
export interface DriftObservation {
  readonly subject: DriftSubject;
  /** When the check ended. */
  readonly checkedAt: Date;
  /** The check's findings; absent when the check failed. */
  readonly drift?: DriftFindings;
  /** Why the check failed; absent when it did not. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** Where drift alerts go. Every part is optional; none given, publishDriftAlerts does nothing. */
export interface AlertOptions {
  /** OpenMetrics text written here (atomically: a temporary file renamed), for node_exporter's textfile collector. */
  readonly metricsFile?: string;
  /** A Prometheus push gateway's base URL: the same metrics are PUT to `<url>/metrics/job/paycfg_drift` (and pushGroupingKey). */
  readonly pushGateway?: string;
  /**
   * The push gateway's grouping key beyond the job: a PUT replaces every metric under its key, so
   * two runs that push different groups need different keys. Default: `group/<id>` when the run
   * observed one group, none (the job alone) when it observed several: a fleet's shards each give
   * their own (e.g. `{ shard: '2-of-4' }`).
   */
  readonly pushGroupingKey?: Readonly<Record<string, string>>;
  /** A webhook (Slack-compatible: `{"text": …}`) posted only when a group's drift changes. A secret: never printed beyond its origin. */
  readonly webhookUrl?: string;
  /** The state compared against (and then updated): JSON, kept by the job between runs. Required with webhookUrl. */
  readonly stateFile?: string;
  /** Relative paths are resolved against it. */
  readonly cwd: string;
  /** Webhook and push attempts (default 3), with a backoff between them. */
  readonly webhookAttempts?: number;
  /** For tests: the backoff before attempt n (1-based, n ≥ 2), in ms. A Retry-After the receiver sends wins, up to 30 s. */
  readonly backoffMs?: (attempt: number) => number;
  /** For tests: how a backoff is waited (default a timer). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Each request's time limit, in ms (default 10,000). */
  readonly requestTimeoutMs?: number;
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
  /** Set when a push gateway was given: whether the push went through. */
  readonly pushed?: boolean;
  /** The state file written, absolute. */
  readonly stateFile?: string;
  /** Webhook posts: transitions posted, and those whose post failed after every attempt (the state keeps them pending, so the next run posts again). */
  readonly webhook?: { readonly posted: number; readonly failed: readonly { readonly subject: DriftSubject; readonly error: string }[] };
  /** Problems that did not fail the check (a failed post, an unreachable push gateway), in words. */
  readonly warnings: readonly string[];
}
