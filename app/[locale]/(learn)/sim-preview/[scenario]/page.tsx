// An instructor's preview of one scenario from content/scenarios/<id>.yaml, exactly as a
// lesson's ::sim{scenario=<id>} embeds it. The e2e tests of the cluster view run here too.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SimEmbed } from '@/app/_components/sim';
import { ClientMessages } from '@/app/_components/client-messages';
import { getContent } from '@/app/_lib/queries/content';
import type { Locale } from '@/app/_lib/i18n/routing';

type Params = Promise<{ locale: Locale; scenario: string }>;

function findScenario(id: string) {
  return getContent().content.scenarios.get(id)?.scenario;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, scenario } = await params;
  const found = findScenario(scenario);
  const t = await getTranslations({ locale, namespace: 'sim.preview' });
  return { title: t('title', { title: found?.title[locale] ?? scenario }), robots: { index: false } };
}

export default async function SimPreviewPage({ params }: { params: Params }) {
  const { locale, scenario: id } = await params;
  setRequestLocale(locale);
  const scenario = findScenario(id);
  if (!scenario) notFound();
  const t = await getTranslations('sim.preview');
  return (
    <div className="container">
      <h1>{t('title', { title: scenario.title[locale] })}</h1>
      <p className="lead">{t('lead', { file: `content/scenarios/${scenario.id}.yaml` })}</p>
      <ClientMessages namespaces={['sim', 'cluster']}>
        <SimEmbed scenario={scenario} locale={locale} />
      </ClientMessages>
    </div>
  );
}
