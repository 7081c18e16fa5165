import { parameterError } from '../errors.js';

export interface PageRequest {
  pageNumber: number;
  /** -1 asks for every record on one page */
  pageSize: number;
}

export interface Page<T> {
  total: number;
  current: number;
  hasNext: boolean;
  records: T[];
}

export const DEFAULT_PAGE_SIZE = 20;

/** `pageNumber` (default 1) and `pageSize` (default 20, -1 = all) from a query string. */
export function parsePageRequest(query: URLSearchParams): PageRequest {
  return {
    pageNumber: parseIntegerParam(query, 'pageNumber', 1, (n) => n >= 1, 'must be a whole number from 1'),
    pageSize: parseIntegerParam(query, 'pageSize', DEFAULT_PAGE_SIZE, (n) => n >= 1 || n === -1, 'must be -1 or a whole number from 1'),
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
    return { total, current: 1, hasNext: false, records: records.map(view) };
  }
  const size = request.pageSize === -1 ? (cap as number) : Math.min(request.pageSize, cap ?? request.pageSize);
  const current = request.pageSize === -1 ? 1 : request.pageNumber;
  const start = (current - 1) * size;
  const slice = start < total ? records.slice(start, start + size) : [];
  return { total, current, hasNext: start + size < total, records: slice.map(view) };
}
