import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** An answer: a status, and headers. */
export type Answer = { readonly status: number; readonly headers?: Record<string, string> };

/**
 * A local webhook receiver (node:http on a random loopback port): records every request and
 * answers each with the next of `answers` (the last one repeated), 200 when none is given.
 */
export async function startReceiver(): Promise<{
  readonly url: string;
  readonly received: Received[];
  answer(...answers: Answer[]): void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let answers: Answer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = answers.length > 1 ? answers.shift()! : (answers[0] ?? { status: 200 });
      response.writeHead(next.status, next.headers ?? {});
      response.end(next.status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (...next) => {
      answers = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
