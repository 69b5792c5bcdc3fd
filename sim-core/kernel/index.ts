// kernel/: the deterministic runtime every sim-core process runs on — seeded PRNG,
// integer tick clock, event queue, data-only network, trace, canonical JSON + hash.
export { Prng, hashName32 } from './prng';
export { TICK_MS, TICKS_PER_SECOND } from './clock';
export { EventQueue } from './queue';
export {
  Network,
  DEFAULT_NETWORK_CONFIG,
  type Envelope,
  type LatencyRange,
  type NetworkConfig,
  type DropReason,
  type SendOutcome,
} from './network';
export type { Process, ProcessContext } from './process';
export { Kernel, type KernelConfig, type KernelResult, type ProcessLife } from './kernel';
export { Trace, traceExitCode, traceRestartedBy, type TraceEvent, type TraceInput, type TraceKind, type TraceFilter, type TraceListener } from './trace';
export { canonicalJson, hash64, setOwn, stateHash } from './canonical';
export { sha256Hex } from './sha256';
export { utf8Length } from './utf8';
