import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuiz } from '../loader';
import type { Problem } from '../problems';
import { formatProblem } from '../problems';
import { validateYaml } from '../schema-problems';
import { parseYamlSource } from '../yaml-source';
import { JSON_SCHEMA_SOURCES, renderJsonSchema, type SchemaName } from './json-schemas';
import { courseSchema, labSchema, lessonFrontMatterSchema, scenarioSchema } from './index';

const repo = path.resolve(import.meta.dirname, '../../../..');

function quizProblems(yaml: string): string[] {
  const problems: Problem[] = [];
  const loaded = parseQuiz(yaml, 'quiz.yaml', problems);
  return loaded ? [] : problems.map(formatProblem);
}

const goodQuestion = `
  - id: quorum-of-five
    type: single
    tags: [quorum-is-half]
    prompt: { ko: "쿼럼?", en: "Quorum?" }
    explanation: { ko: "설명", en: "Because." }
    options:
      - { id: a, text: { ko: "3", en: "3" }, correct: true, feedback: { ko: "맞음", en: "Right" } }
      - { id: b, text: { ko: "2", en: "2" }, feedback: { ko: "틀림", en: "Wrong" } }
`;

describe('quiz schema', () => {
  it('accepts a good quiz and fills defaults (correct: false, tolerance: 0)', () => {
    const problems: Problem[] = [];
    const loaded = parseQuiz(`id: raft\nquestions:${goodQuestion}  - id: q2\n    type: numeric\n    tags: [quorum-is-half]\n    prompt: { ko: "몇?", en: "How many?" }\n    explanation: { ko: "e", en: "e" }\n    answer: 3\n    feedback: { correct: { ko: "y", en: "y" }, incorrect: { ko: "n", en: "n" } }\n`, 'quiz.yaml', problems);
    expect(problems).toEqual([]);
    const [single, numeric] = loaded!.quiz.questions;
    expect(single?.type === 'single' && single.options[1]?.correct).toBe(false);
    expect(numeric?.type === 'numeric' && numeric.tolerance).toBe(0);
  });

  it('names the quiz, the question, the line and the missing field', () => {
    const yaml = `id: raft\nquestions:${goodQuestion.replace('feedback: { ko: "틀림", en: "Wrong" } ', '')}`;
    expect(quizProblems(yaml)).toEqual(["quiz.yaml:10: quiz 'raft' question 'quorum-of-five': 'options[1].feedback' is missing; add it"]);
  });

  it('refuses a text in one language only', () => {
    const yaml = `id: raft\nquestions:${goodQuestion.replace('prompt: { ko: "쿼럼?", en: "Quorum?" }', 'prompt: { en: "Quorum?" }')}`;
    expect(quizProblems(yaml)).toEqual(["quiz.yaml:6: quiz 'raft' question 'quorum-of-five': 'prompt.ko' is missing: add the Korean text (ko)"]);
  });

  it('refuses an unknown type and lists the known ones', () => {
    const problems = quizProblems(`id: raft\nquestions:${goodQuestion.replace('type: single', 'type: essay')}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/quiz 'raft' question 'quorum-of-five': 'type': must be one of "single", "multiple", "truefalse", "ordering", "numeric", "short", "classify", "predict"/);
  });

  it('refuses a misspelt field', () => {
    expect(quizProblems(`id: raft\nquestions:${goodQuestion.replace('explanation:', 'explanaton:')}`)).toEqual([
      "quiz.yaml:7: quiz 'raft' question 'quorum-of-five': unknown field 'explanaton' (did you mean 'explanation'?); check the spelling against docs/AUTHORING.md",
    ]);
  });

  it('refuses a negative tolerance and a predict option without matches', () => {
    const yaml = `id: raft
questions:
  - id: n
    type: numeric
    tags: [quorum-is-half]
    prompt: { ko: "p", en: "p" }
    explanation: { ko: "e", en: "e" }
    answer: 3
    tolerance: -1
    feedback: { correct: { ko: "y", en: "y" }, incorrect: { ko: "n", en: "n" } }
  - id: p
    type: predict
    tags: [quorum-is-half]
    prompt: { ko: "p", en: "p" }
    explanation: { ko: "e", en: "e" }
    scenario: s
    run: ["etcdctl put foo bar"]
    observable: { ko: "o", en: "o" }
    options:
      - { id: a, text: { ko: "OK", en: "OK" }, correct: true, matches: "^OK$", feedback: { ko: "f", en: "f" } }
      - { id: b, text: { ko: "err", en: "err" }, feedback: { ko: "f", en: "f" } }
`;
    expect(quizProblems(yaml)).toEqual([
      "quiz.yaml:9: quiz 'raft' question 'n': 'tolerance': tolerance cannot be negative; use 0 for an exact answer",
      "quiz.yaml:21: quiz 'raft' question 'p': 'options[1].matches' is missing: every predict option needs `matches`: a regular expression over the output of the last `run` command",
    ]);
  });

  it('reports invalid YAML and duplicate keys with their line', () => {
    expect(quizProblems('id: raft\nid: other\nquestions: []\n')[0]).toMatch(/^quiz.yaml:2: this is not valid YAML: Map keys must be unique/);
    expect(quizProblems('id: raft\nquestions: [\n')[0]).toMatch(/^quiz.yaml:\d+: this is not valid YAML/);
  });

  it('names the field a misspelt one was meant to be, on its own line, and not also as missing', () => {
    const yaml = goodQuestion.replace('    explanation:', '    explanaton:');
    const problems = quizProblems(`id: raft\nquestions:\n${yaml}`);
    expect(problems).toEqual([expect.stringMatching(/^quiz.yaml:\d+: quiz 'raft' question '[a-z-]+': unknown field 'explanaton' \(did you mean 'explanation'\?\); check the spelling/)]);
    const line = Number(/^quiz.yaml:(\d+)/.exec(problems[0]!)![1]);
    expect(`id: raft\nquestions:\n${yaml}`.split('\n')[line - 1]).toMatch(/^\s*explanaton:/);
    // nothing close: no guess
    expect(quizProblems(`id: raft\nquestions:\n${goodQuestion}    colour: red\n`)).toEqual([expect.stringMatching(/unknown field 'colour'; check the spelling/)]);
  });

  it('reports only the first YAML error of a file, with what to do about it', () => {
    // a stray `[` makes the parser report every later token; a tab, several errors
    const bracket = quizProblems('id: raft\nquestions:\n  - id: a\n    prompt: { ko: x[, en: y }\n    type: single\n    tags: [t]\n');
    expect(bracket).toHaveLength(1);
    expect(bracket[0]).toMatch(/^quiz.yaml:4: this is not valid YAML: .*\(column \d+\); check the indentation and quote values/);
    const tab = quizProblems('id: raft\nquestions:\n  - id: a\n\ttype: single\n    tags: [t]\n');
    expect(tab).toEqual([expect.stringMatching(/^quiz.yaml:4: this is not valid YAML: Tabs are not allowed as indentation \(column 1\); indent with spaces, never tabs/)]);
  });

  it('says a mis-indented line is an indentation mistake, on the line that is wrong, at the column where its text starts', () => {
    const indentation = 'check the indentation against the line above: a field lines up with the other fields of its mapping, and a list item\'s - with the other items of its list (spaces only)';
    // a field of a list item indented one space too little: not "a quote or bracket is not closed", not column 1
    expect(quizProblems('id: raft\nquestions:\n  - id: a\n    type: single\n   tags: [t]\n')).toEqual([`quiz.yaml:5: this is not valid YAML: Sequence item without - indicator (column 4); ${indentation}`]);
    // a field indented further than the one above it, which already has a value: the further line is the mistake
    expect(quizProblems('id: raft\nquestions:\n  - id: a\n    type: single\n      tags: [t]\n')).toEqual([expect.stringMatching(new RegExp(`^quiz.yaml:5: this is not valid YAML: .* \\(column 7\\); ${indentation.replace(/[()]/g, '\\$&')}`))]);
    // a list item one space out of line with the item above: that item is blamed, not the field under it
    expect(quizProblems('id: raft\nquestions:\n  - id: a\n    type: single\n - id: b\n    type: single\n')).toEqual([expect.stringMatching(/^quiz.yaml:5: this is not valid YAML: .* \(column 2\); check the indentation against the line above/)]);
    expect(quizProblems('id: raft\ntitle:\n  ko: a\n en: b\n')).toEqual([`quiz.yaml:4: this is not valid YAML: All mapping items must start at the same column (column 2); ${indentation}`]);
    // a value with ": " still gets the quoting hint, and an unclosed quote is blamed where it opens
    expect(quizProblems('id: raft\ntitle: Raft: how etcd agrees\n')[0]).toMatch(/^quiz.yaml:2: .*; a value that contains ": " must be quoted/);
    expect(quizProblems('id: raft\ntitle: "Raft\nquestions: []\n')).toEqual(['quiz.yaml:2: this is not valid YAML: Missing closing "quote (column 8); a quote or bracket is not closed; close it on the same line']);
  });

  it('refuses an alias bomb instead of expanding it', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${new Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const r = parseYamlSource(bomb.join('\n'), 'bomb.yaml');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map(formatProblem)).toEqual([expect.stringMatching(/^bomb.yaml: the YAML expands its aliases \(\*name\) more than 100 times.*write the values out/)]);
  });
});

describe('course, lesson, scenario and lab schemas', () => {
  const check = (schema: Parameters<typeof validateYaml>[0], yaml: string) => {
    const src = parseYamlSource(yaml, 'f.yaml');
    if (!src.ok) throw new Error('bad yaml in test');
    const r = validateYaml(schema, src.value, 'f.yaml');
    return r.ok ? [] : r.problems.map(formatProblem);
  };
  it('course: good, and a non-kebab lesson id', () => {
    const good = 'id: k\ntitle: { ko: "제목", en: "Title" }\nsummary: { ko: "요약", en: "Summary" }\nlessons: [raft]\n';
    expect(check(courseSchema, good)).toEqual([]);
    expect(check(courseSchema, good.replace('[raft]', '[04-Raft]'))[0]).toMatch(/f.yaml:4: 'lessons\[0\]': use lower-case letters, digits and single hyphens/);
  });
  it('lesson front matter: minutes must be a whole number and objectives non-empty', () => {
    expect(check(lessonFrontMatterSchema, 'title: T\nsummary: S\nminutes: 10\nobjectives: [a]\n')).toEqual([]);
    expect(check(lessonFrontMatterSchema, 'title: T\nsummary: S\nminutes: 2.5\nobjectives: []\n')).toEqual([
      "f.yaml:3: 'minutes': minutes is a whole number",
      "f.yaml:4: 'objectives': list at least one objective: what the learner can do after the lesson",
    ]);
  });
  it('scenario: members 1..7 with default 3, a known topology and fault names, terminal lines', () => {
    const good = 'id: s\ntitle: { ko: "t", en: "t" }\ntopology: etcd-only\nseed: 1\n';
    const src = parseYamlSource(good, 'f.yaml');
    expect(src.ok && scenarioSchema.parse(src.value.value).members).toBe(3);
    expect(check(scenarioSchema, `${good}members: 8\n`)).toEqual(["f.yaml:5: 'members': an etcd cluster has 1 to 7 members"]);
    expect(check(scenarioSchema, good.replace('etcd-only', 'etcd')).join()).toMatch(/'topology': must be one of "etcd-only", "default"/);
    expect(check(scenarioSchema, `${good}faults: [explode]\n`).join()).toMatch(/'faults\[0\]': must be one of/);
    expect(check(scenarioSchema, `${good}setup: ["rm -rf /"]\n`).join()).toMatch(/'setup\[0\]': a terminal line starts with etcdctl, sim or kubectl/);
  });
  it('scenario: controlPlanes 1..5 with default 1, only on the default topology', () => {
    const good = 'id: s\ntitle: { ko: "t", en: "t" }\ntopology: default\nseed: 1\n';
    const src = parseYamlSource(good, 'f.yaml');
    expect(src.ok && scenarioSchema.parse(src.value.value).controlPlanes).toBe(1);
    expect(check(scenarioSchema, `${good}controlPlanes: 3\n`)).toEqual([]);
    expect(check(scenarioSchema, `${good}controlPlanes: 6\n`)).toEqual(["f.yaml:5: 'controlPlanes': a cluster has 1 to 5 control-plane nodes"]);
    expect(check(scenarioSchema, `${good.replace('default', 'etcd-only')}controlPlanes: 3\n`)).toEqual([
      "f.yaml:5: 'controlPlanes': an etcd-only cluster has no control-plane nodes; use topology: default or remove controlPlanes",
    ]);
  });
  it('scenario: a speed is one of the Speed select’s presets, and optional', () => {
    const good = 'id: s\ntitle: { ko: "t", en: "t" }\ntopology: default\nseed: 1\n';
    const src = parseYamlSource(good, 'f.yaml');
    expect(src.ok && scenarioSchema.parse(src.value.value).speed).toBeUndefined();
    expect(check(scenarioSchema, `${good}speed: 100\n`)).toEqual([]);
    expect(check(scenarioSchema, `${good}speed: 20\n`).join()).toMatch(/^f\.yaml:5: 'speed': /);
  });
  it('lab: needs goals, hints in both languages and a solution', () => {
    const good = `id: first-deployment
title: { ko: "t", en: "t" }
brief: { ko: "b", en: "b" }
topology: default
seed: 7
goals:
  - id: three-pods
    description: { ko: "d", en: "d" }
    check: { kind: countObjects, resource: pods, count: { eq: 3 } }
hints: [{ ko: "h", en: "h" }]
solution: solution.json
`;
    expect(check(labSchema, good)).toEqual([]);
    expect(check(labSchema, good.replace('hints: [{ ko: "h", en: "h" }]', 'hints: [{ en: "h" }]'))).toEqual(["f.yaml:10: 'hints[0].ko' is missing: add the Korean text (ko)"]);
    expect(check(labSchema, good.replace('solution.json', '../../etc/passwd')).join()).toMatch(/'solution': a relative path inside the lab folder/);
    // a goal's check is sim-core's goal predicate (sim-core/grading/goals.ts), refused in a teacher's words
    expect(check(labSchema, good.replace('kind: countObjects', 'kind: count'))).toEqual([
      `f.yaml:9: 'goals[0].check.kind': unknown kind "count"; use one of keyExists, keyAbsent, keyValue, jsonPath, countObjects, sumField, ownerChain, podsReady, serviceAnswers, raftHealthy, committedAfterFault, authorized, guardedWrite, always, eventually`,
    ]);
    expect(check(labSchema, good.replace('count: { eq: 3 }', 'count: {}'))).toEqual(["f.yaml:9: 'goals[0].check.count': give eq, gte or lte (e.g. { eq: 3 })"]);
  });
  /** a lab.yaml whose one goal checks `check`, which is on line 9 */
  const lab = (check: string) => `id: l
title: { ko: "t", en: "t" }
brief: { ko: "b", en: "b" }
topology: default
seed: 7
goals:
  - id: g
    description: { ko: "d", en: "d" }
    check: ${check}
hints: [{ ko: "h", en: "h" }]
solution: solution.json
`;
  it('lab: countObjects and sumField count a resource the API server serves, also inside always/eventually', () => {
    expect(check(labSchema, lab('{ kind: countObjects, resource: replicaset, count: { eq: 1 } }'))).toEqual([
      "f.yaml:9: 'goals[0].check.resource': the API server serves no resource 'replicaset' (did you mean 'replicasets'?); write a lower-case plural it serves: namespaces, nodes, pods, deployments, replicasets, services, endpoints, endpointslices, configmaps, secrets, serviceaccounts, leases, events, roles, rolebindings, clusterroles, clusterrolebindings",
    ]);
    expect(check(labSchema, lab('{ kind: always, condition: { kind: sumField, resource: widgets, path: spec.replicas, total: { lte: 4 } } }')).join()).toMatch(
      /'goals\[0\].check.condition.resource': the API server serves no resource 'widgets'; write/,
    );
    expect(check(labSchema, lab('{ kind: sumField, resource: replicasets, path: spec.replicas, total: { lte: 4 } }'))).toEqual([]);
  });
  it('lab: always and eventually cannot nest, and the message says so', () => {
    const nested = lab('{ kind: always, condition: { kind: eventually, condition: { kind: keyExists, key: /a } } }');
    expect(check(labSchema, nested).join()).toMatch(/^f.yaml:9: 'goals\[0\].check.condition.kind': eventually cannot be the condition of always or eventually: they cannot nest; the condition is one of keyExists, /);
  });
});

describe('generated JSON Schemas', () => {
  it.each(Object.keys(JSON_SCHEMA_SOURCES) as SchemaName[])('content/schemas/%s.schema.json is up to date (run npx tsx scripts/content-schemas.ts)', (name) => {
    const committed = readFileSync(path.join(repo, 'content', 'schemas', `${name}.schema.json`), 'utf8');
    expect(committed).toBe(renderJsonSchema(name));
  });
  it('lets authors omit fields that have defaults', () => {
    const quiz = JSON.parse(renderJsonSchema('quiz')) as { properties: { questions: { items: { oneOf: { properties: { options?: { items: { required: string[] } } } }[] } } } };
    const singleOption = quiz.properties.questions.items.oneOf[0]!.properties.options!.items;
    expect(singleOption.required).toEqual(['id', 'text', 'feedback']);
  });
});
