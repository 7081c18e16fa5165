import type { ServiceContext } from '../../rules/context.js';
import type { Envelope } from '../envelope.js';
import { success } from '../envelope.js';
import { paginate, parsePageRequest, wirePage } from '../page.js';
import type { RouteDefinition } from '../router.js';
import { wireRecord } from '../wire-style.js';

/** One authenticated call to the service API, already routed. */
export interface ApiRequest {
  readonly ctx: ServiceContext;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body; code 10000 when it is missing or not JSON. */
  body(): unknown;
  /** The parsed JSON body, or `{}` when there is none: for a POST whose every body field is optional. */
  optionalBody(): unknown;
  /** 0 when page sizes are not capped */
  readonly maxPageSize: number;
}

/** Handlers are synchronous: a request's reads and writes happen in one turn, so requests never interleave. */
export type ApiHandler = (request: ApiRequest) => Envelope;

export type ApiRoute = RouteDefinition<ApiHandler>;

export const API_V1 = '/api/openapi/v1';

/** A route parameter the router guarantees to be present. */
export function param(request: ApiRequest, name: string): string {
  return request.params[name] ?? '';
}

/** An optional query parameter; an empty value counts as absent. */
export function queryText(request: ApiRequest, name: string): string | undefined {
  const value = request.query.get(name);
  return value === null || value === '' ? undefined : value;
}

/** A page envelope over already-filtered records, each worded as the wire style says (see wireRecord). */
export function pageOf<T>(
  request: ApiRequest,
  records: readonly T[],
  view: (record: T) => Record<string, unknown>,
  defaultPageSize?: number,
): Envelope {
  const style = request.ctx.wireStyle;
  const page = paginate(records, parsePageRequest(request.query, defaultPageSize), (record) => wireRecord(view(record), style), request.maxPageSize);
  return success(wirePage(page, style));
}

/** A success envelope holding one record (data null when there is none), worded as the wire style says. */
export function recordOf(request: ApiRequest, view: Record<string, unknown> | undefined): Envelope {
  return success(view === undefined ? null : wireRecord(view, request.ctx.wireStyle));
}
