import { z } from 'zod';
import type { LegacyMerchantCreateInput, LegacyMerchantInput } from '../../rules/legacy/merchants.js';
import { isTimeZone, optional, requiredText } from './common.js';
import { numericId, objectOrJsonString, paymentMethodCodeOrName } from './legacy-common.js';

/** Optional text with a shape; `""` is accepted as "no value", as a form would send it. */
function shaped(pattern: RegExp, problem: string) {
  return optional(z.string().refine((s) => s === '' || pattern.test(s), { error: problem }));
}

const text = optional(z.string());
const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' });

/** Read-only fields echoed back from a GET (mchId, supportedPayments, createdAt...) are ignored. */
const fields = {
  groupId: text,
  mchName: optional(requiredText),
  contactName: optional(requiredText),
  contactEmail: optional(email),
  timeZone: optional(z.string().refine((s) => s === '' || isTimeZone(s), { error: 'must be an IANA time zone name such as Europe/Paris' })),
  mcc: shaped(/^\d{4}$/, 'must be 4 digits (ISO 18245)'),
  providerReference: text,
  receiptLogo: text,
  contactAddress: text,
  contactPhone: text,
  state: optional(
    z
      .number()
      .refine((n) => n === 0 || n === 1, { error: 'must be 0 (inactive) or 1 (active)' })
      .transform((n) => n as 0 | 1),
  ),
  extParams: optional(objectOrJsonString(z.object({ acqMid: optional(z.string()), acqTid: optional(z.string()) }))),
  supportedPaymentMethods: optional(z.array(z.object({ paymentMethod: paymentMethodCodeOrName, profileId: numericId }))),
};

export const legacyMerchantUpdateSchema: z.ZodType<LegacyMerchantInput> = z.object(fields);

export const legacyMerchantCreateSchema: z.ZodType<LegacyMerchantCreateInput> = z.object({
  ...fields,
  mchName: requiredText,
  contactName: requiredText,
  contactEmail: email,
});
