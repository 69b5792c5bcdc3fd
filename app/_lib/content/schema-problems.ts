// Turns zod issues into teacher-readable problems: the file, the line, the question the
// issue is inside, the field in plain words and what to write instead.
import { z } from 'zod';
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
  const issues = parsed.error.issues;
  // `explanaton:` gives two issues, an unknown key and a missing `explanation`; say it once
  const renamed = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const k of issue.keys) {
      const near = nearestField(schema, k);
      if (near !== undefined) renamed.set(JSON.stringify([...issue.path, near]), k);
    }
  }
  const problems: Problem[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_type' && renamed.has(JSON.stringify(issue.path)) && valueAt(source.value, issue.path) === undefined) continue;
    const { subject, rest } = subjectOf(issue.path, source.value);
    problems.push({
      file,
      line: source.lineOf(issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...issue.path, issue.keys[0]!] : issue.path),
      subject,
      message: describeIssue(issue, rest, valueAt(source.value, issue.path), (k) => nearestField(schema, k)),
    });
  }
  return { ok: false, problems };
}

const fieldNames = new WeakMap<z.ZodType, string[]>();

/** Every field name the schema knows, anywhere in it (from its JSON Schema). */
function knownFields(schema: z.ZodType): string[] {
  let names = fieldNames.get(schema);
  if (names === undefined) {
    const found = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node !== null && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'properties' && v !== null && typeof v === 'object') for (const name of Object.keys(v)) found.add(name);
          visit(v);
        }
      }
    };
    try {
      visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    } catch {
      // a schema JSON Schema cannot describe: no suggestions
    }
    names = [...found].sort();
    fieldNames.set(schema, names);
  }
  return names;
}

/** The known field a misspelt one was meant to be: at most two edits away (one for short names). */
export function nearestField(schema: z.ZodType, key: string): string | undefined {
  const limit = key.length <= 4 ? 1 : 2;
  let best: { name: string; d: number } | undefined;
  for (const name of knownFields(schema)) {
    if (name === key) return undefined;
    const d = editDistance(key.toLowerCase(), name.toLowerCase());
    if (d <= limit && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
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

function describeIssue(issue: z.core.$ZodIssue, rest: readonly PropertyKey[], value: unknown, nearest: (key: string) => string | undefined): string {
  const field = fieldName(rest);
  const at = field === '' ? '' : `'${field}': `;
  // sim-core names the nested kind as unknown: say why it is refused there
  const nested = /^unknown kind "(always|eventually)"; use one of (.*)$/.exec(issue.message);
  if (nested && rest.at(-2) === 'condition') return `${at}${nested[1]} cannot be the condition of always or eventually: they cannot nest; the condition is one of ${nested[2]}`;
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        // a message written in the schema says what to add; zod's default does not
        return issue.message.startsWith('Invalid input') ? `'${field}' is missing; add it` : `'${field}' is missing: ${issue.message}`;
      }
      if (!issue.message.startsWith('Invalid input')) return `${at}${issue.message}`;
      return `${at}expected ${issue.expected}, found ${describeValue(value)}`;
    case 'unrecognized_keys': {
      const named = issue.keys.map((k) => {
        const near = nearest(k);
        return near === undefined ? `'${k}'` : `'${k}' (did you mean '${near}'?)`;
      });
      return `${at}unknown field${issue.keys.length > 1 ? 's' : ''} ${named.join(', ')}; check the spelling against docs/AUTHORING.md`;
    }
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
