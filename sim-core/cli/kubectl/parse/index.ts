// kubectl's command line parsed into a typed command, or kubectl's own refusal text.
export { parseKubectl, type CommandName, type KubectlCommand, type ParseOptions, type ParseResult } from './parse';
export type { ResourceTarget, MetadataChanges } from './resources';
export { ROOT_COMMANDS } from './flags';
export { klogLine, SIMULATED_PID } from './klog';
