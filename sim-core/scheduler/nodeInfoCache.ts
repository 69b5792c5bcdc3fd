// The scheduler cache (pkg/scheduler/backend/cache): NodeInfos kept up to date by the
// informers' events, and a snapshot of them taken per batch (UpdateSnapshot copies only
// the nodes whose generation moved). A Pod event re-counts only the node(s) it touches,
// so a cycle no longer rebuilds every node from every Pod in the cluster: with 1,000 Pods
// on 100 nodes that rebuild was a tenth of a converging cluster's work.
import type { Node, Pod } from '../apiserver';
import { addPodToNodeInfo, buildNodeInfos, holdsResources, replacePodInNodeInfo, sameFootprint, type NodeInfo } from './nodeInfo';

export class NodeInfoCache {
  /** node name → the Pods counted on it, by key */
  private readonly podsOn = new Map<string, Map<string, Pod>>();
  /** Pod key → the node it is counted on */
  private readonly placed = new Map<string, string>();
  private readonly infos = new Map<string, NodeInfo>();
  private readonly dirty = new Set<string>();
  private sorted: NodeInfo[] | undefined;

  /** Count `pod` under `key` where its spec.nodeName says (or nowhere: unbound or finished). */
  setPod(key: string, pod: Pod | undefined): void {
    const was = this.placed.get(key);
    const node = pod?.spec?.nodeName;
    if (was !== undefined && pod !== undefined && node === was && holdsResources(pod)) return this.replacePod(key, was, pod);
    if (was !== undefined) {
      this.podsOn.get(was)?.delete(key);
      this.placed.delete(key);
      this.touch(was);
    }
    if (pod === undefined || !node || !holdsResources(pod)) return;
    let on = this.podsOn.get(node);
    if (on === undefined) this.podsOn.set(node, (on = new Map()));
    on.set(key, pod);
    this.placed.set(key, node);
    this.touch(node);
  }

  /**
   * A newer version of a Pod counted on the same node. Most such updates are the kubelet's
   * status writes, which leave what the Pod takes from its node as it was: then the node's
   * NodeInfo keeps its totals (only the Pod object in it is swapped) and is not rebuilt at
   * the next snapshot — UpdateSnapshot likewise copies only the NodeInfos whose generation moved.
   */
  private replacePod(key: string, node: string, pod: Pod): void {
    const on = this.podsOn.get(node) as Map<string, Pod>;
    const old = on.get(key) as Pod;
    on.set(key, pod);
    if (!sameFootprint(old, pod)) return this.touch(node);
    const info = this.dirty.has(node) ? undefined : this.infos.get(node);
    if (info !== undefined) replacePodInNodeInfo(info, old, pod);
  }

  /**
   * A Pod assumed in the current batch: counted at once in the snapshot's NodeInfo too
   * (AssumePod), so the next Pod of the same batch sees the room it took.
   */
  assume(key: string, pod: Pod, info: NodeInfo): void {
    const was = this.placed.get(key);
    if (was !== undefined) return this.setPod(key, pod);
    const node = info.name;
    let on = this.podsOn.get(node);
    if (on === undefined) this.podsOn.set(node, (on = new Map()));
    on.set(key, pod);
    this.placed.set(key, node);
    addPodToNodeInfo(info, pod);
  }

  /** A Node was added, changed or removed: its NodeInfo is rebuilt at the next snapshot. */
  nodeChanged(name: string): void {
    this.touch(name);
    this.sorted = undefined;
  }

  /**
   * The NodeInfos of the Nodes `listNodes` gives (sorted by name), rebuilding only the
   * nodes touched since the last snapshot; the Nodes are listed only when something moved.
   */
  snapshot(listNodes: () => readonly Node[]): NodeInfo[] {
    if (this.sorted !== undefined && this.dirty.size === 0) return this.sorted;
    const nodes = listNodes();
    const names = new Set<string>();
    for (const node of nodes) {
      const name = node.metadata?.name ?? '';
      names.add(name);
      if (this.dirty.has(name) || !this.infos.has(name) || this.sorted === undefined) {
        const rebuilt = this.dirty.has(name) || !this.infos.has(name);
        if (rebuilt) this.infos.set(name, buildNodeInfos([node], [...(this.podsOn.get(name)?.values() ?? [])])[0] as NodeInfo);
      }
    }
    for (const name of [...this.infos.keys()]) if (!names.has(name)) this.infos.delete(name);
    this.dirty.clear();
    this.sorted = [...this.infos.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.sorted;
  }

  private touch(node: string): void {
    this.dirty.add(node);
  }
}
