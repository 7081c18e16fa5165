/**
 * Small value conversions the kinds' legacy adapters share: legacy records send objects where the
 * current API's carry JSON-encoded strings, and leave out (or null) what they do not have.
 */
import { LegacyApiLimitError } from '../backend/errors.js';
import { InternalError } from '../errors.js';
import { isPlainObject } from '../model/canonical.js';
import type { FieldFacts } from './field-facts.js';

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

/**
 * Refuses a current-shape body that writes a field the legacy API lacks (the kind's `legacyLacks`
 * facts, which `validate --api legacy` reads too) with another value than the one it holds by
 * nature; `skip` names the fields the adapter weighs itself. Nothing of the body is sent then.
 */
export function refuseLegacyLacks(what: string, facts: Readonly<Record<string, FieldFacts>>, body: object, skip: readonly string[] = []): void {
  const values = body as Readonly<Record<string, unknown>>;
  for (const [field, fact] of Object.entries(facts)) {
    const lack = fact.legacyLacks;
    if (lack === undefined || skip.includes(field)) continue;
    const value = values[field];
    if (value === undefined || value === null || value === '' || value === lack.holds) continue;
    throw new LegacyApiLimitError(what, lack.holds === undefined ? `it sets ${field}` : `its ${field} is ${String(value)}, and the legacy API ${lack.words}`, { field });
  }
}
