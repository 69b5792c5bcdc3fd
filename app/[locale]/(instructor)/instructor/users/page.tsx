// Users and roles (admins only): every account, newest first, fifty a page, with a search
// by email or name (`?q=kim&page=2`); an admin changes any other account's role from the
// page it is on (the action re-renders the same page and search). The database pages and
// counts (app/_lib/instructor/users.ts), so the page stays small with thousands of accounts.
// For a learner who forgot their password an admin makes a one-time reset link here and
// hands it over (the site sends no email); the learner chooses the new password.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getUserPage } from '@/app/_lib/queries/users';
import { pageNumber } from '@/app/_lib/instructor/paging';
import { searchTerm } from '@/app/_lib/instructor/search';
import { roles } from '@/app/_lib/auth/roles';
import { RoleForm } from './role-form';
import { ResetLinkForm } from './reset-link-form';
import { Link } from '@/app/_lib/i18n/navigation';
import { ClientMessages } from '@/app/_components/client-messages';
import { DashboardHeader } from '../dashboard-header';
import { Name, TableScroll } from '../figures';
import { dashboardMetadata, gateDashboard } from '../gate';
import { Pager } from '../pager';
import { SearchForm } from '../search-form';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor');
  return dashboardMetadata(t('users'), 'admin');
}

const PATH = '/instructor/users';

export default async function UsersPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const me = await gateDashboard(locale, PATH, 'admin', query);
  const search = searchTerm(query.q);
  const [t, tu, tr, format, result] = await Promise.all([
    getTranslations('instructor'),
    getTranslations('instructor.usersPage'),
    getTranslations('account.roles'),
    getFormatter(),
    getUserPage(pageNumber(query.page), search),
  ]);
  const keep: Record<string, string> = search === undefined ? {} : { q: search };
  const caption =
    search === undefined
      ? tu('caption', { total: result.total, page: result.page, pages: result.pages })
      : tu('captionSearch', { matching: result.matching, total: result.total, search, page: result.page, pages: result.pages });
  return (
    <div className="container">
      <DashboardHeader title={t('users')} lead={tu('lead')} current="users" isAdmin locale={locale} />
      <SearchForm id="users-search" label={tu('search')} search={search} pathname={PATH} locale={locale} />
      {result.total === 0 ? (
        <p className="empty-state">{t('noUsers')}</p>
      ) : result.matching === 0 ? (
        <p className="empty-state">{tu('noMatch', { search: search ?? '' })}</p>
      ) : (
        // RoleForm and ResetLinkForm translate on the client: instructor.* and account.roles.*
        <ClientMessages namespaces={['instructor', 'account']}>
          <TableScroll label={t('users')}>
            <table className="table">
              <caption className={styles.caption}>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('learnersPage.email')}</th>
                  <th scope="col">{tu('name')}</th>
                  <th scope="col">{tu('joined')}</th>
                  <th scope="col">{t('changeRole')}</th>
                  <th scope="col">{tu('password')}</th>
                </tr>
              </thead>
              <tbody>
                {result.users.map((u) => (
                  <tr key={u.id} data-user-id={u.id}>
                    <th scope="row">
                      <span className={styles.identity}>{u.email}</span>
                    </th>
                    <td>{u.name === null ? '—' : <Name name={u.name} />}</td>
                    <td className={styles.date}>{format.dateTime(u.createdAt, { dateStyle: 'medium' })}</td>
                    <td>
                      {u.id === me.id ? (
                        // the server refuses a change to your own role (canChangeRole), so no control is offered
                        <>
                          <strong>{t('ownRole', { role: tr(u.role) })}</strong> <span className="muted">{t('ownRoleNote')}</span>
                        </>
                      ) : (
                        <RoleForm userId={u.id} email={u.email} role={u.role} roles={[...roles]} />
                      )}
                    </td>
                    <td>
                      {u.id === me.id ? (
                        // the server makes no reset link for your own account: you know your password
                        <Link href="/account">{tu('ownPassword')}</Link>
                      ) : (
                        <ResetLinkForm userId={u.id} email={u.email} locale={locale} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager label={tu('pages')} page={result.page} pages={result.pages} pathname={PATH} query={keep} />
        </ClientMessages>
      )}
    </div>
  );
}
