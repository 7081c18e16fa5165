/** The service's response envelope (reference section 1). */
export interface Envelope {
  msg: string;
  code: number;
  data?: unknown;
}

/** Success; `data` is left out entirely for operations that return nothing. */
export function success(data?: unknown): Envelope {
  return data === undefined ? { msg: 'SUCCESS', code: 0 } : { msg: 'SUCCESS', code: 0, data };
}

/** Failure: like the real service, the body carries no `data` key at all. */
export function failure(code: number, msg: string): Envelope {
  return { msg, code };
}
