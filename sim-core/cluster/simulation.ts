// createSimulation: build a topology by name. `etcd-only` is a bare etcd cluster
// (etcd-only.ts); `default` adds the kube-apiserver, the nodes and the control-plane and
// node processes (default-topology.ts). The classes live in their own files so that the
// default topology can extend the etcd-only one without an import cycle.
import { Simulation, type EtcdOnlySimulationOptions } from './etcd-only';
import { DefaultSimulation, type DefaultSimulationOptions } from './default-topology';

export * from './etcd-only';

/** What createSimulation accepts: the topology's name chooses the rest. */
export type SimulationOptions = EtcdOnlySimulationOptions | (DefaultSimulationOptions & { topology: 'default' });

export function createSimulation(options: DefaultSimulationOptions & { topology: 'default' }): DefaultSimulation;
export function createSimulation(options: EtcdOnlySimulationOptions): Simulation;
export function createSimulation(options: SimulationOptions): Simulation;
export function createSimulation(options: SimulationOptions): Simulation {
  if (options.topology === 'default') return new DefaultSimulation(options);
  return new Simulation(options);
}
