import { serviceOf } from '../environments/client.js';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { stringifyJson } from '../util/visible-text.js';
import { describeFsError, writeFileAtomically } from '../util/atomic-file.js';
import { AlertConfigError } from './errors.js';
import type { DriftSubject } from './types.js';

/**
 * The drift state a scheduled job keeps between runs (`--state FILE`): per group, what the webhook
 * was last told, the last check's verdict, when the group was last checked successfully and how
 * many checks of it failed. JSON, versioned; bump DRIFT_STATE_VERSION on an incompatible change.
 */
export const DRIFT_STATE_VERSION = 1;
export const DRIFT_STATE_KIND = 'paycfg-drift-state';

const groupStateSchema = z.object({
  baseUrl: z.string(),
  group: z.string(),
  name: z.string().optional(),
  /** When the group was last checked, successfully or not (ISO 8601). */
  lastCheckedAt: z.iso.datetime(),
  /** When its last successful check ended; absent until one succeeds. */
  lastSuccessAt: z.iso.datetime().optional(),
  /** Checks of the group that failed since the state file was made: the metrics' counter. */
  checkErrors: z.number().int().nonnegative(),
  /** The last successful check's verdict and fingerprint. */
  drifted: z.boolean().optional(),
  fingerprint: z.string().optional(),
  /**
   * What the webhook was last told of the group (or, with no webhook, what the last run saw): the
   * next transition is reckoned against it. Not advanced when a post fails, so the next run posts again.
   */
  notified: z.object({ drifted: z.boolean(), fingerprint: z.string().optional() }).optional(),
});

const stateSchema = z.object({
  formatVersion: z.literal(DRIFT_STATE_VERSION),
  kind: z.literal(DRIFT_STATE_KIND),
  groups: z.record(z.string(), groupStateSchema),
});

export type GroupState = z.infer<typeof groupStateSchema>;
export type DriftState = z.infer<typeof stateSchema>;

export function emptyDriftState(): DriftState {
  return { formatVersion: DRIFT_STATE_VERSION, kind: DRIFT_STATE_KIND, groups: {} };
}

/** A group's key in the state: one group id may be found at two services (a sandbox and production). */
export function groupKey(subject: Pick<DriftSubject, 'baseUrl' | 'group'>): string {
  return `${serviceOf(subject.baseUrl)} ${subject.group}`;
}

/**
 * The state in `path`, or an empty state when there is no such file (the first run makes it).
 * @throws AlertConfigError naming the file: unreadable, not JSON, or not a drift state of this version.
 */
export async function readDriftState(path: string): Promise<DriftState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyDriftState();
    throw new AlertConfigError(`cannot read the drift state file ${path}: ${describeFsError(error)}`, { path });
  }
  return parseDriftState(text, path);
}

/** @throws AlertConfigError naming `path` when `text` is not a drift state of this version. */
export function parseDriftState(text: string, path: string): DriftState {
  const fix = 'fix it or delete it (the next run then starts afresh: a group that drifted is posted as newly drifted)';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AlertConfigError(`the drift state file ${path} is not JSON: ${fix}`, { path });
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > DRIFT_STATE_VERSION) {
    throw new AlertConfigError(`the drift state file ${path} is of format version ${version}, written by a newer paycfg; this one reads version ${DRIFT_STATE_VERSION}`, { path });
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.map(String).join('.')}`;
    throw new AlertConfigError(`the drift state file ${path} is not a paycfg drift state${where}: ${fix}`, { path });
  }
  return parsed.data;
}

/** @throws AlertConfigError when the file cannot be written. */
export async function writeDriftState(path: string, state: DriftState): Promise<void> {
  const groups = Object.fromEntries(Object.entries(state.groups).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  try {
    await writeFileAtomically(path, `${stringifyJson({ ...state, groups }, 2)}\n`);
  } catch (error) {
    throw new AlertConfigError(`cannot write the drift state file ${path}: ${describeFsError(error)}`, { path });
  }
}
