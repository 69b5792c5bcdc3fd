// The page links under a long list: "Page 3 of 11", previous and next, and the page
// numbers around the current one (app/_lib/instructor/paging.ts pagerItems). Every link
// keeps the list's other query parameters (order, search); page 1 has no `page` in its
// address. The current page is marked with aria-current, not by colour alone.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import { pagerItems } from '@/app/_lib/instructor/paging';
import styles from './dashboard.module.css';

export async function Pager({ label, page, pages, pathname, query = {} }: { label: string; page: number; pages: number; pathname: string; query?: Record<string, string> }) {
  if (pages <= 1) return null;
  const t = await getTranslations('instructor.pager');
  const href = (p: number) => ({ pathname, query: p === 1 ? query : { ...query, page: String(p) } });
  return (
    <nav className={styles.pager} aria-label={label}>
      <span className={styles.pageOf}>{t('pageOf', { page, pages })}</span>
      <ul>
        {page > 1 ? (
          <li>
            <Link href={href(page - 1)} rel="prev">
              ← {t('previous')}
            </Link>
          </li>
        ) : null}
        {pagerItems(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className={styles.current} aria-current="page">
                  <span className="visually-hidden">{t('page', { page: item })}</span>
                  <span aria-hidden="true">{item}</span>
                </span>
              ) : (
                <Link href={href(item)} aria-label={t('page', { page: item })}>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link href={href(page + 1)} rel="next">
              {t('next')} →
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
