// The header on every page: brand, main navigation, language, theme, account.
import { getTranslations } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { hasRole } from '@/app/_lib/auth/roles';
import { signOut } from '@/app/[locale]/(auth)/actions';
import { LocaleSwitcher } from './locale-switcher';
import { ThemeToggle } from './theme-toggle';

export async function SiteHeader({ locale }: { locale: string }) {
  const t = await getTranslations('nav');
  const user = await getCurrentUser();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link href="/" className="brand" aria-label={t('home')}>
          <span className="brand-mark" aria-hidden="true">⟳</span>
          <span className="brand-word">Reconcile</span>
        </Link>
        <nav aria-label={t('primary')} className="primary-nav">
          <Link href="/courses" className="nav-link">
            {t('courses')}
          </Link>
          {user ? (
            <Link href="/progress" className="nav-link">
              {t('progress')}
            </Link>
          ) : null}
          {hasRole(user, 'instructor') ? (
            <Link href="/instructor" className="nav-link">
              {t('instructor')}
            </Link>
          ) : null}
        </nav>
        <div className="header-tools">
          <LocaleSwitcher other={locale === 'ko' ? 'en' : 'ko'} text={t('switchTo')} label={t('switchToLabel')} />
          <ThemeToggle label={t('themeToggle')} />
          {user ? (
            <>
              <Link href="/account" className="nav-link">
                {t('account')}
              </Link>
              <form action={signOut}>
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className="button ghost">
                  {t('signOut')}
                </button>
              </form>
            </>
          ) : (
            <>
              <Link href="/sign-in" className="nav-link">
                {t('signIn')}
              </Link>
              <Link href="/sign-up" className="button primary small">
                {t('signUp')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
