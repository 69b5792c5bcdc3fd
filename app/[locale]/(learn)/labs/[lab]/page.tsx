// The lab workspace page (/[locale]/labs/<id>): the brief rendered on the server in the
// learner's language, then the workspace — a client leaf loaded after the page is
// interactive (Monaco and the simulation's worker never weigh on the first load). A
// signed-in learner who submitted the lab sees under its title where they stand in it.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/app/_components/client-messages';
import { LabWorkspaceEmbed, type LabClientView } from '@/app/_components/lab';
import { getCurrentUser } from '@/app/_lib/auth/session';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { revealedHintCount } from '@/app/_lib/lab/hints';
import { getLabPage } from '@/app/_lib/lab/page-view';
import { getLabStatus } from '@/app/_lib/queries/labs';
import { LabStatusSummary } from './lab-status';
import styles from './lab-page.module.css';

type Params = Promise<{ locale: Locale; lab: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, lab } = await params;
  const view = await getLabPage(lab, locale);
  return view ? { title: view.title } : {};
}

export default async function LabPage({ params }: { params: Params }) {
  const { locale, lab } = await params;
  setRequestLocale(locale);
  const view = await getLabPage(lab, locale);
  if (!view) notFound();
  const [t, user] = await Promise.all([getTranslations('lab'), getCurrentUser()]);
  const [recordedHints, status] = user ? await Promise.all([revealedHintCount(user.id, view.id), getLabStatus(user.id, view.id)]) : [0, undefined];
  const { briefHtml, ...client } = view;
  const clientView: LabClientView = client;
  return (
    <div className={`container lab-page ${styles.page}`}>
      <nav aria-label={t('breadcrumb')} className={`breadcrumb ${styles.column}`}>
        <ol>
          <li>
            <Link href="/courses">{t('courses')}</Link>
          </li>
          <li aria-current="page">{view.title}</li>
        </ol>
      </nav>
      <article aria-labelledby="lab-title">
        <header className={styles.column}>
          <p className="eyebrow">{t('eyebrow')}</p>
          <h1 id="lab-title">{view.title}</h1>
        </header>
        {status ? <LabStatusSummary labId={view.id} status={status} /> : null}
        <section aria-labelledby="lab-brief-title" className={styles.column}>
          <h2 id="lab-brief-title" className="visually-hidden">
            {t('briefTitle')}
          </h2>
          {/* rendered and sanitised on the server by the content renderer */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: briefHtml }} />
        </section>
        <ClientMessages namespaces={['lab', 'sim', 'cluster']}>
          <LabWorkspaceEmbed view={clientView} locale={locale} signedIn={user !== null} recordedHints={recordedHints} />
        </ClientMessages>
      </article>
    </div>
  );
}
