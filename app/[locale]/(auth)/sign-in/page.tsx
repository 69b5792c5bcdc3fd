import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { AuthForm } from '@/app/_components/auth-form';
import { ClientMessages } from '@/app/_components/client-messages';
import { Link } from '@/app/_lib/i18n/navigation';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { PASSWORD_MIN_LENGTH } from '@/app/_lib/auth/password';
import { safeNextPath } from '@/app/_lib/auth/next-path';
import { signIn } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('signInTitle') };
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ next?: string | string[]; reset?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const asked = query.next;
  const next = typeof asked === 'string' ? asked : undefined;
  if (await getCurrentUser()) redirect(safeNextPath(next, `/${locale}/courses`));
  const t = await getTranslations('auth');
  return (
    <div className="container page-narrow auth-page">
      <h1>{t('signInTitle')}</h1>
      <p className="lead">{t('signInLead')}</p>
      {/* where a reset link's new password sends the learner (resetPasswordAction) */}
      {query.reset === 'done' ? (
        <p className="form-success" role="status">
          {t('passwordReset')}
        </p>
      ) : null}
      <ClientMessages namespaces={['auth']}>
        <AuthForm mode="sign-in" action={signIn} locale={locale} next={next} passwordMinLength={PASSWORD_MIN_LENGTH} />
      </ClientMessages>
      <p className="muted">{t('forgotPassword')}</p>
      <p className="muted">
        {t('noAccount')} <Link href="/sign-up">{t('submitSignUp')}</Link>
      </p>
    </div>
  );
}
