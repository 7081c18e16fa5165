/** The simulator's notion of "now"; injectable so tests can pin timestamps and token expiry. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The service's record timestamp form: `yyyy-MM-ddTHH:mm:ss+0000`, always UTC. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

/** Inverse of formatTimestamp; NaN for anything else. */
export function parseTimestamp(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\+0000$/.exec(text);
  return match ? Date.parse(`${match[1]}Z`) : Number.NaN;
}
