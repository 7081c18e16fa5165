import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { FLEET_SUMMARY_FORMAT_VERSION, type FleetSummary } from '../types.js';
import { FleetReportError } from './errors.js';
import { fleetSummarySchema } from './model.js';
import { describeFsError } from '../../util/atomic-file.js';

/** A summary of 10,000 targets is a few MB; anything near this is not one. */
const MAX_SUMMARY_BYTES = 64 * 1024 * 1024;

/** The first problems of a file the model refuses: enough to see what it is, not a page per target. */
const PROBLEMS_SHOWN = 5;

const WHAT_A_SUMMARY_IS = 'a fleet summary is the JSON `paycfg fleet validate|plan|apply|drift --json` prints, or `--summary FILE` writes';

/**
 * A summary read from a file a shard wrote (`--summary FILE`, `--json`), checked against the
 * model (schemas/fleet-summary.schema.json). The file is named as given. Nothing of its content
 * is quoted in an error but the names of keys: a file given by mistake (a token file) stays unshown.
 *
 * @throws FleetReportError naming the file and what is wrong: unreadable, not JSON, not a summary, a summary of another format version, the first problems the model finds.
 */
export async function readFleetSummary(file: string, options: { readonly cwd: string }): Promise<FleetSummary> {
  const absolute = path.resolve(options.cwd, file);
  const refuse = (message: string, problems?: readonly string[]): FleetReportError =>
    new FleetReportError(message, { files: [file], ...(problems !== undefined ? { problems } : {}) });
  let bytes: Buffer;
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) throw refuse(`cannot read the fleet summary ${file}: it is a directory; give the JSON files the shards wrote`);
    if (info.size > MAX_SUMMARY_BYTES) throw refuse(`${file} is not a fleet summary: it is ${info.size} bytes, over the ${MAX_SUMMARY_BYTES} a summary may have`);
    bytes = await readFile(absolute);
  } catch (error) {
    if (error instanceof FleetReportError) throw error;
    throw refuse(`cannot read the fleet summary ${file}: ${describeFsError(error)}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(`${file} is not a fleet summary: it is not UTF-8 text (${WHAT_A_SUMMARY_IS})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error: not shown, the file may be anything.
    throw refuse(`${file} is not a fleet summary: it is not JSON (${WHAT_A_SUMMARY_IS})`);
  }
  const kind = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>)['kind'] : undefined;
  if (kind === 'paycfg-fleet-plan') throw refuse(`${file} is a saved fleet plan (fleet.json), not a fleet summary (${WHAT_A_SUMMARY_IS})`);
  if (kind !== 'paycfg-fleet-summary') throw refuse(`${file} is not a fleet summary: it has no "kind": "paycfg-fleet-summary" (${WHAT_A_SUMMARY_IS})`);
  const version = (data as Record<string, unknown>)['formatVersion'];
  if (version !== FLEET_SUMMARY_FORMAT_VERSION) {
    const written = typeof version === 'number' ? String(version) : 'with no number';
    throw refuse(`${file} is a fleet summary of format version ${written}; this paycfg reads version ${FLEET_SUMMARY_FORMAT_VERSION}: merge summaries written by the same paycfg version`);
  }
  const parsed = fleetSummarySchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues.slice(0, PROBLEMS_SHOWN).map(issueText);
    if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
    throw refuse(`${file} is not a valid fleet summary (${issues.length === 1 ? '1 problem' : `${issues.length} problems`})`, shown);
  }
  return parsed.data;
}

/** `targets[3].status: invalid option: …`: where in the document, then what zod says. */
function issueText(issue: z.core.$ZodIssue): string {
  let where = '';
  for (const key of issue.path) where += typeof key === 'number' ? `[${key}]` : `${where === '' ? '' : '.'}${String(key)}`;
  const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  return where === '' ? message : `${where}: ${message}`;
}
