import { describe, expect, it } from 'vitest';
import { WireFormatError } from '../../src/api/errors.js';
import { listAllPages, type PageRequest } from '../../src/api/paginate.js';
import type { Page } from '../../src/api/wire-types.js';

/** Unit tests of the page walker over in-memory servers; pagination.test.ts runs it against the simulator. */

interface Row {
  id: number;
}

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

/** A well-behaved server: offset = (page-1) * effective size, with an optional cap. */
function server(data: Row[], cap = Infinity) {
  const requests: PageRequest[] = [];
  const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
    requests.push(request);
    const asked = request.pageSize === -1 ? Infinity : request.pageSize;
    const size = Math.min(asked, cap);
    const start = size === Infinity ? 0 : (request.pageNumber - 1) * size;
    const records = data.slice(start, size === Infinity ? undefined : start + size);
    return { total: data.length, current: request.pageNumber, hasNext: start + records.length < data.length, records };
  };
  return { fetchPage, requests };
}

const options = { method: 'GET', path: '/x', endpoint: 'GET /x', keyOf: (r: Row) => String(r.id), firstPageSize: -1 };

async function walkError(fetchPage: (request: PageRequest) => Promise<Page<Row>>): Promise<WireFormatError> {
  const error = await listAllPages(fetchPage, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WireFormatError);
  return error as WireFormatError;
}

describe('listAllPages', () => {
  it('needs one request when pageSize=-1 is honoured', async () => {
    const s = server(rows(45));
    expect(await listAllPages(s.fetchPage, options)).toEqual(rows(45));
    expect(s.requests).toEqual([{ pageNumber: 1, pageSize: -1 }]);
  });

  it('returns an empty list from an empty first page', async () => {
    const s = server([]);
    expect(await listAllPages(s.fetchPage, options)).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('walks pages with the size the server used when it caps the page', async () => {
    const s = server(rows(45), 20);
    expect(await listAllPages(s.fetchPage, options)).toEqual(rows(45));
    expect(s.requests).toEqual([
      { pageNumber: 1, pageSize: -1 },
      { pageNumber: 2, pageSize: 20 },
      { pageNumber: 3, pageSize: 20 },
    ]);
  });

  it('starts with a fixed size where -1 is not documented and still follows a smaller cap', async () => {
    const s = server(rows(25), 10);
    expect(await listAllPages(s.fetchPage, { ...options, firstPageSize: 100 })).toEqual(rows(25));
    expect(s.requests.map((r) => r.pageSize)).toEqual([100, 10, 10]);
  });

  it('walks when hasNext is false but fewer records than total arrived', async () => {
    const data = rows(30);
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      const size = 20;
      const start = (request.pageNumber - 1) * size;
      return { total: 30, current: request.pageNumber, hasNext: false, records: data.slice(start, start + size) };
    };
    expect(await listAllPages(fetchPage, options)).toEqual(data);
  });

  it('accepts a trailing empty page after a hasNext lie when everything announced has arrived', async () => {
    const data = rows(4);
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      const start = (request.pageNumber - 1) * 2;
      return { total: 4, current: request.pageNumber, hasNext: true, records: data.slice(start, start + 2) };
    };
    expect(await listAllPages(fetchPage, options)).toEqual(data);
  });

  it('refuses a server that serves the same page again', async () => {
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({
      total: 10,
      current: request.pageNumber,
      hasNext: true,
      records: rows(2),
    });
    const error = await walkError(fetchPage);
    expect(error.message).toContain('page 2 repeats record "1"');
  });

  it('refuses a server that ignores pageNumber', async () => {
    const fetchPage = async (): Promise<Page<Row>> => ({ total: 10, current: 1, hasNext: true, records: rows(2) });
    const error = await walkError(fetchPage);
    expect(error.pointer).toBe('/data/current');
  });

  it('stops a server whose hasNext never ends', async () => {
    let next = 0;
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({
      total: 4,
      current: request.pageNumber,
      hasNext: true,
      records: [{ id: ++next }, { id: ++next }],
    });
    const error = await walkError(fetchPage);
    expect(error.pointer).toBe('/data/hasNext');
  });

  it('refuses an empty page while records are still missing', async () => {
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({
      total: 6,
      current: request.pageNumber,
      hasNext: request.pageNumber === 1,
      records: request.pageNumber === 1 ? rows(2) : [],
    });
    const error = await walkError(fetchPage);
    expect(error.message).toContain('only 2 of 6');
  });

  describe('over MyBatis-Plus pages (records, total, size, current, pages; hasNext missing)', () => {
    /** The real service's shape: no hasNext, `size` echoes the size asked (-1 included) unless capped. */
    function myBatisServer(data: Row[], cap = Infinity) {
      const requests: PageRequest[] = [];
      const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
        requests.push(request);
        const size = request.pageSize === -1 ? (cap === Infinity ? -1 : cap) : Math.min(request.pageSize, cap);
        const start = size === -1 ? 0 : (request.pageNumber - 1) * size;
        const slice = data.slice(start, size === -1 ? undefined : start + size);
        // IPage.getPages(): total / size rounded up, so -1 yields a negative count.
        const pages = size === 0 ? 0 : Math.trunc(data.length / size) + (data.length % size !== 0 ? 1 : 0);
        return { records: slice, total: data.length, size, current: request.pageNumber, pages };
      };
      return { fetchPage, requests };
    }

    it('reads everything in one request when -1 is honoured, whatever pages says', async () => {
      const s = myBatisServer(rows(5));
      expect((await s.fetchPage({ pageNumber: 1, pageSize: -1 })).pages).toBe(-5);
      s.requests.length = 0;
      expect(await listAllPages(s.fetchPage, options)).toEqual(rows(5));
      expect(s.requests).toEqual([{ pageNumber: 1, pageSize: -1 }]);
    });

    it('walks by total when the server caps the page and sends no hasNext', async () => {
      const s = myBatisServer(rows(25), 10);
      expect(await listAllPages(s.fetchPage, options)).toEqual(rows(25));
      expect(s.requests).toEqual([
        { pageNumber: 1, pageSize: -1 },
        { pageNumber: 2, pageSize: 10 },
        { pageNumber: 3, pageSize: 10 },
      ]);
    });

    it('always sends the page size, so a legacy default of 10 never decides the offsets', async () => {
      const s = myBatisServer(rows(25), 10);
      expect(await listAllPages(s.fetchPage, { ...options, firstPageSize: 100 })).toEqual(rows(25));
      expect(s.requests.every((r) => Number.isInteger(r.pageSize) && r.pageSize > 0)).toBe(true);
    });

    it('returns an empty list from an empty page without hasNext', async () => {
      const s = myBatisServer([]);
      expect(await listAllPages(s.fetchPage, options)).toEqual([]);
      expect(s.requests).toHaveLength(1);
    });
  });

  it('reads one page further when pages counts more than total, and accepts it empty', async () => {
    const data = rows(4);
    const requests: number[] = [];
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      requests.push(request.pageNumber);
      const start = (request.pageNumber - 1) * 2;
      return { records: data.slice(start, start + 2), total: 4, size: request.pageSize, current: request.pageNumber, pages: 3 };
    };
    expect(await listAllPages(fetchPage, { ...options, firstPageSize: 2 })).toEqual(data);
    expect(requests).toEqual([1, 2, 3]);
  });

  it('ignores pages computed for another size than the one walked', async () => {
    const data = rows(4);
    const requests: number[] = [];
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      requests.push(request.pageNumber);
      const start = (request.pageNumber - 1) * 2;
      return { records: data.slice(start, start + 2), total: 4, size: 1, current: request.pageNumber, pages: 4 };
    };
    expect(await listAllPages(fetchPage, { ...options, firstPageSize: 2 })).toEqual(data);
    expect(requests).toEqual([1, 2]);
  });

  it('stops a server whose pages never ends, without hasNext', async () => {
    let next = 0;
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({
      records: [{ id: ++next }, { id: ++next }],
      total: 4,
      size: request.pageSize,
      current: request.pageNumber,
      pages: request.pageNumber + 1,
    });
    const error = await listAllPages(fetchPage, { ...options, firstPageSize: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireFormatError);
    expect((error as WireFormatError).pointer).toBe('/data/pages');
  });

  it('refuses a page without hasNext that stops short of total', async () => {
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({
      records: request.pageNumber === 1 ? rows(2) : [],
      total: 6,
      size: 2,
      current: request.pageNumber,
      pages: 3,
    });
    const error = await walkError(fetchPage);
    expect(error.message).toContain('only 2 of 6');
  });

  it('refuses an empty first page that announces more', async () => {
    const fetchPage = async (): Promise<Page<Row>> => ({ total: 3, current: 1, hasNext: true, records: [] });
    const error = await walkError(fetchPage);
    expect(error.message).toContain('page 1 is empty');
  });
});

describe('listAllPages on a list that grows at the front (transactions, settlement batches)', () => {
  const live = { ...options, growsAtFront: true };

  /** Newest first (highest id first); `arrive` is called with the page about to be served and may add rows at the front. */
  function liveServer(initial: number, cap: number, arrive: (pageNumber: number, data: Row[]) => void = () => {}) {
    const data = rows(initial).reverse();
    const requests: PageRequest[] = [];
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      requests.push(request);
      arrive(request.pageNumber, data);
      const size = Math.min(request.pageSize === -1 ? Infinity : request.pageSize, cap);
      const start = (request.pageNumber - 1) * size;
      return { total: data.length, current: request.pageNumber, records: data.slice(start, start + size) };
    };
    return { fetchPage, requests, data };
  }
  const front = (data: Row[]): void => {
    data.unshift({ id: data.length + 1 });
  };

  it('skips the records a payment between two pages pushed back, and returns each record present at the start once', async () => {
    const s = liveServer(5, 2, (pageNumber, data) => pageNumber === 2 && front(data));
    expect((await listAllPages(s.fetchPage, live)).map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    // Page 3 was full and total had grown: page 4, empty, shows the list's end.
    expect(s.requests.map((r) => r.pageNumber)).toEqual([1, 2, 3, 4]);
  });

  it('stops at a short page once every record present at the start is read', async () => {
    const s = liveServer(6, 4, (pageNumber, data) => pageNumber === 2 && front(data));
    expect((await listAllPages(s.fetchPage, live)).map((r) => r.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(s.requests.map((r) => r.pageNumber)).toEqual([1, 2]);
  });

  it('absorbs a payment before every page', async () => {
    const s = liveServer(9, 3, (pageNumber, data) => pageNumber > 1 && front(data));
    const ids = (await listAllPages(s.fetchPage, live)).map((r) => r.id);
    expect(ids.slice(0, 3)).toEqual([9, 8, 7]);
    expect([...ids].sort((a, b) => a - b).slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('still refuses a server that serves the same page again, after the pages its total needs', async () => {
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => ({ total: 5, current: request.pageNumber, records: rows(2) });
    const error = await listAllPages(fetchPage, live).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireFormatError);
    expect((error as Error).message).toContain('only 2 distinct record(s) of 5 were returned');
  });

  it('ends a total that grows without end with an error, not a loop', async () => {
    let calls = 0;
    const fetchPage = async (request: PageRequest): Promise<Page<Row>> => {
      calls += 1;
      const start = (request.pageNumber - 1) * 2;
      return { total: 4 + calls * 10, current: request.pageNumber, records: rows(100).slice(start, start + 2) };
    };
    const error = await listAllPages(fetchPage, live).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireFormatError);
    // Twice the pages the first total needed, and one more.
    expect(calls).toBe(2 * Math.ceil(14 / 2) + 1);
  });

  it('keeps refusing repeats on the configuration lists', async () => {
    const s = liveServer(5, 2, (pageNumber, data) => pageNumber === 2 && front(data));
    const error = await walkError(s.fetchPage);
    expect(error.message).toContain('page 2 repeats record "4"');
  });
});
