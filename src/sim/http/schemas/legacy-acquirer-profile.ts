import { z } from 'zod';
import type { LegacyProfileCreateInput, LegacyProfileUpdateInput } from '../../rules/legacy/acquirer-profiles.js';
import { CONN_MESSAGE_FORMATS } from './acquirer-profile.js';
import { anyJsonObject, currencyCode, optional, paymentMethodCode, requiredText } from './common.js';
import { objectOrJsonString } from './legacy-common.js';

/** Objects on the legacy wire (2.5); a JSON-encoded string, the current API's form, is accepted too. */
const methodList = objectOrJsonString(z.record(paymentMethodCode, z.array(z.string())));
const emvList = objectOrJsonString(z.record(paymentMethodCode, z.array(z.number().int().min(0))));

const fields = {
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
  methodList: optional(methodList),
  emvList: optional(emvList),
};

/** Create requires what 4.6 lists: profileName, currency, groupId, connMessageFormat, connUrl, notifyUrl, emvList, methodList. */
export const legacyProfileCreateSchema: z.ZodType<LegacyProfileCreateInput> = z.object({
  ...fields,
  groupId: requiredText,
  profileName: requiredText,
  connUrl: z.string(),
  notifyUrl: z.string(),
  methodList,
  emvList,
});

/** Update requires connMessageFormat and currency (the profile's own: it cannot change); the rest is partial. */
export const legacyProfileUpdateSchema: z.ZodType<LegacyProfileUpdateInput> = z.object({
  ...fields,
  // Compared with the stored value by the rule: equal is accepted, different is refused as immutable.
  currency: requiredText,
});
