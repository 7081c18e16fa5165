/**
 * The embedded simulator of the payment configuration service: a stateful HTTP server that
 * implements the configuration API reference, for tests, the demo, the benchmark and offline use.
 */
export { startSimulator, DEFAULT_SIM_SECRET } from './simulator.js';
export type { SimulatorOptions, RunningSimulator } from './simulator.js';
export { signSimToken, DEFAULT_TOKEN_TTL_SECONDS } from './token.js';
export type { FaultSettings } from './http/faults.js';
export { WIRE_STYLES, DEFAULT_WIRE_STYLE, isWireStyle, type WireStyle } from './http/wire-style.js';
export { SUMMARY_LISTS, DEFAULT_SUMMARY_LISTS, isSummaryLists, type SummaryLists } from './rules/summary-lists.js';
export { METHOD_CODES, DEFAULT_METHOD_CODES, isMethodCodes, type MethodCodes } from './core/payment-methods.js';
export { DEFAULT_LEGACY_GROUPS, parseLegacyGroups, type CurrentApiForLegacyGroups, type LegacyGroupsPolicy } from './http/legacy-groups.js';
export type { RequestStatistics } from './http/stats.js';
export { SimPortTakenError, SimStateError } from './errors.js';
export { simAdminClient, SimAdminError, type SimAdminClient, type SimSettings, type SimTransaction } from './admin-client.js';
export type { PaymentInput } from './rules/payments.js';
export type { OutboxMail } from './core/records.js';
export type { GroupSettingsInput } from './rules/groups.js';
