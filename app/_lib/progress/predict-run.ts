// Predict-then-run: after the learner commits, the page shows what the scenario's `run`
// commands really print. The server plays them in sim-core, the same library the lesson's
// live cluster runs, from the scenario's seed. sim-core is deterministic (same seed, same
// commands, same output: ../shared/DESIGN.md §2), so each question's transcript is
// computed once per process and cached.
import { runCommandLine } from '@/sim-core/cli';
import { createSimulation } from '@/sim-core/cluster';
import type { PredictQuestion, Scenario } from '../content';
import { controlPlanesOption } from '../content/schemas/control-planes';

export interface TranscriptLine {
  command: string;
  output: string;
}

export type PredictTranscript = { ok: true; lines: TranscriptLine[]; lastOutput: string } | { ok: false; error: string };

const cache = new Map<string, PredictTranscript>();

export function runPredictQuestion(question: PredictQuestion, scenario: Scenario): PredictTranscript {
  const key = `${scenario.id}\u0000${scenario.seed}\u0000${question.id}\u0000${question.run.join('\n')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = play(question, scenario);
  cache.set(key, result);
  return result;
}

function play(question: PredictQuestion, scenario: Scenario): PredictTranscript {
  try {
    const sim =
      scenario.topology === 'default'
        ? createSimulation({ topology: 'default', seed: scenario.seed, members: scenario.members, ...controlPlanesOption(scenario.controlPlanes) })
        : createSimulation({ topology: 'etcd-only', seed: scenario.seed, members: scenario.members });
    const ports = sim.ports();
    const context = { readFile: (p: string) => ports.files.get(p) };
    const run = (line: string): TranscriptLine => {
      const out = runCommandLine(line, undefined, ports, context);
      return { command: line, output: out.stdout + out.stderr };
    };
    scenario.setup.forEach(run);
    const lines = question.run.map(run);
    // content:check matches options against the last output without its final newline
    const lastOutput = (lines[lines.length - 1]?.output ?? '').replace(/\n$/, '');
    return { ok: true, lines, lastOutput };
  } catch (e) {
    return { ok: false, error: `sim-core failed (seed ${scenario.seed}): ${e instanceof Error ? e.message : String(e)}` };
  }
}
