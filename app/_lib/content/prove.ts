// content:check proves what a schema cannot: a predict-then-run question's answer key agrees
// with what the simulation shows, and a lab's starter fails while its solution passes (as
// Exercism's CI runs each exercise's proof). The simulation is sim-core's; this file only
// states what content:check needs from it, so the checker runs (and says so honestly)
// while sim-core is still being built.
import type { ContentSet, LoadedLab } from './content-set';
import type { ActionLog } from '../../../sim-core/cluster/actions';
import type { Problem } from './problems';
import type { PredictQuestion, Scenario } from './schemas';

export interface TerminalResult {
  line: string;
  /** stdout then stderr, as a terminal shows them */
  output: string;
  exitCode: number;
}

export type ProverResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface ScenarioProver {
  /** whether the simulation can build this topology yet (`default` arrives with sim-core part 2) */
  supports(topology: Scenario['topology']): boolean;
  /** Build a fresh cluster for the scenario (topology, seed, members), run its setup lines, then `lines`. */
  run(scenario: Scenario, lines: readonly string[]): ProverResult<{ setup: TerminalResult[]; run: TerminalResult[] }>;
}

export interface GoalResult {
  id: string;
  passed: boolean;
  explanation: string;
}

export interface LabRun {
  goals: GoalResult[];
  /** The same replay as the terminal showed it: each setup line's result, then each action's (undefined for a file write or a tick). */
  terminal?: { setup: TerminalResult[]; actions: (TerminalResult | undefined)[] };
}

export interface LabProver {
  /** whether the simulation can build this topology yet; a lab on one it cannot is reported, not proven */
  supports?(topology: Scenario['topology']): boolean;
  /** Replay an action log on the lab's cluster (its starter files written, then its setup run) and evaluate every goal. */
  grade(lab: LoadedLab, log: ActionLog): ProverResult<LabRun>;
}

export interface Provers {
  scenario?: ScenarioProver;
  lab?: LabProver;
  /** why a prover is missing, printed by content:check instead of pretending */
  unavailable: string[];
}

interface PredictRef {
  file: string;
  quizId: string;
  question: PredictQuestion;
  /** the line of a path inside this question */
  lineOf: (path: readonly PropertyKey[]) => number | undefined;
}

export function predictQuestions(content: ContentSet): PredictRef[] {
  return content.courses.flatMap((c) =>
    c.lessons.flatMap((l) =>
      l.quiz
        ? l.quiz.quiz.questions.flatMap((q, i) =>
            q.type === 'predict'
              ? [{ file: l.quiz!.file, quizId: l.quiz!.quiz.id, question: q, lineOf: (p: readonly PropertyKey[]) => l.quiz!.lineOf(['questions', i, ...p]) }]
              : [],
          )
        : [],
    ),
  );
}

/** Runs each predict question's scenario + run lines and compares the options' regexes with the last output. */
export function provePredictQuestions(content: ContentSet, prover: ScenarioProver): Problem[] {
  const problems: Problem[] = [];
  for (const ref of predictQuestions(content)) {
    const q = ref.question;
    const at = { file: ref.file, line: ref.lineOf(['scenario']), subject: `quiz '${ref.quizId}' question '${q.id}'` };
    const scenario = content.scenarios.get(q.scenario);
    if (!scenario) continue; // reported by the course rules
    if (!prover.supports(scenario.scenario.topology)) {
      problems.push({ ...at, message: `the scenario '${q.scenario}' uses topology ${scenario.scenario.topology}, which the simulation cannot run yet; predict questions need a scenario that runs (use an etcd-only scenario)` });
      continue;
    }
    const r = prover.run(scenario.scenario, q.run);
    if (!r.ok) {
      problems.push({ ...at, message: `the scenario '${q.scenario}' could not be run: ${r.error}` });
      continue;
    }
    // a typo in a run line comes first: the options would be compared with an error message
    const typos = r.value.run.flatMap((x, k) => (x.exitCode !== 0 && notUnderstood(x) ? [{ x, k }] : []));
    for (const { x, k } of typos) {
      problems.push({
        ...at,
        line: ref.lineOf(['run', k]),
        message: `run line ${k + 1}: \`${x.line}\` failed (exit ${x.exitCode}): ${excerpt(x.output)}; the terminal did not understand the command — fix it, then the options are checked against what it prints`,
      });
    }
    if (typos.length > 0) continue;
    const last = r.value.run[r.value.run.length - 1];
    if (!last) continue;
    for (const [j, o] of q.options.entries()) {
      const atOption = { ...at, line: ref.lineOf(['options', j, 'matches']) };
      let re: RegExp;
      try {
        re = new RegExp(o.matches, 'm');
      } catch {
        continue; // reported by the quiz rules
      }
      const matched = re.test(outputForMatching(last.output));
      if (o.correct && !matched) {
        problems.push({ ...atOption, message: `the correct option '${o.id}' (matches: ${o.matches}) does not match what the simulation printed for \`${last.line}\`: ${excerpt(last.output)}; fix the answer key or the regex` });
      }
      if (!o.correct && matched) {
        problems.push({ ...atOption, message: `the wrong option '${o.id}' (matches: ${o.matches}) matches what the simulation printed for \`${last.line}\`: ${excerpt(last.output)}; the answer key disagrees with the simulation` });
      }
    }
  }
  return problems;
}

/** Every scenario's setup must run cleanly, so a lesson's cluster opens in the state the text describes. */
export function proveScenarioSetups(content: ContentSet, prover: ScenarioProver): { problems: Problem[]; notRun: string[] } {
  const problems: Problem[] = [];
  const notRun: string[] = [];
  for (const { file, scenario, lineOf } of content.scenarios.values()) {
    if (!prover.supports(scenario.topology)) {
      notRun.push(scenario.id);
      continue;
    }
    const r = prover.run(scenario, []);
    if (!r.ok) {
      problems.push({ file, message: `the scenario could not be run: ${r.error}` });
      continue;
    }
    for (const s of r.value.setup.filter((s) => s.exitCode !== 0)) {
      const index = scenario.setup.findIndex((line) => line === s.line || line.startsWith(`${s.line}\n`));
      const line = index === -1 ? undefined : lineOf?.(['setup', index]);
      problems.push({ file, line, subject: 'setup', message: `\`${s.line}\` failed (exit ${s.exitCode}): ${excerpt(s.output)}; fix the line or the order of setup` });
    }
    // a one-click command the learner may press first, on the cluster as the setup left it
    for (const [i, suggested] of scenario.suggested.entries()) {
      const once = prover.run(scenario, [suggested]);
      const r = once.ok ? once.value.run[0] : undefined;
      if (r === undefined || r.exitCode === 0 || !notUnderstood(r)) continue;
      problems.push({
        file,
        line: lineOf?.(['suggested', i]),
        subject: 'suggested',
        message: `\`${r.line}\` failed (exit ${r.exitCode}): ${excerpt(r.output)}; the terminal did not understand the command, so its one-click button prints an error — fix it (a suggested command may show the cluster refusing, such as a write to a minority, but not a typo)`,
      });
    }
  }
  return { problems, notRun };
}

export interface LabProofs {
  problems: Problem[];
  /** labs whose starter fails a goal and whose solution passes every goal, every setup line and solution command running */
  proven: number;
  /** solution commands that ran and got an error answer, allowed (a solution may show a failure): "lab action N" each */
  failingOnPurpose: string[];
}

/** The starter must fail at least one goal; the reference solution must pass them all; the setup and the solution's commands must run. */
export function proveLabs(content: ContentSet, prover: LabProver): LabProofs {
  const problems: Problem[] = [];
  const failingOnPurpose: string[] = [];
  let proven = 0;
  for (const lab of content.labs.values()) {
    if (prover.supports && !prover.supports(lab.lab.topology)) {
      problems.push({ file: lab.file, subject: 'topology', message: `the lab uses topology ${lab.lab.topology}, which sim-core cannot build, so its starter and solution cannot be proven; use etcd-only or default` });
      continue;
    }
    const before = problems.length;
    // the starter files are in the workspace before the setup runs (the setup may apply them)
    const starter = prover.grade(lab, []);
    if (!starter.ok) problems.push({ file: lab.file, subject: 'starter', message: `the starter state could not be graded: ${starter.error}` });
    else if (starter.value.goals.every((g) => g.passed)) {
      problems.push({ file: lab.file, line: lab.lineOf?.(['goals']), subject: 'starter', message: 'the starter state already passes every goal; the learner would have nothing to do — make at least one goal fail at the start' });
    }
    const solved = lab.solution ? prover.grade(lab, lab.solution) : undefined;
    // what the terminal showed in the solution's replay (or the starter's, with no solution): one replay judges and shows
    const ran = solved?.ok ? solved.value.terminal : starter.ok ? starter.value.terminal : undefined;
    if (ran) {
      // the learner's terminal opens on the setup's output: a failing line is an error the learner sees first
      for (const [i, s] of ran.setup.entries()) {
        if (s.exitCode !== 0) problems.push({ file: lab.file, line: lab.lineOf?.(['setup', i]), subject: 'setup', message: `\`${s.line}\` failed (exit ${s.exitCode}): ${excerpt(s.output)}; fix the line or the order of setup` });
      }
      for (const [i, r] of ran.actions.entries()) {
        if (r === undefined || r.exitCode === 0) continue;
        if (!notUnderstood(r)) {
          failingOnPurpose.push(`${lab.lab.id} action ${i + 1}`);
          continue;
        }
        problems.push({
          file: lab.solutionFile ?? lab.file,
          line: lab.solutionLineOf?.(i),
          subject: `action ${i + 1}`,
          message: `\`${r.line}\` failed (exit ${r.exitCode}): ${excerpt(r.output)}; the terminal did not understand the command — fix it (a solution may run a command the cluster refuses, such as a write without quorum, but not one it cannot parse)`,
        });
      }
    }
    if (solved && !solved.ok) problems.push({ file: lab.file, subject: 'solution', message: `the reference solution could not be graded: ${solved.error}` });
    else if (solved)
      for (const g of solved.value.goals.filter((g) => !g.passed)) {
        const index = lab.lab.goals.findIndex((goal) => goal.id === g.id);
        problems.push({
          file: lab.file,
          line: index === -1 ? undefined : lab.lineOf?.(['goals', index]),
          subject: `solution, goal '${g.id}'`,
          message: `the reference solution fails this goal: ${g.explanation}; ${setupFaultNote(lab, index)}see every goal with \`npm run --silent grade -- ${lab.lab.id} --solution\``,
        });
      }
    if (solved && problems.length === before) proven++;
  }
  return { problems, proven, failingOnPurpose };
}

/**
 * committedAfterFault measures from the last fault the learner caused (sim-core/grading's
 * replay: the setup's faults are the lab's starting state), which an author who put the
 * fault in `setup` does not expect.
 */
function setupFaultNote(lab: LoadedLab, goalIndex: number): string {
  const check = lab.lab.goals[goalIndex]?.check;
  if (check?.kind !== 'committedAfterFault' || !lab.lab.setup.some((line) => /^\s*sim\s+(?:kill|partition)\b/.test(line))) return '';
  return 'this goal needs a fault in the learner\'s log (`sim kill` or `sim partition` in the solution); a fault in `setup` does not count; ';
}

/**
 * A command the terminal could not make sense of — a typo in a command, flag, resource
 * type, file or member name — as opposed to one it ran and the cluster answered with an
 * error (`context deadline exceeded` without quorum, `kubectl auth can-i` saying `no`),
 * which a lab or a scenario may show on purpose. Exit codes: etcdctl's ExitBadArgs (128)
 * and a usage error of `sim` or the shell (2); the texts are sim-core's kubectl, etcdctl
 * and sim messages for the same mistakes (copied from kubectl's and etcdctl's own).
 */
export function notUnderstood(r: TerminalResult): boolean {
  if (r.exitCode === 128 || r.exitCode === 2) return true;
  return NOT_UNDERSTOOD.some((re) => re.test(r.output));
}

const NOT_UNDERSTOOD = [
  /unknown (?:command|flag|shorthand flag)/,
  /See '[^']+' for (?:help|usage)/,
  /Run '[^']+' for usage/,
  /required flag\(s\)/,
  /the path "[^"]*" does not exist/,
  /doesn't have a resource type/,
  /unable to match a printer/,
  /no (?:member, node or process|member) named/,
];

/** The terminal's final newline would make `^$` match every output; match without it. */
export function outputForMatching(output: string): string {
  return output.replace(/\r?\n$/, '');
}

function excerpt(output: string): string {
  const one = output.trim().replace(/\s*\n\s*/g, ' ⏎ ');
  if (one === '') return '(no output)';
  return JSON.stringify(one.length > 160 ? `${one.slice(0, 157)}...` : one);
}
