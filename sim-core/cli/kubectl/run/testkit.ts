// A bare default-topology cluster (etcd + API server + nodes, no controllers, scheduler or
// kubelets unless asked) and a terminal on it, for the runner's unit tests: objects that
// controllers would write (ReplicaSets, status) are written through the same API port.
import { createSimulation } from '../../../cluster/index';
import type { ProcessFactory } from '../../../cluster/index';
import type { KubeApiPort } from '../../../apiserver/server';
import type { KubeObject } from '../../../client';
import { runCommandLine, type TerminalPorts } from '../../command-line';
import type { CommandOutput } from '../../ports';
import { REQUEST_TIMEOUT_TICKS } from './api';

export interface TestTerminal {
  ports: TerminalPorts & { kube: KubeApiPort };
  /** run one terminal line; `files` are the workspace */
  run(line: string, stdin?: string): CommandOutput;
  /** an API call as a controller would make it; throws on failure (a test bug) */
  api<T = KubeObject>(req: Parameters<KubeApiPort['request']>[0]): T;
}

export function testTerminal(options: { seed?: number; workers?: number; processes?: ProcessFactory[]; files?: Record<string, string> } = {}): TestTerminal {
  const simulation = createSimulation({ topology: 'default', seed: options.seed ?? 1, workers: options.workers ?? 1, processes: options.processes ?? [] });
  const p = simulation.ports();
  const ports = { etcd: p.etcd, sim: p.sim, kube: p.kube as KubeApiPort };
  const files = options.files ?? {};
  return {
    ports,
    run: (line, stdin) => runCommandLine(line, stdin, ports, { readFile: (path) => files[path], listFiles: () => Object.keys(files).sort() }),
    api: <T>(req: Parameters<KubeApiPort['request']>[0]): T => {
      const r = ports.kube.request(req, { timeoutTicks: REQUEST_TIMEOUT_TICKS });
      if (!r.ok) throw new Error(`${req.verb} ${req.resource}: ${r.error.message}`);
      return r.value as T;
    },
  };
}
