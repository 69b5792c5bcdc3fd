// docs/AUTHORING.md is the instructor's contract: its goal-kind table must show every
// kind sim-core grades, each with an example that the lab schema accepts as written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GOAL_KINDS, goalCheckSchema } from '../../../sim-core/grading/goals';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/AUTHORING.md'), 'utf8');

describe('docs/AUTHORING.md', () => {
  const rows = [...doc.matchAll(/^\| `([a-zA-Z]+)` \| .* \| `(\{.*\})` \|$/gm)].map((m) => ({ kind: m[1]!, example: m[2]! }));

  it('has an example for every goal kind', () => {
    expect(rows.map((r) => r.kind).sort()).toEqual([...GOAL_KINDS].sort());
  });

  it.each(rows)('the $kind example is a valid goal check of that kind', ({ kind, example }) => {
    const parsed = goalCheckSchema.safeParse(parse(example));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(parsed.data?.kind).toBe(kind);
  });
});
