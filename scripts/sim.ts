// npm run --silent sim -- <script.txt> [--seed N] [--topology etcd-only|default] [--members N]
// Runs a scenario script against a fresh simulated cluster and prints its transcript
// (DESIGN.md §6). Exit 0 whatever the commands did; 2 for a bad invocation, a script that
// cannot be read or parsed, or a topology that does not exist yet.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseScenarioHeader, runScenario, scenarioCluster } from '../sim-core/cli/scenario';
import { exitQuietlyOnClosedPipe } from './lib/closed-pipe.mjs';

exitQuietlyOnClosedPipe();

const USAGE = 'usage: npm run --silent sim -- <script.txt> [--seed N] [--topology etcd-only|default] [--members N]\n';

/** Every file under `root`, as paths relative to it (what `kubectl apply -f <folder>` may read). */
function listFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    // a file removed between the listing and its stat (a busy folder such as /tmp) is not there
    .filter((rel) => statSync(join(root, rel), { throwIfNoEntry: false })?.isFile() === true)
    .sort();
}

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { script: string; seed?: number; topology: 'etcd-only' | 'default'; topologyGiven: boolean; members?: number } {
  let script: string | undefined;
  let seed: number | undefined;
  let members: number | undefined;
  let topology = 'etcd-only';
  let topologyGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [flag, inline] = a.startsWith('--') ? (a.split('=', 2) as [string, string | undefined]) : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    const whole = (v: string, what: string): number => {
      if (!/^[0-9]+$/.test(v)) fail(`${what} must be a whole number, got ${JSON.stringify(v)}`);
      return Number(v);
    };
    if (flag === '--seed') seed = whole(value(), '--seed');
    else if (flag === '--members') members = whole(value(), '--members');
    else if (flag === '--topology') {
      topology = value();
      topologyGiven = true;
    }
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (a.startsWith('-')) fail(`unknown option ${a}`);
    else if (script === undefined) script = a;
    else fail(`only one script, got ${JSON.stringify(script)} and ${JSON.stringify(a)}`);
  }
  if (script === undefined) fail('which script? give the path of a scenario .txt file');
  if (topology !== 'etcd-only' && topology !== 'default') fail(`unknown topology ${JSON.stringify(topology)}`);
  return { script, seed, topology, topologyGiven, members };
}

const args = parseArgs(process.argv.slice(2));
let text: string;
try {
  text = readFileSync(args.script, 'utf8');
} catch (e) {
  fail(`cannot read ${args.script}: ${(e as Error).message}`);
}
const header = parseScenarioHeader(text);
if (!header.ok) fail(header.error);
const members = args.members ?? header.header.members ?? 3;
if (members < 1 || members > 7) fail(`--members must be 1–7, got ${members}`);
const { ports } = scenarioCluster(header.header, {
  ...(args.seed !== undefined ? { seed: args.seed } : {}),
  members,
  ...(args.topologyGiven ? { topology: args.topology } : {}),
});
// `-f` paths are relative to the script's folder (DESIGN.md §6); `-f <folder>` lists it
const folder = dirname(resolve(args.script));
const result = runScenario(text, {
  ports,
  readFile: (path) => {
    try {
      return readFileSync(resolve(folder, path), 'utf8');
    } catch {
      return undefined;
    }
  },
  listFiles: () => listFilesUnder(folder),
});
if (!result.ok) fail(`${args.script}: ${result.error}`);
process.stdout.write(result.transcript);
