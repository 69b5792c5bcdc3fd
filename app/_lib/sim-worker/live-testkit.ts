// What the tests of the terminal's live commands (get -w, rollout status, logs -f, etcdctl
// watch) share: a host started on a scenario, and the page's clock played in frames with
// the running command read after each, as the page's views read it.
import { SimHost } from './sim-host';
import type { CommandResult, HostLab, HostScenario } from './protocol';

/** A host on `scenario` (with `lab`'s files and goals), or an error when its cluster does not start. */
export function startHost(scenario: HostScenario, lab?: HostLab): SimHost {
  const created = lab === undefined ? SimHost.create(scenario) : SimHost.create(scenario, lab);
  if (!created.ok) throw new Error('the cluster did not start');
  return created.host;
}

/** Play `ticks` in frames of `frame`, reading the running command after each as the page's views do. */
export function play(h: SimHost, ticks: number, frame = 10): CommandResult[] {
  const blocks: CommandResult[] = [];
  for (let left = ticks; left > 0; left -= frame) {
    h.step(Math.min(frame, left));
    const b = h.readRunning();
    if (b !== undefined) blocks.push(b);
  }
  return blocks;
}

/** The blocks' standard output, joined. */
export const stdoutOf = (blocks: readonly CommandResult[]): string => blocks.map((b) => b.stdout).join('');
