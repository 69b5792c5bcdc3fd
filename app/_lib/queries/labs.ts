// Reads of a learner's lab attempts for the course page's syllabus, the progress page and
// the lab page: attempts, passed or not, the best result, the latest attempt's replay.
import 'server-only';
import { db } from '../db';
import type { LoadedLesson } from '../content/content-set';
import { summariseLabAttempts, type LabProgress } from '../grading/lab-progress';
import { labStatusOf, type LabStatus } from '../grading/lab-status';
import type { Locale } from '../i18n/routing';
import { getContent } from './content';

export type { LabProgress } from '../grading/lab-progress';
export type { LabStatus, LabAttemptLine } from '../grading/lab-status';

/** Per lab id, the learner's standing; labs never attempted are absent. */
export async function getLabProgress(userId: string, labIds?: readonly string[]): Promise<Map<string, LabProgress>> {
  const rows = await db.labAttempt.findMany({
    where: { userId, ...(labIds ? { labId: { in: [...labIds] } } : {}) },
    select: { id: true, labId: true, passed: true, goalResults: true, createdAt: true },
  });
  return new Map(summariseLabAttempts(rows).map((p) => [p.labId, p]));
}

/**
 * The lab page's status of one lab for the signed-in learner (their id from the session,
 * never from the request); undefined when they have not submitted it. Reads the small
 * columns only, never the action logs.
 */
export async function getLabStatus(userId: string, labId: string): Promise<LabStatus | undefined> {
  const rows = await db.labAttempt.findMany({ where: { userId, labId }, select: { id: true, passed: true, goalResults: true, createdAt: true } });
  return labStatusOf(rows);
}

export interface LessonLab {
  id: string;
  title: string;
}

/** The labs a lesson embeds with ::lab{id=…}, in page order, with their titles. */
export function labsOfLesson(lesson: LoadedLesson, locale: Locale): LessonLab[] {
  const version = lesson.versions[locale] ?? lesson.versions.en;
  const labs = getContent().content.labs;
  const ids = [...new Set((version?.directives ?? []).flatMap((d) => (d.name === 'lab' ? [d.id] : [])))];
  return ids.flatMap((id) => {
    const lab = labs.get(id);
    return lab ? [{ id, title: lab.lab.title[locale] }] : [];
  });
}

/** Each lesson's labs in a course, by lesson id. */
export function getCourseLessonLabs(courseId: string, locale: Locale): Map<string, LessonLab[]> {
  const course = getContent().content.courses.find((c) => c.id === courseId);
  return new Map((course?.lessons ?? []).map((l) => [l.id, labsOfLesson(l, locale)]));
}

export interface LearnerLabLine extends LabProgress {
  title: string;
}

/** The progress page's labs: every lab the learner submitted, newest first. */
export async function getLearnerLabs(userId: string, locale: Locale): Promise<LearnerLabLine[]> {
  const labs = getContent().content.labs;
  const progress = await getLabProgress(userId);
  return [...progress.values()].map((p) => ({ ...p, title: labs.get(p.labId)?.lab.title[locale] ?? p.labId }));
}
