// A search over a list by email or name (`?q=`): a plain GET form, so it works before
// any script loads and the address can be shared. It keeps the list's order (`keep`, as
// hidden fields) and starts again at page 1; "Show all" drops the search.
import { getTranslations } from 'next-intl/server';
import { getPathname, Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { SEARCH_MAX_LENGTH } from '@/app/_lib/instructor/search';
import styles from './dashboard.module.css';

export async function SearchForm({
  id,
  label,
  search,
  pathname,
  locale,
  keep = {},
}: {
  id: string;
  label: string;
  search: string | undefined;
  pathname: string;
  locale: Locale;
  keep?: Record<string, string>;
}) {
  const t = await getTranslations('instructor.search');
  return (
    <form role="search" method="get" action={getPathname({ href: pathname, locale })} className={styles.search} aria-label={label}>
      <label htmlFor={id}>{label}</label>
      <span className={styles.searchRow}>
        <input id={id} type="search" name="q" defaultValue={search ?? ''} maxLength={SEARCH_MAX_LENGTH} autoComplete="off" spellCheck={false} />
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button small">
          {t('submit')}
        </button>
        {search === undefined ? null : <Link href={{ pathname, query: keep }}>{t('clear')}</Link>}
      </span>
    </form>
  );
}
