// For grading's tests: an etcd-only cluster with JSON objects written by etcdctl, as the
// API server will write them, and a view of it for the predicates.
import { runCommandLine } from '../cli/command-line';
import { createSimulation, type Simulation } from '../cluster/simulation';
import { evaluateState } from './evaluate';
import type { GoalVerdict } from './explain';
import { goalCheckSchema } from './goals';
import { isHistoryCheck } from './history';
import { JsonCache, simulationView, type FaultMark } from './view';

export function run(sim: Simulation, line: string): string {
  const out = runCommandLine(line, undefined, sim.ports(), { readFile: (p) => sim.files.get(p) });
  if (out.exitCode !== 0) throw new Error(`\`${line}\` failed: ${out.stderr}`);
  return out.stdout;
}

/** `etcdctl put <key> '<json>'` for each object (JSON never contains a single quote here). */
export function putLine(key: string, value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.includes("'")) throw new Error('test objects must not contain single quotes');
  return `etcdctl put ${key} '${text}'`;
}

export function clusterWith(objects: Record<string, unknown>, seed = 3): Simulation {
  const sim = createSimulation({ topology: 'etcd-only', seed, members: 3 });
  for (const [key, value] of Object.entries(objects)) run(sim, putLine(key, value));
  return sim;
}

/** Validate a check as a lab author writes it and evaluate it against the cluster now (history goals are refused: they need a replay). */
export function judge(sim: Simulation, check: unknown, lastFault?: FaultMark): GoalVerdict {
  const parsed = goalCheckSchema.parse(check);
  if (isHistoryCheck(parsed)) throw new Error(`judge evaluates one moment; ${parsed.kind} needs a replay`);
  return evaluateState(parsed, simulationView(sim, new JsonCache(), lastFault));
}

// ---- Kubernetes objects as the API server stores them ----

export function meta(name: string, uid: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, namespace: 'default', uid, ...extra };
}

export function deployment(name: string, uid: string, replicas: number): Record<string, unknown> {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta(name, uid), spec: { replicas, selector: { matchLabels: { app: name } } } };
}

export function replicaSet(name: string, uid: string, ownerUid: string): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: meta(name, uid, { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'x', uid: ownerUid, controller: true }] }),
  };
}

export function pod(name: string, labels: Record<string, string>, opts: { owner?: string; phase?: string; ready?: boolean } = {}): Record<string, unknown> {
  const ownerReferences = opts.owner === undefined ? undefined : [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: opts.owner, controller: true }];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(name, `uid-${name}`, { labels, ...(ownerReferences ? { ownerReferences } : {}) }),
    spec: { nodeName: 'node-1', containers: [{ name: 'nginx', image: 'nginx:1.25' }] },
    status: { phase: opts.phase ?? 'Running', conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
  };
}
