import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_JSON_DEPTH, pathDeeperThan } from '../core/json.js';
import { ServiceCode, SimServiceError, invalid, parameterError } from '../errors.js';
import { serviceContext } from '../rules/context.js';
import { ensureGroup } from '../rules/groups.js';
import { authenticate, tokenRefusal } from './auth.js';
import { readBody, MAX_BODY_BYTES, type BodyRead } from './body.js';
import { failure, wireEnvelope, type Envelope } from './envelope.js';
import { browserRefusal } from './host-guard.js';
import { isLoopbackAddress } from './loopback.js';
import { Router } from './router.js';
import { formatPath } from './validation.js';
import { adminRoutes, type AdminHandler } from './routes/admin-routes.js';
import type { ApiHandler } from './routes/api-route.js';
import { apiRoutes } from './routes/api-routes.js';
import type { SimRuntime } from './runtime.js';
import { faultStatus } from './wire-style.js';

const adminRouter = new Router<AdminHandler>().add(adminRoutes);

/**
 * The request pipeline. For /api: count → rate limit → read body → latency → fault draw (a fault
 * is code 10001 under the wire style's faultStatus) → route (404/405) → token (401) → rule → maybe
 * drop the connection after a write. /_sim/ skips every fault and needs a loopback client instead of a token. Before either, a request a browser
 * page could have made (a rebound DNS name as Host, another site's Origin) is refused with 403,
 * uncounted and before the rate limit, so such a page can neither read nor burn anything.
 */
export function createRequestListener(runtime: SimRuntime): RequestListener {
  // Which routes exist, and whom the current API serves, is fixed for the simulator's life.
  const apiRouter = new Router<ApiHandler>().add(apiRoutes(runtime));
  return (request, response) => {
    handle(runtime, apiRouter, request, response).catch((error: unknown) => {
      runtime.stats.count('internalErrors');
      sendEnvelope(runtime, response, 500, failure(ServiceCode.System, internalMessage(error)));
    });
  };
}

async function handle(runtime: SimRuntime, apiRouter: Router<ApiHandler>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  // Concatenated rather than resolved against a base, so that `//x` stays a path, not a host.
  let url: URL;
  try {
    url = new URL(`http://simulator.invalid${request.url ?? '/'}`);
  } catch {
    request.resume();
    sendEnvelope(runtime, response, 400, failure(ServiceCode.Invalid, 'request target is not a valid path'));
    return;
  }
  const path = url.pathname;
  const isAdmin = path === '/_sim' || path.startsWith('/_sim/');
  if (isAdmin && !isLoopbackAddress(request.socket.remoteAddress)) {
    request.resume();
    sendJson(response, 403, { code: 403, msg: 'the /_sim/ admin surface answers loopback clients only' });
    return;
  }
  // Over a non-loopback interface (`--host 0.0.0.0`) any name may lead to this machine, so only
  // the admin surface, which answers loopback clients alone, insists on a loopback Host there.
  const refusal = browserRefusal({
    headers: request.headers,
    loopbackHostRequired: isAdmin || isLoopbackAddress(request.socket.localAddress),
    listensOnAllInterfaces: runtime.listensOnAllInterfaces,
  });
  if (refusal !== undefined) {
    request.resume();
    sendEnvelope(runtime, response, 403, failure(403, `Forbidden: ${refusal}`));
    return;
  }
  if (isAdmin) return handleAdmin(runtime, request, response, method, url);
  if (path.startsWith('/api/')) return handleApi(runtime, apiRouter, request, response, method, url);
  request.resume();
  sendEnvelope(runtime, response, 404, failure(ServiceCode.Invalid, `no route ${method} ${path}`));
}

async function handleApi(
  runtime: SimRuntime,
  apiRouter: Router<ApiHandler>,
  request: IncomingMessage,
  response: ServerResponse,
  method: string,
  url: URL,
): Promise<void> {
  const path = url.pathname;
  const lookup = apiRouter.lookup(method, path);
  runtime.stats.received(method, lookup.kind === 'found' ? `${method} ${lookup.route.pattern}` : `${method} ${path}`);

  const admission = runtime.faults.admit();
  if (admission.kind === 'rate-limited') {
    runtime.stats.count('rateLimited');
    request.resume();
    sendEnvelope(runtime, response, 429, failure(429, `Too Many Requests: over ${runtime.faults.current().rateLimit} requests per second`), {
      'retry-after': String(admission.retryAfterSeconds),
    });
    return;
  }
  const body = await readBody(request);
  if (body.kind === 'aborted') return;
  const { latencyMs, maxPageSize } = runtime.faults.current();
  if (latencyMs > 0) await sleep(latencyMs);
  const isWrite = method !== 'GET' && method !== 'HEAD';
  const fate = runtime.faults.draw(method, isWrite);
  if (fate.fail) {
    runtime.stats.count('faulted');
    sendEnvelope(runtime, response, faultStatus(runtime.wireStyle), failure(ServiceCode.System, 'System Error (simulated fault: service unavailable)'));
    return;
  }
  if (body.kind === 'too-large') {
    sendEnvelope(runtime, response, 413, failure(ServiceCode.Invalid, `request body exceeds ${MAX_BODY_BYTES} bytes (1 MiB)`));
    return;
  }
  if (lookup.kind === 'not-found') {
    sendEnvelope(runtime, response, 404, failure(ServiceCode.Invalid, `no route ${method} ${path}`));
    return;
  }
  if (lookup.kind === 'method-not-allowed') {
    sendEnvelope(runtime, response, 405, failure(ServiceCode.Invalid, `method ${method} not allowed on ${path}; allowed: ${lookup.allowed.join(', ')}`), {
      allow: lookup.allowed.join(', '),
    });
    return;
  }
  const now = runtime.clock();
  const auth = authenticate(request.headers.authorization, runtime.jwtSecret, now, runtime.revokedTokens);
  if (!auth.ok) {
    const refusal = tokenRefusal(auth.reason, runtime.wireStyle);
    sendEnvelope(runtime, response, refusal.status, refusal.envelope, refusal.headers);
    return;
  }
  const groupExisted = runtime.store.group(auth.groupId) !== undefined;
  const group = ensureGroup(runtime.store, auth.groupId, runtime.clock);
  let status = 200;
  let envelope: Envelope;
  try {
    envelope = lookup.route.handler({
      ctx: serviceContext(runtime.store, group, runtime.clock, runtime),
      params: lookup.params,
      query: url.searchParams,
      body: () => parseJsonBody(body),
      optionalBody: () => (body.kind === 'complete' && body.text.trim() !== '' ? parseJsonBody(body) : {}),
      maxPageSize,
    });
  } catch (error) {
    if (!(error instanceof SimServiceError)) throw error;
    status = error.httpStatus;
    envelope = failure(error.serviceCode, error.message);
  }
  if (isWrite || !groupExisted) runtime.storeChanged();
  if (fate.drop) {
    // The write has happened; the client never learns it. Tests of retry safety depend on this.
    runtime.stats.count('dropped');
    response.socket?.destroy();
    return;
  }
  sendEnvelope(runtime, response, status, envelope);
}

async function handleAdmin(
  runtime: SimRuntime,
  request: IncomingMessage,
  response: ServerResponse,
  method: string,
  url: URL,
): Promise<void> {
  const lookup = adminRouter.lookup(method, url.pathname);
  const body = await readBody(request);
  if (body.kind === 'aborted') return;
  if (body.kind === 'too-large') {
    sendJson(response, 413, { code: ServiceCode.Invalid, msg: `request body exceeds ${MAX_BODY_BYTES} bytes (1 MiB)` });
    return;
  }
  if (lookup.kind === 'not-found') {
    sendJson(response, 404, { code: ServiceCode.Invalid, msg: `no route ${method} ${url.pathname}` });
    return;
  }
  if (lookup.kind === 'method-not-allowed') {
    sendJson(response, 405, { code: ServiceCode.Invalid, msg: `method ${method} not allowed on ${url.pathname}` }, {
      allow: lookup.allowed.join(', '),
    });
    return;
  }
  try {
    const answer = lookup.route.handler({ runtime, query: url.searchParams, body: () => parseJsonBody(body) });
    if (answer.changed) runtime.storeChanged();
    sendJson(response, 200, answer.body);
  } catch (error) {
    if (!(error instanceof SimServiceError)) throw error;
    sendJson(response, 400, { code: error.serviceCode, msg: error.message });
  }
}

function parseJsonBody(body: BodyRead): unknown {
  const text = body.kind === 'complete' ? body.text : '';
  if (text.trim() === '') throw parameterError('', 'request body required (a JSON object)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw invalid(`Parameters Error (request body is not JSON: ${(error as Error).message})`);
  }
  const tooDeep = pathDeeperThan(parsed);
  if (tooDeep !== undefined) {
    throw parameterError(formatPath(tooDeep.slice(0, 1)) || 'request body', `nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return parsed;
}

/** An envelope, worded in the simulator's wire style. */
function sendEnvelope(runtime: SimRuntime, response: ServerResponse, status: number, envelope: Envelope, headers: Record<string, string> = {}): void {
  sendJson(response, status, wireEnvelope(envelope, runtime.wireStyle), headers);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

function internalMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `System Error (internal simulator error, a bug in the simulator, not in the request: ${detail})`;
}
