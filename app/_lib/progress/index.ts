// Learner progress: the rules (pure), guest answers kept in the browser, and the grading of
// submitted answers. Server actions live in ./actions ('use server'); writes in ./store.
export * from './rules';
export * from './guest-list';
export { guestAttemptSchema, guestAttemptBatchSchema } from './guest';
export { gradeSubmitted, presentGrade, checkAnswerInputSchema, type CheckAnswerInput, type GradedAnswer, type PredictRunner } from './grade-answer';
