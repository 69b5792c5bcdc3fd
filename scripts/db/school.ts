// A school's worth of learners in a throw-away database, for measuring the instructor
// dashboard at the scale it is used at (npm run bench's dashboard figures,
// scripts/db/fill-school.ts). Deterministic: the same scale and seed write the same rows.
//
// Learners work through the real course (content/): they open its lessons in order,
// answer each question until it is right or they give up, finish a lesson when every
// question has been right (app/_lib/progress/rules.ts), try its labs in the course's order,
// reveal hints after failures and pass or give up. How much each learner does is skewed,
// as in any course: a few do everything, many stop after a lesson or two, some never start.
// The totals of answers and attempts are exact: each learner's share is drawn, then scaled
// to the totals asked for. Answers are graded by the app's own grader, so `correct`,
// `score` and `misconceptions` are what the server would have stored; staff accounts try
// every question and lab once, so the dashboard's learners-only filter has rows to leave out.
//
// Rows are written as Prisma writes them (ISO times with +00:00, booleans 0/1, cuid-shaped
// ids) through better-sqlite3 in one transaction, in the order they would have happened.
import Database from 'better-sqlite3';
import type { ActionLog } from '../../sim-core/cluster/actions';
import { SIM_CORE_VERSION } from '../../sim-core';
import { Prng } from '../../sim-core/kernel/prng';
import { gradeQuestion, type ContentSet, type Question, type QuestionResponse } from '../../app/_lib/content';
import { migratedDatabase, type MigratedDatabase } from './migrated-database';

export interface SchoolScale {
  learners: number;
  /** instructors and admins (one admin in six) */
  staff: number;
  /** answers by learners; staff answer on top of these */
  quizAnswers: number;
  /** lab attempts by learners; staff attempt on top of these */
  labAttempts: number;
  seed: number;
}

/** The scale the dashboard is measured at: a large school's course over a term. */
export const SCHOOL_SCALE: SchoolScale = { learners: 5000, staff: 12, quizAnswers: 50_000, labAttempts: 10_000, seed: 1 };

export interface SchoolCounts {
  users: number;
  learners: number;
  quizAttempts: number;
  labAttempts: number;
  lessonProgress: number;
  hintUses: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The term starts on a fixed day, so the rows do not depend on when they are written. */
const TERM_START = Date.UTC(2026, 2, 2, 0, 0, 0);
/** the share of learners who sign up and never answer or attempt anything */
const NEVER_STARTED = 0.08;
const MAX_TRIES_PER_QUESTION = 4;
const MAX_ATTEMPTS_PER_LAB = 6;

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

interface CourseQuestion {
  courseId: string;
  lessonId: string;
  question: Question;
  /** 0 (everyone gets it) … 1 (nobody does) */
  difficulty: number;
}

interface CourseLesson {
  courseId: string;
  lessonId: string;
  questions: CourseQuestion[];
}

interface CourseLab {
  labId: string;
  goalIds: string[];
  hints: number;
  solution: ActionLog;
  /** 0 … 1, as for questions */
  difficulty: number;
}

type UserRow = { id: string; email: string; name: string | null; role: string; at: number };
type AnswerRow = { id: string; userId: string; q: CourseQuestion; response: QuestionResponse; at: number };
type AttemptRow = { id: string; userId: string; lab: CourseLab; passed: boolean; hintsUsed: number; actions: number; at: number };
type ProgressRow = { id: string; userId: string; courseId: string; lessonId: string; completedAt: number | null; updatedAt: number; at: number };
type HintRow = { id: string; userId: string; labId: string; hintIndex: number; at: number };

/** cuid v1's shape (c, time, counter, fingerprint, random: 25 characters), from the seeded stream. */
function idMaker(prng: Prng): (at: number) => string {
  let counter = 0;
  const base36 = (n: number, width: number) => n.toString(36).padStart(width, '0').slice(-width);
  return (at) => `c${base36(at, 8)}${base36(counter++ % 1_679_616, 4)}0dbx${base36(prng.nextU32(), 6)}${base36(prng.int(0, 1295), 2)}`;
}

/** A standard normal draw (Box–Muller). */
function normal(prng: Prng): number {
  return Math.sqrt(-2 * Math.log(1 - prng.float())) * Math.cos(2 * Math.PI * prng.float());
}

/** `total` split in proportion to `weights`, rounded so the parts add up to `total` exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

function courseOf(content: ContentSet, prng: Prng): { lessons: CourseLesson[]; labs: CourseLab[] } {
  const lessons: CourseLesson[] = [];
  const labIds: string[] = [];
  for (const course of content.courses) {
    if (!course.course) continue;
    for (const lesson of course.lessons) {
      const questions = (lesson.quiz?.quiz.questions ?? []).map((question) => ({ courseId: course.id, lessonId: lesson.id, question, difficulty: prng.float() * 0.6 }));
      lessons.push({ courseId: course.id, lessonId: lesson.id, questions });
    }
    for (const id of course.course.labs ?? []) if (content.labs.has(id) && !labIds.includes(id)) labIds.push(id);
  }
  const labs = labIds.map((labId) => {
    const loaded = content.labs.get(labId)!;
    return {
      labId,
      goalIds: loaded.lab.goals.map((g) => g.id),
      hints: loaded.lab.hints?.length ?? 0,
      solution: loaded.solution ?? [],
      difficulty: prng.float() * 0.6,
    };
  });
  return { lessons, labs };
}

/** A right answer, or a wrong one of the kinds learners give (a popular distractor more often than the rest). */
function responseTo(q: Question, right: boolean, prng: Prng): QuestionResponse {
  switch (q.type) {
    case 'single':
    case 'predict': {
      const wrong = q.options.filter((o) => !o.correct);
      const option = right || wrong.length === 0 ? q.options.find((o) => o.correct)! : prng.chance(0.6) ? wrong[0]! : prng.pick(wrong);
      return { type: q.type, optionId: option.id };
    }
    case 'multiple': {
      const ids = q.options.filter((o) => o.correct).map((o) => o.id);
      if (right) return { type: 'multiple', optionIds: ids };
      const wrong = q.options.filter((o) => !o.correct).map((o) => o.id);
      // one missed, or one too many
      if (ids.length > 1 && (wrong.length === 0 || prng.chance(0.5))) return { type: 'multiple', optionIds: ids.filter((id) => id !== prng.pick(ids)) };
      return { type: 'multiple', optionIds: [...ids, prng.pick(wrong.length > 0 ? wrong : ids)] };
    }
    case 'truefalse':
      return { type: 'truefalse', answer: right ? q.answer : !q.answer };
    case 'ordering': {
      const ids = q.items.map((i) => i.id);
      if (!right) {
        const i = prng.int(0, ids.length - 2);
        [ids[i], ids[i + 1]] = [ids[i + 1]!, ids[i]!];
      }
      return { type: 'ordering', itemIds: ids };
    }
    case 'numeric': {
      if (right) return { type: 'numeric', value: q.answer };
      const common = q.common?.map((c) => c.value) ?? [];
      return { type: 'numeric', value: common.length > 0 && prng.chance(0.7) ? prng.pick(common) : q.answer + prng.pick([-2, -1, 1, 2, q.answer]) };
    }
    case 'short': {
      const accepted = q.accepted[0]!;
      // a right answer in other letters where case does not matter, now and then
      if (right) return { type: 'short', text: !q.caseSensitive && prng.chance(0.2) ? accepted.toUpperCase() : accepted };
      return { type: 'short', text: prng.pick([`${accepted}s`, accepted.slice(0, -1), 'etcd', 'kube-apiserver', 'I do not know']) };
    }
    case 'classify': {
      const placements: Record<string, string> = {};
      for (const item of q.items) placements[item.id] = item.bucket;
      if (!right) {
        const item = prng.pick(q.items);
        const other = q.buckets.filter((b) => b.id !== item.bucket);
        if (other.length > 0) placements[item.id] = prng.pick(other).id;
      }
      return { type: 'classify', placements };
    }
  }
}

/** The stored goal results of an attempt: every goal passed, or some failed (at least one). */
function goalResultsOf(lab: CourseLab, passed: boolean, prng: Prng): string {
  const failing = new Set<string>();
  if (!passed && lab.goalIds.length > 0) {
    for (const id of lab.goalIds) if (prng.chance(0.35)) failing.add(id);
    if (failing.size === 0) failing.add(prng.pick(lab.goalIds));
  }
  return JSON.stringify(
    lab.goalIds.map((id) => {
      const ok = !failing.has(id);
      const found = ok ? 3 : prng.int(0, 2);
      return {
        id,
        passed: ok,
        explanation: ok
          ? { ko: `${id}: 조건을 만족합니다 (${found}개 확인)`, en: `${id}: met (found ${found})` }
          : { ko: `${id}: 3개를 기대했지만 ${found}개입니다`, en: `${id}: expected 3, found ${found}` },
      };
    }),
  );
}

const KOREAN_NAMES = ['김민준', '이서연', '박지호', '최수아', '정하준', '강지우', '조서윤', '윤도윤', '장하은', '임시우'];
const LATIN_NAMES = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eun-ji', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas'];

/**
 * Writes a school into the migrated, empty database at `databaseFile`. Returns the row
 * counts it wrote.
 */
export function fillSchool(databaseFile: string, content: ContentSet, scale: SchoolScale = SCHOOL_SCALE): SchoolCounts {
  const root = new Prng(scale.seed);
  const newId = idMaker(root.child('ids'));
  const { lessons, labs } = courseOf(content, root.child('course'));
  const questions = lessons.flatMap((l) => l.questions);
  if (questions.length === 0) throw new Error('fillSchool: the content has no quiz questions to answer');

  const users: UserRow[] = [];
  const answers: AnswerRow[] = [];
  const attempts: AttemptRow[] = [];
  const progress: ProgressRow[] = [];
  const hints: HintRow[] = [];

  // Sign-ups crowd the first weeks of the term and thin out over the following three months.
  const people = root.child('people');
  for (let i = 0; i < scale.learners + scale.staff; i++) {
    const staff = i < scale.staff;
    const at = TERM_START - (staff ? 14 * DAY : 0) + Math.floor(100 * DAY * people.float() ** 2);
    const korean = people.chance(0.7);
    const name = people.chance(0.1) ? null : `${people.pick(korean ? KOREAN_NAMES : LATIN_NAMES)}${people.int(1, 999)}`;
    const role = staff ? (i % 6 === 0 ? 'admin' : 'instructor') : 'learner';
    users.push({ id: '', email: `${staff ? 'teacher' : 'learner'}${i + 1}@school.example`, name, role, at });
  }
  users.sort((a, b) => a.at - b.at);
  for (const u of users) u.id = newId(u.at);
  const learners = users.filter((u) => u.role === 'learner');

  // How much each learner does: nothing for some, then log-normal (σ 1.3): half do less
  // than a lesson's worth, one in a hundred ten times the average, a few the whole course.
  const effort = root.child('effort');
  const weights = learners.map(() => (effort.chance(NEVER_STARTED) ? 0 : Math.exp(1.3 * normal(effort))));
  const answerBudgets = apportion(scale.quizAnswers, weights);
  const attemptBudgets = apportion(
    scale.labAttempts,
    weights.map((w) => w * (0.5 + effort.float())),
  );

  const work = root.child('work');
  const openLesson = (userId: string, lesson: CourseLesson, at: number): ProgressRow => {
    const row = { id: newId(at), userId, courseId: lesson.courseId, lessonId: lesson.lessonId, completedAt: null, updatedAt: at, at };
    progress.push(row);
    return row;
  };

  learners.forEach((user, n) => {
    const skill = 0.35 + 0.6 * work.float();
    let clock = user.at + Math.floor(work.float() * 3 * DAY);
    let budget = answerBudgets[n]!;
    const opened = new Map<string, ProgressRow>();
    // lessons in order; a learner who finishes the course goes back over random questions
    let lessonIndex = 0;
    while (budget > 0) {
      const lesson = lessons[lessonIndex % lessons.length]!;
      const review = lessonIndex >= lessons.length;
      lessonIndex += 1;
      if (lesson.questions.length === 0) continue;
      clock += Math.floor(work.float() * 2 * DAY);
      let row = opened.get(lesson.lessonId);
      if (!row) opened.set(lesson.lessonId, (row = openLesson(user.id, lesson, clock)));
      const right = new Set<string>();
      const asked = review ? [work.pick(lesson.questions)] : lesson.questions;
      for (const q of asked) {
        for (let tries = 0; tries < MAX_TRIES_PER_QUESTION && budget > 0; tries++) {
          clock += 20_000 + Math.floor(work.float() * 3 * MINUTE);
          const isRight = work.chance(Math.min(0.97, skill * (1 - q.difficulty) + 0.2 * tries));
          answers.push({ id: newId(clock), userId: user.id, q, response: responseTo(q.question, isRight, work), at: clock });
          budget -= 1;
          if (isRight) {
            right.add(q.question.id);
            break;
          }
          if (!work.chance(0.9)) break;
        }
        if (budget === 0) break;
      }
      row.updatedAt = clock;
      if (!review && row.completedAt === null && lesson.questions.every((q) => right.has(q.question.id))) row.completedAt = clock;
    }
    // some open the next lesson and stop there; some who never answered open the first
    const next = lessons[opened.size];
    if (next && work.chance(answerBudgets[n] === 0 ? 0.5 : 0.3)) openLesson(user.id, next, clock + Math.floor(work.float() * 5 * DAY));

    let labBudget = attemptBudgets[n]!;
    // hints this learner revealed per lab
    const revealedBy = new Map<string, number>();
    let labClock = user.at + Math.floor(work.float() * 7 * DAY);
    for (let l = 0; labBudget > 0; l++) {
      const lab = labs[l % labs.length];
      if (!lab) break;
      labClock += Math.floor(work.float() * 3 * DAY);
      let revealed = revealedBy.get(lab.labId) ?? 0;
      for (let k = 0; k < MAX_ATTEMPTS_PER_LAB && labBudget > 0; k++) {
        labClock += 3 * MINUTE + Math.floor(work.float() * 20 * MINUTE);
        // after a failure, a hint now and then (a hint is revealed once: HintUse is unique)
        if (k > 0 && revealed < lab.hints && work.chance(0.5)) {
          hints.push({ id: newId(labClock - MINUTE), userId: user.id, labId: lab.labId, hintIndex: revealed, at: labClock - MINUTE });
          revealed += 1;
        }
        const passed = work.chance(Math.min(0.95, skill * (1 - lab.difficulty) + 0.12 * k + 0.05 * revealed));
        attempts.push({ id: newId(labClock), userId: user.id, lab, passed, hintsUsed: revealed, actions: passed ? lab.solution.length : work.int(0, lab.solution.length), at: labClock });
        labBudget -= 1;
        if (passed) break;
      }
      revealedBy.set(lab.labId, revealed);
    }
  });

  // staff try each question and each lab once, before the term
  const tries = root.child('staff');
  for (const user of users.filter((u) => u.role !== 'learner')) {
    let clock = user.at + HOUR;
    for (const q of questions) {
      clock += MINUTE;
      answers.push({ id: newId(clock), userId: user.id, q, response: responseTo(q.question, tries.chance(0.8), tries), at: clock });
    }
    for (const lab of labs) {
      clock += 10 * MINUTE;
      attempts.push({ id: newId(clock), userId: user.id, lab, passed: true, hintsUsed: 0, actions: lab.solution.length, at: clock });
    }
  }

  write(databaseFile, root.child('rows'), { users, answers, attempts, progress, hints });
  return {
    users: users.length,
    learners: learners.length,
    quizAttempts: answers.length,
    labAttempts: attempts.length,
    lessonProgress: progress.length,
    hintUses: hints.length,
  };
}

function write(databaseFile: string, prng: Prng, rows: { users: UserRow[]; answers: AnswerRow[]; attempts: AttemptRow[]; progress: ProgressRow[]; hints: HintRow[] }): void {
  const sqlite = new Database(databaseFile);
  try {
    sqlite.pragma('journal_mode = WAL');
    const byTime = <T extends { at: number }>(list: T[]) => [...list].sort((a, b) => a.at - b.at);
    const insertUser = sqlite.prepare('INSERT INTO "User" ("id", "email", "passwordHash", "name", "role", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?)');
    const insertAnswer = sqlite.prepare(
      'INSERT INTO "QuizAttempt" ("id", "userId", "courseId", "quizId", "questionId", "response", "correct", "score", "misconceptions", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertAttempt = sqlite.prepare(
      'INSERT INTO "LabAttempt" ("id", "userId", "labId", "actionLog", "simVersion", "seed", "stateHash", "goalResults", "passed", "hintsUsed", "idempotencyKey", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertProgress = sqlite.prepare('INSERT INTO "LessonProgress" ("id", "userId", "courseId", "lessonId", "completedAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)');
    const insertHint = sqlite.prepare('INSERT INTO "HintUse" ("id", "userId", "labId", "hintIndex", "createdAt") VALUES (?, ?, ?, ?, ?)');
    const hex = () => prng.nextU32().toString(16).padStart(8, '0');
    sqlite.transaction(() => {
      // not a password hash: these accounts are for reading, not for signing in
      for (const u of rows.users) insertUser.run(u.id, u.email, 'not-a-password-hash', u.name, u.role, iso(u.at), iso(u.at));
      for (const a of byTime(rows.answers)) {
        const grade = gradeQuestion(a.q.question, a.response);
        insertAnswer.run(a.id, a.userId, a.q.courseId, a.q.lessonId, a.q.question.id, JSON.stringify(a.response), grade.correct ? 1 : 0, grade.score, JSON.stringify(grade.misconceptions), iso(a.at));
      }
      for (const a of byTime(rows.attempts)) {
        const log = JSON.stringify(a.lab.solution.slice(0, a.actions));
        const hash = Array.from({ length: 8 }, hex).join('');
        insertAttempt.run(a.id, a.userId, a.lab.labId, log, SIM_CORE_VERSION, 1, hash, goalResultsOf(a.lab, a.passed, prng), a.passed ? 1 : 0, a.hintsUsed, `${hex()}-${hex()}-${hex()}-${hex()}`, iso(a.at));
      }
      for (const p of byTime(rows.progress)) insertProgress.run(p.id, p.userId, p.courseId, p.lessonId, p.completedAt === null ? null : iso(p.completedAt), iso(p.updatedAt));
      for (const h of byTime(rows.hints)) insertHint.run(h.id, h.userId, h.labId, h.hintIndex, iso(h.at));
    })();
  } finally {
    sqlite.close();
  }
}

/** A migrated throw-away database holding a school (`close()` deletes it). */
export async function schoolDatabase(content: ContentSet, scale: SchoolScale = SCHOOL_SCALE): Promise<MigratedDatabase & { counts: SchoolCounts }> {
  const mdb = await migratedDatabase();
  try {
    return { ...mdb, counts: fillSchool(mdb.ws.databaseFile, content, scale) };
  } catch (error) {
    await mdb.close();
    throw error;
  }
}
