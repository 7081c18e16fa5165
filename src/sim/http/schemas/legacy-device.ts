import { z } from 'zod';
import { isPaymentMethodCode } from '../../core/payment-methods.js';
import { ALL_METHODS, type LegacyDeviceCreateInput, type LegacyDeviceUpdateInput } from '../../rules/legacy/devices.js';
import { clearable, optional } from './common.js';
import { emvParams as currentEmvParams } from './device.js';
import { objectOrJsonString } from './legacy-common.js';

/** Flat string fields (`acqTid`, `acqMid`, `subMid`, `clientId`, `jwtSecret`...). Values never go into a message. */
const acquirerFields = z.record(z.string(), z.string());

/** `{"all" | <code>: {tid, mid}}`, as an object or a JSON-encoded string. */
const methodList = objectOrJsonString(
  z.record(
    z.string().superRefine((key, ctx) => {
      if (key !== ALL_METHODS && !isPaymentMethodCode(key)) {
        ctx.addIssue({ code: 'custom', message: `is not "${ALL_METHODS}" or a payment method code`, input: key });
      }
    }),
    acquirerFields,
  ),
);

const extParams = objectOrJsonString(acquirerFields);

/** The current API's EMV parameters, as an object or a JSON-encoded string. */
const emvParams = objectOrJsonString(currentEmvParams);

const text = optional(z.string());

/**
 * Create, in either of the reference's two versions: the merchant as `mchId` (reference table) or
 * `merchantId` (machine description), the name as `activateCodeAlias` or `deviceName`.
 */
export const legacyDeviceCreateSchema: z.ZodType<LegacyDeviceCreateInput> = z
  .object({
    mchId: text,
    merchantId: text,
    groupId: text,
    activateCodeAlias: text,
    deviceName: text,
    deviceType: text,
    deviceAdmin: text,
    emvParams: optional(emvParams),
    methodList: optional(methodList),
    extParams: optional(extParams),
  })
  .superRefine((body, ctx) => {
    if (!body.mchId && !body.merchantId) ctx.addIssue({ code: 'custom', message: 'required (or merchantId)', path: ['mchId'], input: undefined });
    else if (body.mchId && body.merchantId && body.mchId !== body.merchantId) {
      ctx.addIssue({ code: 'custom', message: 'and merchantId name different merchants; send one of them', path: ['mchId'], input: body.mchId });
    }
    if (!body.activateCodeAlias && !body.deviceName) {
      ctx.addIssue({ code: 'custom', message: 'required (or deviceName)', path: ['activateCodeAlias'], input: undefined });
    }
  })
  .transform(({ merchantId, mchId, ...rest }) => ({ ...rest, mchId: (mchId || merchantId) as string }));

export const legacyDeviceUpdateSchema: z.ZodType<LegacyDeviceUpdateInput> = z.object({
  activateCodeAlias: clearable(z.string()),
  deviceName: clearable(z.string()),
  deviceType: clearable(z.string()),
  deviceAdmin: clearable(z.string()),
  emvParams: clearable(emvParams),
  methodList: clearable(methodList),
  extParams: clearable(extParams),
});
