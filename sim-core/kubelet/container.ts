// One container's life on the simulated runtime, as the kubelet drives it through the
// CRI: pull (or not, by imagePullPolicy) → create → start → run → exit → restart with
// CrashLoopBackOff's back-off, or stop on deletion. Every transition happens at a tick
// this object names (`nextDueAt`), so the kubelet can sleep until then. Status texts are
// the real ones (pkg/kubelet/images/types.go, kuberuntime_container.go).
import type { Container, ContainerStatus } from '../apiserver';
import { defaultImagePullPolicy } from '../apiserver';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { formatGoDuration } from '../cli/flags/go-values';
import { crashLoopDelaySeconds, imagePullBackoffSeconds, TICKS_PER_SECOND } from './backoff';
import { behaviourOf, type ContainerBehaviour } from './behaviour';
import { ContainerLog } from './containerLog';
import { imageDigest, imageVersion, lookupImage, type HttpRequestSeen, type ImageLookup } from './images';

export const CREATE_TICKS = 30;
/** how long ErrImagePull shows before the next sync turns it into ImagePullBackOff */
export const ERR_SHOW_TICKS = 100;
/** how long Error/Completed shows after an exit before the next sync acts on it */
export const EXIT_SHOW_TICKS = 100;
/** a process that honours SIGTERM stops in this many ticks */
export const SIGTERM_STOP_TICKS = 10;

export interface RuntimeEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/** The node's image store, shared by every container on the node. */
export interface ImageStore {
  has(canonical: string): boolean;
  add(canonical: string): void;
}

export interface PodIdentity {
  name: string;
  namespace: string;
  uid: string;
  restartPolicy: string;
  gracePeriodSeconds: number;
  /** the Pod's IP (what a program may print as its address) */
  podIP?: string;
}

interface Terminated {
  exitCode: number;
  reason: string;
  startedAt: number;
  finishedAt: number;
  containerID: string;
}

type Phase =
  | { kind: 'waiting-sandbox' }
  | { kind: 'pulling'; until: number }
  | { kind: 'pull-failed'; until: number; showUntil: number; message: string }
  | { kind: 'never-pull'; message: string }
  | { kind: 'creating'; until: number }
  | { kind: 'running'; since: number; exitAt: number | undefined }
  | { kind: 'exited'; until: number }
  | { kind: 'crash-backoff'; until: number; delaySeconds: number }
  | { kind: 'done' }
  | { kind: 'stopping'; until: number; exitCode: number }
  | { kind: 'stopped' };

/** A finished instance as ContainerStatus shows it (state or lastState). */
function terminatedState(t: Terminated): ContainerStatus['state'] {
  return {
    terminated: {
      exitCode: t.exitCode,
      reason: t.reason,
      startedAt: tickToTimestamp(t.startedAt),
      finishedAt: tickToTimestamp(t.finishedAt),
      containerID: t.containerID,
    },
  };
}

export class ContainerRuntime {
  restartCount = 0;
  private phase: Phase = { kind: 'waiting-sandbox' };
  private readonly lookup: ImageLookup;
  private readonly behaviour: ContainerBehaviour | undefined;
  private pullFailures = 0;
  private containerID = '';
  /** the most recent exit, and the one before it (lastState while showing the newest) */
  private last: Terminated | undefined;
  private previous: Terminated | undefined;
  /** this instance's log file, and the one before it (each line with the tick it was written at) */
  private log: ContainerLog | undefined;
  private previousLog: ContainerLog | undefined;

  constructor(
    readonly spec: Container,
    private readonly pod: PodIdentity,
    private readonly images: ImageStore,
    private readonly newId: () => string,
  ) {
    this.lookup = lookupImage(spec.image ?? '');
    this.behaviour = this.lookup.ok ? behaviourOf(spec, this.lookup.image, imageVersion(this.lookup.image, this.lookup.ref.tag)) : undefined;
  }

  get name(): string {
    return this.spec.name ?? '';
  }

  /** The running (or last) instance's container ID: a following log read is of one instance. */
  get instanceID(): string {
    return this.containerID;
  }

  /** The sandbox is up: the kubelet may pull and start. */
  sandboxReady(now: number): RuntimeEvent[] {
    if (this.phase.kind !== 'waiting-sandbox') return [];
    return this.beginPull(now);
  }

  /**
   * Begin a graceful stop (the Pod is being deleted), or shorten one under way: SIGTERM,
   * then SIGKILL when `graceSeconds` (the Pod's deletionGracePeriodSeconds) run out. A
   * process that honours SIGTERM exits 0 within SIGTERM_STOP_TICKS; a shell as PID 1
   * ignores it and dies of the SIGKILL with 137 (kuberuntime_container.go killContainer).
   */
  stop(now: number, graceSeconds = this.pod.gracePeriodSeconds): RuntimeEvent[] {
    const p = this.phase;
    const killAt = now + Math.max(0, graceSeconds) * TICKS_PER_SECOND;
    if (p.kind === 'stopping') {
      // a second delete with a shorter grace period brings the SIGKILL forward
      if (killAt < p.until) {
        this.phase = { kind: 'stopping', until: killAt, exitCode: 137 };
        this.log?.endAt(killAt - 1);
      }
      return [];
    }
    if (p.kind === 'stopped') return [];
    if (p.kind !== 'running') {
      this.phase = { kind: 'stopped' };
      return [];
    }
    const slow = this.behaviour?.ignoresSigterm === true;
    const termAt = now + SIGTERM_STOP_TICKS;
    const until = slow ? killAt : Math.min(termAt, killAt);
    this.phase = { kind: 'stopping', until, exitCode: slow || killAt < termAt ? 137 : 0 };
    // the process writes on until it dies (a line due as it is killed is not written)
    this.log?.endAt(until - 1);
    return [{ type: 'Normal', reason: 'Killing', message: `Stopping container ${this.name}` }];
  }

  isStopped(): boolean {
    return this.phase.kind === 'stopped' || this.phase.kind === 'done' || this.phase.kind === 'waiting-sandbox';
  }

  /**
   * Whether the container is on its way to a steady state (pulling, creating, stopping,
   * waiting for its first successful readiness probe): `sim settle` waits for these.
   * Back-offs and long-running commands are steady states: waiting for them would never end.
   */
  isSettling(now: number): boolean {
    const p = this.phase;
    if (p.kind === 'pulling' || p.kind === 'creating' || p.kind === 'stopping' || p.kind === 'exited') return true;
    if (p.kind === 'pull-failed') return p.showUntil > 0;
    if (p.kind === 'running') {
      const ready = this.readyAt();
      return ready !== undefined && ready > now;
    }
    return false;
  }

  /** The next tick at which something changes on its own, if any. */
  nextDueAt(now: number): number | undefined {
    const p = this.phase;
    switch (p.kind) {
      case 'pulling':
      case 'creating':
      case 'crash-backoff':
      case 'exited':
      case 'stopping':
        return p.until;
      case 'pull-failed':
        return p.showUntil > 0 ? p.showUntil : p.until;
      case 'running': {
        const ready = this.readyAt();
        const candidates = [p.exitAt, ready !== undefined && ready > now ? ready : undefined].filter((x): x is number => x !== undefined);
        return candidates.length === 0 ? undefined : Math.min(...candidates);
      }
      default:
        return undefined;
    }
  }

  /** Run every transition due at or before `now`. */
  advance(now: number): RuntimeEvent[] {
    const events: RuntimeEvent[] = [];
    for (let guard = 0; guard < 16; guard++) {
      const p = this.phase;
      if (p.kind === 'pulling' && now >= p.until) events.push(...this.pullDone(now));
      else if (p.kind === 'pull-failed' && p.showUntil > 0 && now >= p.showUntil) {
        this.phase = { ...p, showUntil: 0 };
        events.push({ type: 'Normal', reason: 'BackOff', message: `Back-off pulling image "${this.spec.image ?? ''}"` }, { type: 'Warning', reason: 'Failed', message: 'Error: ImagePullBackOff' });
      } else if (p.kind === 'pull-failed' && p.showUntil === 0 && now >= p.until) events.push(...this.beginPull(now));
      else if (p.kind === 'creating' && now >= p.until) events.push(...this.start(now));
      else if (p.kind === 'running' && p.exitAt !== undefined && now >= p.exitAt) this.exit(p.exitAt, this.behaviour?.exit?.code ?? 0);
      else if (p.kind === 'exited' && now >= p.until) events.push(...this.afterExit(now));
      else if (p.kind === 'crash-backoff' && now >= p.until) events.push(...this.restart(now));
      else if (p.kind === 'stopping' && now >= p.until) {
        this.record({ exitCode: p.exitCode, reason: p.exitCode === 0 ? 'Completed' : 'Error', startedAt: this.startedAt(), finishedAt: p.until, containerID: this.containerID });
        this.phase = { kind: 'stopped' };
      } else break;
    }
    return events;
  }

  // ---- transitions ----

  private pullPolicy(): string {
    return this.spec.imagePullPolicy ?? defaultImagePullPolicy(this.spec.image ?? '');
  }

  private beginPull(now: number): RuntimeEvent[] {
    const image = this.spec.image ?? '';
    const present = this.images.has(this.lookup.ref.canonical);
    const policy = this.pullPolicy();
    if (policy === 'Never' && !present) {
      const message = `Container image "${image}" is not present with pull policy of Never`;
      this.phase = { kind: 'never-pull', message };
      return [{ type: 'Warning', reason: 'ErrImageNeverPull', message }];
    }
    if (present && policy !== 'Always') {
      this.phase = { kind: 'creating', until: now + CREATE_TICKS };
      return [{ type: 'Normal', reason: 'Pulled', message: `Container image "${image}" already present on machine` }];
    }
    const seconds = present ? 0.5 : this.lookup.ok ? this.lookup.image.pullSeconds : 1;
    this.phase = { kind: 'pulling', until: now + Math.round(seconds * TICKS_PER_SECOND) };
    return [{ type: 'Normal', reason: 'Pulling', message: `Pulling image "${image}"` }];
  }

  private pullDone(now: number): RuntimeEvent[] {
    const image = this.spec.image ?? '';
    if (!this.lookup.ok) {
      this.pullFailures++;
      const backoff = imagePullBackoffSeconds(this.pullFailures) * TICKS_PER_SECOND;
      this.phase = { kind: 'pull-failed', until: now + backoff, showUntil: now + ERR_SHOW_TICKS, message: this.lookup.message };
      return [
        { type: 'Warning', reason: 'Failed', message: `Failed to pull image "${image}": ${this.lookup.message}` },
        { type: 'Warning', reason: 'Failed', message: 'Error: ErrImagePull' },
      ];
    }
    this.pullFailures = 0;
    this.images.add(this.lookup.ref.canonical);
    const secs = this.lookup.image.pullSeconds;
    this.phase = { kind: 'creating', until: now + CREATE_TICKS };
    return [{ type: 'Normal', reason: 'Pulled', message: `Successfully pulled image "${image}" in ${secs}s (${secs}s including waiting). Image size: ${this.lookup.image.sizeBytes} bytes.` }];
  }

  private start(now: number): RuntimeEvent[] {
    this.containerID = `containerd://${this.newId()}`;
    // the log of the instance before this one is what `kubectl logs --previous` shows
    this.previousLog = this.log;
    // a new file, which the process writes to from now on as it runs
    this.log = new ContainerLog(this.containerID, this.behaviour?.program.start(now, this.pod.podIP ?? ''));
    const exit = this.behaviour?.exit;
    const exitAt = exit !== undefined ? now + exit.afterTicks : undefined;
    this.phase = { kind: 'running', since: now, exitAt };
    return [
      { type: 'Normal', reason: 'Created', message: `Created container: ${this.name}` },
      { type: 'Normal', reason: 'Started', message: `Started container ${this.name}` },
    ];
  }

  private record(t: Terminated): void {
    this.previous = this.last;
    this.last = t;
  }

  private startedAt(): number {
    return this.phase.kind === 'running' ? this.phase.since : (this.runningSince ?? 0);
  }
  private runningSince: number | undefined;

  private exit(at: number, exitCode: number): void {
    const since = this.phase.kind === 'running' ? this.phase.since : at;
    this.runningSince = since;
    this.record({ exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: since, finishedAt: at, containerID: this.containerID });
    this.phase = { kind: 'exited', until: at + EXIT_SHOW_TICKS };
  }

  private shouldRestart(exitCode: number): boolean {
    const policy = this.pod.restartPolicy || 'Always';
    return policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0);
  }

  private afterExit(now: number): RuntimeEvent[] {
    const exitCode = this.last?.exitCode ?? 0;
    if (!this.shouldRestart(exitCode)) {
      this.phase = { kind: 'done' };
      return [];
    }
    const delaySeconds = crashLoopDelaySeconds(this.restartCount);
    if (delaySeconds === 0) return this.restart(now);
    this.phase = { kind: 'crash-backoff', until: now + delaySeconds * TICKS_PER_SECOND, delaySeconds };
    return [{ type: 'Warning', reason: 'BackOff', message: `Back-off restarting failed container ${this.name} in pod ${this.podRef()}` }];
  }

  private restart(now: number): RuntimeEvent[] {
    this.restartCount++;
    this.previous = undefined;
    this.phase = { kind: 'creating', until: now + CREATE_TICKS };
    return [{ type: 'Normal', reason: 'Pulled', message: `Container image "${this.spec.image ?? ''}" already present on machine` }];
  }

  private podRef(): string {
    return `${this.pod.name}_${this.pod.namespace}(${this.pod.uid})`;
  }

  // ---- what the status and probes see ----

  /** The tick from which the readiness probe succeeds; undefined = never (probe aims at a closed port). */
  readyAt(): number | undefined {
    if (this.phase.kind !== 'running') return undefined;
    const probe = this.spec.readinessProbe;
    if (!probe) return this.phase.since;
    // (a gRPC probe, like the others, passes once something listens on its port)
    const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
    if (port !== undefined) {
      const number = typeof port === 'number' ? port : (this.spec.ports ?? []).find((p) => p.name === port)?.containerPort;
      if (number === undefined || !(this.behaviour?.listens ?? []).includes(number)) return undefined;
    }
    return this.phase.since + (probe.initialDelaySeconds ?? 0) * TICKS_PER_SECOND;
  }

  isReady(now: number): boolean {
    const at = this.readyAt();
    return at !== undefined && now >= at;
  }

  isRunning(): boolean {
    return this.phase.kind === 'running' || this.phase.kind === 'stopping';
  }

  /** The tick the running process is due to exit by (its run ends, or a stop's SIGKILL), if it is due to. */
  exitsBy(): number | undefined {
    if (this.phase.kind === 'running') return this.phase.exitAt;
    if (this.phase.kind === 'stopping') return this.phase.until;
    return undefined;
  }

  /** ports the running process listens on (kube-proxy's curl reaches only these) */
  listeningPorts(): readonly number[] {
    return this.isRunning() ? (this.behaviour?.listens ?? []) : [];
  }

  /** Its server answered an HTTP request: the line its access log gets, written now. */
  served(now: number, request: HttpRequestSeen): void {
    const format = this.lookup.ok ? this.lookup.image.accessLog : undefined;
    if (format !== undefined && this.isRunning()) this.log?.append(now, format(request, { tick: now, podIP: this.pod.podIP ?? '' }));
  }

  /** The log file `kubectl logs [-p]` reads: this instance's (the last one's while none runs), or the one before it. */
  logFile(previous: boolean): { ok: true; file: ContainerLog } | { ok: false; error: string } {
    const empty = () => new ContainerLog(this.containerID, undefined);
    if (previous) {
      if (this.restartCount === 0 && !(this.phase.kind === 'exited' || this.phase.kind === 'crash-backoff')) {
        return { ok: false, error: `previous terminated container "${this.name}" in pod "${this.pod.name}" not found` };
      }
      return { ok: true, file: (this.isRunning() ? this.previousLog : this.log) ?? empty() };
    }
    const waiting = this.waitingReason();
    if (waiting !== undefined && this.last === undefined) {
      return { ok: false, error: `container "${this.name}" in pod "${this.pod.name}" is waiting to start: ${waiting}` };
    }
    return { ok: true, file: this.log ?? empty() };
  }

  /** The log file of an instance by its container ID (a following read goes on with the instance it began with). */
  logFileOf(instance: string): ContainerLog | undefined {
    return [this.log, this.previousLog].find((f) => f?.instance === instance);
  }

  /** repository@digest of the pulled image (the digest is fixed: computed once) */
  private imageID(): string {
    if (this.pulledImageID === undefined) this.pulledImageID = `${this.lookup.ref.repository}@${imageDigest(this.lookup.ref.canonical)}`;
    return this.pulledImageID;
  }
  private pulledImageID: string | undefined;

  private waitingReason(): string | undefined {
    const p = this.phase;
    switch (p.kind) {
      case 'waiting-sandbox':
      case 'pulling':
        return 'ContainerCreating';
      case 'creating':
        return this.restartCount === 0 && this.last === undefined ? 'ContainerCreating' : undefined;
      case 'pull-failed':
        return p.showUntil > 0 ? 'ErrImagePull' : 'ImagePullBackOff';
      case 'never-pull':
        return 'ErrImageNeverPull';
      case 'crash-backoff':
        return 'CrashLoopBackOff';
      default:
        return undefined;
    }
  }

  status(now: number): ContainerStatus {
    const p = this.phase;
    const image = this.lookup.ok && this.containerID ? this.lookup.ref.canonical : (this.spec.image ?? '');
    const imageID = this.lookup.ok && this.containerID ? this.imageID() : '';
    let state: ContainerStatus['state'];
    let lastState: ContainerStatus['lastState'] = this.last ? terminatedState(this.last) : {};
    const waiting = this.waitingReason();
    if (p.kind === 'running' || p.kind === 'stopping') {
      state = { running: { startedAt: tickToTimestamp(p.kind === 'running' ? p.since : this.startedAt()) } };
    } else if ((p.kind === 'exited' || p.kind === 'done' || p.kind === 'stopped' || (p.kind === 'creating' && waiting === undefined)) && this.last) {
      state = terminatedState(this.last);
      lastState = this.previous ? terminatedState(this.previous) : {};
    } else {
      const message =
        p.kind === 'pull-failed'
          ? p.showUntil > 0
            ? p.message
            : `Back-off pulling image "${this.spec.image ?? ''}": ErrImagePull: ${p.message}`
          : p.kind === 'never-pull'
            ? p.message
            : p.kind === 'crash-backoff'
              ? `back-off ${formatGoDuration(p.delaySeconds * 1e9)} restarting failed container=${this.name} pod=${this.podRef()}`
              : undefined;
      state = { waiting: { reason: waiting ?? 'ContainerCreating', ...(message ? { message } : {}) } };
    }
    const running = p.kind === 'running';
    return {
      name: this.name,
      state,
      lastState,
      ready: running && this.isReady(now),
      restartCount: this.restartCount,
      image,
      imageID,
      ...(this.containerID ? { containerID: this.containerID } : {}),
      started: running,
    };
  }
}
