import { ServiceCode, SimServiceError } from '../../errors.js';
import { success, type Envelope } from '../envelope.js';
import { DOCUMENT_2_PAGE_SIZE, paginate, parsePageRequest, wirePage } from '../page.js';
import type { Method } from '../router.js';
import { wireRecord } from '../wire-style.js';
import { pageOf, type ApiHandler, type ApiRequest, type ApiRoute } from './api-route.js';

export const API_V2 = '/api/v2';

/**
 * A legacy configuration route. A group switched to the current API is refused with 13310 before
 * anything else is looked at (reference 9.3: every legacy configuration endpoint, reads included);
 * a group on `legacy` is served over the same records as the current API.
 */
export function legacyRoute(method: Method, path: string, handler: ApiHandler): ApiRoute {
  return {
    method,
    pattern: `${API_V2}${path}`,
    handler: (r) => {
      if (r.ctx.group.settings.apiVersion !== 'legacy') {
        throw new SimServiceError(ServiceCode.LegacyApiDisabled, 'This group uses multiple acquirers; use the new API /api/openapi/v1');
      }
      return handler(r);
    },
  };
}

/** A page as the current API words it, 10 records by default as document 2's lists are; `-1` still means all. */
export function legacyPageOf<T>(r: ApiRequest, records: readonly T[], view: (record: T) => Record<string, unknown>): Envelope {
  return pageOf(r, records, view, DOCUMENT_2_PAGE_SIZE);
}

/**
 * A legacy page that says `hasNext` right after `records` in both wire styles, as the public
 * documentation's EMV config list shows it; otherwise as legacyPageOf.
 */
export function legacyPageWithHasNext<T>(r: ApiRequest, records: readonly T[], view: (record: T) => Record<string, unknown>): Envelope {
  const style = r.ctx.wireStyle;
  const page = paginate(records, parsePageRequest(r.query, DOCUMENT_2_PAGE_SIZE), (record) => wireRecord(view(record), style), r.maxPageSize);
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wirePage(page, style))) {
    if (key === 'hasNext') continue;
    sent[key] = value;
    if (key === 'records') sent['hasNext'] = page.hasNext;
  }
  return success(sent);
}
