// content/misconceptions.yaml: the shared list of misconception tags. Questions tag what a
// wrong answer reveals, so the instructor dashboard can count misconceptions, not just errors.
import { z } from 'zod';
import { kebabId, localizedText } from './localized';

export const misconceptionSchema = z.strictObject({
  id: kebabId.meta({ description: 'the tag questions use, e.g. quorum-counts-all-members' }),
  description: localizedText.meta({ description: 'what the learner wrongly believes, in both languages' }),
});

export const misconceptionsFileSchema = z
  .array(misconceptionSchema)
  .min(1)
  .meta({ title: 'Misconception tags', description: 'content/misconceptions.yaml' });

export type Misconception = z.infer<typeof misconceptionSchema>;
