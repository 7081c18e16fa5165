import { z } from 'zod';
import type { EmvConfigCreateInput, EmvConfigUpdateInput } from '../../rules/emv-configs.js';
import { currencyCode, jsonObjectString, optional, paymentMethodCode, perCatalog, requiredText } from './common.js';

export const emvConfigCreateSchema = perCatalog(
  (methods): z.ZodType<EmvConfigCreateInput> =>
    z.object({
      emvName: requiredText,
      paymentMethod: paymentMethodCode(methods),
      currency: currencyCode,
      params: jsonObjectString(),
    }),
);

export const emvConfigUpdateSchema: z.ZodType<EmvConfigUpdateInput> = z.object({
  currency: currencyCode,
  params: jsonObjectString(),
  emvName: optional(z.string()),
  paymentMethod: optional(z.string()),
});
