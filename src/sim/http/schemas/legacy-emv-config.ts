import { z } from 'zod';
import type { JsonObject } from '../../core/json.js';
import type { LegacyEmvCreateInput, LegacyEmvUpdateInput } from '../../rules/legacy/emv-configs.js';
import { currencyCode, optional, perCatalog, requiredText } from './common.js';
import { objectOrJsonString, paymentMethodCodeOrName } from './legacy-common.js';

/** `params`: an object, as the public documentation sends it, or the current API's JSON-encoded string. */
const params = objectOrJsonString(z.looseObject({}).transform((value) => value as JsonObject));

/** Create: `{emvName, paymentMethod, params}`; the method by code or name; a currency only if the caller insists. */
export const legacyEmvCreateSchema = perCatalog(
  (methods): z.ZodType<LegacyEmvCreateInput> =>
    z.object({
      emvName: requiredText,
      paymentMethod: paymentMethodCodeOrName(methods),
      params,
      currency: optional(currencyCode),
    }),
);

/** Update: `{params}`; emvName and paymentMethod may be echoed back unchanged (the rule compares them). */
export const legacyEmvUpdateSchema = perCatalog(
  (methods): z.ZodType<LegacyEmvUpdateInput> =>
    z.object({
      params,
      currency: optional(currencyCode),
      emvName: optional(z.string()),
      paymentMethod: optional(paymentMethodCodeOrName(methods)),
    }),
);
