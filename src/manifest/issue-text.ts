/**
 * Message conventions shared by the model (which writes messages) and the diagnostics builder
 * (which turns zod issues into diagnostics).
 *
 * A message never holds a value directly: it says `{value}` and the diagnostics builder puts the
 * value in, or "the value" when it is secret (deviceAdmin, passcode, anything taken from an
 * environment variable). Messages are written before the builder knows which paths are secret.
 */
import { didYouMean } from './did-you-mean.js';

export const VALUE = '{value}';

/** Fields whose values are secrets wherever they appear. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['deviceAdmin', 'passcode']);

/** Text for a value in a message: quoted and shortened, or a neutral word when it is secret. */
export function describeValue(input: unknown, secret: boolean): string {
  if (input === null || input === undefined) return 'an empty value';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'a mapping';
  if (secret) return typeof input === 'string' ? 'the value' : `a ${typeof input}`;
  if (typeof input === 'string') return JSON.stringify(input.length > 60 ? `${input.slice(0, 57)}...` : input);
  return String(input);
}

/** One line per unknown key, in the order zod lists them (see `unknownKeyLines` users in diagnostics). */
export function unknownKeyLines(keys: readonly string[], allowed: readonly string[]): string {
  return keys.map((key) => `unknown key ${JSON.stringify(key)}${didYouMean(key, allowed)}`).join('\n');
}
