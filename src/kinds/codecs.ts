/**
 * Codecs several kinds share (field-facts.ts, Codec): a JSON-encoded object on the wire, a payment
 * method code.
 */
import { canonicalMethodCode, sortKeys } from '../model/canonical.js';
import type { Codec, LiveContext } from './field-facts.js';
import { jsonObject } from './live-values.js';

/**
 * An object the service takes and sends JSON-encoded. `orEmpty`: a record without it reads as `{}`.
 * Exported with its keys sorted, so that two exports of one group are the same text.
 */
export function jsonObjectCodec<S extends Record<string, unknown>>(options: { readonly orEmpty?: boolean } = {}): Codec<S> {
  return {
    desired: (value: S) => ({ ...value }),
    live: (value, _record, context, wireName) => (parsedJson(value, context, wireName) ?? (options.orEmpty === true ? {} : undefined)) as S | undefined,
    write: (value, _context, wireName) => ({ [wireName]: JSON.stringify(value) }),
    exported: (value) => sortKeys(value),
  };
}

/** A JSON-encoded wire field as an object, parsed here unless the caller has parsed it already. */
export function parsedJson(value: unknown, context: LiveContext, wireName: string): Record<string, unknown> | undefined {
  const parsed = context.parsed;
  return parsed !== undefined && Object.hasOwn(parsed, wireName) ? parsed[wireName] : jsonObject(value, `${wireName} of ${context.where}`);
}

/** A payment method code, two-digit in the state whichever way it was written or sent. */
export const methodCodeCodec: Codec<string> = {
  desired: (code: string | number) => canonicalMethodCode(code),
  live: (code: string | number) => canonicalMethodCode(code),
};
