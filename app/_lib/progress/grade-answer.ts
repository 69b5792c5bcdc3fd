// The server's side of "Check answer": validate what the browser sent, find the question in
// the loaded content (never the browser's copy of it), grade it, and render the feedback
// and explanation in the learner's language. Pure over its inputs, so tests can drive it
// with fixture content; the server action adds the session and the database.
import { findQuestion, gradeQuestion, responseSchema, renderMarkdownText, type ContentSet, type Grade, type Locale, type PredictQuestion, type Question, type QuestionResponse, type Scenario } from '../content';
import { inlineHtml } from '@/app/_components/quiz/question-view';
import type { CheckAnswerResult, PredictRunView } from '@/app/_components/quiz/types';
import { kebabId } from '../content';
import { z } from 'zod';
import type { PredictTranscript } from './predict-run';

export const checkAnswerInputSchema = z.strictObject({
  courseId: kebabId,
  questionId: kebabId,
  response: responseSchema,
});
export type CheckAnswerInput = z.infer<typeof checkAnswerInputSchema>;

export type PredictRunner = (question: PredictQuestion, scenario: Scenario) => PredictTranscript;

export type GradedAnswer =
  | { ok: true; courseId: string; lessonId: string; questionId: string; question: Question; response: QuestionResponse; grade: Grade }
  | { ok: false; error: 'invalid-response' | 'unknown-question' };

/** safeParse + lookup + grade: what both "Check answer" and the guest sync do for each answer. */
export function gradeSubmitted(content: ContentSet, input: unknown): GradedAnswer {
  const parsed = checkAnswerInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'invalid-response' };
  const { courseId, questionId, response } = parsed.data;
  const found = findQuestion(content, courseId, questionId);
  if (!found) return { ok: false, error: 'unknown-question' };
  return { ok: true, courseId, lessonId: found.lesson.id, questionId, question: found.question, response, grade: gradeQuestion(found.question, response) };
}

/** The browser's view of a grade: feedback and explanation as sanitised HTML, and for predict the run. */
export function presentGrade(
  content: ContentSet,
  graded: Extract<GradedAnswer, { ok: true }>,
  locale: Locale,
  runPredict: PredictRunner,
  saved: { savedTo: 'account' | 'guest'; lessonCompleted: boolean },
): Extract<CheckAnswerResult, { ok: true }> {
  const { question, grade } = graded;
  let run: PredictRunView | undefined;
  if (question.type === 'predict') {
    const scenario = content.scenarios.get(question.scenario)?.scenario;
    const transcript = scenario ? runPredict(question, scenario) : { ok: false as const, error: 'unknown scenario' };
    run = {
      lines: transcript.ok ? transcript.lines : [],
      observableHtml: inlineHtml(question.observable[locale]),
      ...(transcript.ok ? { matchedOptionId: matchingOption(question, transcript.lastOutput) } : {}),
    };
  }
  return {
    ok: true,
    correct: grade.correct,
    score: grade.score,
    feedback: grade.feedback.map((f) => ({ ...(f.optionId !== undefined ? { optionId: f.optionId } : {}), html: renderMarkdownText(f.text[locale]) })),
    explanationHtml: renderMarkdownText(question.explanation[locale]),
    ...(run ? { run } : {}),
    ...(grade.misplaced ? { misplaced: grade.misplaced } : {}),
    ...saved,
  };
}

function matchingOption(question: PredictQuestion, lastOutput: string): string | undefined {
  return question.options.find((o) => {
    try {
      return new RegExp(o.matches, 'm').test(lastOutput);
    } catch {
      return false;
    }
  })?.id;
}
