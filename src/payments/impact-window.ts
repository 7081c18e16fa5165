import { UsageError } from '../errors.js';

/**
 * How far back a plan looks for the traffic of what it changes (`--impact-window`): `<N>d` days or
 * `<N>h` hours, from 1 day to 366 days; 30 days unless said otherwise.
 */
export interface ImpactWindow {
  /** As written (`7d`, `36h`): what the plan's words say. */
  readonly text: string;
  readonly ms: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const DEFAULT_IMPACT_WINDOW: ImpactWindow = { text: '30d', ms: 30 * DAY_MS };

/**
 * How far back the settlement read goes: the impact window, and never less than 90 days, so that
 * the guard sees every batch a service leaves unsettled for up to 90 days (an older one is not seen).
 */
export const GUARD_LOOKBACK_MS = 90 * DAY_MS;

const MIN_MS = DAY_MS;
const MAX_MS = 366 * DAY_MS;

/** Parses `7d` or `36h`; anything else, or a span outside 1d..366d, is a UsageError naming `name` (the flag or option). */
export function parseImpactWindow(value: string | undefined, name = '--impact-window'): ImpactWindow {
  if (value === undefined) return DEFAULT_IMPACT_WINDOW;
  const match = /^([1-9]\d{0,5})([dh])$/.exec(value.trim());
  const ms = match === null ? NaN : Number(match[1]) * (match[2] === 'd' ? DAY_MS : HOUR_MS);
  if (!(ms >= MIN_MS && ms <= MAX_MS)) {
    throw new UsageError(`${name} must be a number of days (7d) or hours (36h), from 1d (24h) to 366d, got ${JSON.stringify(value)}`);
  }
  return { text: value.trim(), ms };
}

/** The start of the settlement read of a run at `now` (see GUARD_LOOKBACK_MS). */
export function settlementReadStart(now: Date, window: ImpactWindow): Date {
  return new Date(now.getTime() - Math.max(window.ms, GUARD_LOOKBACK_MS));
}
