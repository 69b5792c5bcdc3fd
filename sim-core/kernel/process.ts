// A process: anything with an address that talks only through the simulated network
// (an etcd member, the API server, a controller, a kubelet). The kernel calls it; it
// never calls the kernel except through its context, and never reads a clock or a
// global random source (DESIGN.md §2).
import type { Envelope } from './network';
import type { Prng } from './prng';

export interface ProcessContext<P = unknown> {
  /** the current tick (1 tick = 10 ms simulated) */
  readonly now: number;
  /** this process's address */
  readonly address: string;
  /** this process's own PRNG stream (kernel seed's child named after the address) */
  readonly rng: Prng;
  /** put a message on the network; latency and faults are the network's business */
  send(to: string, payload: P): void;
  /**
   * Call `fire` after `delayTicks` (>= 0) unless the process is killed first (a crash
   * loses its timers). `background` timers do not count as pending work for `isIdle`.
   * Returns an id for `cancelTimer`.
   */
  setTimer(delayTicks: number, fire: (ctx: ProcessContext<P>) => void, background?: boolean): number;
  cancelTimer(id: number): void;
  /** record a state change in the kernel's trace (plain data) */
  trace(detail: unknown): void;
  /** whether trace() records anything: a hot path need not build the detail when it does not */
  readonly tracing: boolean;
  /**
   * The process ends itself with this exit code (a binary that calls os.Exit, as
   * kube-scheduler does when it loses its lease): once the callback it is in returns,
   * the kernel stops it as a kill would (crash(), timers gone), but the life ends as an
   * exit, which the host's runtime may restart (a static Pod's kubelet does). Nothing
   * after the call in that callback should matter: it runs, and its sends still go out.
   * Asked outside a kernel callback (a topology's start()), it takes effect after the
   * process's next one.
   */
  exit(code: number): void;
}

export interface Process<P = unknown> {
  readonly address: string;
  /** a message arrived */
  receive(msg: Envelope<P>, ctx: ProcessContext<P>): void;
  /** once per tick, in sorted address order, while the process is alive */
  tick?(ctx: ProcessContext<P>): void;
  /** the process was killed: drop everything volatile (the kernel already stopped delivering to it) */
  crash?(): void;
  /** the process restarts: rebuild volatile state from what it persisted */
  restart?(ctx: ProcessContext<P>): void;
  /**
   * Whether the process has client-visible work outstanding (an uncommitted proposal, a
   * committed but unapplied entry, a request waiting for an answer). Periodic background
   * activity such as Raft heartbeats is not work. Absent = never has pending work.
   */
  hasPendingWork?(): boolean;
}
