// Turns zod issues into teacher-readable problems: the file, the line, the question the
// issue is inside, the field in plain words and what to write instead.
import type { z } from 'zod';
import type { Problem, Result } from './problems';
import type { YamlSource } from './yaml-source';

export type SubjectOf = (path: readonly PropertyKey[], raw: unknown) => { subject?: string; rest: readonly PropertyKey[] };

export function validateYaml<S extends z.ZodType>(
  schema: S,
  source: YamlSource,
  file: string,
  subjectOf: SubjectOf = (path) => ({ rest: path }),
): Result<z.output<S>> {
  const parsed = schema.safeParse(source.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Problem[] = parsed.error.issues.map((issue) => {
    const { subject, rest } = subjectOf(issue.path, source.value);
    return {
      file,
      line: source.lineOf(issue.path),
      subject,
      message: describeIssue(issue, rest, valueAt(source.value, issue.path)),
    };
  });
  return { ok: false, problems };
}

/** `options[1].feedback.en` */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue, rest: readonly PropertyKey[], value: unknown): string {
  const field = fieldName(rest);
  const at = field === '' ? '' : `'${field}': `;
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        // a message written in the schema says what to add; zod's default does not
        return issue.message.startsWith('Invalid input') ? `'${field}' is missing; add it` : `'${field}' is missing: ${issue.message}`;
      }
      if (!issue.message.startsWith('Invalid input')) return `${at}${issue.message}`;
      return `${at}expected ${issue.expected}, found ${describeValue(value)}`;
    case 'unrecognized_keys':
      return `${at}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys
        .map((k) => `'${k}'`)
        .join(', ')}; check the spelling against docs/AUTHORING.md`;
    case 'invalid_union': {
      // a discriminated union (the question `type`): list the accepted values
      const expected = /Expected (.*)$/.exec(issue.message)?.[1];
      if (expected) return `${at}must be one of ${[...expected.matchAll(/'([^']*)'/g)].map((m) => JSON.stringify(m[1])).join(', ')}`;
      return `${at}${issue.message}`;
    }
    case 'invalid_value':
      return `${at}must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${at}${issue.message}`;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const part of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[part];
  }
  return cur;
}
