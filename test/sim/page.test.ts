import { describe, expect, it } from 'vitest';
import { paginate, parsePageRequest, wirePage } from '../../src/sim/http/page.js';

const records = Array.from({ length: 45 }, (_, i) => i + 1);
const same = (n: number): number => n;

describe('page request', () => {
  it('defaults to page 1 of 20 and accepts -1', () => {
    expect(parsePageRequest(new URLSearchParams())).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(parsePageRequest(new URLSearchParams('pageNumber=3&pageSize=-1'))).toEqual({ pageNumber: 3, pageSize: -1 });
    expect(parsePageRequest(new URLSearchParams('pageNumber=&pageSize='))).toEqual({ pageNumber: 1, pageSize: 20 });
    // Document 2's lists default to 10; a size given still wins.
    expect(parsePageRequest(new URLSearchParams(''), 10)).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(parsePageRequest(new URLSearchParams('pageSize=-1'), 10)).toEqual({ pageNumber: 1, pageSize: -1 });
  });

  it.each(['pageSize=0', 'pageSize=-2', 'pageSize=abc', 'pageSize=2.5', 'pageNumber=0', 'pageNumber=-1', 'pageNumber=1e3', 'pageSize=99999999999'])(
    'refuses %s naming the parameter',
    (query) => {
      const name = query.split('=')[0] as string;
      expect(() => parsePageRequest(new URLSearchParams(query))).toThrow(new RegExp(`^Parameters Error \\(${name} `));
    },
  );
});

describe('paginate', () => {
  it('slices pages in order and says whether another exists', () => {
    expect(paginate(records, { pageNumber: 1, pageSize: 20 }, same)).toEqual({ total: 45, current: 1, size: 20, pages: 3, hasNext: true, records: records.slice(0, 20) });
    expect(paginate(records, { pageNumber: 3, pageSize: 20 }, same)).toEqual({ total: 45, current: 3, size: 20, pages: 3, hasNext: false, records: records.slice(40) });
    expect(paginate(records, { pageNumber: 2, pageSize: 15 }, same).hasNext).toBe(true);
    expect(paginate(records, { pageNumber: 3, pageSize: 15 }, same).hasNext).toBe(false);
    expect(paginate(records, { pageNumber: 9, pageSize: 20 }, same)).toEqual({ total: 45, current: 9, size: 20, pages: 3, hasNext: false, records: [] });
    expect(paginate([], { pageNumber: 1, pageSize: 20 }, same)).toEqual({ total: 0, current: 1, size: 20, pages: 0, hasNext: false, records: [] });
  });

  it('returns everything for -1 and views only the records of the page', () => {
    expect(paginate(records, { pageNumber: 5, pageSize: -1 }, same)).toEqual({ total: 45, current: 1, size: -1, pages: -45, hasNext: false, records });
    const viewed: number[] = [];
    paginate(records, { pageNumber: 2, pageSize: 10 }, (n) => viewed.push(n));
    expect(viewed).toEqual(records.slice(10, 20));
  });

  it('caps the page size when a maximum is set, including for -1', () => {
    expect(paginate(records, { pageNumber: 1, pageSize: -1 }, same, 10)).toEqual({ total: 45, current: 1, size: 10, pages: 5, hasNext: true, records: records.slice(0, 10) });
    expect(paginate(records, { pageNumber: 2, pageSize: 50 }, same, 10)).toEqual({ total: 45, current: 2, size: 10, pages: 5, hasNext: true, records: records.slice(10, 20) });
    expect(paginate(records, { pageNumber: 1, pageSize: 5 }, same, 10).records).toHaveLength(5);
    expect(paginate(records.slice(0, 8), { pageNumber: 1, pageSize: -1 }, same, 10)).toMatchObject({ hasNext: false, records: records.slice(0, 8) });
    expect(paginate(records, { pageNumber: 1, pageSize: -1 }, same, 0).records).toHaveLength(45);
  });
});

describe('wirePage', () => {
  const page = paginate(records, { pageNumber: 2, pageSize: 20 }, same);

  it('real: MyBatis-Plus keys in their order, without hasNext', () => {
    const wire = wirePage(page, 'real');
    expect(Object.keys(wire)).toEqual(['records', 'total', 'size', 'current', 'pages']);
    expect(wire).toEqual({ records: records.slice(20, 40), total: 45, size: 20, current: 2, pages: 3 });
  });

  it('real: size -1 and the pages MyBatis-Plus computes from it when everything was asked for', () => {
    expect(wirePage(paginate(records, { pageNumber: 1, pageSize: -1 }, same), 'real')).toMatchObject({ total: 45, size: -1, current: 1, pages: -45 });
    expect(wirePage(paginate([], { pageNumber: 1, pageSize: -1 }, same), 'real')).toMatchObject({ total: 0, size: -1, pages: 0 });
  });

  it('reference: the four documented fields in the reference order', () => {
    const wire = wirePage(page, 'reference');
    expect(Object.keys(wire)).toEqual(['total', 'current', 'hasNext', 'records']);
    expect(wire).toEqual({ total: 45, current: 2, hasNext: true, records: records.slice(20, 40) });
  });
});
