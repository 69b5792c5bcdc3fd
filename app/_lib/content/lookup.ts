// Finding things in a loaded ContentSet: what the app's pages and the server's grading need
// (the browser sends { questionId, response }; the server grades against the question here,
// never against anything the browser sent about the question).
import type { ContentSet, LoadedCourse, LoadedLesson } from './content-set';
import type { Question } from './schemas';

export function findCourse(content: ContentSet, courseId: string): LoadedCourse | undefined {
  return content.courses.find((c) => c.id === courseId);
}

export function findLesson(content: ContentSet, courseId: string, lessonId: string): LoadedLesson | undefined {
  return findCourse(content, courseId)?.lessons.find((l) => l.id === lessonId);
}

/** Question ids are unique in a course (content:check enforces it). */
export function findQuestion(content: ContentSet, courseId: string, questionId: string): { lesson: LoadedLesson; question: Question } | undefined {
  for (const lesson of findCourse(content, courseId)?.lessons ?? []) {
    const question = lesson.quiz?.quiz.questions.find((q) => q.id === questionId);
    if (question) return { lesson, question };
  }
  return undefined;
}
