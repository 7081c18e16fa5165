import { createScrubber } from './scrub.js';
import { showControls } from './visible-text.js';

/**
 * Finding the access token, in any of its encodings, in values paycfg is about to write (an export,
 * a saved plan), and naming the places it was found without showing it: both refuse to write rather
 * than write a mask the next apply would send to the service.
 */
export interface TokenSearch {
  /** Whether `text` holds a form of the token. */
  holds(text: string): boolean;
  /** `text` for a message: the token masked, control characters escaped. */
  name(text: string): string;
}

const MARK = '[token]';
/** Places listed in a message; the rest are counted. */
const SHOWN = 10;

export function tokenSearch(token: string): TokenSearch {
  const mask = createScrubber([token], MARK);
  return { holds: (text) => mask(text) !== text, name: (text) => showControls(mask(text)) };
}

/** Every string of a value, keys included, with its path. */
export function* stringsIn(value: unknown, path: readonly string[] = []): Generator<{ path: readonly string[]; text: string }> {
  if (typeof value === 'string') yield { path, text: value };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, [...path, String(i)]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { path: [...path, key], text: key };
      yield* stringsIn(item, [...path, key]);
    }
  }
}

/** `a; b; c, and 4 more`: the first places, the rest counted. */
export function listPlaces(places: readonly string[]): string {
  const more = places.length > SHOWN ? `, and ${places.length - SHOWN} more` : '';
  return `${places.slice(0, SHOWN).join('; ')}${more}`;
}
