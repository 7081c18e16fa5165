/**
 * Small value conversions the kinds' legacy adapters share: legacy records send objects where the
 * current API's carry JSON-encoded strings, and leave out (or null) what they do not have.
 */
import { InternalError } from '../errors.js';
import { isPlainObject } from '../model/canonical.js';

/** The fields that hold a value: a current-shape record lists no field the legacy one left out or sent as null. */
export function withoutEmpty<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], null | undefined> };
}

/** A value the legacy API sends as an object or JSON-encoded, as the current API's JSON-encoded text; undefined when absent. */
export function jsonText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A JSON-encoded object of a current-shape body (paycfg's own), as the object the legacy API takes; undefined when absent. */
export function writtenObject(text: string | null | undefined, what: string): Record<string, unknown> | undefined {
  if (text === undefined || text === null) return undefined;
  const parsed: unknown = JSON.parse(text);
  if (!isPlainObject(parsed)) throw new InternalError(`${what} was written as something other than a JSON object`);
  return parsed;
}
