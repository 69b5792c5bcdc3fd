// A development and test page for the control-plane cluster view: a `default`-topology
// scenario's cluster simulated on the server, drawn with <ClusterPanel> and <WatchChain>
// without the Web Worker. Not for learners (noindex); lessons embed the live view.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/app/_components/client-messages';
import { getContent } from '@/app/_lib/queries/content';
import type { Locale } from '@/app/_lib/i18n/routing';
import { previewCluster } from './preview-cluster';
import { ClusterPreview } from './cluster-preview';

type Params = Promise<{ locale: Locale; scenario: string }>;

/** Only scenarios that run the Kubernetes control plane have a cluster to draw. */
function findScenario(id: string) {
  const s = getContent().content.scenarios.get(id)?.scenario;
  return s?.topology === 'default' ? s : undefined;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, scenario } = await params;
  const found = findScenario(scenario);
  const t = await getTranslations({ locale, namespace: 'cluster.preview' });
  return { title: t('title', { title: found?.title[locale] ?? scenario }), robots: { index: false, follow: false } };
}

export default async function ClusterPreviewPage({ params }: { params: Params }) {
  const { locale, scenario: id } = await params;
  setRequestLocale(locale);
  const scenario = findScenario(id);
  if (!scenario) notFound();
  const t = await getTranslations('cluster.preview');
  const result = previewCluster(scenario);
  return (
    <div className="container">
      <h1>{t('title', { title: scenario.title[locale] })}</h1>
      <p className="lead">{t('lead', { file: `content/scenarios/${scenario.id}.yaml` })}</p>
      {result.ok ? (
        <>
          {scenario.setup.length > 0 && <p>{t('setup', { commands: scenario.setup.join(' ; ') })}</p>}
          <ClientMessages namespaces={['cluster']}>
            <ClusterPreview view={result.value.view} hops={result.value.hops} />
          </ClientMessages>
        </>
      ) : (
        <p role="alert">{result.refused !== undefined ? t('refused', { refused: result.refused }) : result.error}</p>
      )}
    </div>
  );
}
