import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { getLearnerProgress } from '@/app/_lib/queries/progress';

/** A signed-in learner's next step: the lesson to pick up in the first course started, else their progress page. */
async function nextStep(userId: string, locale: Locale): Promise<{ href: string; label: 'continueLearning' | 'yourProgress' }> {
  const { courses } = await getLearnerProgress(userId, locale);
  const started = courses.find((c) => c.continueLessonId !== undefined);
  return started ? { href: `/courses/${started.id}/lessons/${started.continueLessonId}`, label: 'continueLearning' } : { href: '/progress', label: 'yourProgress' };
}

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, user] = await Promise.all([getTranslations('home'), getCurrentUser()]);
  // signed in, the second button picks up where the learner left off instead of offering an account
  const next = user ? await nextStep(user.id, locale) : undefined;
  const features = [1, 2, 3] as const;
  return (
    <>
      <section className="hero">
        <div className="container">
          <p className="eyebrow">{t('eyebrow')}</p>
          <h1>{t('title')}</h1>
          <p className="lead">{t('lead')}</p>
          <div className="actions">
            <Link href="/courses" className="button primary large">
              {t('start')}
            </Link>
            {next === undefined ? (
              <Link href="/sign-up" className="button secondary large">
                {t('createAccount')}
              </Link>
            ) : (
              <Link href={next.href} className="button secondary large">
                {t(next.label)}
              </Link>
            )}
          </div>
          <pre className="hero-chain" aria-hidden="true">
            kubectl → kube-apiserver → etcd → watch → controllers → scheduler → kubelet
          </pre>
        </div>
      </section>
      <section className="container features" aria-labelledby="features-title">
        <h2 id="features-title">{t('featuresTitle')}</h2>
        <ul className="feature-grid">
          {features.map((n) => (
            <li key={n} className="card">
              <h3>{t(`feature${n}Title`)}</h3>
              <p>{t(`feature${n}Body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
