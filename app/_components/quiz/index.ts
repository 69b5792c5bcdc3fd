// Quizzes: the lesson's ::quiz as one interactive card per question type, graded by the
// server (app/_lib/progress/actions.checkAnswer). Server code builds the views with
// toQuestionView; the browser only ever sees those.
export { Quiz } from './quiz';
export { QuestionCard } from './question-card';
export type { QuestionView, CheckAnswerResult, ChoiceView, FeedbackView, PredictRunView } from './types';
