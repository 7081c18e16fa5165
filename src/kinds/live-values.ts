/**
 * How values the service sends become state values, for the kinds' codecs and the live
 * normaliser: JSON-encoded strings, lists written as text, fields left empty.
 */
import { LiveStateError } from '../live/errors.js';
import { isPlainObject } from '../model/canonical.js';

/** Parses a JSON-encoded wire field; a broken one is the service's fault and is reported as such. */
export function jsonObject(text: unknown, where: string): Record<string, unknown> | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  if (isPlainObject(text)) return text;
  if (typeof text === 'string') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // reported below
    }
  }
  throw new LiveStateError(`the service sent ${where} that is not a JSON object: ${JSON.stringify(text).slice(0, 120)}`);
}

/** Whether the service sent a value: not absent, null or empty. */
export function present<V>(value: V | undefined | null | ''): value is V {
  return value !== undefined && value !== null && value !== '';
}

/** A comma- or semicolon-separated list written as text, or undefined when it holds nothing. */
export function splitList(text: string | undefined | null): string[] | undefined {
  if (text === undefined || text === null || text.trim() === '') return undefined;
  return text.split(/[,;]/).map((s) => s.trim()).filter((s) => s !== '');
}
