import type { WireStyle } from './wire-style.js';

/** The service's response envelope (reference section 1), before it is worded for the wire. */
export interface Envelope {
  msg: string;
  code: number;
  data?: unknown;
}

/** Success; `data` is left out entirely for operations that return nothing. */
export function success(data?: unknown): Envelope {
  return data === undefined ? { msg: 'SUCCESS', code: 0 } : { msg: 'SUCCESS', code: 0, data };
}

/** Failure: the body carries no `data` (see wireEnvelope for how each style words it). */
export function failure(code: number, msg: string): Envelope {
  return { msg, code };
}

/**
 * The envelope as sent. `real`: `code` first, no `data` key on a failure or an operation that
 * returns nothing (`{"code":10000,"msg":"Parameters Error (activationCode required)"}`).
 * `reference`: the reference's field order `msg, code, data`, and `data: null` on a failure (the
 * reference types data as object, array or null and says nothing of errors).
 */
export function wireEnvelope(envelope: Envelope, style: WireStyle): Record<string, unknown> {
  const { msg, code } = envelope;
  const hasData = 'data' in envelope && envelope.data !== undefined;
  if (style === 'real') return hasData ? { code, msg, data: envelope.data } : { code, msg };
  if (hasData) return { msg, code, data: envelope.data };
  return code === 0 ? { msg, code } : { msg, code, data: null };
}
