import type { Change } from '../plan/plan.js';

/**
 * What the executor tells its listeners as it carries a plan out, one event per step of a change:
 * the CLI's progress display and the journal subscribe to these, and a library caller may too
 * (`run({ onEvent })`). Each names the change it is about (its address, kind, action and step are
 * fields of the Change); the executor knows nothing of who listens or how they show it.
 *
 * A change starts once every change it depends on is done, then ends done or failed; a change
 * whose dependency failed never starts and is skipped. A change that neither started nor was
 * skipped when the run ends was not started (an interrupt): no event says so, the run's result does.
 * The `type` names are part of the library's API: new kinds of event are added, these never renamed.
 */
export type ApplyEvent = ChangeStarted | ChangeDone | ChangeFailed | ChangeSkipped;

export interface ChangeStarted {
  readonly type: 'start';
  readonly change: Change;
}

export interface ChangeDone {
  readonly type: 'done';
  readonly change: Change;
  /** What was done, in words for a person (`created id 7`, `updated`, `already gone`). */
  readonly detail: string;
  /** The id of the record a create made, or found under its key and adopted (`adopted` then true). */
  readonly createdId?: string;
  readonly adopted?: true;
  readonly durationMs: number;
}

export interface ChangeFailed {
  readonly type: 'failed';
  readonly change: Change;
  /** Why, as thrown: one of the library's error classes (ApiError, TransportError…) or a bug. */
  readonly error: unknown;
  readonly durationMs: number;
}

export interface ChangeSkipped {
  readonly type: 'skipped';
  readonly change: Change;
  /** Which failed change it depended on (`merchant/m-2 failed`). */
  readonly because: string;
}

/** Where the executor sends its events. */
export type ApplyEventListener = (event: ApplyEvent) => void;
