// The links between the dashboard's pages. The current page is marked with aria-current
// (read out by screen readers) and styled by that attribute, not by colour alone.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import styles from './dashboard.module.css';

export type DashboardPage = 'overview' | 'questions' | 'labs' | 'learners' | 'content' | 'users';

const PAGES: { page: DashboardPage; href: string }[] = [
  { page: 'overview', href: '/instructor' },
  { page: 'questions', href: '/instructor/questions' },
  { page: 'labs', href: '/instructor/labs' },
  { page: 'learners', href: '/instructor/learners' },
  { page: 'content', href: '/instructor/content' },
  { page: 'users', href: '/instructor/users' },
];

export async function DashboardNav({ current, isAdmin }: { current: DashboardPage; isAdmin: boolean }) {
  const t = await getTranslations('instructor.nav');
  return (
    <nav aria-label={t('label')} className={styles.nav}>
      <ul>
        {PAGES.filter((p) => p.page !== 'users' || isAdmin).map((p) => (
          <li key={p.page}>
            <Link href={p.href} aria-current={p.page === current ? 'page' : undefined}>
              {t(p.page)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
