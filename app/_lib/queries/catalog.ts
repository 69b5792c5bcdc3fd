// The course catalog: every course folder under content/courses/, with its counts.
// A course whose course.yaml is broken is listed with the reason rather than hidden,
// so an instructor notices.
import 'server-only';
import type { LocalizedText } from '../content/schemas';
import { formatProblem } from '../content/problems';
import { getContent } from './content';

export type CatalogEntry =
  | { ok: true; id: string; title: LocalizedText; summary: LocalizedText; lessonCount: number; labCount: number }
  | { ok: false; id: string; error: string };

export async function listCourses(): Promise<CatalogEntry[]> {
  const { content, problems } = getContent();
  return content.courses.map((loaded): CatalogEntry => {
    if (!loaded.course) {
      const first = problems.find((p) => p.file === loaded.file);
      return { ok: false, id: loaded.id, error: first ? formatProblem(first) : `${loaded.file} is missing or invalid` };
    }
    return {
      ok: true,
      id: loaded.id,
      title: loaded.course.title,
      summary: loaded.course.summary,
      lessonCount: loaded.course.lessons.length,
      labCount: loaded.course.labs.length,
    };
  });
}
