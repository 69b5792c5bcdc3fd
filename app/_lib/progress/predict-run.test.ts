import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/loader';
import type { PredictQuestion } from '../content';
import { gradeSubmitted, presentGrade } from './grade-answer';
import { runPredictQuestion } from './predict-run';

// The real course's predict-then-run questions, played on the server as the page shows them.
const { content } = loadContent(path.join(import.meta.dirname, '../../../content'));
const course = content.courses.find((c) => c.id === 'kubernetes-internals')!;
const predicts = course.lessons.flatMap((l) => l.quiz?.quiz.questions ?? []).filter((q): q is PredictQuestion => q.type === 'predict');

describe('predict-then-run on the server', () => {
  it('the course has predict questions to play', () => {
    expect(predicts.length).toBeGreaterThanOrEqual(5);
  });

  it.each(predicts.map((q) => [q.id, q] as const))('%s: the output shown matches the correct option, and is the same every time', (_id, q) => {
    const scenario = content.scenarios.get(q.scenario)!.scenario;
    const first = runPredictQuestion(q, scenario);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.lines.map((l) => l.command)).toEqual(q.run);
    const graded = gradeSubmitted(content, { courseId: course.id, questionId: q.id, response: { type: 'predict', optionId: q.options.find((o) => !o.correct)!.id } });
    if (!graded.ok) throw new Error('expected a grade');
    const shown = presentGrade(content, graded, 'en', runPredictQuestion, { savedTo: 'guest', lessonCompleted: false });
    expect(shown.correct).toBe(false);
    expect(shown.run?.matchedOptionId).toBe(q.options.find((o) => o.correct)!.id);
    // deterministic: a fresh simulation from the same seed prints the same transcript
    const fresh = runPredictQuestion({ ...q, id: `${q.id}-again` }, scenario);
    expect(fresh).toEqual(first);
  });
});
