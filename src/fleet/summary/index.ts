/**
 * The fleet summary: made (summarise.ts), rendered as text, Markdown and JSON, read back from a
 * shard's JSON and merged (`fleet report`). Renderers and merge are owned by the fleet-summary
 * module; CONTRACT stubs until it lands.
 */
import { InternalError } from '../../errors.js';
import type { Style } from '../../render/style.js';
import type { FleetSummary } from '../types.js';

export { summariseFleet, groupCauses, fleetExitCode, type FleetRunOutcome } from './summarise.js';

/** One line per target (counts, status) and the failures grouped by cause; what the terminal shows. */
export function renderFleetSummaryText(summary: FleetSummary, style: Style): string {
  void summary;
  void style;
  throw new InternalError('renderFleetSummaryText: not yet implemented');
}

/** For a PR comment or an issue: a table of targets, causes, the verdict. */
export function renderFleetSummaryMarkdown(summary: FleetSummary): string {
  void summary;
  throw new InternalError('renderFleetSummaryMarkdown: not yet implemented');
}

/** schemas/fleet-summary.schema.json's document, with a trailing newline. */
export function renderFleetSummaryJson(summary: FleetSummary): string {
  void summary;
  throw new InternalError('renderFleetSummaryJson: not yet implemented');
}

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

/** The JSON Schema of the summary (schemas/fleet-summary.schema.json). */
export function buildFleetSummaryJsonSchema(): Record<string, unknown> {
  throw new InternalError('buildFleetSummaryJsonSchema: not yet implemented');
}
