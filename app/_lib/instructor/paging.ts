// Paging for the dashboard's long lists (learners, users, the attempts that failed a
// goal): the page number from the query string, the page a list of `total` rows can
// show, and the page links a pager draws — the first, the last, the current page and its
// neighbours, with gaps between, so the pager stays short with a thousand pages.

/** A page number from the query string: 1 when absent or not a positive integer. */
export function pageNumber(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}

export interface PageSlice {
  /** 1-based, clamped to the pages there are (a page past the end shows the last) */
  page: number;
  /** at least 1, even when there are no rows */
  pages: number;
  /** rows before the page */
  skip: number;
}

export function pageSlice(total: number, perPage: number, page: number): PageSlice {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  return { page: current, pages, skip: (current - 1) * perPage };
}

export type PagerItem = number | 'gap';

/**
 * The page links of a pager: 1, the pages within `around` of the current one, and the last,
 * in order, with 'gap' where pages are left out. A gap never stands for a single page (that
 * page is shown instead).
 */
export function pagerItems(page: number, pages: number, around = 2): PagerItem[] {
  const shown = new Set<number>([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const p of sorted) {
    const last = items[items.length - 1];
    if (typeof last === 'number' && p - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) items.push('gap');
    items.push(p);
  }
  return items;
}
