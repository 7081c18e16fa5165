/**
 * The environment diff: two environments' live groups compared by natural key, with each
 * environment's own values substituted (`paycfg diff-env A B`), and its three renderings.
 */
export { diffEnvironments, type DiffEnvironmentsOptions, type EnvironmentSide } from './diff-environments.js';
export { renderEnvironmentDiffText, type EnvironmentDiffTextOptions } from './render-text.js';
export { renderEnvironmentDiffMarkdown, type EnvironmentDiffMarkdownOptions } from './render-markdown.js';
export { renderEnvironmentDiffJson } from './render-json.js';
export * from './types.js';
