// The control-plane cluster view: nodes with their Pods, the control-plane processes, and
// the watch chain animated hop by hop. Its data comes from app/_lib/sim-worker's
// describeCluster (ClusterView) and WatchChainRecorder (Hop[]).
export { ClusterPanel } from './cluster-panel';
export { WatchChain } from './watch-chain';
export { PodChip, PodDetails } from './pod-chip';
export { podTone, TONE_ICON, type PodTone } from './pod-state';
export { chainActors, currentIndex, HOP_MS } from './chain-actors';
export { mergeHops } from './merge-hops';
export type { HeadingLevel } from './heading';
