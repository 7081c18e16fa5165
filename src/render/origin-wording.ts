import { ORIGINS, type ChangeOrigin, type WithOrigin } from '../plan/origin.js';
import type { Change, Plan } from '../plan/plan.js';
import { visibleRecordAddress } from './visible-plan.js';

/**
 * The words of a plan made with a base manifest (`plan --base`), shared by the text and Markdown
 * renderers: the headings the changes are grouped under, and the warning that the apply would undo
 * changes made outside paycfg. From a plan already made visible (render/visible-plan).
 */

export const ORIGIN_HEADING: Readonly<Record<ChangeOrigin, string>> = {
  intended: 'Intended',
  revert: 'Reverts changes made outside paycfg',
  both: 'Both',
};

export const ORIGIN_DETAIL: Readonly<Record<ChangeOrigin, string>> = {
  intended: 'the change under review brings these',
  revert: 'the manifest is unchanged here and the live group differs from it (changed outside paycfg, or by an apply of a manifest never merged), and the apply undoes that',
  both: 'the change under review brings these, and the live group also differs from the base manifest in fields they change: the apply undoes that too',
};

/** A change's origin in a few words, for its block (`origin: revert (…)`). */
export function originNote(origin: ChangeOrigin): string {
  return origin === 'intended' ? 'intended' : origin === 'revert' ? 'revert (undoes a change made outside paycfg)' : 'both (intended, and undoes a change made outside paycfg)';
}

export function originOf(entry: object): ChangeOrigin | undefined {
  const origin = (entry as WithOrigin).origin;
  // Read as words: a plan saved by a later version may name an origin this one does not list.
  return origin !== undefined && ORIGINS.includes(origin) ? origin : undefined;
}

/** Whether the plan was made with a base manifest: its changes carry origins. */
export function hasOrigins(plan: Plan): boolean {
  return plan.changes.some((change) => originOf(change) !== undefined);
}

/** The changes of each origin, in the plan's order; a change without one (a plan from elsewhere) counts as intended. */
export function changesByOrigin(changes: readonly Change[]): { origin: ChangeOrigin; changes: Change[] }[] {
  return ORIGINS.map((origin) => ({ origin, changes: changes.filter((change) => (originOf(change) ?? 'intended') === origin) })).filter(
    (group) => group.changes.length > 0,
  );
}

/**
 * The records whose changes made outside paycfg the apply would undo (labelled revert or both), each
 * once and in the plan's order, as the visible plan shows addresses: a replacement's halves and a
 * detach step name their record.
 */
export function revertedAddresses(plan: Plan): string[] {
  const out = new Set<string>();
  for (const change of plan.changes) {
    const origin = originOf(change);
    if (origin === 'revert' || origin === 'both') out.add(visibleRecordAddress(change));
  }
  return [...out];
}

/** `This apply would also revert 2 changes made outside paycfg`, for the records `revertedAddresses` lists. */
export function revertSentence(count: number): string {
  return `This apply would also revert ${count} change${count === 1 ? '' : 's'} made outside paycfg`;
}
