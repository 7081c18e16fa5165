import { z } from 'zod';
import type { PaymentInput } from '../../rules/payments.js';
import { currencyCode, optional, requiredText } from './common.js';

/** `POST /_sim/payments`: what a terminal sends; the amount in major units (`12.5`). */
export const paymentSchema: z.ZodType<PaymentInput> = z.object({
  deviceId: requiredText,
  amount: z.number(),
  currency: optional(currencyCode),
  paymentMethod: optional(requiredText),
  tranType: optional(z.enum(['SALE', 'PRE_AUTH'])),
  decline: optional(z.boolean()),
  createdAt: optional(requiredText),
});
