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

  it('refuses an empty first page that announces more', async () => {
    const fetchPage = async (): Promise<Page<Row>> => ({ total: 3, current: 1, hasNext: true, records: [] });
    const error = await walkError(fetchPage);
    expect(error.message).toContain('page 1 is empty');
  });
});
