import { seg, type EndpointCalls } from './endpoint-calls.js';
import type { EmvConfig, EmvConfigCreate, EmvConfigQuery, EmvConfigUpdate, IdResult, Page, PageQuery } from './wire-types.js';

/**
 * EMV configs, one group of methods for both APIs: the current one under `/api/openapi/v1` and
 * the legacy one under `/api/v2` (document 2 shows no legacy EMV shape, so the legacy endpoints
 * take and answer the current API's shapes). Only the prefix differs.
 */

export interface EmvConfigsClient {
  list(q?: EmvConfigQuery & PageQuery): Promise<Page<EmvConfig>>;
  listAll(q?: EmvConfigQuery): Promise<EmvConfig[]>;
  create(body: EmvConfigCreate): Promise<IdResult>;
  update(emvId: number, body: EmvConfigUpdate): Promise<void>;
  delete(emvId: number): Promise<void>;
}

export function emvConfigsClient(calls: EndpointCalls, prefix: string): EmvConfigsClient {
  const { call, callVoid } = calls;
  const base = `${prefix}/emv`;
  const emvList = calls.list<EmvConfig, EmvConfigQuery>({
    endpoint: base,
    path: () => base,
    schema: 'emv-config',
    keyOf: (e) => String(e.id),
    firstPageSize: -1,
  });
  return {
    list: (q) => emvList.page('', q),
    listAll: (q) => emvList.all('', q),
    create: (body) => call<IdResult>('POST', base, base, { kind: 'record', schema: 'id-result' }, { body }),
    update: (emvId, body) => callVoid('PUT', `${base}/{emvId}`, `${base}/${seg(emvId)}`, { body }),
    delete: (emvId) => callVoid('DELETE', `${base}/{emvId}`, `${base}/${seg(emvId)}`),
  };
}
