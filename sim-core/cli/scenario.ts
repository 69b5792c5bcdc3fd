// Scenario scripts (../../DESIGN.md §6; the shape of etcd's rafttest/testdata): one
// terminal command per line, run in order against one simulation, printed as a transcript.
//
// Script rules
// - A line is a terminal command (`etcdctl …`, `sim …`, later `kubectl …`).
// - A line starting with `#` is a comment; it and blank lines are copied to the transcript
//   as they are, so a transcript reads like the script it came from.
// - Standard input is given as a bash here-document: a command ending in `<<EOF` (or
//   `<<'EOF'`, `<<"EOF"`, `<<-EOF`, any word) takes the following lines, up to a line that
//   is exactly that word, as its stdin, each line ending in a newline (read by
//   ./shell/heredoc.ts, as the browser terminal reads it). This is how
//   `etcdctl txn` reads its compares and operations:
//
//       etcdctl txn <<EOF
//       mod("k") = "2"
//
//       put k v2
//
//
//       EOF
//
// Transcript: each command as `$ <command>` (with the here-document shown as bash shows
// it, each line after `> `), then what the command wrote to stdout and then to stderr, as
// a terminal merges them. A command's output always ends with a newline in the transcript.
// A `kubectl edit` save that kubectl would answer by reopening its editor (the browser's
// dialog reopens) is followed by a line saying so and the reasons the reopened file's
// header gives; the same line as the next command is that kubectl's next pass, as the
// Simulation's dispatch runs it (TerminalPorts.reopened).
import { createSimulation, type Simulation } from '../cluster/index';
import { runCommandLine, type CommandContext, type TerminalPorts } from './command-line';
import type { CommandOutput } from './ports';
import { reopenedReasons } from './kubectl/edit-file';
import { endsHeredoc, heredocBodyLine, heredocStart, heredocStdin } from './shell/heredoc';

export type ScenarioLine =
  | { kind: 'text'; text: string }
  | { kind: 'command'; lineNo: number; line: string; stdin?: string; heredoc?: { marker: string; lines: string[] } };

export type ScenarioParse = { ok: true; lines: ScenarioLine[] } | { ok: false; error: string };

export function parseScenario(script: string): ScenarioParse {
  const raw = script.replace(/\r\n/g, '\n').split('\n');
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  const lines: ScenarioLine[] = [];
  for (let i = 0; i < raw.length; i++) {
    const text = (raw[i] as string).replace(/\s+$/, '');
    if (text.trim() === '' || text.trimStart().startsWith('#')) {
      lines.push({ kind: 'text', text });
      continue;
    }
    const start = heredocStart(text);
    if (start === undefined) {
      lines.push({ kind: 'command', lineNo: i + 1, line: text });
      continue;
    }
    const body: string[] = [];
    let j = i + 1;
    for (; j < raw.length; j++) {
      const l = raw[j] as string;
      if (endsHeredoc(start, l)) break;
      body.push(heredocBodyLine(start, l));
    }
    if (j >= raw.length) {
      return {
        ok: false,
        error: `line ${i + 1}: the here-document ${start.operator} is not closed: end it with a line that is just ${start.delimiter}`,
      };
    }
    lines.push({
      kind: 'command',
      lineNo: i + 1,
      line: start.command,
      stdin: heredocStdin(body),
      heredoc: { marker: start.operator, lines: body },
    });
    i = j;
  }
  return { ok: true, lines };
}

export interface ScenarioOptions extends CommandContext {
  ports: TerminalPorts;
  /** called after each command, e.g. to check invariants */
  afterCommand?: (line: string, output: CommandOutput) => void;
}

export type ScenarioResult = { ok: true; transcript: string } | { ok: false; error: string };

/** how the terminal shows a command line, with its here-document if any */
export function echoCommand(cmd: Extract<ScenarioLine, { kind: 'command' }>): string {
  let out = `$ ${cmd.line}`;
  if (cmd.heredoc) {
    out += ` ${cmd.heredoc.marker}\n`;
    for (const l of cmd.heredoc.lines) out += `> ${l}\n`;
    out += `> ${cmd.heredoc.marker.replace(/^<<-?\s*['"]?|['"]$/g, '')}`;
  }
  return out + '\n';
}

export function runScenario(script: string, options: ScenarioOptions): ScenarioResult {
  const parsed = parseScenario(script);
  if (!parsed.ok) return parsed;
  let transcript = '';
  let reopened: { line: string; reopened: NonNullable<TerminalPorts['reopened']> } | undefined;
  for (const item of parsed.lines) {
    if (item.kind === 'text') {
      transcript += item.text + '\n';
      continue;
    }
    transcript += echoCommand(item);
    const ports = reopened !== undefined && reopened.line === item.line ? { ...options.ports, reopened: reopened.reopened } : options.ports;
    const out = runCommandLine(item.line, item.stdin, ports, {
      ...(options.readFile ? { readFile: options.readFile } : {}),
      ...(options.listFiles ? { listFiles: options.listFiles } : {}),
    });
    reopened = out.edit !== undefined && item.stdin !== undefined ? { line: item.line, reopened: { edited: item.stdin, file: out.edit } } : undefined;
    const shown = out.stdout + out.stderr;
    transcript += shown === '' || shown.endsWith('\n') ? shown : shown + '\n';
    if (out.edit !== undefined) {
      const reasons = reopenedReasons(out.edit.buffer);
      transcript += `[kubectl edit reopens the file${reasons.length > 0 ? ', its header now:' : ''}]\n${reasons.map((l) => `${l}\n`).join('')}`;
    }
    options.afterCommand?.(item.line, out);
  }
  return { ok: true, transcript };
}

/**
 * A script may begin with a header comment that sets up its cluster:
 *   # sim: members=5 seed=7 snapshot-count=20
 *   # sim: topology=default workers=3 seed=2
 *   # sim: topology=default control-planes=3 seed=2
 * (members 1–7; seed; snapshot-count and snapshot-catchup-entries are etcd's
 * --snapshot-count and its catch-up entries; topology `etcd-only` (the default) or
 * `default` — etcd, the API server, a control-plane node (or `control-planes` of them, 1–5)
 * and `workers` worker nodes with their processes). Command-line options of the runner win over the header. The header
 * is an ordinary comment for the transcript.
 */
export interface ScenarioHeader {
  members?: number;
  seed?: number;
  snapshotCount?: number;
  snapshotCatchUpEntries?: number;
  topology?: 'etcd-only' | 'default';
  workers?: number;
  controlPlanes?: number;
}

export type ScenarioHeaderParse = { ok: true; header: ScenarioHeader } | { ok: false; error: string };

type NumericKey = Exclude<keyof ScenarioHeader, 'topology'>;

const HEADER_KEYS: Record<string, NumericKey> = {
  members: 'members',
  seed: 'seed',
  'snapshot-count': 'snapshotCount',
  'snapshot-catchup-entries': 'snapshotCatchUpEntries',
  workers: 'workers',
  'control-planes': 'controlPlanes',
};

const TOPOLOGIES = ['etcd-only', 'default'] as const;

export function parseScenarioHeader(script: string): ScenarioHeaderParse {
  const header: ScenarioHeader = {};
  for (const line of script.split('\n')) {
    const m = /^#\s*sim:\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of (m[1] as string).split(/\s+/).filter((p) => p !== '')) {
      const [k, v] = pair.split('=');
      if (k === 'topology') {
        const t = TOPOLOGIES.find((x) => x === v);
        if (t === undefined) return { ok: false, error: `scenario header: topology must be ${TOPOLOGIES.join(' or ')}, got ${JSON.stringify(v ?? '')}` };
        header.topology = t;
        continue;
      }
      const key = HEADER_KEYS[k ?? ''];
      if (!key || v === undefined || !/^[0-9]+$/.test(v)) {
        return {
          ok: false,
          error: `scenario header: ${JSON.stringify(pair)} is not one of ${Object.keys(HEADER_KEYS).map((x) => `${x}=<n>`).join(', ')}, topology=etcd-only|default`,
        };
      }
      header[key] = Number(v);
    }
  }
  return { ok: true, header };
}

export interface ScenarioClusterOverrides {
  seed?: number;
  members?: number;
  topology?: 'etcd-only' | 'default';
}

/**
 * The cluster a script runs against, from its header (the runner's options win) and the
 * ports its terminal gets. For `default`, createSimulation adds the cluster's processes
 * itself (cluster/default-processes.ts: scheduler, kubelet and kube-proxy per node, and
 * the controller-manager once it exists) — to pin a script to a fixed set instead, pass
 * `processes` in the `default` branch below.
 */
export function scenarioCluster(header: ScenarioHeader, overrides: ScenarioClusterOverrides = {}): { simulation: Simulation; ports: TerminalPorts } {
  const seed = overrides.seed ?? header.seed ?? 1;
  const timing = {
    ...(header.snapshotCount !== undefined ? { snapshotCount: header.snapshotCount } : {}),
    ...(header.snapshotCatchUpEntries !== undefined ? { snapshotCatchUpEntries: header.snapshotCatchUpEntries } : {}),
  };
  const members = overrides.members ?? header.members ?? 3;
  if ((overrides.topology ?? header.topology ?? 'etcd-only') === 'default') {
    const simulation = createSimulation({ topology: 'default', seed, members, timing, workers: header.workers ?? 3, controlPlanes: header.controlPlanes ?? 1 });
    const p = simulation.ports();
    return { simulation, ports: { etcd: p.etcd, sim: p.sim, kube: p.kube, podLogs: p.podLogs } };
  }
  const simulation = createSimulation({ topology: 'etcd-only', seed, members, timing });
  const p = simulation.ports();
  return { simulation, ports: { etcd: p.etcd, sim: p.sim } };
}
