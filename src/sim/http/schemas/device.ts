import { z } from 'zod';
import type { JsonObject } from '../../core/json.js';
import type { MethodCatalog } from '../../core/payment-methods.js';
import { withReferenceEmvNames } from '../../core/terminal-emv-names.js';
import type { DeviceCreateInput, DeviceUpdateInput } from '../../rules/devices.js';
import { clearable, jsonObjectString, optional, perCatalog, requiredText } from './common.js';

/** Comma-separated payment method codes. */
function methodList(methods: MethodCatalog) {
  return z.string().superRefine((value, ctx) => {
    for (const code of value.split(',').map((c) => c.trim())) {
      if (code !== '' && !methods.has(code)) {
        ctx.addIssue({ code: 'custom', message: `has unknown payment method code "${code}"`, input: value });
        return;
      }
    }
  });
}

/** `{acquirers: {<profileId>: {<field>: string}}}`; other keys are kept as given. */
const extParams = z
  .looseObject({ acquirers: z.record(z.string(), z.record(z.string(), z.string())).optional() })
  .transform((value) => value as JsonObject);

/**
 * A terminal's EMV parameters: keys of reference 2.7 are strings, netDExReaderCapability may be a
 * number; other keys are kept. The real documentation's `amex…` names stand for the reference's
 * `netD…` ones (terminal-emv-names.ts) and are kept under those. The legacy device endpoints take
 * the same object (legacy-device.ts).
 */
export const emvParams = z
  .looseObject({
    netDFloorLimit: z.string().optional(),
    amexFloorLimit: z.string().optional(),
    terminalCountryCode: z.string().optional(),
    txnCurrencyCode: z.string().optional(),
    netDExReaderCapability: z.union([z.string(), z.number()]).optional(),
    amexExReaderCapability: z.union([z.string(), z.number()]).optional(),
    netDReaderCapability: z.string().optional(),
    amexReaderCapability: z.string().optional(),
    terminalType: z.string().optional(),
    terminalCapability: z.string().optional(),
    emvFlags: z.string().optional(),
  })
  .transform((value, ctx) => {
    const named = withReferenceEmvNames(value as JsonObject);
    if ('params' in named) return named.params;
    const { realKey, referenceKey } = named.conflict;
    ctx.addIssue({ code: 'custom', message: `and ${referenceKey} name one parameter with different values; send one of them`, path: [realKey], input: value });
    return z.NEVER;
  });

const text = optional(z.string());

/** Create takes extParams and emvParams as objects. */
export const deviceCreateSchema = perCatalog(
  (methods): z.ZodType<DeviceCreateInput> =>
    z.object({
      mchId: requiredText,
      deviceAlias: text,
      deviceName: text,
      deviceType: text,
      operatingMode: text,
      methodList: optional(methodList(methods)),
      deviceAdmin: text,
      extParams: optional(extParams),
      emvParams: optional(emvParams),
    }),
);

/** Update takes every field as a string, extParams and emvParams JSON-encoded. */
export const deviceUpdateSchema = perCatalog(
  (methods): z.ZodType<DeviceUpdateInput> =>
    z.object({
      deviceAlias: clearable(z.string()),
      deviceName: clearable(z.string()),
      deviceType: clearable(z.string()),
      operatingMode: clearable(z.string()),
      methodList: clearable(methodList(methods)),
      deviceAdmin: clearable(z.string()),
      extParams: clearable(jsonObjectString(extParams)),
      emvParams: clearable(jsonObjectString(emvParams)),
    }),
);

export const sendCodeSchema = z.object({
  deviceId: requiredText,
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' }),
});
