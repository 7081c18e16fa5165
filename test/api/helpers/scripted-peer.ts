import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server whose answers a test scripts, standing in for the real service (or a proxy in
 * front of it) where it may legitimately differ from the simulator: error envelopes on HTTP 4xx/5xx,
 * HTML error pages, envelope code 401, stalled answers. The client under test talks to it over
 * a real socket like to any other peer.
 */

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type ScriptedReply =
  | { status?: number; headers?: Record<string, string>; body?: string | object }
  /** Read the request, then cut the connection without answering. */
  | { drop: true }
  /** Never answer (until the peer closes). */
  | { hang: true };

export interface ScriptedPeer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startScriptedPeer(
  reply: (request: ReceivedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>,
): Promise<ScriptedPeer & { inFlight(): number; maxInFlight(): number }> {
  let inFlight = 0;
  let maxInFlight = 0;
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => {
        inFlight -= 1;
      });
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = await reply(request, received.length - 1);
      if ('drop' in answer) {
        req.socket.destroy();
        return;
      }
      if ('hang' in answer) return;
      const body = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
      const contentType = typeof answer.body === 'object' ? 'application/json' : 'text/html; charset=utf-8';
      res.writeHead(answer.status ?? 200, { 'content-type': contentType, ...answer.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const ok = (data?: unknown): ScriptedReply => ({ body: data === undefined ? { code: 0, msg: 'SUCCESS' } : { code: 0, msg: 'SUCCESS', data } });
