import { seg, type EndpointCalls } from './endpoint-calls.js';
import type { EmvConfig, EmvConfigCreate, EmvConfigQuery, EmvConfigUpdate, IdResult, Page, PageQuery } from './wire-types.js';

/**
 * EMV configs of the current API, under `/api/openapi/v1` (the legacy `/api/v2/emv` has shapes of
 * its own: legacy-client.ts).
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
