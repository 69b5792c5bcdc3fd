// Where to go after sign-in. Only same-site paths are followed: `next=//evil.example`
// or `next=https://…` would be an open redirect.
export function safeNextPath(next: string | string[] | null | undefined, fallback: string): string {
  // `?next=a&next=b` reaches a page as an array: not one path to follow
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  return next;
}

/** A page's query as Next hands it to the page (`searchParams`). */
export type PageQuery = Record<string, string | string[] | undefined>;

/**
 * The sign-in page that comes back to `/<locale><path>` with the same query afterwards:
 * `/en/instructor/learners?page=3` → `/en/sign-in?next=%2Fen%2Finstructor%2Flearners%3Fpage%3D3`.
 * The whole return path is one encoded parameter; sign-in still passes it through
 * safeNextPath, so only a same-site path is ever followed.
 */
export function signInPath(locale: string, path: string, query: PageQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  const search = params.toString();
  const back = `/${locale}${path}${search === '' ? '' : `?${search}`}`;
  return `/${locale}/sign-in?next=${encodeURIComponent(back)}`;
}
