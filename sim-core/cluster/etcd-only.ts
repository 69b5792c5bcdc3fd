// The Simulation (DESIGN.md §2 cluster/): a kernel with the processes of a topology, the
// client and control ports the terminal uses, and the action log's entry point
// `dispatch`. This file builds the `etcd-only` topology: a bare etcd cluster; the
// `default` topology (default-topology.ts) extends it. `createSimulation` (simulation.ts)
// picks between them.
import { Kernel, canonicalJson, hash64, type NetworkConfig, type TraceFilter, type TraceListener } from '../kernel';
import { EtcdMember } from '../etcd/server';
import { isBackgroundWire, type EtcdWire } from '../etcd/wire';
import { addressOfURL } from '../etcd/membership';
import type { KeyValue } from '../etcd/types';
import type { CommandOutput, EditorReopened, EtcdClientPort, LiveOutput, LiveWatch, MemberStatusRow, SimControlPort, SimResult } from '../cli/ports';
import type { Action } from './actions';
import { ClientProcess, SimEtcdClient } from './etcd-client';
import { SimControl } from './sim-control';
import { etcdOnlyMembers, joiningMember, type Timing } from './topology';

/** What a terminal command gets to work with. */
export interface SimulationPorts {
  etcd: EtcdClientPort;
  sim: SimControlPort;
  /** the learner's workspace files written by `writeFile` actions (`-f` paths) */
  files: ReadonlyMap<string, string>;
  /** a command that is the next pass of the kubectl edit before it: the file that one reopened */
  reopened?: EditorReopened;
  /** a `live` command (the browser's terminal): `kubectl get -w` leaves its watch running */
  live?: boolean;
}

/** Runs one terminal line (cli/ provides it: etcdctl, sim, later kubectl). */
export type CommandRunner = (line: string, stdin: string | undefined, ports: SimulationPorts) => CommandOutput;

export interface EtcdOnlySimulationOptions {
  topology: 'etcd-only';
  seed: number;
  /** etcd members, 1–7; default 3 */
  members?: number;
  timing?: Partial<Timing>;
  network?: Partial<NetworkConfig>;
  /** trace ring size; 0 for benchmarks. Default 10,000. */
  traceCapacity?: number;
  commandRunner?: CommandRunner;
  /** most ticks to wait at creation for the first leader; default 10,000 */
  bootCapTicks?: number;
}

/**
 * What an action did. `replaced`: the watch a new live command ended, as its last read
 * left it — the rows it printed since it was last read (during the new command's own ticks
 * too), and its exit code when it had ended by itself meanwhile (none: it was stopped).
 */
export type DispatchResult = { ok: true; output?: CommandOutput; replaced?: LiveOutput & { line: string } } | { ok: false; error: string };

/** The client's address on the network (`etcdctl` talks from here). */
export const CLIENT_ADDRESS = 'etcdctl';

export class Simulation {
  readonly kernel: Kernel<EtcdWire>;
  readonly etcd: SimEtcdClient;
  readonly control: SimControl;
  readonly files = new Map<string, string>();
  private readonly members = new Map<string, EtcdMember>();
  private groups: string[][] = [];
  /** settling does not stop before this tick (see runUntilIdle) */
  private busyUntil = 0;
  private runner: CommandRunner | undefined;
  /**
   * The last action's kubectl edit reopen (its line, the save and the file reopened, the tick
   * it ended at; `digest` for the snapshot): a reopened editor stays open only until the next
   * action or tick — the lab's Step ticks without a dispatch — and the next action, the same
   * line again at the same tick, is that kubectl's next pass (cli/kubectl/run/edit.ts). The
   * page's clock stands still and the lines after it wait while its dialog is open, so the
   * save of the reopened file is always the very next action.
   */
  private reopened: { line: string; reopened: EditorReopened; digest: string; at: number } | undefined;
  /** the watch a `live` command left running (the browser terminal's `kubectl get -w`), until an interrupt */
  private running: { line: string; watch: LiveWatch } | undefined;

  /** The reopen the next action is a next pass of, if no action or tick came since. */
  private reopenedNow(): { line: string; reopened: EditorReopened; digest: string } | undefined {
    return this.reopened !== undefined && this.reopened.at === this.now ? this.reopened : undefined;
  }

  constructor(readonly options: EtcdOnlySimulationOptions) {
    if (options.topology !== 'etcd-only') throw new Error(`createSimulation: unknown topology ${String(options.topology)}`);
    this.kernel = new Kernel<EtcdWire>({
      seed: options.seed,
      ...(options.network ? { network: options.network } : {}),
      traceCapacity: options.traceCapacity ?? 10_000,
      isBackground: isBackgroundWire,
    });
    this.runner = options.commandRunner;
    const client = new ClientProcess(CLIENT_ADDRESS);
    this.kernel.addProcess(client);
    this.etcd = new SimEtcdClient(this.kernel, client, (ep) => this.resolveMember(ep));
    this.control = this.createControl();
    for (const cfg of etcdOnlyMembers(options.seed, options.members ?? 3, options.timing)) {
      const m = new EtcdMember(cfg);
      this.members.set(cfg.name, m);
      this.kernel.addProcess(m);
    }
    for (const m of this.members.values()) m.start(this.kernel.contextOf(m.address)!);
    // a fresh cluster has elected a leader before the first command returns
    this.kernel.runUntil(() => this.leader() !== undefined && this.kernel.isIdle(), options.bootCapTicks ?? 10_000);
  }

  /** The `sim` commands' port; a richer topology gives a richer one. */
  protected createControl(): SimControl {
    return new SimControl(this);
  }

  get seed(): number {
    return this.options.seed;
  }

  get now(): number {
    return this.kernel.now;
  }

  setCommandRunner(runner: CommandRunner): void {
    this.runner = runner;
  }

  ports(): SimulationPorts {
    return { etcd: this.etcd, sim: this.control, files: this.files };
  }

  tick(n: number): void {
    this.kernel.runTicks(n);
  }

  /**
   * Run until no client-visible work is pending, at most capTicks; returns the ticks run.
   * After a heal, members that were cut off are found by the leader's next heartbeats
   * (background traffic, not "work"), so settling waits at least two election timeouts
   * past the heal for the catch-up to start.
   */
  runUntilIdle(capTicks: number): number {
    return this.kernel.runUntil(() => this.isSettled(), capTicks).ticks;
  }

  /** What `runUntilIdle` waits for: past the post-heal grace, and no client-visible work pending. */
  protected isSettled(): boolean {
    return this.now >= this.busyUntil && this.kernel.isIdle();
  }

  /** Run until `predicate` holds (checked before each tick) or capTicks pass. */
  runUntil(predicate: () => boolean, capTicks: number): { ok: boolean; ticks: number } {
    return this.kernel.runUntil(predicate, capTicks);
  }

  // ---- members ----

  /** Every member process, by name order (etcd-1, etcd-2, …). */
  memberList(): EtcdMember[] {
    return [...this.members.values()].sort((a, b) => a.config.raftId - b.config.raftId);
  }

  member(name: string): EtcdMember | undefined {
    const n = this.resolveMember(name);
    return n === undefined ? undefined : this.members.get(n);
  }

  isRunning(name: string): boolean {
    const m = this.members.get(name);
    return m !== undefined && m.running && this.kernel.isAlive(name) && !m.removed;
  }

  /** The running member that is leader in the highest term, if any. */
  leader(): EtcdMember | undefined {
    let best: EtcdMember | undefined;
    let bestTerm = -1;
    for (const m of this.memberList()) {
      if (!this.isRunning(m.address) || m.role !== 'leader') continue;
      const term = m.raftStatus()?.term ?? 0;
      if (term > bestTerm) {
        best = m;
        bestTerm = term;
      }
    }
    return best;
  }

  /** `etcd-2`, `http://etcd-2:2379`, `etcd-2:2380` → `etcd-2` (also a member added but not yet started). */
  resolveMember(target: string): string | undefined {
    if (this.members.has(target)) return target; // a member's own name (every load generator's send)
    const host = addressOfURL(target.includes('://') ? target : `x://${target}`);
    if (this.members.has(host)) return host;
    for (const m of this.members.values()) {
      if (m.sm === undefined) continue;
      for (const info of m.sm.membership.infos()) if (info.peerURLs.some((u) => addressOfURL(u) === host)) return host;
    }
    return undefined;
  }

  /** kill/restart answer with value '' (the terminal prints its own "killed etcd-2"). */
  kill(target: string): SimResult {
    const name = this.resolveMember(target);
    if (name === undefined || !this.members.has(name)) return { ok: false, error: `no member named ${target}` };
    const r = this.kernel.kill(name);
    if (!r.ok) return { ok: false, error: r.error };
    // its host closes the sockets of the dead process: a terminal's live watch on it hears
    // so (a RST) and reconnects, as clientv3 does; nobody else's connection is modelled
    if (this.etcd.process.watchesOn(name)) this.kernel.sendFromHost(name, CLIENT_ADDRESS, { kind: 'closed' });
    return { ok: true, value: '' };
  }

  /** Restart a killed member; start a member added with `member add` that has no process yet. */
  restart(target: string): SimResult {
    const name = this.resolveMember(target);
    if (name === undefined) return { ok: false, error: `no member named ${target}` };
    const existing = this.members.get(name);
    if (existing !== undefined) {
      const r = this.kernel.restart(name);
      return r.ok ? { ok: true, value: '' } : { ok: false, error: r.error };
    }
    const base = this.memberList()[0]!.config;
    const peers = this.anyMembership();
    const info = peers.find((i) => i.peerURLs.some((u) => addressOfURL(u) === name));
    if (info === undefined) return { ok: false, error: `no member named ${target}` };
    const m = new EtcdMember(joiningMember(base, info, name, peers));
    this.members.set(name, m);
    this.kernel.addProcess(m);
    m.start(this.kernel.contextOf(name)!);
    return { ok: true, value: '' };
  }

  private anyMembership() {
    const source = this.leader() ?? this.memberList().find((m) => m.sm !== undefined);
    return source?.sm?.membership.infos() ?? [];
  }

  /**
   * Split the members into groups that cannot reach each other; members named in no
   * group form one more group. Clients (etcdctl) still reach every member, as a
   * terminal on the course's host would: the cut is between peers.
   */
  partition(groups: string[][]): SimResult {
    const resolved: string[][] = [];
    const seen = new Set<string>();
    for (const g of groups) {
      const names: string[] = [];
      for (const t of g) {
        const n = this.resolveMember(t);
        if (n === undefined || !this.members.has(n)) return { ok: false, error: `no member named ${t}` };
        if (seen.has(n)) return { ok: false, error: `${n} is in two groups` };
        seen.add(n);
        names.push(n);
      }
      if (names.length > 0) resolved.push(names);
    }
    const rest = this.memberList().map((m) => m.address).filter((a) => !seen.has(a));
    if (rest.length > 0) resolved.push(rest);
    const net = this.kernel.network;
    net.heal();
    this.groups = resolved;
    resolved.forEach((g, i) => {
      for (const a of g) for (const [j, other] of resolved.entries()) if (j !== i) for (const b of other) net.blockLink(a, b);
    });
    this.kernel.trace.record({ tick: this.now, kind: 'fault', address: 'network', detail: { partition: resolved } });
    return { ok: true, value: resolved.map((g) => g.join(',')).join(' | ') };
  }

  heal(): SimResult {
    this.kernel.network.heal();
    this.busyUntil = this.now + 2 * (this.memberList()[0]?.config.electionTick ?? 100);
    this.groups = [];
    this.kernel.trace.record({ tick: this.now, kind: 'fault', address: 'network', detail: { heal: true } });
    return { ok: true, value: 'healed' };
  }

  /** One row per member for `sim status` (removed members are left out). */
  memberStatus(): MemberStatusRow[] {
    const rows: MemberStatusRow[] = [];
    for (const m of this.memberList()) {
      if (m.removed) continue;
      const st = this.isRunning(m.address) ? m.raftStatus() : undefined;
      const group = this.groups.findIndex((g) => g.includes(m.address));
      const row: MemberStatusRow = {
        name: m.address,
        role: st === undefined ? 'down' : st.role,
        term: st?.term ?? m.storage.initialState().hardState.term,
        commitIndex: st?.commit ?? m.storage.initialState().hardState.commit,
        appliedIndex: st === undefined ? 0 : m.applied,
        // entries still in the WAL after log compaction
        logLength: m.storage.lastIndex() - m.storage.firstIndex() + 1,
      };
      if (group >= 0) row.partition = String.fromCharCode(97 + group);
      rows.push(row);
    }
    return rows;
  }

  // ---- observation ----

  /** The live keyspace at the current revision, as the leader (or the named member) has applied it. */
  etcdContents(memberName?: string): KeyValue[] {
    const m = memberName !== undefined ? this.member(memberName) : (this.leader() ?? this.mostAdvanced());
    if (m?.sm === undefined) return [];
    const r = m.sm.store.range('\0', '\0');
    return r.ok ? r.value.kvs : [];
  }

  private mostAdvanced(): EtcdMember | undefined {
    let best: EtcdMember | undefined;
    for (const m of this.memberList()) if (m.sm !== undefined && (best === undefined || m.applied > best.applied)) best = m;
    return best;
  }

  /** Everything that defines the simulation's state, as plain data. */
  snapshot(): unknown {
    const reopened = this.reopenedNow();
    return {
      now: this.now,
      network: this.kernel.network.describe(),
      members: this.memberList().map((m) => ({
        name: m.address,
        running: this.isRunning(m.address),
        removed: m.removed,
        raft: m.raftStatus() ?? null,
        applied: m.applied,
        revision: m.sm?.store.currentRev ?? null,
        state: m.sm?.hash() ?? null,
        wal: { hardState: m.storage.initialState().hardState, firstIndex: m.storage.firstIndex(), lastIndex: m.storage.lastIndex() },
      })),
      files: [...this.files.entries()].sort(),
      // what the next command prints depends on it: a save of the reopened file unchanged gives up
      ...(reopened !== undefined ? { editorReopened: reopened.digest } : {}),
    };
  }

  stateHash(): string {
    return hash64(canonicalJson(this.snapshot()));
  }

  subscribe(listener: TraceListener, filter?: TraceFilter): () => void {
    return this.kernel.trace.subscribe(listener, filter);
  }

  // ---- the action log ----

  /** The line of the watch a `live` command left running, if one is. */
  runningCommand(): string | undefined {
    return this.running?.line;
  }

  /**
   * What the running watch printed since the last read (the terminal shows it as it comes);
   * undefined when none runs. Once it has ended by itself (`exitCode`), none runs.
   */
  readRunning(): (LiveOutput & { line: string }) | undefined {
    const running = this.running;
    if (running === undefined) return undefined;
    const out = running.watch.read();
    if (out.exitCode !== undefined) this.running = undefined;
    return { line: running.line, ...out };
  }

  private stopRunning(): void {
    this.running?.watch.stop();
    this.running = undefined;
  }

  dispatch(action: Action): DispatchResult {
    // any action closes a reopened editor; the same kubectl edit line is its next pass
    const last = this.reopenedNow();
    this.reopened = undefined;
    if (action.at !== undefined && action.at > this.now) this.tick(action.at - this.now);
    switch (action.type) {
      case 'tick':
        this.tick(action.ticks);
        return { ok: true };
      case 'writeFile':
        this.files.set(action.path, action.content);
        return { ok: true };
      case 'interrupt':
        this.stopRunning();
        return { ok: true };
      case 'command': {
        if (this.runner === undefined) return { ok: false, error: 'no command runner is plugged in (cli/ provides one)' };
        const base = action.live === true ? { ...this.ports(), live: true } : this.ports();
        const ports = last !== undefined && last.line === action.line ? { ...base, reopened: last.reopened } : base;
        const output = this.runner(action.line, action.stdin, ports);
        let replaced: (LiveOutput & { line: string }) | undefined;
        if (output.watch !== undefined) {
          // one watch runs at a time: a new one ends the one before, as Ctrl+C would; what
          // the old one printed up to now is read first (reading sends nothing) and handed on
          if (action.live === true) {
            const before = this.running;
            if (before !== undefined) replaced = { line: before.line, ...before.watch.read() };
            this.stopRunning();
            this.running = { line: action.line, watch: output.watch };
          }
          // a runner that was not asked for a live command must not leave one running
          else output.watch.stop();
        }
        if (output.edit !== undefined && action.stdin !== undefined) {
          const reopened = { edited: action.stdin, file: output.edit };
          this.reopened = { line: action.line, reopened, digest: hash64(canonicalJson(reopened)), at: this.now };
        }
        return replaced !== undefined ? { ok: true, output, replaced } : { ok: true, output };
      }
    }
  }
}
