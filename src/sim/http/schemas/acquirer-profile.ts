import { z } from 'zod';
import { acqTypeSchema } from '../../core/records.js';
import type { AcquirerProfileCreateInput, AcquirerProfileUpdateInput } from '../../rules/acquirer-profiles.js';
import { currencyCode, jsonObjectString, optional, paymentMethodCode, perCatalog, requiredText } from './common.js';
import type { MethodCatalog } from '../../core/payment-methods.js';

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

function fieldsFor(methods: MethodCatalog) {
  const methodList = jsonObjectString(z.record(paymentMethodCode(methods), z.array(z.string())));
  const emvList = jsonObjectString(z.record(paymentMethodCode(methods), z.array(z.number().int().min(0))));
  return {
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
}

export const acquirerProfileCreateSchema = perCatalog((methods): z.ZodType<AcquirerProfileCreateInput> => z.object(fieldsFor(methods)));

export const acquirerProfileUpdateSchema = perCatalog((methods): z.ZodType<AcquirerProfileUpdateInput> => {
  const fields = fieldsFor(methods);
  return z.object({
    ...fields,
    profileName: optional(requiredText),
    // Compared with the stored value by the rule: equal is accepted, different is refused as immutable.
    currency: optional(z.string()),
    connMessageFormat: optional(z.enum(CONN_MESSAGE_FORMATS)),
    methodList: optional(fields.methodList),
  });
});
