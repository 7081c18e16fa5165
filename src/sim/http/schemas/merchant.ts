import { z } from 'zod';
import type { MerchantInput } from '../../rules/merchants.js';
import { anyJsonObject, currencyCode, isTimeZone, optional, requiredText } from './common.js';

/** Optional text with a shape; `""` is accepted as "no value", as a form would send it. */
function shaped(pattern: RegExp, problem: string) {
  return optional(z.string().refine((s) => s === '' || pattern.test(s), { error: problem }));
}

const text = optional(z.string());

export const merchantSchema: z.ZodType<MerchantInput> = z.object({
  mchName: requiredText,
  currency: currencyCode,
  contactName: requiredText,
  contactEmail: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' }),
  mcc: shaped(/^\d{4}$/, 'must be 4 digits (ISO 18245)'),
  region: text,
  timeZone: optional(
    z.string().refine((s) => s === '' || isTimeZone(s), { error: 'must be an IANA time zone name such as Europe/Paris' }),
  ),
  country: shaped(/^[A-Z]{2}$/, 'must be 2 upper-case letters (ISO 3166-1 alpha-2)'),
  transType: text,
  contactPhone: text,
  contactAddress: text,
  receiptLogo: text,
  receiptInfo: text,
  state: optional(
    z
      .number()
      .refine((n) => n === 0 || n === 1, { error: 'must be 0 (inactive) or 1 (active)' })
      .transform((n) => n as 0 | 1),
  ),
  providerReference: text,
  passcode: text,
  mdr: text,
  merchantType: text,
  additionalData: optional(anyJsonObject),
});
