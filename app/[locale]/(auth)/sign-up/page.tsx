import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthForm } from '@/app/_components/auth-form';
import { ClientMessages } from '@/app/_components/client-messages';
import { Link } from '@/app/_lib/i18n/navigation';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { PASSWORD_MIN_LENGTH } from '@/app/_lib/auth/password';
import { signUp } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('signUpTitle') };
}

export default async function SignUpPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations('auth')]);
  if (user) {
    // say why there is no form, rather than a silent redirect to the courses
    return (
      <div className="container page-narrow auth-page">
        <h1>{t('alreadySignedInTitle')}</h1>
        <p className="lead">{t('alreadySignedInBody', { email: user.email })}</p>
        <p>
          <Link href="/courses" className="button primary">
            {t('toCourses')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container page-narrow auth-page">
      <h1>{t('signUpTitle')}</h1>
      <p className="lead">{t('signUpLead')}</p>
      <ClientMessages namespaces={['auth']}>
        <AuthForm mode="sign-up" action={signUp} locale={locale} passwordMinLength={PASSWORD_MIN_LENGTH} />
      </ClientMessages>
      <p className="muted">
        {t('haveAccount')} <Link href="/sign-in">{t('submitSignIn')}</Link>
      </p>
    </div>
  );
}
