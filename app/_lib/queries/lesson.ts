// One lesson page in a language: the Markdown rendered, sanitised and highlighted on the
// server (shiki never reaches the browser), cut at its live parts, with the quiz as
// answer-free views, the scenarios its ::sim embeds need, and the neighbours for
// previous/next. In production the rendering is cached per course, lesson and language.
import 'server-only';
import type { LessonFrontMatter, Scenario } from '../content';
import { renderTree } from '../content';
import type { Locale } from '../i18n/routing';
import { createCodeHighlighter } from '../markdown-highlight';
import { splitAtDirectives, type LessonSegment } from '@/app/_components/lesson/segments';
import { toQuestionView } from '@/app/_components/quiz/question-view';
import type { QuestionView } from '@/app/_components/quiz/types';
import { getContent } from './content';

export interface LessonLink {
  id: string;
  title: string;
}

export interface LessonPageView {
  course: { id: string; title: string };
  id: string;
  number: number;
  total: number;
  frontMatter: LessonFrontMatter;
  segments: LessonSegment[];
  scenarios: Record<string, Scenario>;
  labs: Record<string, string>;
  quiz?: { id: string; questions: QuestionView[] };
  prev?: LessonLink;
  next?: LessonLink;
}

const cache = new Map<string, LessonPageView>();

export async function getLessonPage(courseId: string, lessonId: string, locale: Locale): Promise<LessonPageView | undefined> {
  const key = `${courseId}/${lessonId}/${locale}`;
  const production = process.env.NODE_ENV === 'production';
  if (production && cache.has(key)) return cache.get(key);
  const view = await buildLessonPage(courseId, lessonId, locale);
  if (view && production) cache.set(key, view);
  return view;
}

async function buildLessonPage(courseId: string, lessonId: string, locale: Locale): Promise<LessonPageView | undefined> {
  const { content } = getContent();
  const loaded = content.courses.find((c) => c.id === courseId);
  if (!loaded?.course) return undefined;
  const index = loaded.lessons.findIndex((l) => l.id === lessonId);
  const lesson = loaded.lessons[index];
  const parsed = lesson?.versions[locale];
  if (!lesson || !parsed?.frontMatter || parsed.problems.length > 0) return undefined;

  const highlight = await createCodeHighlighter();
  const segments = splitAtDirectives(renderTree(parsed.tree, { highlight }));
  const scenarios: Record<string, Scenario> = {};
  const labs: Record<string, string> = {};
  for (const s of segments) {
    if (s.kind === 'sim') {
      const scenario = content.scenarios.get(s.scenarioId)?.scenario;
      if (scenario) scenarios[s.scenarioId] = scenario;
    } else if (s.kind === 'lab') {
      const lab = content.labs.get(s.labId)?.lab;
      if (lab) labs[s.labId] = lab.title[locale];
    }
  }
  const linkTo = (i: number): LessonLink | undefined => {
    const other = loaded.lessons[i];
    const title = other?.versions[locale]?.frontMatter?.title;
    return other && title ? { id: other.id, title } : undefined;
  };
  const quiz = lesson.quiz?.quiz;
  const prev = linkTo(index - 1);
  const next = linkTo(index + 1);
  return {
    course: { id: loaded.id, title: loaded.course.title[locale] },
    id: lesson.id,
    number: index + 1,
    total: loaded.lessons.length,
    frontMatter: parsed.frontMatter,
    segments,
    scenarios,
    labs,
    ...(quiz ? { quiz: { id: quiz.id, questions: quiz.questions.map((q, i) => toQuestionView(q, loaded.id, i + 1, locale)) } } : {}),
    ...(prev ? { prev } : {}),
    ...(next ? { next } : {}),
  };
}
