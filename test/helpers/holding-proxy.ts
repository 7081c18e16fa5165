import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy in front of the simulator whose script decides, request by request, when a
 * request goes on (it may hold it back until the test says so), what its answer says, and whether
 * the answer reaches the client at all (a write carried out whose connection is then cut). Tests
 * use it to order what two runs do, or to play a service that loses answers or normalises fields,
 * without depending on timing.
 */

export interface HeldRequest {
  readonly method: string;
  /** Path and query, as the client sent them. */
  readonly path: string;
  readonly authorization: string;
  readonly body: string;
}

export interface HoldingScript {
  /** Resolves when the request may be forwarded; called as it arrives, in arrival order. */
  hold?(request: HeldRequest): Promise<void> | void;
  /** True to cut the connection once the simulator has answered: the write is done, its answer lost. */
  dropAnswer?(request: HeldRequest): boolean;
  /** Rewrites a forwarded answer's body (JSON text). */
  rewrite?(request: HeldRequest, body: string): string;
}

export interface HoldingProxy {
  readonly url: string;
  /** Every request, in arrival order. */
  readonly received: HeldRequest[];
  close(): Promise<void>;
}

/** Whether a request writes (POST, PUT, DELETE). */
export function isWrite(request: HeldRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD';
}

export async function startHoldingProxy(target: string, script: HoldingScript): Promise<HoldingProxy> {
  const received: HeldRequest[] = [];
  const forward = async (request: HeldRequest, res: ServerResponse): Promise<void> => {
    await script.hold?.(request);
    let status: number;
    let contentType: string;
    let text: string;
    try {
      const answer = await fetch(`${target}${request.path}`, {
        method: request.method,
        headers: { authorization: request.authorization, ...(request.body !== '' ? { 'content-type': 'application/json' } : {}) },
        ...(request.body !== '' ? { body: request.body } : {}),
      });
      status = answer.status;
      contentType = answer.headers.get('content-type') ?? 'application/json';
      text = await answer.text();
    } catch {
      // The simulator cut the connection (its own fault injection): so does the proxy.
      res.socket?.destroy();
      return;
    }
    if (script.dropAnswer?.(request) === true) {
      res.socket?.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': contentType });
    res.end(script.rewrite?.(request, text) ?? text);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: HeldRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: String(req.headers['authorization'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      forward(request, res).catch(() => res.socket?.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
