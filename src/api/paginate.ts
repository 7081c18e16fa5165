import { WireFormatError } from './errors.js';
import type { Page } from './wire-types.js';

/**
 * Reading every record of a list endpoint. The reference promises that `pageSize=-1` returns
 * everything on one page, so that is tried first (one request in the common case). A server may
 * still cap the page size (a gateway limit, or a later version): when the answer holds fewer
 * records than `total`, says `hasNext`, or counts more `pages` than the one served, the remaining
 * pages are walked with the page size the server actually used, so that page N starts where page
 * N-1 ended whichever size the server computes offsets with. The page size is always sent: legacy
 * lists default to 10, the current ones to 20.
 *
 * `total` is what the walk relies on: the real service answers MyBatis-Plus pages (`records, total,
 * size, current, pages`) in which `hasNext` may be missing, so `hasNext` and `pages` can only ask
 * for more, never cut the walk short of `total`. `pages` counts only when the page's `size` is the
 * size walked (MyBatis-Plus computes it from `size`, and `size` -1 yields a meaningless value).
 *
 * A planner must never work from a partial list, so any page that does not advance is an error,
 * not an early stop, and so is a server that keeps announcing more.
 *
 * Transactions and settlement batches are different (`growsAtFront`): append-only lists served
 * newest first, to which payments keep arriving while the walk runs. A record arriving between two
 * pages pushes every older one a place back, so the next page starts with records already read:
 * those are skipped, not an error, and a `total` that grows is expected. Records only ever move
 * back, so none present when the walk began can fall behind the page being read: the walk has them
 * all once it reaches the list's end (a short or empty page), or as soon as the distinct records
 * reach `total`. Records that arrived at the front meanwhile are newer than the walk and may be
 * missing. A page that adds nothing new still counts, so a server that does not advance ends with
 * an error after the pages its `total` needs, and a `total` growing without end is bounded too.
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
  /** An append-only list served newest first, which may grow during the walk (see above). */
  growsAtFront?: boolean;
}

/** Upper bound on pages walked beyond what `total` announces, against a server whose `hasNext` or `pages` never ends. */
const EXTRA_PAGES = 1;

/**
 * How far a list that grows at the front may grow during one walk, as a multiple of the pages its
 * first `total` needed: beyond that it is not a busy list but a server that never lets the walk end.
 */
const GROWTH_FACTOR = 2;

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** `pages` of a page, when it was computed from the size being walked. */
function pagesAt(page: Page<unknown>, pageSize: number): number | undefined {
  const pages = count(page.pages);
  return pages !== undefined && pages >= 0 && count(page.size) === pageSize ? pages : undefined;
}

export async function listAllPages<T>(
  fetchPage: (request: PageRequest) => Promise<Page<T>>,
  options: ListAllOptions<T>,
): Promise<T[]> {
  const fail = (pointer: string, problem: string): WireFormatError =>
    new WireFormatError({ method: options.method, path: options.path, endpoint: options.endpoint, pointer, problem });

  const first = await fetchPage({ pageNumber: 1, pageSize: options.firstPageSize });
  const records: T[] = [];
  const seen = new Set<string>();
  const growsAtFront = options.growsAtFront === true;
  const add = (page: Page<T>, pageNumber: number): void => {
    for (const record of page.records) {
      const key = options.keyOf(record);
      if (seen.has(key)) {
        // Pushed back by a record that arrived at the front since the previous page.
        if (growsAtFront) continue;
        throw fail('/data/records', `page ${pageNumber} repeats record ${JSON.stringify(key)}; the server's paging does not advance`);
      }
      seen.add(key);
      records.push(record);
    }
  };
  add(first, 1);

  const totalOf = (page: Page<T>): number => count(page.total) ?? 0;
  // What asks for a further page, beyond records still missing from `total`.
  const announcesMore = (page: Page<T>, pageNumber: number, pageSize: number): '/data/hasNext' | '/data/pages' | undefined => {
    if (page.hasNext === true) return '/data/hasNext';
    const pages = pagesAt(page, pageSize);
    return pages !== undefined && pageNumber < pages ? '/data/pages' : undefined;
  };

  let total = totalOf(first);
  if (records.length >= total && announcesMore(first, 1, options.firstPageSize) === undefined) return records;

  // The size the server really served; asking for it again keeps offsets aligned.
  const pageSize = first.records.length;
  if (pageSize === 0) {
    throw fail('/data/records', `page 1 is empty although the server announces ${total} record(s) or a next page`);
  }
  // `pages` of page 1 counts only if page 1 was served at the size walked from now on.
  let announced = announcesMore(first, 1, pageSize === options.firstPageSize ? pageSize : Number.NaN);
  // A list growing at the front must hold, at the end, what it held when the walk began.
  const initialTotal = total;
  const initialPages = Math.ceil(total / pageSize);
  let maxPages = initialPages;

  for (let pageNumber = 2; records.length < total || announced !== undefined; pageNumber += 1) {
    if (pageNumber > maxPages + EXTRA_PAGES) {
      if (growsAtFront && records.length < total) {
        throw fail('/data/records', `after ${pageNumber - 1} page(s) of ${pageSize} only ${records.length} distinct record(s) of ${total} were returned; the server's paging does not advance`);
      }
      const pointer = announced ?? '/data/total';
      throw fail(pointer, `the server still announces a next page after page ${pageNumber - 1} (total ${total}, page size ${pageSize})`);
    }
    const page = await fetchPage({ pageNumber, pageSize });
    if (typeof page.current === 'number' && page.current !== pageNumber) {
      throw fail('/data/current', `asked for page ${pageNumber}, the server answered page ${page.current}`);
    }
    total = Math.max(total, totalOf(page));
    maxPages = Math.max(maxPages, Math.ceil(total / pageSize));
    if (growsAtFront) maxPages = Math.min(maxPages, GROWTH_FACTOR * initialPages);
    if (page.records.length === 0) {
      // More was announced but nothing came: acceptable only if everything announced has arrived
      // (for a list growing at the front, everything it held when the walk began).
      if (records.length >= (growsAtFront ? initialTotal : total)) break;
      throw fail('/data/records', `page ${pageNumber} is empty but only ${records.length} of ${total} record(s) were returned`);
    }
    add(page, pageNumber);
    announced = announcesMore(page, pageNumber, pageSize);
    // The list's end: every record present when the walk began has been read.
    if (growsAtFront && page.records.length < pageSize && records.length >= initialTotal) break;
  }
  return records;
}
