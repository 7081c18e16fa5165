import type { Page } from './page.js';
import type { WireStyle } from './wire-style.js';

/**
 * A settlement page as sent: document 2 (2.2) gives it `pages` and `size` besides `total` and
 * `current`, in both wire styles. `real` is the MyBatis-Plus page as for every list; `reference`
 * is the reference's page (`total, current, hasNext, records`) with `pages` and `size` added.
 */
export function settlementWirePage<V>(page: Page<V>, style: WireStyle): Record<string, unknown> {
  if (style === 'real') return { records: page.records, total: page.total, size: page.size, current: page.current, pages: page.pages };
  return { total: page.total, current: page.current, hasNext: page.hasNext, pages: page.pages, size: page.size, records: page.records };
}
