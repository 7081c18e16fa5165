/**
 * Drift that alerts on change: each group's drift observed, written as OpenMetrics (Prometheus'
 * textfile collector, a push gateway), compared with the state a scheduled job keeps between runs,
 * and posted to a webhook (Slack-compatible JSON) only when a group's drift changes. Used by
 * `paycfg drift` and `paycfg fleet drift`: call preflightDriftAlerts before the first request,
 * observeDrift (or failedDriftCheck) per group, then publishDriftAlerts once with them all.
 */
export type { AlertOptions, AlertReport, DriftFindings, DriftObservation, DriftSubject, DriftTransition } from './types.js';
export { AlertConfigError } from './errors.js';
export { driftFingerprint, failedDriftCheck, isDrifted, observeDrift } from './observe.js';
export { alertsRequested, describeTransitions, preflightDriftAlerts, publishDriftAlerts } from './publish.js';
export { renderDriftMetrics } from './metrics.js';
export { DRIFT_STATE_KIND, DRIFT_STATE_VERSION, readDriftState } from './state.js';
