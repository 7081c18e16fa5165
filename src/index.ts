/**
 * paycfg as a library: what the CLI does, without printing. Every function returns what the CLI
 * renders (a plan is the documented JSON plan, schemas/plan.schema.json) and throws the error
 * classes the CLI maps to exit codes (`error.exitCode`, `error.code`).
 *
 * @example
 * ```ts
 * import { createClient, plan, renderPlanText } from 'paycfg';
 *
 * const client = createClient(); // PAYCFG_BASE_URL and PAYCFG_TOKEN
 * try {
 *   const result = await plan({ manifest: ['paycfg/'], client });
 *   process.stdout.write(renderPlanText(result));
 * } finally {
 *   await client.close();
 * }
 * ```
 *
 * @packageDocumentation
 */

export { loadManifest } from './library/manifest.js';
export {
  plan,
  DEFAULT_PARALLELISM,
  type BaseOptions,
  type PlanOptions,
  type SavePlanOptions,
  type EnvironmentTarget,
  type EnvironmentPlanOptions,
  type EnvironmentSavePlanOptions,
} from './library/plan.js';
export {
  apply,
  type ApplyOptions,
  type ApplyManifestOptions,
  type ApplySavedPlanOptions,
  type EnvironmentApplyOptions,
  type EnvironmentSavedPlanOptions,
  type ApplyReport,
} from './library/apply.js';
export {
  findEnvironmentsFile,
  loadEnvironmentsFile,
  selectEnvironment,
  resolveEnvironment,
  readEnvironmentToken,
  environmentClient,
  loadEnvironmentManifest,
  identityOf,
  ENVIRONMENTS_FILE_NAMES,
  EnvironmentsError,
  type EnvironmentDefinition,
  type EnvironmentIdentity,
  type EnvironmentPositions,
  type EnvironmentsFile,
  type ResolvedEnvironment,
  type ValueSource,
} from './environments/index.js';
export { exportGroup, type ExportOptions } from './library/export.js';
export { createClient, type CreateClientOptions } from './library/client.js';
export { renderPlanText, type TextOptions } from './library/render.js';
export { renderPlanJson, renderPlanMarkdown, MARKDOWN_MAX_LENGTH, type MarkdownOptions } from './render/render-document.js';
export { hasChanges, PLAN_FORMAT_VERSION } from './plan/plan.js';
export {
  diffEnvironments,
  renderEnvironmentDiffText,
  renderEnvironmentDiffMarkdown,
  renderEnvironmentDiffJson,
  ENV_DIFF_FORMAT_VERSION,
  type DiffEnvironmentsOptions,
  type EnvironmentSide,
  type EnvironmentDiff,
  type EnvironmentDiffSummary,
  type EnvironmentDiffTextOptions,
  type EnvironmentDiffMarkdownOptions,
  type DiffedEnvironment,
  type DiffSideName,
  type DifferingRecord,
  type FieldDifference,
  type OneSidedRecord,
  type SubstitutedField,
  type UnkeyedRecord,
} from './env-diff/index.js';

export {
  startSimulator,
  signSimToken,
  simAdminClient,
  DEFAULT_SIM_SECRET,
  DEFAULT_TOKEN_TTL_SECONDS,
  type SimulatorOptions,
  type RunningSimulator,
  type FaultSettings,
  type SimAdminClient,
  type SimSettings,
  type WireStyle,
  type SummaryLists,
} from './sim/index.js';

export { ExitCode, PaycfgError, UsageError, ConfigError, ApprovalRequiredError, InternalError } from './errors.js';
export {
  ApiError,
  AuthenticationError,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
} from './api/index.js';
export { ManifestError, type Diagnostic } from './manifest/diagnostics.js';
export { PlanError, TargetError } from './plan/errors.js';
export { SavedPlanError, SavedPlanStaleError } from './plan/saved-plan.js';
export { DeleteBudgetError } from './plan/delete-budget.js';
export { AffectedTerminalsError } from './plan/terminal-budget.js';
export { SavedPlanUnsettledError } from './plan/settlement-guard.js';
export { SettlementReadError } from './payments/read-settlements.js';
export { LiveStateError, GroupMismatchError, UnreadableRecordError } from './live/errors.js';
export { LegacyApiLimitError } from './backend/errors.js';
export type { GroupApi } from './backend/configuration-api.js';
export type { ApiFlag } from './manifest/api-choice.js';
export { ConcurrentCreateError } from './apply/concurrent-create.js';
export { ExportOutputError, ExportFileExistsError, ExportHoldsTokenError } from './export/index.js';
export { exportAgainst, ExportAgainstError, type AgainstExportRun, type ExportAgainstInput } from './export/index.js';
export { PlanHoldsTokenError } from './workflow/desired-token.js';
export { SimStateError, SimAdminError } from './sim/index.js';
export { loadServiceRecord, serviceRecordText, writeServiceRecord, SERVICE_RECORD_FILE_NAME } from './service-record/file.js';
export { SERVICE_RECORD_ENV, type ServiceRecordOption, type ServiceRecordSource } from './service-record/resolve.js';
export { ServiceRecordError, ServiceRecordContradictedError } from './service-record/errors.js';
export type { LoadedServiceRecord, ProbeEvidence, ProbeMethod, ServiceRecord } from './service-record/types.js';

export type { ApiClient, EmvConfigsClient, LegacyClient, RequestLogEvent, RequestOutcome, SettlementsClient, TransactionsClient } from './api/index.js';
export type { LoadedManifest, LoadManifestOptions } from './manifest/index.js';
export type { Manifest } from './manifest/model.js';
export type { Action, BlockedChange, Change, DeviceDisposal, Plan, PlanSummary, PlanWarning, UnmanagedCause, UnmanagedResource, UnreadDevices } from './plan/plan.js';
export type { ApplyEvent, ApplyResult, ChangeOutcome } from './apply/execute-plan.js';
export type { ExportRun, ExportTarget, ExportedManifest } from './export/index.js';
export type { Address, Kind } from './model/kinds.js';
export {
  JournalError,
  journalApply,
  manifestSource,
  openJournal,
  planHash,
  readJournal,
  renderJournalJson,
  renderJournalMarkdown,
  renderJournalText,
  savedPlanSource,
  summariseJournal,
  type ApplyJournal,
  type Journal,
  type JournalRecord,
  type JournalRun,
} from './journal/index.js';
export { BaseManifestError } from './workflow/base-manifest.js';
export type { ChangeOrigin } from './plan/origin.js';
export { promote, PromotionError, SourceManifestError, type PromoteOptions, type PromotionPlan, type PromotionSide } from './promote/index.js';
export type { ChangeEvidence, PlanPromotion, ProvenEvidence, UnprovenEvidence, UnprovenReason } from './plan/promotion.js';
export type { PromotionRecord, RunPromotion } from './journal/index.js';
export {
  applyOverrides,
  blocksApply,
  evaluatePolicies,
  PolicyBlockedError,
  PolicyModuleError,
  PolicyOverrideError,
  DEFAULT_POLICY_TIMEOUT_MS,
  type ChangeFilter,
  type EvaluationContext,
  type FieldChange,
  type AfterString,
  type OverrideRequest,
  type PackSource,
  type PolicyEnvironment,
  type PolicyHelpers,
  type PolicyInput,
  type PolicyOverrideGrant,
  type PolicyPack,
  type PolicyReport,
  type PolicyRule,
  type PolicyViolation,
} from './policy/index.js';
export type { PlanPolicyPack, PlanServiceRecord } from './plan/plan.js';
export type { PolicyOverrideRecord, RunOverride } from './journal/index.js';
export {
  assertPaymentRules,
  checkPaymentRules,
  PAYMENT_RULES,
  PAYMENT_RULE_DESCRIPTORS,
  PAYMENT_RULES_PACK,
  type ManifestLookup,
  type PaymentRule,
  type RuleContext,
  type RuleDiagnostic,
  type RuleExample,
  type RulesReport,
} from './rules/index.js';
export { CARD_NETWORKS, REFERENCE_SOURCES, type CardNetwork, type ReferenceSource } from './reference-data/index.js';
