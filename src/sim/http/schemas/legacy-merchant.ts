import { z } from 'zod';
import type { MethodCatalog } from '../../core/payment-methods.js';
import type { LegacyMerchantCreateInput, LegacyMerchantInput, LegacyPaymentBindInput } from '../../rules/legacy/merchants.js';
import { isTimeZone, optional, perCatalog, requiredText } from './common.js';
import { emvParams } from './device.js';
import { looseBoolean, numericId, objectOrJsonString, paymentMethodCodeOrName } from './legacy-common.js';

/** Optional text with a shape; `""` is accepted as "no value", as a form would send it. */
function shaped(pattern: RegExp, problem: string) {
  return optional(z.string().refine((s) => s === '' || pattern.test(s), { error: problem }));
}

const text = optional(z.string());
const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' });

/**
 * An item of `supportedPaymentMethods`: `{paymentMethod, profileId}` (the reference), or a method
 * name or code alone (`"VISA"`, as the public onboarding client sends it), read as
 * `{paymentMethod: "VISA"}` without a profile (the rule says what that binds).
 */
function paymentMethodEntry(methods: MethodCatalog) {
  return z.preprocess(
    (item) => (typeof item === 'string' ? { paymentMethod: item } : item),
    z.object({ paymentMethod: paymentMethodCodeOrName(methods), profileId: optional(numericId) }),
  );
}

/** Read-only fields echoed back from a GET (mchId, supportedPayments, createdAt...) are ignored. */
function fieldsFor(methods: MethodCatalog) {
  return {
    groupId: text,
    mchName: optional(requiredText),
    contactName: optional(requiredText),
    contactEmail: optional(email),
    timeZone: optional(z.string().refine((s) => s === '' || isTimeZone(s), { error: 'must be an IANA time zone name such as Europe/Paris' })),
    mcc: shaped(/^\d{4}$/, 'must be 4 digits (ISO 18245)'),
    providerReference: text,
    receiptLogo: text,
    // The public client's name for the receipt logo.
    logo: text,
    contactAddress: text,
    contactPhone: text,
    state: optional(
      z
        .number()
        .refine((n) => n === 0 || n === 1, { error: 'must be 0 (inactive) or 1 (active)' })
        .transform((n) => n as 0 | 1),
    ),
    activated: optional(looseBoolean),
    extParams: optional(
      objectOrJsonString(z.object({ acqMid: optional(z.string()), acqTid: optional(z.string()), subMid: optional(z.string()), signKey: optional(z.string()) })),
    ),
    terminalEmvParams: optional(objectOrJsonString(emvParams)),
    supportedPaymentMethods: optional(z.array(paymentMethodEntry(methods))),
  };
}

/** Two names of one field must agree when both are sent. */
function checkAliases(body: { state?: 0 | 1 | undefined; activated?: boolean | undefined; receiptLogo?: string | undefined; logo?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.state !== undefined && body.activated !== undefined && (body.state === 1) !== body.activated) {
    ctx.addIssue({ code: 'custom', message: `and state disagree (${String(body.activated)}, ${body.state}); send one of them`, path: ['activated'], input: body.activated });
  }
  if (body.receiptLogo !== undefined && body.logo !== undefined && body.receiptLogo !== body.logo) {
    ctx.addIssue({ code: 'custom', message: 'and receiptLogo differ; send one of them', path: ['logo'], input: undefined });
  }
}

export const legacyMerchantUpdateSchema = perCatalog((methods): z.ZodType<LegacyMerchantInput> => z.object(fieldsFor(methods)).superRefine(checkAliases));

export const legacyMerchantCreateSchema = perCatalog(
  (methods): z.ZodType<LegacyMerchantCreateInput> =>
    z
      .object({
        ...fieldsFor(methods),
        mchName: requiredText,
        contactName: requiredText,
        contactEmail: email,
      })
      .superRefine(checkAliases),
);

/** `POST /api/v2/mchInfo/payment/{mchId}`: one method (code or name) bound through one profile. */
export const legacyPaymentBindSchema = perCatalog(
  (methods): z.ZodType<LegacyPaymentBindInput> =>
    z.object({
      groupId: text,
      paymentMethod: paymentMethodCodeOrName(methods),
      profileId: numericId,
    }),
);
