// The learners table (../shared/DESIGN.md §4), a page at a time: lessons completed, quiz
// correctness, labs passed and last activity, in sign-up order or sorted by any of those
// columns (`?sort=labs&dir=desc`), optionally only the learners whose email or name
// contains a search (`?q=kim`); each email opens the learner's own page (lessons, answers
// and lab attempts, with their replays). Only learners are listed; staff accounts are on
// the users page. Bad `page`, `sort` or `dir` values fall back to the defaults.
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/app/_lib/i18n/navigation';
import type { Locale } from '@/app/_lib/i18n/routing';
import { DEFAULT_LEARNER_SORT, firstDirection, learnerSort, type LearnerSort, type LearnerSortKey } from '@/app/_lib/instructor/learners';
import { pageNumber } from '@/app/_lib/instructor/paging';
import { searchTerm } from '@/app/_lib/instructor/search';
import { lessonTitle } from '@/app/_lib/instructor/learner-detail';
import { getContent } from '@/app/_lib/queries/content';
import { getContentValidation, getLearnerPage } from '@/app/_lib/queries/instructor';
import { dashboardMetadata, gateDashboard } from '../gate';
import { DashboardHeader } from '../dashboard-header';
import { Name, Share, TableScroll } from '../figures';
import { Pager } from '../pager';
import { SearchForm } from '../search-form';
import styles from '../dashboard.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('instructor.nav');
  return dashboardMetadata(t('learners'));
}

const PATH = '/instructor/learners';

export default async function LearnersPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  // the query goes along to sign-in and back (`?page=3`)
  const user = await gateDashboard(locale, '/instructor/learners', 'instructor', query);
  const page = pageNumber(query.page);
  const sort = learnerSort(query.sort, query.dir);
  const search = searchTerm(query.q);
  const [t, tn, format, result] = await Promise.all([getTranslations('instructor.learnersPage'), getTranslations('instructor.nav'), getFormatter(), getLearnerPage(page, sort, search, locale)]);
  const { counts } = getContentValidation();
  const date = (d: Date | null) => (d ? format.dateTime(d, 'stamp') : t('never'));
  const { content } = getContent();
  // "4. Raft: how etcd members agree", as the overview numbers lessons
  const lessonName = (courseId: string, lessonId: string) => {
    const lessons = content.courses.find((c) => c.id === courseId)?.lessons ?? [];
    const i = lessons.findIndex((l) => l.id === lessonId);
    const lesson = lessons[i];
    const title = lessonTitle(lesson, lessonId, locale);
    return i === -1 ? title : `${format.number(i + 1)}. ${title}`;
  };
  // the order in the address, left out when it is the default (`?page=2`, not `?page=2&sort=joined&dir=asc`)
  const orderQuery = (o: LearnerSort): Record<string, string> => (o.key === DEFAULT_LEARNER_SORT.key && o.dir === DEFAULT_LEARNER_SORT.dir ? {} : { sort: o.key, dir: o.dir });
  // the search goes along with a new order and to other pages
  const searchQuery: Record<string, string> = search === undefined ? {} : { q: search };
  const columnLabel: Record<LearnerSortKey, string> = {
    joined: t('joined'),
    email: t('email'),
    name: t('name'),
    lessons: t('lessonsCompleted'),
    quiz: t('quizCorrect'),
    labs: t('labsPassed'),
    activity: t('lastActivity'),
  };
  const order = sort.key === 'joined' && sort.dir === 'asc' ? t('orderJoined') : t('orderBy', { column: columnLabel[sort.key], direction: t(sort.dir === 'asc' ? 'ascending' : 'descending') });
  /** A column header that sorts: the first click in the column's own direction, the next one reverses it; back to page 1. */
  const sortHeader = (key: LearnerSortKey, className?: string) => {
    const current = result.sort.key === key;
    const next: LearnerSort = { key, dir: current ? (result.sort.dir === 'asc' ? 'desc' : 'asc') : firstDirection(key) };
    return (
      <th scope="col" className={className} aria-sort={current ? (result.sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <Link className={styles.sortLink} href={{ pathname: PATH, query: { ...orderQuery(next), ...searchQuery } }} aria-describedby={key === 'quiz' ? 'quiz-measure' : undefined}>
          {columnLabel[key]}
          <span className={styles.sortArrow} aria-hidden="true">
            {current ? (result.sort.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </Link>
      </th>
    );
  };
  return (
    <div className="container">
      <DashboardHeader title={tn('learners')} lead={t('lead')} current="learners" isAdmin={user.role === 'admin'} exports={['learners']} locale={locale} />
      {result.total === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <>
          <SearchForm id="learners-search" label={t('search')} search={search} pathname={PATH} locale={locale} keep={orderQuery(result.sort)} />
          {orderQuery(result.sort).sort !== undefined ? (
            <p>
              <Link href={{ pathname: PATH, query: searchQuery }}>{t('resetOrder')}</Link>
            </p>
          ) : null}
          {result.matching === 0 ? (
            <p className="empty-state">{t('noMatch', { search: search ?? '' })}</p>
          ) : (
            <>
              <TableScroll label={tn('learners')}>
                <table className="table">
                  <caption className={styles.caption}>
                    {search === undefined
                      ? t('caption', { total: result.total, page: result.page, pages: result.pages })
                      : t('captionSearch', { search, matching: result.matching, total: result.total, page: result.page, pages: result.pages })}{' '}
                    · {order}
                  </caption>
                  <thead>
                    <tr>
                      {sortHeader('email')}
                      {sortHeader('name')}
                      {sortHeader('lessons', styles.num)}
                      {sortHeader('quiz')}
                      {sortHeader('labs', styles.num)}
                      {sortHeader('activity')}
                      <th scope="col">{t('whereTheyAre')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.learners.map((l) => (
                      <tr key={l.id}>
                        <th scope="row">
                          <Link className={styles.identity} href={`/instructor/learners/${l.id}`}>
                            {l.email}
                          </Link>
                        </th>
                        <td>{l.name === null ? '—' : <Name name={l.name} />}</td>
                        <td className={styles.num}>
                          {format.number(l.lessonsCompleted)}/{format.number(counts.lessons.en)}
                        </td>
                        <td>
                          <Share format={format} part={l.quizCorrect} whole={l.quizAttempts} />
                        </td>
                        <td className={styles.num}>
                          {format.number(l.labsPassed)}/{format.number(counts.labs)}
                        </td>
                        <td>{date(l.lastActivity)}</td>
                        <td>
                          {l.latestLesson === null
                            ? t('noLesson')
                            : t(l.latestLesson.completed ? 'lessonCompleted' : 'lessonInProgress', { lesson: lessonName(l.latestLesson.courseId, l.latestLesson.lessonId) })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <p id="quiz-measure" className={styles.note}>
                {t('quizMeasure')}
              </p>
            </>
          )}
          <Pager label={t('pages')} page={result.page} pages={result.pages} pathname={PATH} query={{ ...orderQuery(result.sort), ...searchQuery }} />
        </>
      )}
    </div>
  );
}
