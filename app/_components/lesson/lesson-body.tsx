// The lesson's Markdown, already rendered and sanitised on the server, with its live parts
// in place: the cluster view (SimEmbed, loaded lazily), the quiz and lab links. Each
// cluster is kept in the browser under a key of its own: this lesson, the scenario and
// which of its embeds here it is (no language, so /en/ and /ko/ share it).
import { getTranslations } from 'next-intl/server';
import { SIM_CORE_VERSION } from '@/sim-core';
import { clusterKey, SimEmbed } from '@/app/_components/sim';
import { Quiz } from '@/app/_components/quiz';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import type { LessonPageView } from '@/app/_lib/queries/lesson';

export async function LessonBody({ view, locale, signedIn }: { view: LessonPageView; locale: Locale; signedIn: boolean }) {
  const t = await getTranslations('lesson');
  const embedsSoFar = new Map<string, number>();
  return (
    <div className="lesson-body">
      {view.segments.map((segment, i) => {
        switch (segment.kind) {
          case 'html':
            return <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: segment.html }} />;
          case 'sim': {
            const scenario = view.scenarios[segment.scenarioId];
            const occurrence = embedsSoFar.get(segment.scenarioId) ?? 0;
            embedsSoFar.set(segment.scenarioId, occurrence + 1);
            return scenario ? (
              <div key={i} className="lesson-sim">
                <SimEmbed scenario={scenario} locale={locale} saveKey={clusterKey({ lesson: `${view.course.id}/${view.id}`, occurrence }, scenario, SIM_CORE_VERSION)} />
              </div>
            ) : (
              <p key={i} className="callout callout-warning">
                {t('simMissing', { id: segment.scenarioId })}
              </p>
            );
          }
          case 'quiz':
            return view.quiz && view.quiz.id === segment.quizId ? <Quiz key={i} questions={view.quiz.questions} signedIn={signedIn} /> : null;
          case 'lab':
            return (
              <p key={i} className="card lesson-lab-link">
                <span className="eyebrow">{t('lab')}</span>{' '}
                <Link href={`/labs/${segment.labId}`}>{view.labs[segment.labId] ?? segment.labId}</Link>
              </p>
            );
        }
      })}
    </div>
  );
}
