// How much a wrong answer shows at once. The explanation usually states the answer, and
// shown after every wrong try it turned "Try again" into copying. So a first wrong try
// gets the feedback about what the learner chose (the misconception it shows) and a
// button for the explanation; a right answer, a second wrong try, or a press of that
// button shows it. Where the verdict gives the answer away anyway (true/false has two
// choices; predict-then-run shows the simulation's real output) it is shown at once.
// Pure; tested in reveal.test.ts.
import type { QuestionType } from './types';

export interface RevealState {
  type: QuestionType;
  correct: boolean;
  /** wrong answers checked on this card so far, this one included */
  wrongTries: number;
  /** the learner pressed "Show the explanation" */
  asked: boolean;
}

export const WRONG_TRIES_BEFORE_EXPLANATION = 2;

export function showsExplanation({ type, correct, wrongTries, asked }: RevealState): boolean {
  if (correct || asked || type === 'truefalse' || type === 'predict') return true;
  return wrongTries >= WRONG_TRIES_BEFORE_EXPLANATION;
}
