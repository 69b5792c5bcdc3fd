// content/courses/<course>/course.yaml (../shared/DESIGN.md §3).
import { z } from 'zod';
import { kebabId, localizedText } from './localized';

export const courseSchema = z
  .strictObject({
    id: kebabId.meta({ description: 'the course id; equals its folder name and appears in URLs' }),
    title: localizedText,
    summary: localizedText,
    lessons: z
      .array(kebabId)
      .min(1, 'a course lists at least one lesson')
      .meta({
        description:
          'lesson ids in teaching order; a lesson id is its folder name without the "nn-" prefix (folder 04-raft → raft)',
      }),
    labs: z.array(kebabId).default([]).meta({ description: 'lab ids (folders under content/labs/)' }),
  })
  .meta({ title: 'Course (course.yaml)' });

export type Course = z.infer<typeof courseSchema>;
