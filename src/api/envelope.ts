import type { DataShape, SchemaMismatch } from './wire-schemas.js';

/**
 * Reading a response body as the service's envelope `{code, msg, data?}` (reference section 1).
 * Tolerant on purpose: a missing msg or data is still an envelope (error bodies omit data);
 * only an integer code is required to tell the service's answer from a proxy's.
 */

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  /** False when the body has no `data` key at all (operations that return nothing, errors). */
  hasData: boolean;
}

export type ParsedBody =
  | { kind: 'not-json' }
  | { kind: 'json'; value: unknown }
  | { kind: 'envelope'; value: unknown; envelope: Envelope };

export function parseBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'not-json' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'json', value };
  const record = value as Record<string, unknown>;
  const code = record['code'];
  if (typeof code !== 'number' || !Number.isInteger(code)) return { kind: 'json', value };
  const msg = typeof record['msg'] === 'string' ? record['msg'] : '';
  return { kind: 'envelope', value, envelope: { code, msg, data: record['data'], hasData: 'data' in record } };
}

/** The shape checks the client itself depends on, made even without --strict-api. */
export function checkShapeLoosely(shape: DataShape, data: unknown): SchemaMismatch | undefined {
  if (shape.kind === 'none') return undefined;
  const isObject = data !== null && typeof data === 'object' && !Array.isArray(data);
  if (shape.kind === 'record') {
    if (shape.nullable === true && (data === null || data === undefined)) return undefined;
    return isObject ? undefined : { pointer: '/data', problem: 'expected an object' };
  }
  if (!isObject) return { pointer: '/data', problem: 'expected a page object' };
  const records = (data as Record<string, unknown>)['records'];
  if (!Array.isArray(records)) return { pointer: '/data/records', problem: 'expected an array of records' };
  return undefined;
}
