/**
 * The fleet summary: made (summarise.ts), rendered as text, Markdown and JSON, read back from a
 * shard's JSON and merged (`fleet report`).
 */
export { summariseFleet, groupCauses, fleetExitCode, type FleetRunOutcome } from './summarise.js';
export { renderFleetSummaryText } from './render-text.js';
export { renderFleetSummaryMarkdown, type FleetMarkdownOptions } from './render-markdown.js';
export { renderFleetSummaryJson } from './render-json.js';
export { buildFleetSummaryJsonSchema, fleetSummarySchema } from './model.js';
export { FleetReportError } from './errors.js';
export { writeFleetSummaryFile } from './write.js';

import { InternalError } from '../../errors.js';
import type { FleetSummary } from '../types.js';

/**
 * A summary read from a file a shard wrote (`--json`), checked against the schema.
 *
 * @throws FleetReportError naming the file and what is wrong.
 */
export async function readFleetSummary(path: string, options: { readonly cwd: string }): Promise<FleetSummary> {
  void path;
  void options;
  throw new InternalError('readFleetSummary: not yet implemented');
}

/**
 * Shards' summaries as one: refused when they are of different commands or fleet files, when a
 * shard is given twice, when their shard counts differ, or when one target is in two of them.
 */
export function mergeFleetSummaries(summaries: readonly FleetSummary[]): FleetSummary {
  void summaries;
  throw new InternalError('mergeFleetSummaries: not yet implemented');
}
