import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import type { Question } from '@/app/_lib/content';
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
    expect(ko.options.map((o) => o.id).sort()).toEqual(q.options.map((o) => o.id).sort());
    expect(ko.options.every((o) => !o.label.includes('<'))).toBe(true);
  });
});

describe('the order of choice options', () => {
  const choiceQuestions = questions.filter((q) => q.type === 'single' || q.type === 'multiple' || q.type === 'predict');
  const shownIds = (q: Question, locale: 'ko' | 'en') => {
    const view = toQuestionView(q, course.id, 1, locale);
    return view.type === 'single' || view.type === 'multiple' || view.type === 'predict' ? view.options.map((o) => o.id) : [];
  };

  it('does not give the answer away by its place: the right option is seldom first and sits in every place', () => {
    const oneAnswer = choiceQuestions.filter((q) => q.type !== 'multiple');
    const places = oneAnswer.map((q) => ('options' in q ? shownIds(q, 'en').indexOf(q.options.find((o) => o.correct)!.id) : -1));
    // as written, 18 of 25 had the answer first; shuffled, about a quarter (one in the number of options)
    expect(places.filter((p) => p === 0).length).toBeLessThanOrEqual(Math.ceil(oneAnswer.length * 0.4));
    expect(new Set(places)).toEqual(new Set([0, 1, 2, 3]));
  });

  it('is the same in both languages and on every render (server and browser see one order)', () => {
    for (const q of choiceQuestions) {
      const en = shownIds(q, 'en');
      expect(shownIds(q, 'ko')).toEqual(en);
      expect(shownIds(q, 'en')).toEqual(en);
      if ('options' in q) expect([...en].sort()).toEqual(q.options.map((o) => o.id).sort());
    }
  });

  it('keeps options an author pinned with fixed: true where they are written', () => {
    const pinned = choiceQuestions.filter((q) => 'options' in q && q.options.some((o) => o.fixed));
    expect(pinned.map((q) => q.id)).toContain('lease-failover-time');
    for (const q of pinned) {
      if (!('options' in q)) continue;
      const shown = shownIds(q, 'en');
      q.options.forEach((o, i) => {
        if (o.fixed) expect(shown[i]).toBe(o.id);
      });
    }
  });
});

describe('textOf', () => {
  it('drops tags and decodes entities for accessible names', () => {
    expect(textOf('Pod <code>web-&#x3C;hash></code> &amp; more')).toBe('Pod web-<hash> & more');
  });
});
