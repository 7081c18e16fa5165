import { isDrifted } from './observe.js';
import { serviceOf } from '../environments/client.js';
import type { GroupState } from './state.js';
import type { DriftObservation, DriftTransition } from './types.js';

/** A group's next state, told (the webhook heard of it) or not (its post failed). */
export interface GroupStep {
  readonly transition?: DriftTransition;
  /** The group's state once its transition, if any, was posted (or when there is nothing to post). */
  readonly told: GroupState;
  /** The group's state when the post of its transition failed: `notified` left as it was, so the next run posts again. */
  readonly untold: GroupState;
}

/**
 * Where one observation takes a group's state, and the transition it makes, reckoned against what
 * the webhook was last told (`notified`):
 * - drifted, and last told clean or never told: newly-drifted (a first run with no state posts a drifted group);
 * - drifted, last told drifted with another fingerprint: changed;
 * - clean, last told drifted: resolved;
 * - clean and never told: nothing (a first run does not post a clean group);
 * - a failed check: nothing, and the verdict kept; its error counted.
 */
export function stepGroup(previous: GroupState | undefined, observation: DriftObservation): GroupStep {
  const { subject, checkedAt, drift } = observation;
  const base = {
    baseUrl: serviceOf(subject.baseUrl),
    group: subject.group,
    ...(subject.name !== undefined ? { name: subject.name } : previous?.name !== undefined ? { name: previous.name } : {}),
    lastCheckedAt: checkedAt.toISOString(),
    checkErrors: previous?.checkErrors ?? 0,
  };
  const notified = previous?.notified;
  if (drift === undefined) {
    const failed: GroupState = {
      ...base,
      ...(previous?.lastSuccessAt !== undefined ? { lastSuccessAt: previous.lastSuccessAt } : {}),
      checkErrors: base.checkErrors + 1,
      ...(previous?.drifted !== undefined ? { drifted: previous.drifted } : {}),
      ...(previous?.fingerprint !== undefined ? { fingerprint: previous.fingerprint } : {}),
      ...(notified !== undefined ? { notified } : {}),
    };
    return { told: failed, untold: failed };
  }
  const drifted = isDrifted(drift);
  const checked = { ...base, lastSuccessAt: checkedAt.toISOString(), drifted, fingerprint: drift.fingerprint };
  const told: GroupState = { ...checked, notified: drifted ? { drifted, fingerprint: drift.fingerprint } : { drifted } };
  const untold: GroupState = { ...checked, ...(notified !== undefined ? { notified } : {}) };
  const kind = transitionKind(notified, drifted, drift.fingerprint);
  return kind === undefined ? { told, untold: told } : { transition: { subject, kind }, told, untold };
}

function transitionKind(notified: GroupState['notified'], drifted: boolean, fingerprint: string): DriftTransition['kind'] | undefined {
  if (drifted) {
    if (notified === undefined || !notified.drifted) return 'newly-drifted';
    return notified.fingerprint !== fingerprint ? 'changed' : undefined;
  }
  return notified?.drifted === true ? 'resolved' : undefined;
}
