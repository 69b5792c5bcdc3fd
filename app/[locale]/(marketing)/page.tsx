import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('home');
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
            <Link href="/sign-up" className="button secondary large">
              {t('createAccount')}
            </Link>
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
