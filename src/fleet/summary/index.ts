/**
 * The fleet summary: made (summarise.ts), rendered as text, Markdown and JSON, read back from a
 * shard's JSON and merged (`fleet report`).
 */
export { summariseFleet, groupCauses, fleetExitCode, type FleetRunOutcome } from './summarise.js';
export { renderFleetSummaryText, type FleetTextOptions } from './render-text.js';
export { renderFleetSummaryMarkdown, type FleetMarkdownOptions } from './render-markdown.js';
export { renderFleetSummaryJson } from './render-json.js';
export { buildFleetSummaryJsonSchema, fleetSummarySchema } from './model.js';
export { FleetReportError } from './errors.js';
export { writeFleetSummaryFile } from './write.js';
export { readFleetSummary } from './read.js';
export { mergeFleetSummaries, type MergeOptions } from './merge.js';
