// kubectl 1.32's output layer for the simulated cluster: pure functions from API objects
// and the simulated clock's tick to the exact text kubectl prints — `get` tables, `describe`,
// result lines, rollout messages, server and client errors — and the command-line parser
// that turns `kubectl …` into a typed command or kubectl's own usage error. Nothing here
// talks to the API server: the command runner fetches objects and hands them in.
export { SIM_EPOCH, SIM_EPOCH_MS, TICK_MS, tickToTimestamp, tickToMillis, millisToTimestamp, parseTimestamp, formatRFC1123Z, klogTime } from './clock';
export { humanDuration, timestampSince } from './duration';
export { Tabwriter, tabwrite, GET_TABWRITER, DESCRIBE_TABWRITER, type TabwriterOptions } from './tabwriter';
export { printGet, noResourcesMessage, kindPrefix, WatchPrinter, type GetGroup, type GetOptions, type GetOutput } from './get';
export {
  TABLE_PRINTERS,
  tablePrinterFor,
  summarizePod,
  restartsCell,
  nodeRoles,
  nodeStatus,
  formatEndpoints,
  servicePorts,
  eventSource,
  sortEvents,
  formatLabels,
  formatLabelSelector,
  selectorString,
  type PodSummary,
  type ColumnDefinition,
  type PrintContext,
  type TablePrinter,
} from './printers';
export {
  describePod,
  describeDeployment,
  describeReplicaSet,
  describeService,
  describeNode,
  describeEvents,
  describeConfigMap,
  describeSecret,
  describeNamespace,
  countPodPhases,
  formatQuantity,
  type DeploymentReplicaSets,
  type PodCounts,
  type NodeContext,
} from './describe';
export {
  operationResult,
  deletedMessage,
  evictingPodMessage,
  drainWarning,
  rolloutStatus,
  rolloutStatusTranscript,
  rolloutHistory,
  rollbackSkipped,
  type Operation,
  type DryRun,
  type RevisionEntry,
} from './messages';
export {
  serverErrorText,
  serverErrorMessage,
  serverErrorFromFile,
  notFound,
  qualifiedResource,
  unknownResourceType,
  resolveResource,
  NO_NAME_ERROR,
  type ServerError,
} from './errors';
export {
  parseKubectl,
  ROOT_COMMANDS,
  klogLine,
  SIMULATED_PID,
  type CommandName,
  type KubectlCommand,
  type ParseOptions,
  type ParseResult,
  type ResourceTarget,
  type MetadataChanges,
} from './parse';
export { HELP_PAGES, helpPage } from './help-pages';
export { printStructured, kubectlList, kubectlYaml } from './structured';
export { drainFilterErrors, evictionWaitTimedOut, missingLastAppliedWarning, pendingNodes, pendingPods, unableToDrain, type DrainProblem, type PodName } from './drain';
