import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listUsers } from '@/app/_lib/queries/users';
import { roles } from '@/app/_lib/auth/roles';
import { RoleForm } from './role-form';
import { ClientMessages } from '@/app/_components/client-messages';
import { TableScroll } from '@/app/_components/table-scroll';
import { DashboardNav } from '../dashboard-nav';
import { dashboardMetadata, gateDashboard } from '../gate';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor');
  return dashboardMetadata(t('users'), 'admin');
}

export default async function UsersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const me = await gateDashboard(locale, '/instructor/users', 'admin');
  const [t, tr] = await Promise.all([getTranslations('instructor'), getTranslations('account.roles')]);
  const users = await listUsers();
  return (
    <div className="container">
      <h1>{t('users')}</h1>
      <DashboardNav current="users" isAdmin />
      <p className="muted">{t('counts', { users: users.length })}</p>
      {users.length === 0 ? (
        <p>{t('noUsers')}</p>
      ) : (
        // RoleForm translates on the client: instructor.* and account.roles.*
        <ClientMessages namespaces={['instructor', 'account']}>
          <TableScroll label={t('users')}>
            <table className="table">
              <caption className="visually-hidden">{t('users')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('learnersPage.email')}</th>
                  <th scope="col">{t('changeRole')}</th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id}>
                    <td>{u.email}</td>
                    <td>
                      {u.id === me.id ? (
                        // the server refuses a change to your own role (canChangeRole), so no control is offered
                        <>
                          <strong>{t('ownRole', { role: tr(u.role) })}</strong>{' '}
                          <span className="muted">{t('ownRoleNote')}</span>
                        </>
                      ) : (
                        <RoleForm userId={u.id} email={u.email} role={u.role} roles={[...roles]} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </ClientMessages>
      )}
    </div>
  );
}
