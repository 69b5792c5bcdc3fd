// What the browser gets to know about a question: its texts, already rendered to
// sanitised HTML on the server, and never the answer key (correct flags, accepted
// answers, buckets of items, feedback). Feedback arrives with the server's grade.
import type { QuestionType } from '@/app/_lib/content/schemas/quiz';

export interface ChoiceView {
  id: string;
  html: string;
  /** the same text without markup, for accessible names of buttons and select options */
  label: string;
}

interface BaseView {
  id: string;
  courseId: string;
  /** 1-based position in the quiz */
  number: number;
  promptHtml: string;
}

export type QuestionView = BaseView &
  (
    | { type: 'single' | 'multiple'; options: ChoiceView[] }
    | { type: 'predict'; options: ChoiceView[]; observableHtml: string; commands: string[] }
    | { type: 'truefalse' }
    | { type: 'ordering'; items: ChoiceView[] }
    | { type: 'numeric'; unit?: string }
    | { type: 'short' }
    | { type: 'classify'; buckets: ChoiceView[]; items: ChoiceView[] }
  );

export type { QuestionType };

export interface FeedbackView {
  /** the option, item, or 'true'/'false' the feedback is about; absent for the whole answer */
  optionId?: string;
  html: string;
}

export interface PredictRunView {
  lines: { command: string; output: string }[];
  observableHtml: string;
  /** the option the real output matched */
  matchedOptionId?: string;
}

export type CheckAnswerResult =
  | {
      ok: true;
      correct: boolean;
      score: number;
      feedback: FeedbackView[];
      explanationHtml: string;
      run?: PredictRunView;
      /** ordering: the items not at their place (the browser marks them after a wrong answer) */
      misplaced?: string[];
      /** 'account' when stored as a QuizAttempt; 'guest' when the browser keeps it until sign-in */
      savedTo: 'account' | 'guest';
      /** true when this answer completed the lesson */
      lessonCompleted: boolean;
    }
  | { ok: false; error: 'invalid-response' | 'unknown-question' | 'rate-limited' };
