// quiz.yaml: a lesson's questions, both languages side by side so that they cannot drift
// apart. Eight question types (issue 5); every option carries its own feedback and every
// question an explanation and misconception tags.
import { z } from 'zod';
import { kebabId, localizedText, terminalLine } from './localized';

export const QUESTION_TYPES = [
  'single',
  'multiple',
  'truefalse',
  'ordering',
  'numeric',
  'short',
  'classify',
  'predict',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const tags = z
  .array(kebabId)
  .min(1, 'tag the question with at least one misconception from content/misconceptions.yaml')
  .meta({ description: 'misconception tags from content/misconceptions.yaml' });

const base = {
  id: kebabId.meta({ description: 'unique in the course, kebab-case' }),
  tags,
  prompt: localizedText.meta({ description: 'the question; Markdown allowed' }),
  explanation: localizedText.meta({ description: 'shown with a right answer, after a second wrong one, or when the learner asks; may state the answer' }),
};

const optionId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'an option id is short and lower-case, e.g. a, b, c')
  .max(40);

const option = z.strictObject({
  id: optionId,
  text: localizedText,
  correct: z.boolean().default(false).meta({ description: 'true for the right answer(s); absent means false' }),
  feedback: localizedText.meta({ description: 'why this option is right or wrong — not just "Correct!"' }),
  tags: z
    .array(kebabId)
    .optional()
    .meta({ description: 'misconceptions this particular wrong option reveals (defaults to the question tags)' }),
  fixed: z
    .boolean()
    .optional()
    .meta({ description: 'true keeps this option at its written position (e.g. "none of the above" last, or a sequence like 2 s, 10 s, 15 s); the other options are shown shuffled' }),
});
export type ChoiceOption = z.infer<typeof option>;

const options = z.array(option).min(2, 'a choice question needs at least 2 options').max(10);

const rightWrong = z
  .strictObject({ correct: localizedText, incorrect: localizedText })
  .meta({ description: 'feedback for a right and for a wrong answer' });

export const singleQuestionSchema = z.strictObject({ ...base, type: z.literal('single'), options });
export const multipleQuestionSchema = z.strictObject({ ...base, type: z.literal('multiple'), options });

export const trueFalseQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('truefalse'),
  answer: z.boolean({ error: 'a truefalse question needs answer: true or answer: false' }),
  feedback: z
    .strictObject({ true: localizedText, false: localizedText })
    .meta({ description: 'feedback for a learner who answered true (O) and for one who answered false (X)' }),
});

export const orderingQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('ordering'),
  items: z
    .array(z.strictObject({ id: optionId, text: localizedText }))
    .min(2, 'an ordering question needs at least 2 items')
    .max(12)
    .meta({ description: 'listed in the CORRECT order; the learner sees them shuffled' }),
  feedback: rightWrong,
});

export const numericQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('numeric'),
  answer: z.number({ error: 'a numeric question needs answer: <number>' }),
  tolerance: z
    .number()
    .min(0, 'tolerance cannot be negative; use 0 for an exact answer')
    .default(0)
    .meta({ description: 'accepted distance from the answer; 0 = exact' }),
  unit: localizedText.optional(),
  feedback: rightWrong,
  common: z
    .array(z.strictObject({ value: z.number(), feedback: localizedText }))
    .optional()
    .meta({ description: 'known wrong answers with their own feedback, shown instead of feedback.incorrect' }),
});

export const shortQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('short'),
  accepted: z
    .array(z.string().trim().min(1))
    .min(1, 'a short-answer question needs at least one accepted answer')
    .meta({ description: 'accepted answers; compared trimmed, with spaces collapsed, case-insensitive unless caseSensitive' }),
  caseSensitive: z.boolean().default(false).meta({ description: 'true when case matters (a namespace, an etcd key); an answer that differs only in case gets the nearMiss.case feedback' }),
  feedback: rightWrong,
  nearMiss: z
    .strictObject({
      case: localizedText.optional().meta({ description: 'shown instead of feedback.incorrect when the answer differs from an accepted one only in upper/lower case (needs caseSensitive: true)' }),
      trailingSlash: localizedText.optional().meta({ description: 'shown instead of feedback.incorrect when the answer differs from an accepted one only by a trailing /' }),
    })
    .optional()
    .meta({ description: 'feedback for answers that are almost right; a general one in both languages is shown when absent' }),
});

export const classifyQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('classify'),
  buckets: z
    .array(z.strictObject({ id: optionId, label: localizedText }))
    .min(2, 'a classify question needs at least 2 buckets'),
  items: z
    .array(
      z.strictObject({
        id: optionId,
        text: localizedText,
        bucket: optionId.meta({ description: 'the id of the bucket this item belongs in' }),
        feedback: localizedText.meta({ description: 'why the item belongs in its bucket' }),
      }),
    )
    .min(2, 'a classify question needs at least 2 items'),
});

const predictOption = option.extend({
  matches: z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? 'every predict option needs `matches`: a regular expression over the output of the last `run` command'
          : 'matches is a regular expression written as a string',
    })
    .min(1)
    .meta({ description: 'regular expression tested against the output of the LAST run command' }),
});

export const predictQuestionSchema = z.strictObject({
  ...base,
  type: z.literal('predict'),
  options: z.array(predictOption).min(2, 'a predict question needs at least 2 options').max(10),
  scenario: kebabId.meta({ description: 'a scenario in content/scenarios/' }),
  run: z
    .array(terminalLine)
    .min(1, 'a predict question needs `run`: the commands played after the learner commits')
    .meta({ description: 'terminal lines played after the learner commits; the last one decides' }),
  observable: localizedText.meta({ description: 'which output in the simulation decides the answer' }),
});

export const questionSchema = z.discriminatedUnion('type', [
  singleQuestionSchema,
  multipleQuestionSchema,
  trueFalseQuestionSchema,
  orderingQuestionSchema,
  numericQuestionSchema,
  shortQuestionSchema,
  classifyQuestionSchema,
  predictQuestionSchema,
]);

export const quizSchema = z
  .strictObject({
    id: kebabId.meta({ description: "equals the lesson id (the lesson folder's name without its nn- prefix)" }),
    questions: z.array(questionSchema).min(1, 'a quiz needs at least one question'),
  })
  .meta({ title: 'Quiz (quiz.yaml)' });

export type Question = z.infer<typeof questionSchema>;
export type SingleQuestion = z.infer<typeof singleQuestionSchema>;
export type MultipleQuestion = z.infer<typeof multipleQuestionSchema>;
export type TrueFalseQuestion = z.infer<typeof trueFalseQuestionSchema>;
export type OrderingQuestion = z.infer<typeof orderingQuestionSchema>;
export type NumericQuestion = z.infer<typeof numericQuestionSchema>;
export type ShortQuestion = z.infer<typeof shortQuestionSchema>;
export type ClassifyQuestion = z.infer<typeof classifyQuestionSchema>;
export type PredictQuestion = z.infer<typeof predictQuestionSchema>;
export type Quiz = z.infer<typeof quizSchema>;
