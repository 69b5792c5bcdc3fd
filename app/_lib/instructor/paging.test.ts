import { describe, expect, it } from 'vitest';
import { pageNumber, pageSlice, pagerItems } from './paging';

describe('pageNumber', () => {
  it('reads the page number defensively', () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber(['4', '5'])).toBe(4);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('1e9')).toBe(1);
    expect(pageNumber('abc')).toBe(1);
  });
});

describe('pageSlice', () => {
  it('clamps a page past the end to the last, and has one page when there are no rows', () => {
    expect(pageSlice(530, 50, 1)).toEqual({ page: 1, pages: 11, skip: 0 });
    expect(pageSlice(530, 50, 11)).toEqual({ page: 11, pages: 11, skip: 500 });
    expect(pageSlice(530, 50, 999999)).toEqual({ page: 11, pages: 11, skip: 500 });
    expect(pageSlice(0, 50, 3)).toEqual({ page: 1, pages: 1, skip: 0 });
  });
});

describe('pagerItems', () => {
  it('shows the first, the last and the pages around the current one, with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 11)).toEqual([1, 2, 3, 'gap', 11]);
    expect(pagerItems(6, 11)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 11]);
    expect(pagerItems(11, 11)).toEqual([1, 'gap', 9, 10, 11]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pagerItems(5, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 11]);
    expect(pagerItems(4, 7, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
