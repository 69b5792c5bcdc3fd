// The YAML front matter of index.ko.md / index.en.md. It is written in the file's own
// language, so these are plain strings, not { ko, en } pairs.
import { z } from 'zod';

export const lessonFrontMatterSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'the lesson needs a title'),
    summary: z.string().trim().min(1, 'the lesson needs a one- or two-sentence summary'),
    minutes: z
      .number({ error: 'minutes is the reading time as a whole number, e.g. minutes: 15' })
      .int('minutes is a whole number')
      .min(1)
      .max(240),
    objectives: z
      .array(z.string().trim().min(1))
      .min(1, 'list at least one objective: what the learner can do after the lesson'),
  })
  .meta({ title: 'Lesson front matter (index.<lang>.md)' });

export type LessonFrontMatter = z.infer<typeof lessonFrontMatterSchema>;

/** The Markdown directives a lesson may use (remark-directive syntax). */
export const LEAF_DIRECTIVES = ['sim', 'quiz', 'lab'] as const;
export const CONTAINER_DIRECTIVES = ['note', 'warning'] as const;
