import { WireFormatError } from './errors.js';
import type { Page } from './wire-types.js';

/**
 * Reading every record of a list endpoint. The reference promises that `pageSize=-1` returns
 * everything on one page, so that is tried first (one request in the common case). A server may
 * still cap the page size (a gateway limit, or a later version): when the answer says `hasNext` or
 * holds fewer records than `total`, the remaining pages are walked with the page size the server
 * actually used, so that page N starts where page N-1 ended whichever size the server computes
 * offsets with. A planner must never work from a partial list, so any page that does not advance
 * is an error, not an early stop.
 */

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export interface ListAllOptions<T> {
  /** For error messages: `GET /api/openapi/v1/mchInfo`. */
  method: string;
  path: string;
  endpoint: string;
  /** Identity of a record, to detect a server that serves the same records again. */
  keyOf: (record: T) => string;
  /** First request's page size: -1 (all) where the reference documents it, else a fixed size. */
  firstPageSize: number;
}

/** Upper bound on pages walked beyond what `total` announces, against a server whose `hasNext` never ends. */
const EXTRA_PAGES = 1;

export async function listAllPages<T>(
  fetchPage: (request: PageRequest) => Promise<Page<T>>,
  options: ListAllOptions<T>,
): Promise<T[]> {
  const fail = (pointer: string, problem: string): WireFormatError =>
    new WireFormatError({ method: options.method, path: options.path, endpoint: options.endpoint, pointer, problem });

  const first = await fetchPage({ pageNumber: 1, pageSize: options.firstPageSize });
  const records: T[] = [];
  const seen = new Set<string>();
  const add = (page: Page<T>, pageNumber: number): void => {
    for (const record of page.records) {
      const key = options.keyOf(record);
      if (seen.has(key)) {
        throw fail('/data/records', `page ${pageNumber} repeats record ${JSON.stringify(key)}; the server's paging does not advance`);
      }
      seen.add(key);
      records.push(record);
    }
  };
  add(first, 1);

  const totalOf = (page: Page<T>): number => (typeof page.total === 'number' ? page.total : 0);
  let total = totalOf(first);
  const hasMore = (page: Page<T>): boolean => page.hasNext === true || records.length < totalOf(page);
  if (!hasMore(first)) return records;

  // The size the server really served; asking for it again keeps offsets aligned.
  const pageSize = first.records.length;
  if (pageSize === 0) {
    throw fail('/data/records', `page 1 is empty although the server announces ${total} record(s) or a next page`);
  }

  let page = first;
  for (let pageNumber = 2; hasMore(page); pageNumber += 1) {
    total = Math.max(total, totalOf(page));
    if (pageNumber > Math.ceil(total / pageSize) + EXTRA_PAGES) {
      throw fail('/data/hasNext', `the server still announces a next page after page ${pageNumber - 1} (total ${total}, page size ${pageSize})`);
    }
    page = await fetchPage({ pageNumber, pageSize });
    if (typeof page.current === 'number' && page.current !== pageNumber) {
      throw fail('/data/current', `asked for page ${pageNumber}, the server answered page ${page.current}`);
    }
    if (page.records.length === 0) {
      // hasNext said more but nothing came: acceptable only if everything announced has arrived.
      if (records.length >= totalOf(page)) break;
      throw fail('/data/records', `page ${pageNumber} is empty but only ${records.length} of ${totalOf(page)} record(s) were returned`);
    }
    add(page, pageNumber);
  }
  return records;
}
