// The replay of one lab attempt (/[locale]/labs/<lab>/attempts/<id>): the stored log
// replayed on the server step by step, with each command's output, the files, and the
// verdict given at submission. Only the attempt's owner, or an instructor, may open it;
// anyone else gets the same 404 as for an id that does not exist. The title says whose
// attempt it is: "Your attempt" to its owner, the learner's name to an instructor.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/app/_components/client-messages';
import { requireUser } from '@/app/_lib/auth/guards';
import { db } from '@/app/_lib/db';
import { attemptTranscript, gradingPool, jobLabOf, replayFailureShown } from '@/app/_lib/grading';
import { attemptOwnerLabel, canOpenAttempt, findAttempt } from '@/app/_lib/grading/attempts';
import { findUserIdentity } from '@/app/_lib/queries/users';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { getContent } from '@/app/_lib/queries/content';
import { SIM_CORE_VERSION } from '@/sim-core';
import { InlineCode } from '@/app/_components/inline-code';
import { ReplaySteps } from './replay-steps';
import { localizeBudgetSteps } from './budget-steps';
import styles from './replay.module.css';

type Params = Promise<{ locale: Locale; lab: string; attempt: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('labAttempts.replay');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function AttemptReplayPage({ params }: { params: Params }) {
  const { locale, lab: labId, attempt: attemptId } = await params;
  setRequestLocale(locale);
  const user = await requireUser(locale, `/labs/${labId}/attempts/${attemptId}`);
  const attempt = attemptId.length <= 64 ? await findAttempt(db, attemptId) : undefined;
  if (!canOpenAttempt(user, attempt, labId) || attempt === undefined) notFound();
  const loaded = getContent().content.labs.get(labId);
  if (loaded === undefined) notFound();

  const [t, terminal, format, owner] = await Promise.all([
    getTranslations('labAttempts.replay'),
    getTranslations('sim.terminal'),
    getFormatter(),
    attempt.userId === user.id ? user : findUserIdentity(attempt.userId),
  ]);
  const lab = jobLabOf(loaded);
  const replay = await attemptTranscript(gradingPool(), attempt.id, lab, attempt.actionLog, user.id);
  const title = loaded.lab.title[locale];
  const goalText = new Map(loaded.lab.goals.map((g) => [g.id, g.description[locale]]));
  const whose = owner === undefined ? undefined : attemptOwnerLabel(user, owner);

  return (
    <div className="container">
      <p>
        <Link href={`/labs/${labId}`}>← {t('backToLab')}</Link>
      </p>
      <h1>{whose === undefined ? t('titleAnonymous', { lab: title }) : whose.own ? t('title', { lab: title }) : t('titleOf', { lab: title, learner: whose.learner })}</h1>
      <p className="muted">
        {t('submittedAt', { date: format.dateTime(attempt.createdAt, 'stamp') })} ·{' '}
        {t('hintsUsed', { count: attempt.hintsUsed })}
      </p>

      <section className={styles.panel} aria-labelledby="verdict-title">
        <h2 id="verdict-title">{t('verdict')}</h2>
        <p>
          <strong>
            <span aria-hidden="true">{attempt.passed ? '✓ ' : '✗ '}</span>
            {attempt.passed ? t('passed') : t('notPassed')}
          </strong>
        </p>
        <h3>{t('goals')}</h3>
        <ul className={styles.goals}>
          {attempt.goals.map((g) => (
            <li key={g.id}>
              {/* a goal the lab no longer has (the content changed since) is named by its id */}
              <span aria-hidden="true">{g.passed ? '✓' : '✗'}</span> <strong>{g.passed ? t('goalPassed') : t('goalFailed')}</strong>{' '}
              {goalText.has(g.id) ? <InlineCode text={goalText.get(g.id)!} /> : <code>{g.id}</code>}
              <br />
              <span className={styles.muted}>
                <InlineCode text={g.explanation[locale]} />
              </span>
            </li>
          ))}
        </ul>
        <p className={styles.muted}>
          {t('stateHash')}: <code>{attempt.stateHash}</code>
        </p>
      </section>

      {!replay.ok ? (
        <p className="callout callout-warning" role="alert">
          {replay.error === 'busy' ? t('replayBusy') : t('replayFailed', { detail: replayFailureShown(replay, attempt.id) })}
        </p>
      ) : !replay.value.ok ? (
        <p className="callout callout-warning" role="alert">
          {t('replayFailed', { detail: replay.value.error })}
        </p>
      ) : (
        <>
          {replay.value.stateHash !== attempt.stateHash ? (
            <p className="callout callout-note">{t('differentState', { then: attempt.simVersion, now: SIM_CORE_VERSION })}</p>
          ) : null}
          <ClientMessages namespaces={['labAttempts']}>
            <ReplaySteps steps={localizeBudgetSteps(replay.value.steps, terminal)} starterFiles={lab.starterFiles as Record<string, string>} />
          </ClientMessages>
        </>
      )}
    </div>
  );
}
