// The `sim` port of the `default` topology: the etcd-only commands, plus what needs
// nodes and the API server — curl through kube-proxy, the watch chain's trace, the
// control-plane nodes `sim help` names.
import type { ChainHop, ChainQueryResult, ObjectQuery, SimCurlResult } from '../cli/ports';
import { SimControl } from './sim-control';
import type { DefaultSimulation } from './default-topology';

export class DefaultSimControl extends SimControl {
  constructor(private readonly cluster: DefaultSimulation) {
    super(cluster);
  }

  curl(target: string): SimCurlResult {
    return this.cluster.curl(target);
  }
  chain(query: ObjectQuery): ChainQueryResult {
    return this.cluster.chain(query);
  }
  recentHops(n: number): ChainHop[] | undefined {
    return this.cluster.recentHops(n);
  }
  controlPlaneNodes(): readonly string[] {
    return this.cluster.info.controlPlanes;
  }
}
