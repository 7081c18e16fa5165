import { z } from 'zod';
import { canonicalJson, type JsonObject } from '../../core/json.js';
import type { MethodCatalog } from '../../core/payment-methods.js';
import { ALL_METHODS, type LegacyDeviceCreateInput, type LegacyDeviceUpdateInput } from '../../rules/legacy/devices.js';
import { clearable, optional, perCatalog } from './common.js';
import { emvParams as currentEmvParams } from './device.js';
import { objectOrJsonString } from './legacy-common.js';

/** Flat string fields (`acqTid`, `acqMid`, `subMid`, `clientId`, `jwtSecret`...). Values never go into a message. */
const acquirerFields = z.record(z.string(), z.string());

/** `{"all" | <code or name>: {tid, mid}}`, as an object or a JSON-encoded string; a name becomes its code. */
function methodListFor(methods: MethodCatalog) {
  return objectOrJsonString(
    z.record(
      z.string().transform((key, ctx) => {
        const code = key === ALL_METHODS ? key : methods.codeOf(key);
        if (code === undefined) {
          ctx.addIssue({ code: 'custom', message: `is not "${ALL_METHODS}" or a payment method code`, input: key });
          return z.NEVER;
        }
        return code;
      }),
      acquirerFields,
    ),
  );
}

const extParams = objectOrJsonString(acquirerFields);

/** The current API's EMV parameters (either name of a netD/amex parameter), as an object or a JSON-encoded string. */
const emvParams = objectOrJsonString(currentEmvParams);

const text = optional(z.string());

/**
 * `emvParams` (the reference) or `terminalEmvParams` (the public client's name): one of them, or
 * both saying the same.
 */
function oneEmvParams(
  body: { emvParams?: JsonObject | null | undefined; terminalEmvParams?: JsonObject | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const { emvParams: reference, terminalEmvParams: real } = body;
  if (reference !== undefined && real !== undefined && canonicalJson(reference ?? {}) !== canonicalJson(real ?? {})) {
    ctx.addIssue({ code: 'custom', message: 'and emvParams differ; send one of them', path: ['terminalEmvParams'], input: undefined });
  }
}

/**
 * Create, in either of the reference's two versions and the public client's: the merchant as
 * `mchId` (reference table) or `merchantId` (machine description), the name as `activateCodeAlias`
 * or `deviceName`, the EMV parameters as `emvParams` or `terminalEmvParams`.
 */
export const legacyDeviceCreateSchema = perCatalog(
  (methods): z.ZodType<LegacyDeviceCreateInput> =>
    z
      .object({
        mchId: text,
        merchantId: text,
        groupId: text,
        activateCodeAlias: text,
        deviceName: text,
        deviceType: text,
        deviceAdmin: text,
        emvParams: optional(emvParams),
        terminalEmvParams: optional(emvParams),
        methodList: optional(methodListFor(methods)),
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
        oneEmvParams(body, ctx);
      })
      .transform(({ merchantId, mchId, emvParams: reference, terminalEmvParams: real, ...rest }) => ({
        ...rest,
        mchId: (mchId || merchantId) as string,
        emvParams: reference ?? real,
      })),
);

export const legacyDeviceUpdateSchema = perCatalog(
  (methods): z.ZodType<LegacyDeviceUpdateInput> =>
    z
      .object({
        activateCodeAlias: clearable(z.string()),
        deviceName: clearable(z.string()),
        deviceType: clearable(z.string()),
        deviceAdmin: clearable(z.string()),
        emvParams: clearable(emvParams),
        terminalEmvParams: clearable(emvParams),
        methodList: clearable(methodListFor(methods)),
        extParams: clearable(extParams),
      })
      .superRefine(oneEmvParams)
      .transform(({ emvParams: reference, terminalEmvParams: real, ...rest }) => ({ ...rest, emvParams: reference !== undefined ? reference : real })),
);
