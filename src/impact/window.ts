/**
 * The span of settlement history a change's traffic is counted over (`--impact-window`). Parsed by
 * payments/impact-window.ts, whose ImpactWindow has this shape: the text as written (`30d`, `36h`),
 * and its length.
 */
export interface ImpactWindow {
  /** As written (`7d`, `36h`): what the plan's words say. */
  readonly text: string;
  readonly ms: number;
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
  return new Date(now.getTime() - window.ms);
}
