/**
 * Environments: the environments file (paycfg.environments.yaml) found, loaded and checked; one
 * environment selected, its values read, its client made, its manifests loaded with its values
 * alone. What the CLI's --env, promotion, the environment diff and the two-environment export
 * build on.
 */
export * from './types.js';
export { ENVIRONMENTS_FILE_ENV, ENVIRONMENTS_FILE_NAMES, findEnvironmentsFile } from './find-file.js';
export { loadEnvironmentsFile } from './load-file.js';
export { ENVIRONMENT_ENV, environmentNames, selectEnvironment } from './select.js';
export { readEnvironmentToken, readSource, resolveEnvironment } from './resolve.js';
export { checkClientOfEnvironment, environmentClient } from './client.js';
export { environmentManifestOptions, environmentOwner, loadEnvironmentManifest, type EnvironmentManifestOptions } from './manifests.js';
export { describeEnvironment, sameEnvironment } from './identity.js';
export { EnvironmentsError } from './errors.js';
export { buildEnvironmentsJsonSchema, environmentsFileSchema, ENVIRONMENT_NAME } from './model.js';
