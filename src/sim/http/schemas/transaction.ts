import { z } from 'zod';
import { optional, requiredText } from './common.js';

/**
 * Bodies of the transaction endpoints (reference 4.1). Amounts stay as sent (a number, or a decimal
 * string) until the rule knows the transaction's currency and so how many decimals are allowed.
 */

const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' });

/** A major-unit amount: a number, or its decimal form as a string (`"12.50"`). */
const amount = z.custom<number | string>((value) => typeof value === 'number' || typeof value === 'string', {
  error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'must be a number or a decimal string'),
});

export type AmountInput = z.infer<typeof amount>;

export const receiptMailSchema = z.object({ email });

export const voidSchema = z.object({ adminPwd: requiredText });

export const refundSchema = z.object({
  refundAmount: amount,
  refundReason: requiredText,
  adminPwd: requiredText,
});

export const captureSchema = z.object({ amount: optional(amount) });

export type VoidInput = z.infer<typeof voidSchema>;
export type RefundInput = z.infer<typeof refundSchema>;
export type CaptureInput = z.infer<typeof captureSchema>;
