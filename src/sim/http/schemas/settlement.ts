import { z } from 'zod';
import type { SettlementEmailInput } from '../../rules/settlements.js';
import { requiredText } from './common.js';

/** A batch id: digits, as a string (the reference's type) or a number. */
const batchId = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value),
  z.string().transform((value, ctx) => {
    const text = value.trim();
    if (!/^\d{1,15}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `must be a batch id (digits), got "${value}"`, input: value });
      return z.NEVER;
    }
    return text;
  }),
);

/** `POST /api/v2/settlement/settle` and `POST /_sim/settlement-failure`. */
export const settleSchema = z.object({ batchId });

const batchIdItems = z.array(z.object({ batchId })).min(1);

/**
 * `batchIds` as the reference types it: a string holding a JSON array of `{"batchId": "…"}`; the
 * array itself is accepted too.
 */
const batchIds = z
  .union([z.string(), z.array(z.unknown())])
  .transform((value, ctx): unknown => {
    if (Array.isArray(value)) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"batchId": "…"} objects', input: value });
      return z.NEVER;
    }
  })
  .pipe(batchIdItems)
  .transform((items) => items.map((item) => item.batchId));

export const settlementEmailSchema: z.ZodType<SettlementEmailInput> = z.object({
  batchIds,
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' }),
  mchId: requiredText,
});
