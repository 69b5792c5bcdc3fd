// The page an administrator's reset link opens (/<locale>/reset-password/<token>), signed
// in or not: the form for a new password, or, for a link that is unknown, expired or used,
// one message for all three and the way to sign in. Opening a link that does not work
// counts against the address as a failed sign-in does (password-reset.ts).
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/app/_components/client-messages';
import { Link } from '@/app/_lib/i18n/navigation';
import { PASSWORD_MIN_LENGTH } from '@/app/_lib/auth/password';
import { findResetLink } from '@/app/_lib/auth/password-reset';
import { clientIp } from '@/app/_lib/auth/session';
import { resetPasswordAction } from '../../actions';
import { ResetPasswordForm } from './reset-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('resetPassword');
  // The token is in this page's URL. No search engine keeps it, and no request the page
  // makes names it: the site's Referrer-Policy (next.config.js) sends the whole URL to its
  // own origin, so its scripts, the server action and the next page would carry it.
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const [t, found] = await Promise.all([getTranslations('resetPassword'), clientIp().then((ip) => findResetLink(token, ip))]);
  if (!found.ok) {
    const limited = found.reason === 'rateLimited';
    return (
      <div className="container page-narrow auth-page">
        <h1>{limited ? t('rateLimitedTitle') : t('invalidTitle')}</h1>
        <p className="lead">{limited ? t('rateLimited', { minutes: Math.max(1, Math.ceil(found.retryAfterMs / 60_000)) }) : t('invalid')}</p>
        <p>
          <Link href="/sign-in" className="button primary">
            {t('toSignIn')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container page-narrow auth-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead', { email: found.email })}</p>
      {/* the form's labels and the policy's messages are the account page's (account.password, auth.errors) */}
      <ClientMessages namespaces={['resetPassword', 'account', 'auth']}>
        <ResetPasswordForm action={resetPasswordAction} token={token} email={found.email} locale={locale} minLength={PASSWORD_MIN_LENGTH} />
      </ClientMessages>
    </div>
  );
}
