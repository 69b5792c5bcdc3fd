// One course with its syllabus in a language, for the course page.
import 'server-only';
import type { Locale } from '../i18n/routing';
import { getContent } from './content';

export interface SyllabusLesson {
  id: string;
  number: number;
  title: string;
  summary: string;
  minutes: number;
  /** the ids of the lesson's quiz questions (for its score on the syllabus) */
  questionIds: string[];
}

export interface CourseView {
  id: string;
  title: string;
  summary: string;
  lessons: SyllabusLesson[];
  labs: string[];
}

export async function getCourse(courseId: string, locale: Locale): Promise<CourseView | undefined> {
  const loaded = getContent().content.courses.find((c) => c.id === courseId);
  if (!loaded?.course) return undefined;
  const lessons = loaded.lessons.flatMap((lesson, i): SyllabusLesson[] => {
    const front = lesson.versions[locale]?.frontMatter ?? lesson.versions.en?.frontMatter;
    if (!front) return [];
    return [
      {
        id: lesson.id,
        number: i + 1,
        title: front.title,
        summary: front.summary,
        minutes: front.minutes,
        questionIds: lesson.quiz?.quiz.questions.map((q) => q.id) ?? [],
      },
    ];
  });
  return {
    id: loaded.id,
    title: loaded.course.title[locale],
    summary: loaded.course.summary[locale],
    lessons,
    labs: loaded.course.labs,
  };
}
