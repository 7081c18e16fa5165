import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy in front of the simulator that plays a hostile or careless service: it can
 * answer some writes itself (an echo of the request body, a message with control characters), and
 * rewrite what reads answer (a live value replaced by the caller's own bearer token). Everything
 * else is passed through to the simulator unchanged.
 */

export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string;
  readonly body: string;
}

export interface ProxyScript {
  /** An envelope to answer instead of forwarding, or undefined to forward. */
  answer?(request: ProxiedRequest): { code: number; msg: string } | undefined;
  /** Rewrites a forwarded answer's body (JSON text). */
  rewrite?(request: ProxiedRequest, body: string): string;
}

export interface RewritingProxy {
  readonly url: string;
  readonly received: ProxiedRequest[];
  script: ProxyScript;
  close(): Promise<void>;
}

export async function startRewritingProxy(target: string): Promise<RewritingProxy> {
  const received: ProxiedRequest[] = [];
  const proxy: { script: ProxyScript } = { script: {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: ProxiedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: String(req.headers['authorization'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = proxy.script.answer?.(request);
      if (answer !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...answer, data: null }));
        return;
      }
      const forwarded = await fetch(`${target}${request.path}`, {
        method: request.method,
        headers: { authorization: request.authorization, ...(request.body !== '' ? { 'content-type': 'application/json' } : {}) },
        ...(request.body !== '' ? { body: request.body } : {}),
      });
      const text = await forwarded.text();
      res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
      res.end(proxy.script.rewrite?.(request, text) ?? text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get script() {
      return proxy.script;
    },
    set script(script: ProxyScript) {
      proxy.script = script;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
