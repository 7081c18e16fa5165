/**
 * The span of settlement history a change's traffic is counted over (`--impact-window`): whole days
 * (`30d`) or hours (`12h`), from one hour to 366 days. Held in hours, the unit both forms share.
 */
export interface ImpactWindow {
  readonly hours: number;
}

export const DEFAULT_IMPACT_WINDOW: ImpactWindow = Object.freeze({ hours: 30 * 24 });

/** The longest window: a year and a day, so that a yearly cycle fits whole. */
export const MAX_IMPACT_WINDOW_HOURS = 366 * 24;

/** What `--impact-window` takes, for its usage error. */
export const IMPACT_WINDOW_FORMS = '<N>d (days) or <N>h (hours), from 1h to 366d';

/** `30d` → 720 hours, `12h` → 12; undefined for anything else, or a span outside 1h..366d. */
export function parseImpactWindow(text: string): ImpactWindow | undefined {
  const match = /^([1-9][0-9]{0,5})([dh])$/.exec(text.trim());
  if (match === null) return undefined;
  const hours = Number(match[1]) * (match[2] === 'd' ? 24 : 1);
  return hours <= MAX_IMPACT_WINDOW_HOURS ? { hours } : undefined;
}

/** The window as `--impact-window` takes it: `30d` when it is whole days, `12h` otherwise. */
export function windowLabel(window: ImpactWindow): string {
  return window.hours % 24 === 0 ? `${window.hours / 24}d` : `${window.hours}h`;
}

/** `30d` → `30 days`, `1h` → `1 hour`: the window in words; anything else as it is. */
export function windowInWords(label: string): string {
  const match = /^(\d+)([dh])$/.exec(label);
  if (match === null) return label;
  const n = Number(match[1]);
  return `${n} ${match[2] === 'd' ? 'day' : 'hour'}${n === 1 ? '' : 's'}`;
}

/** The first instant of the window that ends at `now`. */
export function windowStart(window: ImpactWindow, now: Date): Date {
  return new Date(now.getTime() - window.hours * 3_600_000);
}
