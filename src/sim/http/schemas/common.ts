import { z } from 'zod';
import { isJsonObject, MAX_JSON_DEPTH, pathDeeperThan, type JsonObject } from '../../core/json.js';
import type { MethodCatalog } from '../../core/payment-methods.js';

/** An optional field: null is taken as absent, as a Java service deserialising into nullable fields would. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** A field of an explicit-write update: absent keeps, null clears. */
export function clearable<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional();
}

export const requiredText = z.string().refine((s) => s.trim() !== '', { error: 'must not be empty' });

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter upper-case ISO 4217 code' });

/**
 * Schemas that check method codes depend on the codes the simulated service knows: each is built
 * once per catalog (there are two) and picked by the request's context (`r.ctx.methods`).
 */
export function perCatalog<T>(build: (methods: MethodCatalog) => T): (methods: MethodCatalog) => T {
  const built = new Map<MethodCatalog, T>();
  return (methods) => {
    let schema = built.get(methods);
    if (schema === undefined) {
      schema = build(methods);
      built.set(methods, schema);
    }
    return schema;
  };
}

export function paymentMethodCode(methods: MethodCatalog) {
  return z.string().superRefine((code, ctx) => {
    if (!methods.has(code)) ctx.addIssue({ code: 'custom', message: `has unknown payment method code "${code}"`, input: code });
  });
}

/** An IANA time zone name the runtime knows (Europe/Paris, UTC...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const anyJsonObject = z.custom<JsonObject>(isJsonObject, { error: 'must be an object' });

/**
 * A JSON-encoded object travelling as a string (methodList, params, extParams...): parsed here,
 * then checked by `inner`. Invalid JSON or a non-object names the field.
 */
export function jsonObjectString(): z.ZodType<JsonObject, string>;
export function jsonObjectString<O>(inner: z.ZodType<O>): z.ZodType<O, string>;
export function jsonObjectString<O>(inner?: z.ZodType<O>): z.ZodType<O | JsonObject, string> {
  const parsed = z.string().transform((text, ctx): JsonObject => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON (a JSON-encoded object string is expected)', input: text });
      return z.NEVER;
    }
    if (!isJsonObject(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON-encoded object', input: text });
      return z.NEVER;
    }
    if (pathDeeperThan(value) !== undefined) {
      ctx.addIssue({ code: 'custom', message: `nests deeper than ${MAX_JSON_DEPTH} levels`, input: text });
      return z.NEVER;
    }
    return value;
  });
  return inner ? parsed.pipe(inner as z.ZodType<O, JsonObject>) : parsed;
}
