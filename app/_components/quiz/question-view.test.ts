import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { textOf, toQuestionView } from './question-view';

// The real course: every question type, as the browser receives it.
const { content } = loadContent(path.join(import.meta.dirname, '../../../content'));
const course = content.courses.find((c) => c.id === 'kubernetes-internals')!;
const questions = course.lessons.flatMap((l) => l.quiz?.quiz.questions ?? []);

describe('toQuestionView', () => {
  it('covers all eight question types of the course', () => {
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['single', 'multiple', 'truefalse', 'ordering', 'numeric', 'short', 'classify', 'predict']));
  });

  it('never gives the browser an answer key: no correct flags, answers, accepted texts, buckets of items, feedback or regexes', () => {
    for (const q of questions) {
      for (const locale of ['ko', 'en'] as const) {
        const view = toQuestionView(q, course.id, 1, locale);
        const json = JSON.stringify(view);
        for (const key of ['"correct"', '"answer"', '"accepted"', '"bucket"', '"feedback"', '"matches"', '"explanation"', '"tolerance"', '"common"']) {
          expect({ question: q.id, leaked: json.includes(key) ? key : null }).toEqual({ question: q.id, leaked: null });
        }
        if (q.type === 'ordering' && view.type === 'ordering') {
          expect(view.items.map((i) => i.id)).not.toEqual(q.items.map((i) => i.id));
        }
      }
    }
  });

  it("renders the prompt and options in the learner's language as sanitised HTML", () => {
    const q = questions.find((x) => x.type === 'single')!;
    const ko = toQuestionView(q, course.id, 3, 'ko');
    expect(ko.promptHtml).toContain(q.prompt.ko.replace(/`[^`]*`/g, '').slice(0, 5));
    expect(ko.number).toBe(3);
    if (ko.type !== 'single') throw new Error('expected single');
    expect(ko.options.map((o) => o.id)).toEqual(q.options.map((o) => o.id));
    expect(ko.options.every((o) => !o.label.includes('<'))).toBe(true);
  });
});

describe('textOf', () => {
  it('drops tags and decodes entities for accessible names', () => {
    expect(textOf('Pod <code>web-&#x3C;hash></code> &amp; more')).toBe('Pod web-<hash> & more');
  });
});
