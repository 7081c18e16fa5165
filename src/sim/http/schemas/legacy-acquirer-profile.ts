import { z } from 'zod';
import type { MethodCatalog } from '../../core/payment-methods.js';
import type { LegacyProfileCreateInput, LegacyProfileUpdateInput } from '../../rules/legacy/acquirer-profiles.js';
import { CONN_MESSAGE_FORMATS } from './acquirer-profile.js';
import { anyJsonObject, currencyCode, optional, perCatalog, requiredText } from './common.js';
import { objectOrJsonString, paymentMethodCodeOrName } from './legacy-common.js';

/** Objects on the legacy wire (2.5), keyed by method code or name; a JSON-encoded string, the current API's form, is accepted too. */
function fieldsFor(methods: MethodCatalog) {
  const methodList = objectOrJsonString(z.record(paymentMethodCodeOrName(methods), z.array(z.string())));
  const emvList = objectOrJsonString(z.record(paymentMethodCodeOrName(methods), z.array(z.number().int().min(0))));
  return {
    groupId: optional(z.string()),
    profileName: optional(requiredText),
    currency: currencyCode,
    connMessageFormat: z.enum(CONN_MESSAGE_FORMATS),
    connUrl: optional(z.string()),
    notifyUrl: optional(z.string()),
    connExtraParams: optional(objectOrJsonString(anyJsonObject)),
    connTimeout: optional(z.number().int().min(0)),
    connRequestTimeout: optional(z.number().int().min(0)),
    connRetryCount: optional(z.number().int().min(0)),
    connSync: optional(z.number().int().min(0)),
    connNll: optional(z.string()),
    connInitBatchNo: optional(z.string().regex(/^\d{1,6}$/, { error: 'must be a batch number of 1 to 6 digits' })),
    methodList,
    emvList,
  };
}

/** Create requires what 4.6 lists: profileName, currency, groupId, connMessageFormat, connUrl, notifyUrl, emvList, methodList. */
export const legacyProfileCreateSchema = perCatalog(
  (methods): z.ZodType<LegacyProfileCreateInput> =>
    z.object({
      ...fieldsFor(methods),
      groupId: requiredText,
      profileName: requiredText,
      connUrl: z.string(),
      notifyUrl: z.string(),
    }),
);

/** Update requires connMessageFormat and currency (the profile's own: it cannot change); the rest is partial. */
export const legacyProfileUpdateSchema = perCatalog((methods): z.ZodType<LegacyProfileUpdateInput> => {
  const fields = fieldsFor(methods);
  return z.object({
    ...fields,
    methodList: optional(fields.methodList),
    emvList: optional(fields.emvList),
    // Compared with the stored value by the rule: equal is accepted, different is refused as immutable.
    currency: requiredText,
  });
});
