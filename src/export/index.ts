/** `paycfg export`: the live group as a manifest. Everything the CLI and tests may use from src/export. */
export { exportGroup, type ExportRun, type ExportTarget } from './export-group.js';
export { buildExport, type ExportInput, type UnkeyedMerchant } from './build-manifest.js';
export type { ExportCounts, ExportedItem, ExportedList, ExportedManifest, ExportedMerchant, SecretVariable } from './exported-manifest.js';
export { readExportSource, type ExportSource } from './read-export.js';
export { renderFileSet, renderSingleFile, merchantFileNames, type ManifestFile } from './write-yaml.js';
export { INSTALLED_SCHEMA_PATH, MANIFEST_SCHEMA_FILE, schemaReference } from './schema-location.js';
export { assignVariableNames, variablePart, DEVICE_ADMIN_PREFIX, type SecretOwner } from './secret-variables.js';
export { proposeReferences, slugOf } from './reference-proposals.js';
export { escapeTemplates } from './literal-text.js';
export { ExportFileExistsError, ExportOutputError } from './errors.js';
export { ExportHoldsTokenError } from './held-token.js';
export {
  exportAgainst,
  ExportAgainstError,
  type AgainstExportRun,
  type ExportAgainstInput,
  type MovedRecord,
  type OwnRecord,
  type TemplatedField,
  type ValueWritten,
} from './export-against.js';
