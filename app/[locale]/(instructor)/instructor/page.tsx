import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import { checkRole } from '@/app/_lib/auth/guards';
import { countUsersByRole } from '@/app/_lib/queries/users';
import { Forbidden } from './forbidden';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor');
  return { title: t('title') };
}

export default async function InstructorHome({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const gate = await checkRole('instructor');
  if (!gate.ok) {
    if (gate.reason === 'signed-out') redirect(`/${locale}/sign-in?next=/${locale}/instructor`);
    return <Forbidden />;
  }
  const t = await getTranslations('instructor');
  const tr = await getTranslations('account.roles');
  const counts = await countUsersByRole();
  return (
    <div className="container">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <section className="card" aria-labelledby="learners-title">
        <h2 id="learners-title">{t('learners')}</h2>
        <dl className="facts">
          {(['learner', 'instructor', 'admin'] as const).map((role) => (
            <div key={role} className="fact-row">
              <dt>{tr(role)}</dt>
              <dd>{counts[role]}</dd>
            </div>
          ))}
        </dl>
        {gate.user.role === 'admin' ? (
          <p>
            <Link href="/instructor/users">{t('users')}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
