// Correctness per question, then per option and misconception tag (../shared/DESIGN.md
// §4): the questions missed most at the first answer, one table of every question in
// course order, and below it each question's answers. First-answer correctness shows what
// learners knew; latest-answer correctness what they know after the feedback. A lesson
// filter (`?lesson=raft`) narrows all three to one lesson; an unknown lesson shows all.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { getPathname } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { mostMissed, questionsOfLesson } from '@/app/_lib/instructor/questions';
import { getQuestionReport } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../gate';
import { DashboardHeader } from '../dashboard-header';
import { DataTable, NumHeader, Section, Share, shareText } from '../figures';
import { Verdict } from '../verdict';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.nav');
  return dashboardMetadata(t('questions'));
}

const anchor = (lessonId: string, questionId: string) => `q-${lessonId}-${questionId}`;

const PATH = '/instructor/questions';

export default async function QuestionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const user = await gateDashboard(locale, PATH, 'instructor', query);
  const [t, tn, format] = await Promise.all([getTranslations('instructor.questions'), getTranslations('instructor.nav'), getFormatter()]);
  const full = await getQuestionReport(locale, { true: t('true'), false: t('false') });
  const report = questionsOfLesson(full, query.lesson);
  const questions = report.lessons.flatMap((l) => l.questions.map((q) => ({ lesson: l, q })));
  const missed = mostMissed(report);
  const chosen = report.lessons.length === 1 && report.lessons.length < full.lessons.length ? report.lessons[0]!.lessonId : '';
  return (
    <div className="container">
      <DashboardHeader title={tn('questions')} lead={t('lead')} current="questions" isAdmin={user.role === 'admin'} exports={['questions', 'answers']} locale={locale} />
      {full.lessons.length > 1 ? (
        <form method="get" action={getPathname({ href: PATH, locale })} className={styles.filter}>
          <label htmlFor="lesson-filter">{t('lessonFilter')}</label>
          <select id="lesson-filter" name="lesson" defaultValue={chosen}>
            <option value="">{t('allLessons')}</option>
            {full.lessons.map((l) => (
              <option key={`${l.courseId}/${l.lessonId}`} value={l.lessonId}>
                {l.lessonTitle}
              </option>
            ))}
          </select>
          <button type="submit" className="button small">
            {t('showLesson')}
          </button>
        </form>
      ) : null}
      {questions.length === 0 ? (
        <p className="empty-state">{t('noQuestions')}</p>
      ) : (
        <>
          <Section id="missed-title" title={t('missedTitle')} note={t('missedNote')}>
            {missed.length === 0 ? (
              <p className="empty-state">{t('missedNone')}</p>
            ) : (
              <DataTable
                caption={t('missedCaption', { count: missed.length })}
                label={t('missedTitle')}
                head={
                  <>
                    <th scope="col">{t('question')}</th>
                    <NumHeader>{t('learners')}</NumHeader>
                    <th scope="col">{t('missed')}</th>
                    <th scope="col">{t('latestCorrect')}</th>
                  </>
                }
              >
                {missed.map(({ lesson, question: q, missed: wrong }) => (
                  <tr key={anchor(lesson.lessonId, q.id)} data-missed-question-id={q.id}>
                    <th scope="row">
                      <a href={`#${anchor(lesson.lessonId, q.id)}`}>
                        {lesson.lessonTitle} · {t('number', { number: q.number })}
                      </a>
                      <br />
                      <span className={styles.prompt}>{q.prompt}</span>
                    </th>
                    <td className={styles.num}>{format.number(q.learners)}</td>
                    <td>
                      <Share format={format} part={wrong} whole={q.learners} />
                    </td>
                    <td>
                      <Share format={format} part={q.latestCorrect} whole={q.learners} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Section>

          <Section id="summary-title" title={t('summaryTitle')} note={t('summaryNote')}>
            <DataTable
              caption={t('summaryCaption', { count: questions.length })}
              label={t('summaryTitle')}
              head={
                <>
                  <th scope="col">{t('question')}</th>
                  <NumHeader>{t('attempts')}</NumHeader>
                  <NumHeader>{t('learners')}</NumHeader>
                  <th scope="col">{t('firstCorrect')}</th>
                  <th scope="col">{t('latestCorrect')}</th>
                </>
              }
            >
              {questions.map(({ lesson, q }) => (
                <tr key={anchor(lesson.lessonId, q.id)} data-question-id={q.id}>
                  <th scope="row">
                    <a href={`#${anchor(lesson.lessonId, q.id)}`}>
                      {lesson.lessonTitle} · {t('number', { number: q.number })}
                    </a>
                    <span className={`${styles.prompt} ${styles.clamp}`} title={q.prompt}>
                      {q.prompt}
                    </span>
                  </th>
                  <td className={styles.num}>{format.number(q.attempts)}</td>
                  <td className={styles.num}>{format.number(q.learners)}</td>
                  <td>
                    <Share format={format} part={q.firstCorrect} whole={q.learners} />
                  </td>
                  <td>
                    <Share format={format} part={q.latestCorrect} whole={q.learners} />
                  </td>
                </tr>
              ))}
            </DataTable>
            {report.orphanAttempts > 0 ? <p className={styles.note}>{t('orphans', { count: report.orphanAttempts })}</p> : null}
          </Section>

          {report.lessons.map((lesson) => (
            <section key={`${lesson.courseId}/${lesson.lessonId}`} className={styles.section} aria-labelledby={`lesson-${lesson.lessonId}`}>
              <h2 id={`lesson-${lesson.lessonId}`}>
                {lesson.lessonTitle} <span className="muted">— {lesson.courseTitle}</span>
              </h2>
              {lesson.questions.map((q) => (
                <article key={q.id} id={anchor(lesson.lessonId, q.id)} className={styles.question} aria-labelledby={`${anchor(lesson.lessonId, q.id)}-title`}>
                  <h3 id={`${anchor(lesson.lessonId, q.id)}-title`}>
                    {t('number', { number: q.number })}. {q.prompt}
                  </h3>
                  <p className={styles.note}>
                    {t('meta', { type: t(`types.${q.type}`), id: q.id })} · {t('attemptsBy', { attempts: q.attempts, learners: q.learners })} ·{' '}
                    {t('firstCorrect')}: {shareText(format, q.firstCorrect, q.learners)} · {t('latestCorrect')}:{' '}
                    {shareText(format, q.latestCorrect, q.learners)}
                  </p>
                  {q.answers.responses === 0 ? (
                    <p className="muted">{t('noAnswers')}</p>
                  ) : (
                    <>
                      <DataTable
                        caption={t('answersCaption', { number: q.number })}
                        head={
                          <>
                            <th scope="col">{t('answer')}</th>
                            <th scope="col">{t('isRight')}</th>
                            <NumHeader>{t('chosen')}</NumHeader>
                            <th scope="col">{t('share')}</th>
                          </>
                        }
                      >
                        {q.answers.rows.map((r) => (
                          <tr key={r.key}>
                            <th scope="row">{r.label}</th>
                            <td>
                              <Verdict correct={r.correct} />
                            </td>
                            <td className={styles.num}>{format.number(r.count)}</td>
                            <td>
                              <Share format={format} part={r.count} whole={q.answers.responses} />
                            </td>
                          </tr>
                        ))}
                        {q.answers.other > 0 ? (
                          <tr>
                            <th scope="row">{t('otherAnswers')}</th>
                            <td>—</td>
                            <td className={styles.num}>{format.number(q.answers.other)}</td>
                            <td>{shareText(format, q.answers.other, q.answers.responses)}</td>
                          </tr>
                        ) : null}
                        {q.answers.unreadable > 0 ? (
                          <tr>
                            <th scope="row">{t('unreadable')}</th>
                            <td>—</td>
                            <td className={styles.num}>{format.number(q.answers.unreadable)}</td>
                            <td>{shareText(format, q.answers.unreadable, q.answers.responses)}</td>
                          </tr>
                        ) : null}
                      </DataTable>
                      {q.type === 'multiple' || q.type === 'classify' ? <p className={styles.note}>{t('severalPerAnswer')}</p> : null}
                      {q.misconceptions.length > 0 ? (
                        <DataTable
                          caption={t('misconceptionsCaption', { number: q.number })}
                          head={
                            <>
                              <th scope="col">{t('misconception')}</th>
                              <NumHeader>{t('wrongAnswers')}</NumHeader>
                            </>
                          }
                        >
                          {q.misconceptions.map((m) => (
                            <tr key={m.tag}>
                              <th scope="row">
                                {m.description} <code className="muted">{m.tag}</code>
                              </th>
                              <td className={styles.num}>{format.number(m.count)}</td>
                            </tr>
                          ))}
                        </DataTable>
                      ) : null}
                      {q.misconceptionsUnreadable > 0 ? <p className={styles.note}>{t('tagsUnreadable', { count: q.misconceptionsUnreadable })}</p> : null}
                    </>
                  )}
                </article>
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
