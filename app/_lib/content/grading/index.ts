// Question grading: pure, shared by the browser (instant feedback) and the server (the
// stored attempt, after responseSchema.safeParse of what the browser sent).
export { gradeQuestion } from './grade';
export { gradeSingle, gradeMultiple } from './choice';
export { gradeTrueFalse } from './truefalse';
export { gradeOrdering } from './ordering';
export { gradeNumeric, withinTolerance } from './numeric';
export { gradeShort, nearMissOf, normaliseShortAnswer, NEAR_MISS_FEEDBACK, type NearMiss } from './short';
export { gradeClassify } from './classify';
export * from './responses';
export type { Grade, FeedbackLine } from './types';
