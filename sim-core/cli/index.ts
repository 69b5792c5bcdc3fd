// The terminal of the simulation: etcdctl 3.4, kubectl 1.32, the `sim` commands, the scenario runner.
// cli/ reaches the cluster only through the ports in ./ports.
export type {
  CallOptions,
  CommandOutput,
  EditorReopen,
  Endpoint,
  EtcdClientPort,
  MemberStatusRow,
  SimControlPort,
  SimResult,
  StoredObjectsPort,
} from './ports';
export { editorOpenFor, runCommandLine, runTerminalCommand, PROGRAMS, type CommandContext, type Program, type TerminalPorts } from './command-line';
export {
  runScenario,
  parseScenario,
  parseScenarioHeader,
  scenarioCluster,
  type ScenarioOptions,
  type ScenarioResult,
  type ScenarioLine,
  type ScenarioHeader,
  type ScenarioClusterOverrides,
} from './scenario';
export { runKubectl, REQUEST_TIMEOUT_TICKS, type EditorOpen, type KubectlPorts, type PodLogsPort, type PodLogsResult } from './kubectl/run/index';
export { runEtcdctl, type EtcdctlEnv } from './etcdctl/index';
export { runSim, SIM_USAGE, DEFAULT_SETTLE_CAP } from './sim/index';
export { tokenize } from './shell/tokenize';
