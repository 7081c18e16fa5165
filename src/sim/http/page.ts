import { parameterError } from '../errors.js';
import type { WireStyle } from './wire-style.js';

export interface PageRequest {
  pageNumber: number;
  /** -1 asks for every record on one page */
  pageSize: number;
}

/** One page, with everything either wire style may say of it. */
export interface Page<T> {
  total: number;
  current: number;
  /** The page size used: the size asked for, the cap when one applied, -1 for everything. */
  size: number;
  /** MyBatis-Plus `IPage.getPages()`: total ÷ size rounded up, 0 for size 0 (so -total for -1). */
  pages: number;
  hasNext: boolean;
  records: T[];
}

export const DEFAULT_PAGE_SIZE = 20;

/**
 * Document 2's lists (transactions, settlements and the legacy configuration endpoints) default to
 * 10 records a page, not 20.
 */
export const DOCUMENT_2_PAGE_SIZE = 10;

/** `pageNumber` (default 1) and `pageSize` (default 20, or the list's own default; -1 = all) from a query string. */
export function parsePageRequest(query: URLSearchParams, defaultPageSize: number = DEFAULT_PAGE_SIZE): PageRequest {
  return {
    pageNumber: parseIntegerParam(query, 'pageNumber', 1, (n) => n >= 1, 'must be a whole number from 1'),
    pageSize: parseIntegerParam(query, 'pageSize', defaultPageSize, (n) => n >= 1 || n === -1, 'must be -1 or a whole number from 1'),
  };
}

function parseIntegerParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  accept: (n: number) => boolean,
  problem: string,
): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = /^-?\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(n) || !accept(n)) throw parameterError(name, `${problem}, got "${raw}"`);
  return n;
}

/**
 * One page of `records` (already filtered, in creation order). `maxPageSize` models a server that
 * caps page sizes: a larger size is cut down, and "all" (-1) returns only the first `maxPageSize`
 * records with hasNext true, so that a client must be able to fall back to walking pages.
 */
export function paginate<T, V>(records: readonly T[], request: PageRequest, view: (record: T) => V, maxPageSize?: number): Page<V> {
  const cap = maxPageSize !== undefined && maxPageSize > 0 ? maxPageSize : undefined;
  const total = records.length;
  if (request.pageSize === -1 && cap === undefined) {
    return { total, current: 1, size: -1, pages: pagesOf(total, -1), hasNext: false, records: records.map(view) };
  }
  const size = request.pageSize === -1 ? (cap as number) : Math.min(request.pageSize, cap ?? request.pageSize);
  const current = request.pageSize === -1 ? 1 : request.pageNumber;
  const start = (current - 1) * size;
  const slice = start < total ? records.slice(start, start + size) : [];
  return { total, current, size, pages: pagesOf(total, size), hasNext: start + size < total, records: slice.map(view) };
}

/** As MyBatis-Plus computes it, including its answer for size -1, which a client must not trust. */
function pagesOf(total: number, size: number): number {
  if (size === 0 || total === 0) return 0;
  return Math.trunc(total / size) + (total % size !== 0 ? 1 : 0);
}

/**
 * The page as sent. `real`: the MyBatis-Plus key order `records, total, size, current, pages`
 * and no `hasNext` (the live service's captured pages have none). `reference`: the reference's
 * four fields `total, current, hasNext, records`.
 */
export function wirePage<V>(page: Page<V>, style: WireStyle): Record<string, unknown> {
  if (style === 'real') return { records: page.records, total: page.total, size: page.size, current: page.current, pages: page.pages };
  return { total: page.total, current: page.current, hasNext: page.hasNext, records: page.records };
}
