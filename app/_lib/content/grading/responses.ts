// What the browser sends for each question type. The server safeParses it before grading:
// nothing a client sends is trusted (../shared/DESIGN.md §4).
import { z } from 'zod';

const id = z.string().min(1).max(80);

export const singleResponseSchema = z.strictObject({ type: z.literal('single'), optionId: id });
export const multipleResponseSchema = z.strictObject({ type: z.literal('multiple'), optionIds: z.array(id).max(20) });
export const trueFalseResponseSchema = z.strictObject({ type: z.literal('truefalse'), answer: z.boolean() });
export const orderingResponseSchema = z.strictObject({ type: z.literal('ordering'), itemIds: z.array(id).max(20) });
export const numericResponseSchema = z.strictObject({ type: z.literal('numeric'), value: z.number().finite() });
export const shortResponseSchema = z.strictObject({ type: z.literal('short'), text: z.string().max(500) });
export const classifyResponseSchema = z.strictObject({
  type: z.literal('classify'),
  /** item id → bucket id */
  placements: z.record(id, id).refine((r) => Object.keys(r).length <= 50, 'too many items'),
});
export const predictResponseSchema = z.strictObject({ type: z.literal('predict'), optionId: id });

export const responseSchema = z.discriminatedUnion('type', [
  singleResponseSchema,
  multipleResponseSchema,
  trueFalseResponseSchema,
  orderingResponseSchema,
  numericResponseSchema,
  shortResponseSchema,
  classifyResponseSchema,
  predictResponseSchema,
]);

export type QuestionResponse = z.infer<typeof responseSchema>;
export type SingleResponse = z.infer<typeof singleResponseSchema>;
export type MultipleResponse = z.infer<typeof multipleResponseSchema>;
export type TrueFalseResponse = z.infer<typeof trueFalseResponseSchema>;
export type OrderingResponse = z.infer<typeof orderingResponseSchema>;
export type NumericResponse = z.infer<typeof numericResponseSchema>;
export type ShortResponse = z.infer<typeof shortResponseSchema>;
export type ClassifyResponse = z.infer<typeof classifyResponseSchema>;
export type PredictResponse = z.infer<typeof predictResponseSchema>;
