import { parsePageRequest, type Page, type PageRequest } from './page.js';
import type { WireStyle } from './wire-style.js';

/** The transaction and settlement lists (document 2, 4.1 and 4.2) default to 10 records a page, not 20. */
export const MONEY_DEFAULT_PAGE_SIZE = 10;

/** `pageNumber` (default 1) and `pageSize` (default 10, -1 = all), checked as every list checks them. */
export function parseMoneyPageRequest(query: URLSearchParams): PageRequest {
  const raw = query.get('pageSize');
  if (raw !== null && raw !== '') return parsePageRequest(query);
  const withDefault = new URLSearchParams(query);
  withDefault.set('pageSize', String(MONEY_DEFAULT_PAGE_SIZE));
  return parsePageRequest(withDefault);
}

/**
 * A settlement page as sent: document 2 (2.2) gives it `pages` and `size` besides `total` and
 * `current`, in both wire styles. `real` is the MyBatis-Plus page as for every list; `reference`
 * is the reference's page (`total, current, hasNext, records`) with `pages` and `size` added.
 */
export function settlementWirePage<V>(page: Page<V>, style: WireStyle): Record<string, unknown> {
  if (style === 'real') return { records: page.records, total: page.total, size: page.size, current: page.current, pages: page.pages };
  return { total: page.total, current: page.current, hasNext: page.hasNext, pages: page.pages, size: page.size, records: page.records };
}
