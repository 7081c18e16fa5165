import type { IncomingMessage } from 'node:http';

/** Largest request body the simulator reads; larger ones answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Past this, an oversized upload is not even drained: the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

export type BodyRead =
  | { kind: 'complete'; text: string }
  | { kind: 'too-large' }
  /** the client went away or the upload was cut off */
  | { kind: 'aborted' };

/**
 * Reads the whole body. An oversized body is drained (not kept) up to a bound, so the 413 answer
 * reaches a client that is still sending instead of a reset connection.
 */
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) {
        request.destroy();
        settle({ kind: 'aborted' });
      }
    });
    request.on('end', () => settle(size > limit ? { kind: 'too-large' } : { kind: 'complete', text: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', () => settle({ kind: 'aborted' }));
    // 'end' comes before 'close' for a complete body, so a close that settles is a cut-off upload.
    request.on('close', () => settle({ kind: 'aborted' }));
  });
}
