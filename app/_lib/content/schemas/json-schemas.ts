// The JSON Schemas generated from the zod schemas, one per file kind. Editors use them
// through the `# yaml-language-server: $schema=…` comment at the top of each YAML file.
import { z } from 'zod';
import { courseSchema } from './course';
import { labSchema } from './lab';
import { lessonFrontMatterSchema } from './lesson';
import { misconceptionsFileSchema } from './misconceptions';
import { quizSchema } from './quiz';
import { scenarioSchema } from './scenario';

export const JSON_SCHEMA_SOURCES = {
  course: courseSchema,
  lesson: lessonFrontMatterSchema,
  quiz: quizSchema,
  scenario: scenarioSchema,
  lab: labSchema,
  misconceptions: misconceptionsFileSchema,
} as const;

export type SchemaName = keyof typeof JSON_SCHEMA_SOURCES;

/** The file content of `content/schemas/<name>.schema.json`, stable so a test can diff it. */
export function renderJsonSchema(name: SchemaName): string {
  // io: 'input' — authors write the input side: fields with defaults are optional to them.
  const schema = z.toJSONSchema(JSON_SCHEMA_SOURCES[name], { io: 'input', target: 'draft-2020-12' });
  return `${JSON.stringify({ ...schema, $id: `${name}.schema.json` }, null, 2)}\n`;
}
