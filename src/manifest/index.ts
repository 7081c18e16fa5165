export { loadManifest, type LoadedManifest, type LoadManifestOptions, type Locator, type ManifestContext } from './load-manifest.js';
export { API_FLAG_VALUES, API_NAMES, effectiveApi, isApiFlag, type ApiChoice, type ApiFlag, type ApiName } from './api-choice.js';
export { checkLegacyLimits, legacyLimits, type LegacyLimitsInput } from './legacy-limits.js';
export type { SecretField } from './secrets.js';
export type { VariableScope } from './variable-scope.js';
export type { ManifestCounts } from './check-file.js';
export {
  ManifestError,
  formatDiagnostic,
  formatPosition,
  formatPath,
  type Diagnostic,
  type ManifestPath,
  type SourcePosition,
} from './diagnostics.js';
export {
  manifestSchema,
  type AcquirerProfileEntry,
  type BindingEntry,
  type DeviceEntry,
  type EmvConfigEntry,
  type Manifest,
  type MerchantEntry,
  type MethodsMap,
  type PrunePolicy,
} from './model.js';
export { buildManifestJsonSchema } from './json-schema.js';
export { expandTemplate, type Expansion } from './env-substitution.js';
export { describeCharacter, refusedCharacter } from './control-characters.js';
export { MULTI_LINE_FIELDS } from '../kinds/multi-line.js';
export { MAX_FILE_BYTES } from './read-yaml.js';
export {
  ACCEPTED_METHOD_CODE_SPELLINGS,
  CARD_METHOD_CODES,
  METHOD_CODES_HINT,
  QR_METHOD_CODES,
  isPaymentMethodCode,
  normalisePaymentMethodCode,
  paymentMethodType,
  type CardMethodCode,
  type PaymentMethodCode,
  type PaymentMethodType,
  type QrMethodCode,
} from './payment-methods.js';
