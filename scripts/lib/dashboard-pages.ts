// What each instructor dashboard page reads from the database when it loads: the same
// functions its server component awaits (through app/_lib/queries/instructor.ts and
// users.ts), on a client and content given here instead of the app's. The dashboard
// benchmark (scripts/bench.ts) and the query plan report (scripts/db/explain-dashboard.ts)
// time and explain these.
import type { ContentSet } from '../../app/_lib/content';
import type { Database } from '../../app/_lib/db';
import { lessonCompletion } from '../../app/_lib/instructor/completion';
import { goalFailures } from '../../app/_lib/instructor/goal-failures';
import { labReport } from '../../app/_lib/instructor/labs';
import { learnerDetail } from '../../app/_lib/instructor/learner-detail';
import { allLearnerLines, learnerPage, LEARNERS_PER_PAGE } from '../../app/_lib/instructor/learners';
import { questionReport } from '../../app/_lib/instructor/questions';
import { countUsersByRole, userPage } from '../../app/_lib/instructor/users';

export interface DashboardPage {
  /** a figure's name: dashboard_<name>_ms */
  name: string;
  /** the page's address, for the reader */
  path: string;
  load: () => Promise<unknown>;
}

const words = { true: 'True', false: 'False' };

/**
 * The pages, each as an instructor opens it: the overview, the questions and labs reports,
 * the learners table in sign-up order, by activity, by quiz correctness, by name and with
 * a search, one learner (the one who answered most), the attempts that failed the first
 * lab's first goal, the users page and the learners CSV (every learner).
 */
export async function dashboardPages(client: Database, content: ContentSet): Promise<DashboardPage[]> {
  const busiest = await client.quizAttempt.groupBy({ by: ['userId'], where: { user: { role: 'learner' } }, _count: { _all: true }, orderBy: [{ _count: { userId: 'desc' } }, { userId: 'asc' }], take: 1 });
  const learnerId = busiest[0]?.userId ?? '';
  const firstLab = content.courses.flatMap((c) => c.course?.labs ?? []).find((id) => content.labs.has(id)) ?? '';
  const firstGoal = content.labs.get(firstLab)?.lab.goals[0]?.id ?? '';
  return [
    { name: 'overview', path: '/en/instructor', load: () => Promise.all([countUsersByRole(client), lessonCompletion(client, content, 'en')]) },
    { name: 'questions', path: '/en/instructor/questions', load: () => questionReport(client, content, 'en', words) },
    { name: 'labs', path: '/en/instructor/labs', load: () => labReport(client, content, 'en') },
    { name: 'goal_failures', path: `/en/instructor/labs/${firstLab}/goals/${firstGoal}`, load: () => goalFailures(client, content, 'en', { labId: firstLab, goalId: firstGoal, page: 1 }) },
    { name: 'learners', path: '/en/instructor/learners', load: () => learnerPage(client, 1, LEARNERS_PER_PAGE) },
    { name: 'learners_by_activity', path: '/en/instructor/learners?sort=activity', load: () => learnerPage(client, 1, LEARNERS_PER_PAGE, { key: 'activity', dir: 'desc' }) },
    { name: 'learners_by_quiz', path: '/en/instructor/learners?sort=quiz', load: () => learnerPage(client, 1, LEARNERS_PER_PAGE, { key: 'quiz', dir: 'desc' }) },
    { name: 'learners_by_name', path: '/ko/instructor/learners?sort=name', load: () => learnerPage(client, 1, LEARNERS_PER_PAGE, { key: 'name', dir: 'asc' }, { locale: 'ko' }) },
    { name: 'learners_search', path: '/en/instructor/learners?q=learner12', load: () => learnerPage(client, 1, LEARNERS_PER_PAGE, undefined, { search: 'learner12' }) },
    { name: 'learner', path: `/en/instructor/learners/${learnerId}`, load: () => learnerDetail(client, content, 'en', learnerId) },
    { name: 'users', path: '/en/instructor/users', load: () => userPage(client, { page: 1 }) },
    {
      name: 'learners_csv',
      path: '/api/instructor/export/learners.csv',
      load: async () => {
        let n = 0;
        for await (const page of allLearnerLines(client)) n += page.length;
        return n;
      },
    },
  ];
}
