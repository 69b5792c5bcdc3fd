import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { requireUser } from '@/app/_lib/auth/guards';
import { ClientMessages } from '@/app/_components/client-messages';
import { PasswordForm } from '@/app/_components/password-form';
import { PASSWORD_MIN_LENGTH } from '@/app/_lib/auth/password';
import { changePasswordAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('title') };
}

export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireUser(locale, '/account');
  const t = await getTranslations('account');
  const format = await getFormatter();
  return (
    <div className="container page-narrow">
      <h1>{t('title')}</h1>
      <dl className="facts">
        <dt>{t('email')}</dt>
        <dd>{user.email}</dd>
        {user.name ? (
          <>
            <dt>{t('name')}</dt>
            <dd>{user.name}</dd>
          </>
        ) : null}
        <dt>{t('role')}</dt>
        <dd>{t(`roles.${user.role}`)}</dd>
        <dt>{t('memberSince')}</dt>
        <dd>{format.dateTime(user.createdAt, { dateStyle: 'long' })}</dd>
      </dl>
      <ClientMessages namespaces={['account', 'auth']}>
        <PasswordForm action={changePasswordAction} minLength={PASSWORD_MIN_LENGTH} />
      </ClientMessages>
      <p className="muted">{t('forgotPassword')}</p>
    </div>
  );
}
