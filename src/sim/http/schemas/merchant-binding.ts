import { z } from 'zod';
import type { BindingInput } from '../../rules/merchant-bindings.js';
import { currencyCode, optional, paymentMethodCode, requiredText } from './common.js';

export const bindingSchema: z.ZodType<BindingInput> = z.object({
  acquirerProfileId: requiredText,
  currency: currencyCode,
  mid: optional(z.string()),
  paymentMethods: optional(
    z.array(
      z.object({
        paymentMethodCode,
        allows: optional(z.array(z.string())),
        emvs: optional(z.array(z.object({ emvId: z.number().int() }))),
      }),
    ),
  ),
});
