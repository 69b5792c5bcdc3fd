import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, formatCounts } from './check';
import { loadContent } from './loader';
import { findLesson, findQuestion } from './lookup';
import { formatProblem } from './problems';
import type { LabProver, Provers, ScenarioProver } from './prove';
import { loadSimCoreProvers } from './prove-sim-core';

const fixtures = path.join(import.meta.dirname, '__fixtures__');
const repo = path.resolve(import.meta.dirname, '../../..');
const load = (name: string) => loadContent(path.join(fixtures, name, 'content'), { displayBase: path.join(fixtures, name) });
const noProvers = { unavailable: ['sim-core cluster not built yet'] };

/** A stand-in for sim-core's terminal: prints what a real etcdctl would for these few lines. */
function fakeEtcd(outputs: Record<string, string>): ScenarioProver & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    supports: (topology) => topology === 'etcd-only',
    run(scenario, lines) {
      calls.push([scenario.id, ...lines]);
      const play = (line: string) => ({ line, output: outputs[line] ?? 'Error: unknown command\n', exitCode: line in outputs ? 0 : 1 });
      return { ok: true, value: { setup: scenario.setup.map(play), run: lines.map(play) } };
    },
  };
}

describe('the good fixture course', () => {
  it('loads with no problems and counts what it holds', () => {
    const loaded = load('good');
    const report = checkContent(loaded.content, loaded.problems, noProvers);
    expect(report.problems.map(formatProblem)).toEqual([]);
    expect(formatCounts(report.counts)).toEqual([
      'courses: 1',
      'lessons: ko 1, en 1',
      'questions: 3 (single 0, multiple 0, truefalse 1, ordering 0, numeric 1, short 0, classify 0, predict 1)',
      'labs: 1',
      'scenarios: 1',
    ]);
    expect(report.notes[0]).toBe('predict-then-run verification: not available (sim-core cluster not built yet); 1 question(s) NOT verified');
  });

  it('runs each predict question and accepts an answer key that agrees with the simulation', () => {
    const loaded = load('good');
    const prover = fakeEtcd({ 'etcdctl put foo bar': 'OK\n', 'etcdctl get foo --print-value-only': 'bar\n', 'sim status': 'etcd-1 leader\n' });
    const report = checkContent(loaded.content, loaded.problems, { scenario: prover, unavailable: [] });
    expect(report.problems).toEqual([]);
    // the setup alone, then each suggested line on a fresh cluster after the setup
    expect(prover.calls).toEqual([['mini-three', 'etcdctl get foo --print-value-only'], ['mini-three'], ['mini-three', 'sim status']]);
    expect(report.notes[0]).toBe('predict-then-run verification: 1 question(s) run against sim-core, 0 problem(s)');
  });

  it('rejects an answer key the simulation contradicts, and a scenario whose setup fails', () => {
    const loaded = load('good');
    const prover = fakeEtcd({ 'etcdctl get foo --print-value-only': '\n', 'sim status': 'etcd-1 leader\n' });
    expect(checkContent(loaded.content, loaded.problems, { scenario: prover, unavailable: [] }).problems.map(formatProblem)).toEqual([
      'content/courses/mini/lessons/01-basics/quiz.yaml:36: quiz \'basics\' question \'put-output\': the correct option \'a\' (matches: ^bar$) does not match what the simulation printed for `etcdctl get foo --print-value-only`: (no output); fix the answer key or the regex',
      "content/courses/mini/lessons/01-basics/quiz.yaml:40: quiz 'basics' question 'put-output': the wrong option 'b' (matches: ^$) matches what the simulation printed for `etcdctl get foo --print-value-only`: (no output); the answer key disagrees with the simulation",
      'content/scenarios/mini-three.yaml:5: setup: `etcdctl put foo bar` failed (exit 1): "Error: unknown command"; fix the line or the order of setup',
    ]);
  });

  it('loads the lab with its starter files and reference solution', () => {
    const lab = load('good').content.labs.get('first-lab')!;
    expect(lab.starterFiles).toEqual({ 'notes.txt': 'write foo\n' });
    expect(lab.solution).toEqual([
      { type: 'command', line: 'etcdctl put foo bar' },
      { type: 'tick', ticks: 10 },
    ]);
  });

  it('proves labs: the starter must fail a goal and the solution must pass all', () => {
    const content = load('good').content;
    // a stand-in grader: the goal passes once the log has run `etcdctl put foo bar`
    const grader = (passWhenEmpty: boolean): LabProver => ({
      grade: (_lab, log) => ({
        ok: true,
        value: { goals: [{ id: 'foo-is-bar', passed: passWhenEmpty || log.some((a) => a.type === 'command' && a.line === 'etcdctl put foo bar'), explanation: 'expected foo = bar, found no key foo' }] },
      }),
    });
    expect(checkContent(content, [], { lab: grader(false), unavailable: [] }).problems).toEqual([]);
    expect(checkContent(content, [], { lab: grader(true), unavailable: [] }).problems.map(formatProblem)).toEqual([
      'content/labs/first-lab/lab.yaml:9: starter: the starter state already passes every goal; the learner would have nothing to do — make at least one goal fail at the start',
    ]);
    const failing: LabProver = { grade: () => ({ ok: true, value: { goals: [{ id: 'foo-is-bar', passed: false, explanation: 'expected foo = bar, found no key foo' }] } }) };
    expect(checkContent(content, [], { lab: failing, unavailable: [] }).problems.map(formatProblem)).toEqual([
      "content/labs/first-lab/lab.yaml:9: solution, goal 'foo-is-bar': the reference solution fails this goal: expected foo = bar, found no key foo; see every goal with `npm run --silent grade -- first-lab --solution`",
    ]);
  });

  it('finds a lesson and a question by id, as the server does before grading', () => {
    const content = load('good').content;
    expect(findLesson(content, 'mini', 'basics')?.folder).toBe('01-basics');
    expect(findQuestion(content, 'mini', 'pod-process')?.question.type).toBe('truefalse');
    expect(findQuestion(content, 'mini', 'nope')).toBeUndefined();
    expect(findQuestion(content, 'other-course', 'pod-process')).toBeUndefined();
  });

  it('renders every lesson of the fixture', async () => {
    const { renderTree } = await import('./markdown/render');
    const lesson = load('good').content.courses[0]!.lessons[0]!;
    expect(renderTree(lesson.versions.en!.tree)).toContain('<div data-directive="sim" data-scenario="mini-three"></div>');
  });
});

/** A copy of the good fixture with some files rewritten: [path inside content/, edit]. */
function goodWith(edits: [string, (text: string) => string][], provers: Provers = noProvers) {
  return goodReportWith(edits, provers).problems.map(formatProblem);
}

function goodReportWith(edits: [string, (text: string) => string][], provers: Provers) {
  const root = mkdtempSync(path.join(tmpdir(), 'content-check-'));
  cpSync(path.join(fixtures, 'good'), root, { recursive: true });
  for (const [file, edit] of edits) {
    const abs = path.join(root, 'content', file);
    writeFileSync(abs, edit(readFileSync(abs, 'utf8')));
  }
  const loaded = loadContent(path.join(root, 'content'), { displayBase: root });
  return checkContent(loaded.content, loaded.problems, provers);
}

describe('labs and scenarios run on sim-core', () => {
  it('refuses a lab setup line that fails and a solution command the terminal cannot parse, and counts only proven labs', async () => {
    const provers = await loadSimCoreProvers(repo);
    const report = goodReportWith(
      [
        ['labs/first-lab/lab.yaml', (t) => t.replace('seed: 5\n', 'seed: 5\nsetup:\n  - etcdctl put ready yes\n  - etcdctl put\n  - sim kill etcd-33\n')],
        ['labs/first-lab/solution.json', () => '[\n  {"type":"command","line":"etcdctl putt foo bar"},\n  {"type":"command","line":"etcdctl put foo bar"},\n  {"type":"command","line":"sim restart etcd-1"}\n]\n'],
      ],
      provers,
    );
    expect(report.problems.map(formatProblem)).toEqual([
      'content/labs/first-lab/lab.yaml:8: setup: `etcdctl put` failed (exit 128): "Error: put command needs 1 argument and input from stdin or 2 arguments"; fix the line or the order of setup',
      expect.stringMatching(/^content\/labs\/first-lab\/lab.yaml:9: setup: `sim kill etcd-33` failed \(exit 1\): "sim kill: no member named etcd-33.*"; fix the line or the order of setup$/),
      expect.stringMatching(/^content\/labs\/first-lab\/solution.json:2: action 1: `etcdctl putt foo bar` failed \(exit 1\): "Error: unknown command \\"putt\\".*; the terminal did not understand the command — fix it/),
    ]);
    // `sim restart etcd-1` (already running) ran and was refused: a failure a lab may show on purpose
    expect(report.notes).toContain('lab proofs: 0 lab(s) proven (starter fails, solution passes), 3 problem(s); 1 NOT proven because of the problems above');
    expect(report.notes).toContain('lab solutions: 1 command(s) ran and failed, allowed as a failure the lab shows on purpose: first-lab action 3');
  });

  it('reports a typo in a predict question\'s run line before comparing its options', async () => {
    const provers = await loadSimCoreProvers(repo);
    expect(goodWith([['courses/mini/lessons/01-basics/quiz.yaml', (t) => t.replace('run: ["etcdctl get foo --print-value-only"]', 'run: ["sim restrat etcd-3", "etcdctl get foo --print-value-only"]')]], provers)).toEqual([
      expect.stringMatching(/^content\/courses\/mini\/lessons\/01-basics\/quiz.yaml:30: quiz 'basics' question 'put-output': run line 1: `sim restrat etcd-3` failed \(exit 2\): "sim: unknown command \\"restrat\\".*; the terminal did not understand the command — fix it, then the options are checked against what it prints$/),
    ]);
  });

  it('says a committedAfterFault goal needs a fault in the solution when the only fault is in the setup', async () => {
    const provers = await loadSimCoreProvers(repo);
    const goal = '  - id: after-fault\n    description: { ko: "d", en: "d" }\n    check: { kind: committedAfterFault, key: foo }\n';
    expect(goodWith([['labs/first-lab/lab.yaml', (t) => t.replace('seed: 5\n', 'seed: 5\nsetup: ["sim kill etcd-3", "sim tick 300"]\n').replace('goals:\n', `goals:\n${goal}`)]], provers)).toEqual([
      expect.stringMatching(/^content\/labs\/first-lab\/lab.yaml:10: solution, goal 'after-fault': the reference solution fails this goal: .*; this goal needs a fault in the learner's log \(`sim kill` or `sim partition` in the solution\); a fault in `setup` does not count; see every goal/),
    ]);
  });

  it('refuses a suggested line the terminal cannot parse, but not one the cluster refuses, and node faults on an etcd-only cluster', async () => {
    const provers = await loadSimCoreProvers(repo);
    const problems = goodWith(
      [['scenarios/mini-three.yaml', (t) => t.replace('suggested: ["sim status"]', 'suggested: ["sim status", "sim stauts", "sim restart etcd-1"]').replace('faults: [kill-member, restart-member]', 'faults: [kill-member, kill-node]')]],
      provers,
    );
    expect(problems).toEqual([
      "content/scenarios/mini-three.yaml:6: 'faults[1]': kill-node needs worker nodes, and an etcd-only cluster has none; use topology: default or remove it (an etcd-only cluster offers kill-member, restart-member, partition and heal)",
    ]);
    const suggested = goodWith([['scenarios/mini-three.yaml', (t) => t.replace('suggested: ["sim status"]', 'suggested: ["sim status", "sim stauts", "sim restart etcd-1"]')]], provers);
    expect(suggested).toEqual([
      expect.stringMatching(/^content\/scenarios\/mini-three.yaml:7: suggested: `sim stauts` failed \(exit 2\): "sim: unknown command \\"stauts\\".*; the terminal did not understand the command, so its one-click button prints an error — fix it/),
    ]);
  });
});

describe('mistakes an instructor makes', () => {
  it('reports an invalid quiz, lab or scenario once, in its own file, not again as missing where it is used', () => {
    const problems = goodWith([
      ['courses/mini/lessons/01-basics/quiz.yaml', (t) => t.replace('explanation:', 'explanaton:')],
      ['labs/first-lab/lab.yaml', (t) => t.replace('seed: 5', 'seed: -5')],
      ['scenarios/mini-three.yaml', (t) => `${t}members: 9\n`],
    ]);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toMatch(/does not exist|missing or invalid|has no valid quiz/);
    expect(problems[0]).toMatch(/^content\/scenarios\/mini-three.yaml:\d+: 'members'/);
    expect(problems[1]).toMatch(/^content\/labs\/first-lab\/lab.yaml:\d+: 'seed'/);
    expect(problems[2]).toMatch(/^content\/courses\/mini\/lessons\/01-basics\/quiz.yaml:\d+: .*unknown field 'explanaton'/);
  });

  it('an id that differs from its file or folder is one problem, not a missing file wherever it is used', () => {
    expect(
      goodWith([
        ['labs/first-lab/lab.yaml', (t) => t.replace('id: first-lab', 'id: first-lb')],
        ['scenarios/mini-three.yaml', (t) => t.replace('id: mini-three', 'id: mini-3')],
        ['courses/mini/lessons/01-basics/index.en.md', (t) => t.replace('## Try it', 'See [the lab](/en/labs/first-lab).\n\n## Try it')],
      ]),
    ).toEqual([
      "content/scenarios/mini-three.yaml: the scenario id 'mini-3' differs from the file name; rename the file to mini-3.yaml or set id: mini-three",
      "content/labs/first-lab/lab.yaml: the lab id 'first-lb' differs from its folder 'first-lab'; make them equal",
    ]);
  });

  it('refuses a lab folder no course lists, as it refuses such a lesson folder', () => {
    expect(goodWith([['courses/mini/course.yaml', (t) => t.replace('labs: [first-lab]', 'labs: []')]])).toEqual([
      "content/labs/first-lab: the lab folder 'first-lab' is not listed in any course.yaml; add 'first-lab' to labs: in content/courses/mini/course.yaml or remove the folder",
    ]);
  });

  it('refuses a listed lab no lesson embeds: no page would link to it', () => {
    const unembed = (t: string) => t.replace('\n::lab{id=first-lab}\n', '\n');
    expect(goodWith([['courses/mini/lessons/01-basics/index.en.md', unembed], ['courses/mini/lessons/01-basics/index.ko.md', unembed]])).toEqual([
      "content/courses/mini/course.yaml: lab 'first-lab': the course lists the lab 'first-lab', but no lesson embeds it, so no page links to it; add ::lab{id=first-lab} to the lesson it practises (both languages)",
    ]);
  });

  it('a lesson or lab listed twice is one problem, and a duplicate goal id is refused', () => {
    expect(goodWith([['courses/mini/course.yaml', (t) => t.replace('lessons: [basics]', 'lessons: [basics, basics]').replace('labs: [first-lab]', 'labs: [first-lab, first-lab]')]])).toEqual([
      "content/courses/mini/course.yaml: the lesson 'basics' is listed twice in lessons:; list it once",
      "content/courses/mini/course.yaml: the lab 'first-lab' is listed twice in labs:; list it once",
    ]);
    const goal = '  - id: foo-is-bar\n    description: { ko: "foo = bar", en: "foo = bar" }\n    check: { kind: keyValue, key: foo, equals: bar }\n';
    expect(goodWith([['labs/first-lab/lab.yaml', (t) => t.replace(goal, goal + goal)]])).toEqual([
      "content/labs/first-lab/lab.yaml:12: 'goals[1].id': the goal id 'foo-is-bar' is used twice; goal ids must be unique in a lab",
    ]);
  });

  it('refuses a link that leads nowhere, and accepts links to lessons, labs and other sites', () => {
    const links = [
      'See [basics](basics), [the lab](/en/labs/first-lab), [etcd](https://etcd.io/docs/) and [above](#try-it).',
      '',
      'Broken: [a](../basics), [b](./01-basics/index.en.md), [c](01-basics), [d](/en/labs/nope), [e](/ko/labs/first-lab), [f](javascript:alert(1)), [g](/en/labs/50%zz).',
    ].join('\n');
    expect(goodWith([['courses/mini/lessons/01-basics/index.en.md', (t) => t.replace('## Try it', `${links}\n\n## Try it`)]])).toEqual([
      "content/courses/mini/lessons/01-basics/index.en.md:15: the link '../basics' goes to /en/courses/mini/basics, which is not a page; link a lesson of this course by its id ([Raft](raft)), another course's lesson as /en/courses/<course>/lessons/<lesson>, a lab as /en/labs/<lab-id>",
      expect.stringMatching(/^content\/courses\/mini\/lessons\/01-basics\/index.en.md:15: the link '.\/01-basics\/index.en.md' goes to \/en\/courses\/mini\/lessons\/01-basics\/index.en.md, a Markdown file, not a page; /),
      expect.stringMatching(/:15: the link '01-basics' goes to \/en\/courses\/mini\/lessons\/01-basics, but course 'mini' has no lesson '01-basics' \(the URL uses the lesson id 'basics', not the folder name\); /),
      expect.stringMatching(/:15: the link '\/en\/labs\/nope' goes to \/en\/labs\/nope, but there is no lab 'nope'; /),
      expect.stringMatching(/:15: the link '\/ko\/labs\/first-lab' goes to \/ko\/labs\/first-lab, a page in the other language \(this file is the English one\); /),
      "content/courses/mini/lessons/01-basics/index.en.md:15: the link 'javascript:alert(1)' uses javascript:, which the page removes; link to http(s), mailto or a page of this site",
      expect.stringMatching(/:15: the link '\/en\/labs\/50%zz' goes to \/en\/labs\/50%zz, which has a malformed %-escape \(write %25 for a literal %\); /),
    ]);
  });

  it('refuses a #fragment that names no heading of the lesson it links to, in either language', () => {
    expect(
      goodWith([
        ['courses/mini/lessons/01-basics/index.en.md', (t) => t.replace('## Try it', 'See [above](#no-such), [ok](#try-it) and [ok](basics#try-it).\n\n## Try it')],
        ['courses/mini/lessons/01-basics/index.ko.md', (t) => t.replace('## 해 보기', '[위](#해-보기), [인코딩](#%ED%95%B4-%EB%B3%B4%EA%B8%B0), [기초](basics#try-it).\n\n## 해 보기')],
      ]),
    ).toEqual([
      'content/courses/mini/lessons/01-basics/index.ko.md:13: the link \'basics#try-it\' goes to /ko/courses/mini/lessons/basics, which has no such heading; its headings are #기초, #해-보기 (a heading\'s anchor is its text in lower case, punctuation removed, spaces as -: "## Roles and terms" is #roles-and-terms, "## 역할과 용어" is #역할과-용어)',
      'content/courses/mini/lessons/01-basics/index.en.md:13: the link \'#no-such\' goes to a heading this lesson does not have; its headings are #basics, #try-it (a heading\'s anchor is its text in lower case, punctuation removed, spaces as -: "## Roles and terms" is #roles-and-terms, "## 역할과 용어" is #역할과-용어)',
    ]);
  });

  it('says which labs and scenarios it could not prove because their file has problems', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'content-check-'));
    cpSync(path.join(fixtures, 'good'), root, { recursive: true });
    for (const file of ['labs/first-lab/lab.yaml', 'scenarios/mini-three.yaml']) {
      const abs = path.join(root, 'content', file);
      writeFileSync(abs, readFileSync(abs, 'utf8').replace(/seed: \d+/, 'sed: 5'));
    }
    const loaded = loadContent(path.join(root, 'content'), { displayBase: root });
    const passing: LabProver = { grade: () => ({ ok: true, value: { goals: [] } }) };
    const report = checkContent(loaded.content, loaded.problems, { lab: passing, scenario: fakeEtcd({}), unavailable: [] });
    expect(report.notes).toContain("scenario setups: 0 run, 0 problem(s); 1 NOT run until its file's problems are fixed: mini-three");
    expect(report.notes).toContain("lab proofs: 0 lab(s) proven (starter fails, solution passes), 0 problem(s); 1 NOT proven until its file's problems are fixed: first-lab");
  });

  it('names the content folder it was given, whatever it is called', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'content-check-'));
    cpSync(path.join(fixtures, 'good', 'content'), path.join(root, 'scratch'), { recursive: true });
    const file = path.join(root, 'scratch', 'courses', 'mini', 'course.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('labs: [first-lab]', 'labs: [first-lab, nope]'));
    const loaded = loadContent(path.join(root, 'scratch'), { displayBase: root });
    expect(checkContent(loaded.content, loaded.problems, noProvers).problems.map(formatProblem)).toEqual([
      "scratch/courses/mini/course.yaml: the lab 'nope' is listed but scratch/labs/nope/lab.yaml does not exist; create it or fix the name",
    ]);
  });
});

describe('the broken fixture course', () => {
  it('is rejected with a message a teacher can act on for each mistake', () => {
    const loaded = load('broken');
    const report = checkContent(loaded.content, loaded.problems, noProvers);
    const L1 = 'content/courses/broken-course/lessons/01-first';
    const L2 = 'content/courses/broken-course/lessons/02-second';
    expect(report.problems.map(formatProblem)).toEqual([
      "content/scenarios/split.yaml:5: 'members': an etcd cluster has 1 to 7 members",
      "content/labs/bad-lab/lab.yaml: starter 'web.yaml': the file 'starter/web.yaml' does not exist in the lab folder",
      'content/labs/bad-lab/solution.json: the reference solution is not an action log (a JSON array of {type: command|writeFile|tick, …}): action 1 \'line\': expected string, received undefined',
      `${L2}/quiz.yaml:9: quiz 'second' question 'tolerance': 'tolerance': tolerance cannot be negative; use 0 for an exact answer`,
      `${L2}/quiz.yaml:22: quiz 'second' question 'predict-write': 'options[0].matches' is missing: every predict option needs \`matches\`: a regular expression over the output of the last \`run\` command`,
      `${L2}/quiz.yaml:23: quiz 'second' question 'predict-write': 'options[1].matches' is missing: every predict option needs \`matches\`: a regular expression over the output of the last \`run\` command`,
      "content/courses/broken-course/course.yaml: the lesson 'ghost' is listed in course.yaml but has no folder; create content/courses/broken-course/lessons/<nn>-ghost/ or remove it from lessons:",
      "content/courses/broken-course/course.yaml: the lab 'missing-lab' is listed but content/labs/missing-lab/lab.yaml does not exist; create it or fix the name",
      `${L1}/index.ko.md:4: front matter: 'minutes': minutes is the reading time as a whole number, e.g. minutes: 15`,
      `${L1}/index.ko.md:12: ::sim names the scenario 'no-such-scenario', which does not exist; create content/scenarios/no-such-scenario.yaml or fix the name`,
      `${L1}/index.en.md:10: raw HTML is not allowed (<b>); use Markdown, a directive such as :::note, or put markup in \`inline code\``,
      `${L1}/index.en.md:16: unknown directive 'simm'; lessons may use ::sim{scenario=…}, ::quiz{id=…}, ::lab{id=…}, :::note and :::warning`,
      `${L1}/index.en.md:14: ::sim names the scenario 'no-such-scenario', which does not exist; create content/scenarios/no-such-scenario.yaml or fix the name`,
      `${L1}/index.ko.md: ko/en structure: a level-2 heading "Try it" (${L1}/index.en.md:12) has no counterpart in the Korean file; add it at the same place (after ${L1}/index.ko.md:8) or remove it from the English one`,
      `${L1}/index.en.md: ko/en structure: a sh code block starting "etcdctl put foo baz" (${L1}/index.ko.md:14) has no counterpart in the English file; add it at the same place (after ${L1}/index.en.md:14) or remove it from the Korean one`,
      `${L1}/index.ko.md: ko/en structure: a sh code block starting "etcdctl put foo bar" (${L1}/index.en.md:18) has no counterpart in the Korean file; add it at the same place (after ${L1}/index.ko.md:12) or remove it from the English one`,
      `${L1}/quiz.yaml:9: quiz 'first' question 'quorum-of-five': single-choice question has 2 correct options ('a', 'c'); keep exactly one, or use type: multiple`,
      `${L1}/quiz.yaml:10: quiz 'first' question 'quorum-of-five': option 'b' has the same text as the correct answer 'a' (ko and en); make the distractor different`,
      `${L1}/quiz.yaml:14: quiz 'first' question 'sort-things': the tag 'pods-are-processes' is not in content/misconceptions.yaml; use a listed tag or add it there with a description in both languages`,
      `${L1}/quiz.yaml:21: quiz 'first' question 'sort-things': item 'pod' names the bucket 'objects', which does not exist; use one of 'object', 'process'`,
      `${L1}/quiz.yaml:18: quiz 'first' question 'sort-things': no item belongs in bucket 'object'; add an item or remove the bucket`,
      `${L1}/quiz.yaml:16: quiz 'first' question 'sort-things': 'explanation.en' contains Korean; write the English text there (were ko and en swapped?)`,
      `${L1}/quiz.yaml:26: quiz 'first' question 'quorum-of-five': 'prompt': the inline code differs between ko (\`etcdctl\`) and en (\`kubectl\`); commands, keys and field names must be the same in both languages`,
      `${L1}/quiz.yaml:23: quiz 'first' question 'quorum-of-five': the question id 'quorum-of-five' is already used earlier in this quiz; question ids must be unique in the course`,
      `${L2}/index.ko.md: the Korean version of lesson 'second' is missing; write index.ko.md`,
      `${L2}/index.en.md:10: ::sim names the scenario 'split-two-three', which does not exist; create content/scenarios/split-two-three.yaml or fix the name`,
      "content/labs/bad-lab: the lab folder 'bad-lab' is not listed in any course.yaml; add 'bad-lab' to labs: in content/courses/broken-course/course.yaml or remove the folder",
    ]);
  });

  it('content-check.ts prints the problems and the counts and exits non-zero', () => {
    let out = '';
    let status = 0;
    try {
      execFileSync(path.join(repo, 'node_modules', '.bin', 'tsx'), [path.join(repo, 'scripts', 'content-check.ts'), path.join(fixtures, 'broken', 'content')], {
        cwd: path.join(fixtures, 'broken'),
        encoding: 'utf8',
      });
    } catch (e) {
      const err = e as { status: number; stdout: string };
      status = err.status;
      out = err.stdout;
    }
    expect(status).toBe(1);
    expect(out).toContain("content/courses/broken-course/lessons/01-first/quiz.yaml:9: quiz 'first' question 'quorum-of-five': single-choice question has 2 correct options");
    expect(out).toContain('lessons: ko 1, en 2');
    expect(out).toMatch(/predict-then-run verification: (not available \(sim-core|\d+ question\(s\) run)/);
    expect(out).toContain('content:check: 27 problem(s)');
    // its one lab has problems (a missing starter file, an invalid solution): it is not counted as proven
    expect(out).toContain('lab proofs: 0 lab(s) proven (starter fails, solution passes), 0 problem(s); 1 NOT proven because of the problems above');
  });
});
