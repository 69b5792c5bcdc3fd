// kubelet/: one per node. A simulated container runtime (image catalogue, pulls,
// start, readiness, crashes with CrashLoopBackOff, logs), the Pod status it reports,
// the node's Lease and status heartbeats, and the process that runs it all.
export { IMAGE_CATALOGUE, lookupImage, parseImageRef, imageDigest, imageVersion, type ImageInfo, type ImageRef, type ImageLookup, type HttpRequestSeen, type LogText, type RunBehaviour } from './images';
export { behaviourOf, type ContainerBehaviour } from './behaviour';
export { crashLoopDelaySeconds, imagePullBackoffSeconds, TICKS_PER_SECOND, INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS } from './backoff';
export { ContainerRuntime, CREATE_TICKS, ERR_SHOW_TICKS, EXIT_SHOW_TICKS, SIGTERM_STOP_TICKS, type RuntimeEvent, type ImageStore, type PodIdentity } from './container';
export { PodRuntime, SANDBOX_TICKS } from './podRuntime';
export { buildPodStatus, podPhase, type HostInfo } from './status';
export { PodIpAllocator, type IpResult } from './ipam';
export {
  microTime,
  nodeLease,
  nodeStatusHeartbeat,
  internalIP,
  LEASE_RENEW_TICKS,
  NODE_STATUS_UPDATE_TICKS,
  NODE_STATUS_REPORT_TICKS,
  NODE_LEASE_DURATION_SECONDS,
  NODE_LEASE_NAMESPACE,
} from './heartbeat';
export { Kubelet, type KubeletOptions, type LogsResult, type Backend } from './kubelet';
export { FOLLOW_LOOKAHEAD_TICKS, kubeletLogQuery, logTimestamp, readLog, readMore, type LogLine, type LogResume, type LogStream, type PodLogOptions } from './logRead';
export { ContainerLog, MAX_LOG_LINES } from './containerLog';
export { ProcessProgram, ProcessRun, type ProgramExit } from './program';
export { KubeletProcess, kubeletAddress, type KubeletProcessOptions } from './process';
