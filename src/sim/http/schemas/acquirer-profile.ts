import { z } from 'zod';
import { acqTypeSchema } from '../../core/records.js';
import type { AcquirerProfileCreateInput, AcquirerProfileUpdateInput } from '../../rules/acquirer-profiles.js';
import { currencyCode, jsonObjectString, optional, paymentMethodCode, requiredText } from './common.js';

/** The documented enum (neutral host names replace the host operators' names). */
export const CONN_MESSAGE_FORMATS = [
  'HOSTA_8583',
  'HOSTB_8583',
  'HOSTC_8583',
  'HOSTD_AIO',
  'HOSTD_WALLET',
  'HOSTE_JSON',
  'SVC_ENABLER',
] as const;

const methodList = jsonObjectString(z.record(paymentMethodCode, z.array(z.string())));
const emvList = jsonObjectString(z.record(paymentMethodCode, z.array(z.number().int().min(0))));

const fields = {
  profileName: requiredText,
  currency: currencyCode,
  acqType: optional(acqTypeSchema),
  connUrl: optional(z.string()),
  notifyUrl: optional(z.string()),
  connExtraParams: optional(jsonObjectString()),
  connMessageFormat: z.enum(CONN_MESSAGE_FORMATS),
  enablerMsgFormat: optional(z.string()),
  enablerParams: optional(z.string()),
  asDefault: optional(z.boolean()),
  asSettleBlock: optional(z.boolean()),
  methodList,
  emvList: optional(emvList),
};

export const acquirerProfileCreateSchema: z.ZodType<AcquirerProfileCreateInput> = z.object(fields);

export const acquirerProfileUpdateSchema: z.ZodType<AcquirerProfileUpdateInput> = z.object({
  ...fields,
  profileName: optional(requiredText),
  // Compared with the stored value by the rule: equal is accepted, different is refused as immutable.
  currency: optional(z.string()),
  connMessageFormat: optional(z.enum(CONN_MESSAGE_FORMATS)),
  methodList: optional(methodList),
});
