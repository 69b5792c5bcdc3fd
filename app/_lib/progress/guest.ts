// Answers a guest gives are kept in the browser (./guest-list) and sent when they sign in.
// Only the *responses* travel: the server validates the batch with this schema, looks each
// question up in the content and grades it again, so a guest cannot claim a grade
// (../shared/DESIGN.md §4, "nothing the browser claims is trusted").
import { z } from 'zod';
import { responseSchema } from '../content/grading/responses';
import { kebabId } from '../content/schemas/localized';
import { MAX_GUEST_ATTEMPTS } from './guest-list';

export const guestAttemptSchema = z.strictObject({
  courseId: kebabId,
  questionId: kebabId,
  response: responseSchema,
  answeredAt: z.number().int().nonnegative(),
});

/**
 * The batch as a whole: an array of at most MAX entries. Each entry is then checked on its
 * own with guestAttemptSchema, so one malformed or forged entry (say, one that carries a
 * `correct: true` claim) is refused without losing the learner's genuine answers.
 */
export const guestAttemptBatchSchema = z.array(z.unknown()).max(MAX_GUEST_ATTEMPTS);
