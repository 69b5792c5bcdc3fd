// What scripts/bench.ts measures, as one entry: it is bundled (./bundle.mjs) so that the
// figures are sim-core's as the product runs it, not tsx's compilation of it.
export { benchPuts } from '../../sim-core/etcd/bench';
export { runRaftBench } from '../../sim-core/raft/bench';
export { benchGrade } from '../../sim-core/grading/bench';
export { prepareDeploymentConverge } from '../../sim-core/cluster/bench';
export { setCacheMutationDetector } from '../../sim-core/client';
