import { listAllPages } from './paginate.js';
import type { HttpMethod, Transport } from './transport.js';
import type { DataShape, RecordSchemaName } from './wire-schemas.js';
import type { Page, PageQuery } from './wire-types.js';

/**
 * How the client's endpoint groups (client.ts and the modules it composes) talk to the transport:
 * one request with its documented endpoint and data shape, and list endpoints read one page or
 * every page. Each group module holds only its paths and shapes.
 */

export type Query = Record<string, string | number | undefined>;

export interface CallExtra {
  query?: Query;
  body?: unknown;
  /** Secrets the body carries in another form (see RequestSpec.secrets). */
  secrets?: readonly string[];
  /** What to check before trying again when a POST's outcome is unknown. */
  outcomeCheck?: string;
}

/**
 * A single-page `list` without a size asks for the current API's documented default explicitly:
 * the service's legacy lists default to 10, and a default the client does not send is one it
 * cannot rely on.
 */
export const LIST_PAGE_SIZE = 20;

export const seg = (value: string | number): string => encodeURIComponent(String(value));

const NONE: DataShape = { kind: 'none' };

export interface ListEndpoint<T, Q extends object> {
  page(scope: string, q: (Q & PageQuery) | undefined): Promise<Page<T>>;
  all(scope: string, q: Q | undefined): Promise<T[]>;
}

export interface ListEndpointSpec<T> {
  /** As documented, for messages: `/api/v2/order`. */
  endpoint: string;
  path: (scope: string) => string;
  schema: RecordSchemaName;
  keyOf: (record: T) => string;
  /** -1 (everything) where the reference documents it, else a fixed size. */
  firstPageSize: number;
  /** Query parameters that name the scope (a merchant id). */
  scoped?: (scope: string) => Query;
  /** An append-only list served newest first, growing while it is read (paginate.ts). */
  growsAtFront?: boolean;
}

export interface EndpointCalls {
  call<T>(method: HttpMethod, endpoint: string, path: string, data: DataShape, extra?: CallExtra): Promise<T>;
  callVoid(method: HttpMethod, endpoint: string, path: string, extra?: CallExtra): Promise<void>;
  /** A record read that answers `data: null` for an unknown id. */
  getOrNull<T>(endpoint: string, path: string, schema: RecordSchemaName): Promise<T | null>;
  list<T, Q extends object>(spec: ListEndpointSpec<T>): ListEndpoint<T, Q>;
}

export function endpointCalls(transport: Transport): EndpointCalls {
  async function call<T>(method: HttpMethod, endpoint: string, path: string, data: DataShape, extra: CallExtra = {}): Promise<T> {
    return (await transport.request({ method, endpoint: `${method} ${endpoint}`, path, data, ...extra })) as T;
  }

  async function callVoid(method: HttpMethod, endpoint: string, path: string, extra: CallExtra = {}): Promise<void> {
    await transport.request({ method, endpoint: `${method} ${endpoint}`, path, data: NONE, ...extra });
  }

  async function getOrNull<T>(endpoint: string, path: string, schema: RecordSchemaName): Promise<T | null> {
    return (await call<T | null | undefined>('GET', endpoint, path, { kind: 'record', schema, nullable: true })) ?? null;
  }

  function list<T, Q extends object>(spec: ListEndpointSpec<T>): ListEndpoint<T, Q> {
    const scoped = spec.scoped ?? (() => ({}));
    const page = (scope: string, q: (Q & PageQuery) | undefined): Promise<Page<T>> =>
      call<Page<T>>('GET', spec.endpoint, spec.path(scope), { kind: 'page', schema: spec.schema }, {
        query: { ...scoped(scope), ...(q ?? {}), pageSize: q?.pageSize ?? LIST_PAGE_SIZE },
      });
    const all = (scope: string, q: Q | undefined): Promise<T[]> =>
      listAllPages<T>((request) => page(scope, { ...(q ?? ({} as Q)), ...request }), {
        method: 'GET',
        path: spec.path(scope),
        endpoint: `GET ${spec.endpoint}`,
        keyOf: spec.keyOf,
        firstPageSize: spec.firstPageSize,
        growsAtFront: spec.growsAtFront,
      });
    return { page, all };
  }

  return { call, callVoid, getOrNull, list };
}
