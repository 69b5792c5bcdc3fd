// scheduler/: kube-scheduler. Pure scheduling cycle (filters with the real reasons,
// scores, selection, FitError's message) and the process that watches unbound Pods and
// binds them through the ApiClient.
export {
  fitErrorMessage,
  reasonHistogram,
  insufficient,
  untoleratedTaint,
  REASON_NODE_AFFINITY,
  REASON_NODE_NAME,
  REASON_NODE_UNSCHEDULABLE,
  REASON_TOO_MANY_PODS,
  PREEMPTION_NOT_HELPFUL,
  NO_PREEMPTION_VICTIMS,
} from './messages';
export { podRequests, nonZeroRequests, amountsOf } from './requests';
export { buildNodeInfos, addPodToNodeInfo, holdsResources, ownerCountKey, type NodeInfo } from './nodeInfo';
export { toleratesTaint, firstUntoleratedTaint } from './taints';
export { podMatchesNodeSelectorAndAffinity, requirementMatches } from './nodeAffinity';
export {
  DEFAULT_FILTERS,
  runFilters,
  nodeUnschedulable,
  nodeName,
  taintToleration,
  nodeAffinity,
  nodeResourcesFit,
  UNSCHEDULABLE_TAINT_KEY,
  type FilterPlugin,
  type FilterPluginName,
  type FilterStatus,
  type FilterCode,
} from './filters';
export { DEFAULT_SCORES, leastAllocated, ownerSpreading, totalScores, controllerUid, MAX_NODE_SCORE, type ScorePlugin } from './scores';
export { schedulePod, DEFAULT_PROFILE, type ScheduleResult, type NodeVerdict, type SchedulerProfile } from './cycle';
export { bindingRequest } from './binding';
export { newEvent, type EventSource } from './events';
export { Scheduler, isPendingForScheduler, DEFAULT_SCHEDULER_NAME, UNSCHEDULABLE_FLUSH_TICKS, type SchedulerOptions, type SchedulingDecision } from './scheduler';
export { SchedulerProcess, SCHEDULER_ADDRESS, SCHEDULER_LEASE, DEFAULT_APISERVER_ADDRESS, isApiResponse, type SchedulerProcessOptions } from './process';
