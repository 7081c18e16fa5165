/** The API client: everything the planner, the executor and the CLI may use from src/api. */
export { createApiClient, type ApiClient, type ApiClientOptions } from './client.js';
export type { TransactionsClient } from './transactions-client.js';
export type { SettlementsClient } from './settlements-client.js';
export type { LegacyBindingClient, LegacyClient, LegacyEmvConfigQuery, LegacyObjects } from './legacy-client.js';
export type { EmvConfigsClient } from './emv-configs-client.js';
export {
  BASE_URL_ENV,
  TOKEN_ENV,
  checkBaseUrl,
  isLoopbackHost,
  resolveClientConfig,
  type ClientConfig,
  type ClientConfigInput,
} from './config.js';
export {
  ApiError,
  AuthenticationError,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
} from './errors.js';
export { ownerMessageFormats } from './owner-info.js';
export { redactPath, isSecretName, REDACTED } from './redact.js';
export { defaultRetrySettings, type RetrySettings } from './retry-policy.js';
export type { RequestLogEvent, RequestOutcome, TransportStats } from './transport.js';
export type * from './wire-types.js';
export type * from './wire-types-payments.js';
export type * from './wire-types-legacy.js';
export { createRequestSlots, type RequestSlots } from './request-slots.js';
