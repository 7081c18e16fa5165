import { z } from 'zod';
import type { BindingInput } from '../../rules/merchant-bindings.js';
import { currencyCode, optional, paymentMethodCode, perCatalog, requiredText } from './common.js';

export const bindingSchema = perCatalog(
  (methods): z.ZodType<BindingInput> =>
    z.object({
      acquirerProfileId: requiredText,
      currency: currencyCode,
      mid: optional(z.string()),
      paymentMethods: optional(
        z.array(
          z.object({
            paymentMethodCode: paymentMethodCode(methods),
            allows: optional(z.array(z.string())),
            emvs: optional(z.array(z.object({ emvId: z.number().int() }))),
          }),
        ),
      ),
    }),
);
