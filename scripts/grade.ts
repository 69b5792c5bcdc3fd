// npm run --silent grade -- <lab-id> <log.json|->      grade an action log (`-` reads stdin)
// npm run --silent grade -- <lab-id> --solution        grade the lab's reference solution
// Options: --content DIR (default: ./content of the repository).
// The server's grading function (sim-core/grading) on an action log, as DESIGN.md §6
// promises: prints exactly one JSON object
//   {"passed":…,"goals":[{"id":…,"passed":…,"explanation":"<English>","explanationKo":"…"}],"stateHash":"…"}
// and exits 0 when the log was graded (passed or not), 1 with {"error":"…"} when the log
// is refused or the lab is unknown, 2 on bad usage.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../app/_lib/content/loader';
import { formatProblem } from '../app/_lib/content/problems';
import { gradeLab } from '../sim-core/grading';
import { exitQuietlyOnClosedPipe } from './lib/closed-pipe.mjs';

exitQuietlyOnClosedPipe();

const USAGE = 'usage: npm run --silent grade -- <lab-id> <log.json|-|--solution> [--content DIR]';

function fail(error: string): never {
  process.stdout.write(`${JSON.stringify({ error })}\n`);
  process.exit(1);
}

function usage(why: string): never {
  process.stderr.write(`grade: ${why}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { labId: string; source: string; contentDir: string } {
  const rest: string[] = [];
  let contentDir = path.resolve(import.meta.dirname, '..', 'content');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--content') {
      const dir = argv[++i];
      if (dir === undefined) usage('--content needs a folder');
      contentDir = path.resolve(dir);
    } else if (a.startsWith('--content=')) contentDir = path.resolve(a.slice('--content='.length));
    else if (a === '-h' || a === '--help') usage('grade a lab attempt');
    else rest.push(a);
  }
  if (rest.length !== 2) usage(rest.length < 2 ? 'give a lab id and an action log (a file, - for stdin, or --solution)' : `unexpected argument '${rest[2]}'`);
  const [labId, source] = rest as [string, string];
  if (source.startsWith('--') && source !== '--solution') usage(`unknown option '${source}'`);
  return { labId, source, contentDir };
}

function readLog(source: string): unknown {
  let text: string;
  try {
    text = readFileSync(source === '-' ? 0 : source, 'utf8');
  } catch (e) {
    fail(`cannot read the action log ${source === '-' ? 'from standard input' : `'${source}'`}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    fail(`the action log is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const { labId, source, contentDir } = parseArgs(process.argv.slice(2));
const loaded = loadContent(contentDir);
const lab = loaded.content.labs.get(labId);
if (lab === undefined) {
  const own = loaded.problems.find((p) => p.file.includes(`labs/${labId}/`));
  fail(own ? `lab '${labId}' is invalid: ${formatProblem(own)}` : `unknown lab '${labId}'; labs: ${[...loaded.content.labs.keys()].sort().join(', ') || 'none'}`);
}
let log: unknown;
if (source === '--solution') {
  if (lab.solution === undefined) fail(`lab '${labId}' has no readable reference solution (${lab.lab.solution})`);
  log = lab.solution;
} else log = readLog(source);

let result: ReturnType<typeof gradeLab>;
try {
  result = gradeLab(lab.lab, log, { starterFiles: lab.starterFiles });
} catch (e) {
  // a throw is a bug in sim-core, not the learner's fault: say so, with the seed to reproduce it
  fail(`sim-core failed while grading (a bug; reproduce with lab '${labId}', seed ${lab.lab.seed}): ${e instanceof Error ? e.message : String(e)}`);
}
if (!result.ok) fail(result.error);
process.stdout.write(
  `${JSON.stringify({
    passed: result.passed,
    goals: result.goals.map((g) => ({ id: g.id, passed: g.passed, explanation: g.explanation.en, explanationKo: g.explanation.ko })),
    stateHash: result.stateHash,
  })}\n`,
);
