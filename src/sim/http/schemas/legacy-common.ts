import { z } from 'zod';
import { MAX_JSON_DEPTH, pathDeeperThan } from '../../core/json.js';
import type { MethodCatalog } from '../../core/payment-methods.js';

/**
 * A field the legacy reference shows both as an object and as a JSON-encoded string (emvList,
 * methodList, extParams, emvParams): a string is parsed first, then `inner` checks the object.
 */
export function objectOrJsonString<O>(inner: z.ZodType<O>) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON (an object or a JSON-encoded object string is expected)', input: value });
      return z.NEVER;
    }
    if (pathDeeperThan(parsed) !== undefined) {
      ctx.addIssue({ code: 'custom', message: `nests deeper than ${MAX_JSON_DEPTH} levels`, input: value });
      return z.NEVER;
    }
    return parsed;
  }, inner);
}

/** A payment method by code (`01`) or name (`VISA`, `NETWORK_A`, any case), answered as its code. */
export function paymentMethodCodeOrName(methods: MethodCatalog) {
  return z.string().transform((value, ctx) => {
    const code = methods.codeOf(value);
    if (code === undefined) {
      ctx.addIssue({ code: 'custom', message: `has unknown payment method code or name "${value}"`, input: value });
      return z.NEVER;
    }
    return code;
  });
}

/** `true`/`false`, or the same as a string (`"true"`), as a form-built client sends it. */
export const looseBoolean = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** An integer id that may travel as a number or as a string of digits. */
export const numericId = z.preprocess((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value), z.number().int().min(0));
