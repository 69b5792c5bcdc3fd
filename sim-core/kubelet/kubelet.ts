// The kubelet of one node over the ApiClient: it watches Pods (keeping those bound to
// its node), runs them on the simulated runtime, writes their status when it changes,
// records the runtime's Events, renews the node Lease every 10 s and posts node status,
// and finishes graceful deletion: a Pod with a deletionTimestamp has its containers
// stopped within its deletionGracePeriodSeconds (SIGTERM, then SIGKILL; a second delete
// with a shorter grace period shortens the stop), and once they have stopped the kubelet
// deletes the Pod for good — grace period 0 with a UID precondition, as the real status
// manager does — which removes it from etcd.
// The ApiClient has no field selector yet, so the informer lists every Pod and the
// handlers keep this node's.
import type { Node, Pod, PodStatus } from '../apiserver';
import { deepCopy, Informer, objectKey, ReflectorBackoff, sameJson, type ApiClient, type ApiResult, type Continuation, type ElectionLogLine, type KubeObject, type RequestOptions } from '../client';
import { hashName32, utf8Length, type Prng } from '../kernel';
import { newEvent } from '../scheduler/events';
import type { RuntimeEvent } from './container';
import { internalIP, LEASE_RENEW_TICKS, machineStatus, microTime, NODE_LEASE_DURATION_SECONDS, NODE_LEASE_NAMESPACE, NODE_STATUS_REPORT_TICKS, NODE_STATUS_UPDATE_TICKS, nodeLease, nodeStatusChanged, nodeStatusHeartbeat, type MachineStatus } from './heartbeat';
import { DueQueue } from './dueQueue';
import type { HttpRequestSeen } from './images';
import { PodIpAllocator } from './ipam';
import { FOLLOW_LOOKAHEAD_TICKS, readLog, readMore, type LogResume, type LogsResult, type PodLogOptions } from './logRead';
import { PodRuntime } from './podRuntime';
import { buildPodStatus, statusPatch } from './status';
import { MirrorPods } from './mirrorPods';
import { isMirrorPod, type StaticPod } from './staticPods';
import { klogLine } from './logFormats';
import type { ProcessLife } from '../kernel';

export interface KubeletOptions {
  nodeName: string;
  /** record Events for what the runtime does (default true) */
  recordEvents?: boolean;
  /** told every runtime event (the process puts it in the kernel trace for the UI) */
  onRuntimeEvent?: (pod: string, event: RuntimeEvent) => void;
  /** the static Pods this node runs (a control-plane node's kube-apiserver, kube-controller-manager, kube-scheduler), and what the runtime says of their processes */
  staticPods?: {
    pods: readonly StaticPod[];
    lifeOf: (address: string) => ProcessLife | undefined;
    /** what the process logged in this life (`back` 0), the life that ended last (1), or the one before it (2): its containers' logs */
    logOf?: (address: string, back: 0 | 1 | 2) => readonly ElectionLogLine[] | undefined;
    /** start a process that exited (not one that was killed) again: the container runtime's restart */
    startAgain?: (address: string, by: string) => void;
  };
}

export type { LogsResult } from './logRead';

/**
 * The status manager's syncPeriod (10 s): a status write or final delete that failed (the
 * API server was down) is sent again at its next batch (status_manager.go syncBatch).
 */
export const STATUS_SYNC_PERIOD_TICKS = 1000;

/** What kube-proxy's curl needs to know about a Pod IP: is something listening there, and what; and who to tell of a request it answered. */
export interface Backend {
  podKey: string;
  image: string;
  listens: readonly number[];
  /** the container listening on `port` answered an HTTP request (its access log gets a line) */
  served(port: number, request: HttpRequestSeen): void;
}

/**
 * The node's podCIDR. A Node registered without one (a hand-made topology) still runs
 * Pods: it gets a /24 in 10.244.0.0/16 derived from its name, as a stand-in for the
 * node IPAM controller that would have assigned one.
 */
/** The grace period a deleted Pod's containers get: deletionGracePeriodSeconds, else terminationGracePeriodSeconds (30). */
export function graceSecondsOf(pod: Pod): number {
  return pod.metadata?.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30;
}

export function podCidrOf(node: Node): string {
  const cidr = node.spec?.podCIDR;
  if (cidr) return cidr;
  return `10.244.${(hashName32(node.metadata?.name ?? '') % 200) + 50}.0/24`;
}

/** What the kubelet keeps for one Pod it runs (by uid). */
interface PodEntry {
  /** the Pod's uid (the key of Kubelet.runtimes) */
  uid: string;
  /** namespace/name */
  key: string;
  runtime: PodRuntime;
  /** the status last written (undefined before the first write) */
  written: PodStatus | undefined;
  /** the hostIP of the status last built */
  hostIP: string;
  /** the next tick the runtime changes on its own (also in the due queue) */
  dueAt: number | undefined;
  deleteSent: boolean;
  /** status writes sent so far: only the newest one's answer is remembered */
  writes: number;
  /** resourceVersion of the update that made this Pod wait for a sync, while nothing else did (see dropOwnEcho) */
  echoCandidate: string | undefined;
}

export class Kubelet {
  readonly nodeName: string;
  readonly pods: Informer<Pod & KubeObject>;
  private readonly recordEvents: boolean;
  private readonly onRuntimeEvent: KubeletOptions['onRuntimeEvent'];
  private node: Node | undefined;
  /** the node's InternalIP (a Pod's hostIP), kept with `node` */
  private hostIP = '';
  /** the machine facts of the Node's status as registered (capacity, addresses, nodeInfo): each status post puts them back */
  private machine: MachineStatus | undefined;
  private nodeFetch: 'none' | 'pending' | 'done' = 'none';
  /** a failed fetch of the Node waits as its informer's reflector would (the real kubelet reads it from a node informer) */
  private readonly nodeFetchBackoff = new ReflectorBackoff();
  private nextNodeFetchAt = 0;
  /** Pods whose newest status write or final delete failed: sent again at the status manager's next batch */
  private readonly unsynced = new Set<string>();
  private ipam: PodIpAllocator | undefined;
  private readonly images = new Set<string>();
  /** by Pod uid: its runtime, its key, and the status last written */
  private readonly runtimes = new Map<string, PodEntry>();
  private readonly dirty = new Set<string>();
  /** own-write echoes dropped since the last sync pass (see dropOwnEcho) */
  private droppedEchoes = 0;
  /** Pod uids by the tick their runtime next changes on its own (the pod workers' requeue) */
  private readonly due = new DueQueue();
  /** the node's image store, shared by its Pods' runtimes */
  private readonly imageStore = { has: (ref: string) => this.images.has(ref), add: (ref: string) => void this.images.add(ref) };
  /** Pod uid → namespace/name, for this node's Pods */
  private readonly keys = new Map<string, string>();
  private nextLeaseAt = 0;
  private nextNodeStatusAt = 0;
  /** when the status was last posted (kubelet lastStatusReportTime); undefined before the first */
  private lastStatusReportAt: number | undefined;
  private inFlight = 0;
  private now = 0;
  /** this node's static Pods' mirror Pods (none on a worker), and orphaned mirror Pods to delete */
  private readonly mirrors: MirrorPods;
  private readonly staticLogOf: NonNullable<KubeletOptions['staticPods']>['logOf'];
  private readonly staticLifeOf: (address: string) => ProcessLife | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly rng: Prng,
    options: KubeletOptions,
  ) {
    this.nodeName = options.nodeName;
    this.recordEvents = options.recordEvents ?? true;
    this.onRuntimeEvent = options.onRuntimeEvent;
    const statics = options.staticPods;
    this.mirrors = new MirrorPods(statics?.pods ?? [], options.nodeName, statics?.lifeOf ?? (() => undefined), (req, then) => this.send(req, then), statics?.startAgain);
    this.staticLogOf = statics?.logOf;
    this.staticLifeOf = statics?.lifeOf ?? (() => undefined);
    // pkg/kubelet/config/apiserver.go NewSourceApiserver: a kubelet lists and watches only
    // the Pods bound to its node (fieldSelector spec.nodeName=<node>), never the whole cluster's.
    this.pods = new Informer(api, { resource: 'pods', fieldSelector: `spec.nodeName=${options.nodeName}` });
    const touch = (p: Pod) => {
      if (p.spec?.nodeName !== this.nodeName) return;
      // a mirror Pod is only a record of a static Pod: MirrorPods looks after it, nothing runs for it
      if (isMirrorPod(p)) return this.mirrors.noteMirror(objectKey(p), p.metadata?.uid ?? '', false);
      const uid = p.metadata?.uid ?? objectKey(p);
      this.keys.set(uid, objectKey(p));
      const entry = this.runtimes.get(uid);
      // an update that finds the Pod already waiting for a sync is no echo (see dropOwnEcho)
      if (entry !== undefined) entry.echoCandidate = this.dirty.has(uid) ? undefined : p.metadata?.resourceVersion;
      this.dirty.add(uid);
    };
    this.pods.addEventHandlers({
      onAdd: touch,
      onUpdate: (_, p) => touch(p),
      onDelete: (p) => (isMirrorPod(p) ? this.mirrors.noteMirror(objectKey(p), p.metadata?.uid ?? '', true) : this.forget(p.metadata?.uid ?? '')),
    });
  }

  start(now: number): void {
    this.now = now;
    this.pods.run(now);
    this.fetchNode();
  }

  /** Requests in flight, Pods to sync, or Pods still starting or stopping (not back-offs: those never end). */
  hasPendingWork(): boolean {
    if (this.inFlight > 0 || this.dirty.size > 0 || this.droppedEchoes > 0 || this.unsynced.size > 0 || this.mirrors.hasPendingWork()) return true;
    if (this.nodeFetch !== 'done' || this.pods.hasPendingWork()) return true;
    for (const e of this.runtimes.values()) {
      if (e.runtime.isSettling(this.now) || (e.runtime.deleting && !e.deleteSent)) return true;
    }
    return false;
  }

  tick(now: number): void {
    this.now = now;
    this.pods.tick(now);
    if (this.nodeFetch === 'none' && now >= this.nextNodeFetchAt) this.fetchNode();
    if (now >= this.nextLeaseAt) {
      this.nextLeaseAt = now + LEASE_RENEW_TICKS;
      this.renewLease();
    }
    if (this.node && now >= this.nextNodeStatusAt) {
      this.nextNodeStatusAt = now + NODE_STATUS_UPDATE_TICKS;
      this.updateNodeStatus();
    }
    this.syncPods();
    // a static Pod's container is the kubelet's own business: restarted with or without an API server
    this.mirrors.restartExited(now);
    if (this.node && this.pods.hasSynced()) this.mirrors.sync(now, this.pods.lister, { name: this.nodeName, uid: this.node.metadata?.uid ?? '' }, this.hostIP);
  }

  // ---- pods ----

  private syncPods(): void {
    if (!this.ipam || !this.pods.hasSynced()) return;
    const now = this.now;
    this.droppedEchoes = 0;
    // (the dirty set is sorted below, so the order the due Pods come in does not matter)
    const next = this.due.peekAt();
    if (next !== undefined && next <= now) for (const uid of this.due.popDue(now)) this.dirty.add(uid);
    if (this.dirty.size === 0) return;
    for (const uid of [...this.dirty].sort()) {
      this.dirty.delete(uid);
      const key = this.keys.get(uid);
      const pod = key === undefined ? undefined : this.pods.lister.get(key);
      if (pod && (pod.metadata?.uid ?? key) === uid && pod.spec?.nodeName === this.nodeName) this.syncPod(uid, pod);
    }
  }

  private syncPod(uid: string, pod: Pod): void {
    const now = this.now;
    let entry = this.runtimes.get(uid);
    const events: RuntimeEvent[] = [];
    if (!entry) {
      const phase = pod.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') return;
      if (pod.metadata?.deletionTimestamp) {
        this.deletePod(pod);
        return;
      }
      const ip = (this.ipam as PodIpAllocator).allocate(uid);
      if (!ip.ok) {
        this.event(pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${ip.error}`);
        return;
      }
      const runtime = new PodRuntime(pod, now, this.imageStore, () => this.containerId(), ip.ip);
      entry = { uid, key: objectKey(pod), runtime, written: undefined, hostIP: '', dueAt: undefined, deleteSent: false, writes: 0, echoCandidate: undefined };
      this.runtimes.set(uid, entry);
    }
    // killPod with the Pod's deletionGracePeriodSeconds; a later delete may have shortened it
    if (pod.metadata?.deletionTimestamp) events.push(...entry.runtime.stop(now, graceSecondsOf(pod)));
    events.push(...entry.runtime.advance(now));
    for (const e of events) {
      this.onRuntimeEvent?.(entry.key, e);
      this.event(pod, e.type, e.reason, e.message);
    }
    entry.dueAt = entry.runtime.nextDueAt(now);
    if (entry.dueAt === undefined) this.due.cancel(uid);
    else this.due.schedule(uid, entry.dueAt);
    this.writeStatus(entry, pod);
    if (entry.runtime.deleting && entry.runtime.allStopped() && !entry.deleteSent) {
      entry.deleteSent = true;
      this.deletePod(pod);
    }
  }

  private writeStatus(entry: PodEntry, pod: Pod): void {
    const hostIP = this.hostIP;
    entry.hostIP = hostIP;
    const status = buildPodStatus(pod, entry.runtime, this.now, { hostIP });
    if (sameJson(status, entry.written)) return;
    entry.written = status;
    // The status manager PATCHes pods/status (status_manager.go syncPod →
    // statusutil.PatchPodStatus), never a PUT of the whole Pod: a PUT would carry the
    // kubelet's copy of the labels and annotations, and pods/status takes those from the
    // body (podStatusStrategy), so a change someone made since the kubelet's last read
    // would be undone. The patch names the Pod's uid and carries its status only.
    const write = ++entry.writes;
    const patch = { metadata: { uid: pod.metadata?.uid }, status: statusPatch(pod.status, status) };
    this.send({ verb: 'patch', resource: 'pods', namespace: pod.metadata?.namespace ?? 'default', name: pod.metadata?.name ?? '', subresource: 'status', patchType: 'application/merge-patch+json', patch }, (res) => {
      if (write !== entry.writes) return;
      if (res.ok) {
        this.unsynced.delete(entry.uid);
        this.dropOwnEcho(entry, (res.value as KubeObject).metadata?.resourceVersion);
      } else if (this.runtimes.get(entry.uid) === entry && worthRetrying(res)) {
        // not written after all: the next sync writes the whole status again
        entry.written = undefined;
        this.retryLater(entry.uid);
      }
    }, { readsAnswerOnly: true }); // only its resourceVersion is read: the answer may be the watch cache's Pod
  }

  /** Sync the Pod again at the status manager's next batch (or sooner, if its runtime is due sooner). */
  private retryLater(uid: string): void {
    this.unsynced.add(uid);
    const at = this.now + STATUS_SYNC_PERIOD_TICKS;
    const entry = this.runtimes.get(uid);
    if (entry?.dueAt !== undefined && entry.dueAt <= at) return;
    if (entry) entry.dueAt = at;
    this.due.schedule(uid, at);
  }

  /**
   * The answer to our newest status write came. If the only update waiting for a sync is
   * that write's own echo from the watch (the Pod at the resourceVersion the write answered
   * with, and nothing else since), the sync is dropped: it would rebuild the status just
   * written and change nothing. The kubelet's config source likewise passes a Pod whose
   * spec did not change as a RECONCILE, not an UPDATE that starts a pod worker
   * (pkg/kubelet/config/config.go checkAndUpdatePod). What falls due on the runtime is
   * still picked up by the due queue. Until the next sync pass the dropped echo still
   * counts as work (hasPendingWork), as the sync it stands for would have.
   */
  private dropOwnEcho(entry: PodEntry, resourceVersion: string | undefined): void {
    const uid = entry.uid;
    if (resourceVersion === undefined || entry.echoCandidate !== resourceVersion || !this.dirty.has(uid)) return;
    if (this.runtimes.get(uid) !== entry || this.hostIP !== entry.hostIP) return;
    this.dirty.delete(uid);
    this.droppedEchoes++;
  }

  /** The status manager's final delete: grace period 0 (remove now) with the Pod's uid as precondition; sent again if it failed. */
  private deletePod(pod: Pod): void {
    const uid = pod.metadata?.uid ?? objectKey(pod);
    this.send({ verb: 'delete', resource: 'pods', namespace: pod.metadata?.namespace ?? 'default', name: pod.metadata?.name ?? '', uid: pod.metadata?.uid, gracePeriodSeconds: 0 }, (res) => {
      if (res.ok || !worthRetrying(res) || !this.keys.has(uid)) {
        this.unsynced.delete(uid);
        return;
      }
      const entry = this.runtimes.get(uid);
      if (entry) entry.deleteSent = false;
      this.retryLater(uid);
    });
  }

  private forget(uid: string): void {
    this.unsynced.delete(uid);
    this.runtimes.delete(uid);
    this.due.cancel(uid);
    this.keys.delete(uid);
    this.dirty.delete(uid);
    this.ipam?.release(uid);
  }

  private containerId(): string {
    let id = '';
    for (let i = 0; i < 8; i++) id += this.rng.nextU32().toString(16).padStart(8, '0');
    return id;
  }

  // ---- node, lease ----

  private fetchNode(): void {
    this.nodeFetch = 'pending';
    this.inFlight++;
    this.api.request({ verb: 'get', resource: 'nodes', namespace: '', name: this.nodeName }, (res) => {
      this.inFlight--;
      if (!res.ok) {
        this.nodeFetch = 'none';
        this.nextNodeFetchAt = this.now + this.nodeFetchBackoff.next(this.now);
        return;
      }
      this.nodeFetch = 'done';
      this.setNode(res.value as Node);
      if (!this.ipam) this.ipam = new PodIpAllocator(podCidrOf(res.value as Node));
      this.nextNodeStatusAt = this.now;
    });
  }

  private setNode(node: Node): void {
    this.node = node;
    this.hostIP = internalIP(node);
    // what the kubelet registered with (the real one reads it from the machine each time)
    this.machine ??= machineStatus(node);
  }

  /** Get the Lease, create it if missing (the first heartbeat), else renew renewTime. */
  private renewLease(): void {
    const fresh = nodeLease(this.nodeName, this.node?.metadata?.uid, this.now);
    this.inFlight++;
    this.api.request({ verb: 'get', resource: 'leases', namespace: NODE_LEASE_NAMESPACE, name: this.nodeName }, (res) => {
      this.inFlight--;
      if (!res.ok) {
        if (res.error.reason === 'NotFound') this.send({ verb: 'create', resource: 'leases', namespace: NODE_LEASE_NAMESPACE, body: fresh });
        return;
      }
      const next = deepCopy(res.value) as typeof fresh;
      next.spec = { ...(next.spec ?? {}), holderIdentity: this.nodeName, leaseDurationSeconds: next.spec?.leaseDurationSeconds ?? NODE_LEASE_DURATION_SECONDS, renewTime: microTime(this.now) };
      this.send({ verb: 'update', resource: 'leases', namespace: NODE_LEASE_NAMESPACE, body: next });
    });
  }

  /** tryUpdateNodeStatus: read the Node, work out its status, post it if it changed or a report is due. */
  private updateNodeStatus(): void {
    this.inFlight++;
    this.api.request({ verb: 'get', resource: 'nodes', namespace: '', name: this.nodeName }, (res) => {
      this.inFlight--;
      if (!res.ok) return;
      const node = deepCopy(res.value) as Node;
      this.setNode(node);
      if (!this.ipam) this.ipam = new PodIpAllocator(podCidrOf(node));
      const status = nodeStatusHeartbeat(node, this.now, this.machine);
      const reportDue = this.lastStatusReportAt === undefined || this.now >= this.lastStatusReportAt + NODE_STATUS_REPORT_TICKS;
      if (!reportDue && !nodeStatusChanged(node.status, status)) return;
      node.status = status;
      this.lastStatusReportAt = this.now;
      this.send({ verb: 'updateStatus', resource: 'nodes', namespace: '', body: node as unknown as KubeObject });
    });
  }

  // ---- plumbing ----

  private send<R extends Parameters<ApiClient['request']>[0]>(req: R, then?: Continuation<R['verb']>, options?: RequestOptions): void {
    this.inFlight++;
    this.api.request(
      req,
      (res) => {
        this.inFlight--;
        then?.(res);
      },
      options,
    );
  }

  private event(pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string): void {
    if (!this.recordEvents) return;
    const ev = newEvent({ ...pod, kind: 'Pod', apiVersion: 'v1' }, type, reason, message, { component: 'kubelet', host: this.nodeName }, this.now, this.rng);
    this.api.request({ verb: 'create', resource: 'events', namespace: ev.metadata?.namespace ?? 'default', body: ev });
  }

  // ---- what kubectl logs and kube-proxy ask ----

  /**
   * `kubectl logs [-p] pod [-c container] [--tail …]`: the container's log as ReadLogs reads it
   * now, or the API server's error text. A following read (`follow`) says whether its stream
   * stays open, and `resume` goes on with one: the lines its instance wrote since.
   */
  logs(namespace: string, podName: string, options: PodLogOptions = {}, resume?: LogResume): LogsResult {
    const entry = [...this.runtimes.values()].find((e) => e.key === `${namespace}/${podName}`);
    if (!entry && this.pods.lister.get(`${namespace}/${podName}`) !== undefined) {
      const s = this.mirrors.staticPodOf(`${namespace}/${podName}`);
      if (s !== undefined) return this.staticPodLogs(s, podName, options);
    }
    if (!entry) return { ok: false, error: `pods "${podName}" not found` };
    const c = entry.runtime.container(options.container);
    if (!c) return { ok: false, error: `container ${options.container ?? ''} is not valid for pod ${podName}` };
    const previous = options.previous === true;
    let file = resume === undefined ? undefined : c.logFileOf(resume.instance);
    if (resume !== undefined && file === undefined) return { ok: true, text: '', stream: { ...resume, open: false } };
    if (file === undefined) {
      const r = c.logFile(previous);
      if (!r.ok) return r;
      file = r.file;
    }
    const { lines, first } = file.read(this.now);
    const text = resume === undefined ? readLog(lines, options, this.now) : readMore(lines.slice(Math.max(0, resume.next - first)), options, resume.written);
    if (options.follow !== true) return { ok: true, text };
    const written = (resume?.written ?? 0) + utf8Length(text);
    const usedUp = options.limitBytes !== undefined && written >= options.limitBytes;
    const open = !previous && file.instance === c.instanceID && c.isRunning() && !usedUp;
    const endsBy = open ? c.exitsBy() : undefined;
    const nextLineAt = open ? file.nextLineAt(this.now, this.now + FOLLOW_LOOKAHEAD_TICKS) : undefined;
    return {
      ok: true,
      text,
      stream: {
        instance: previous ? `previous:${c.instanceID}` : file.instance,
        open,
        ...(endsBy !== undefined ? { endsBy } : {}),
        ...(nextLineAt !== undefined ? { nextLineAt } : {}),
        next: first + lines.length,
        written,
      },
    };
  }

  /**
   * A static Pod's log: what its process wrote, which in the simulation is its leader
   * election (kube-controller-manager and kube-scheduler; the API server writes nothing
   * here), in klog's format. Which container's log, as the kubelet picks it
   * (kubelet_pods.go validateContainerLogStatus): while the process runs, this life's, and
   * `--previous` the life before; while it is down (killed, or exited), the life that just
   * ended, and `--previous` the one before that, except in a back-off (CrashLoopBackOff),
   * where both read the life that just ended (the status's lastState). A follow reads what
   * there is and ends.
   */
  private staticPodLogs(s: StaticPod, podName: string, options: PodLogOptions): LogsResult {
    const name = s.manifest.spec?.containers?.[0]?.name ?? s.component;
    if (options.container !== undefined && options.container !== name) return { ok: false, error: `container ${options.container} is not valid for pod ${podName}` };
    const previous = options.previous === true;
    const down = this.staticLifeOf(s.address)?.alive === false;
    const back = !down ? (previous ? 1 : 0) : this.mirrors.crashLooping(s.address) ? 1 : previous ? 2 : 1;
    const written = this.staticLogOf?.(s.address, back);
    if (previous && written === undefined) return { ok: false, error: `previous terminated container "${name}" in pod "${podName}" not found` };
    const lines = (written ?? []).map((l) => ({ at: l.at, text: klogLine(l.at, l.severity, l.source, l.message) }));
    const text = readLog(lines, options, this.now);
    if (options.follow !== true) return { ok: true, text };
    return { ok: true, text, stream: { instance: `static:${s.address}`, open: false, next: lines.length, written: utf8Length(text) } };
  }

  /** The running container behind a Pod IP on this node, if any. */
  backend(ip: string): Backend | undefined {
    for (const e of this.runtimes.values()) {
      if (e.runtime.podIP !== ip || !e.runtime.sandboxReady) continue;
      const c = e.runtime.containers.find((x) => x.listeningPorts().length > 0) ?? e.runtime.containers[0];
      const containers = e.runtime.containers;
      const served = (port: number, request: HttpRequestSeen) => containers.find((x) => x.listeningPorts().includes(port))?.served(this.now, request);
      return { podKey: e.key, image: c?.spec.image ?? '', listens: containers.flatMap((x) => [...x.listeningPorts()]), served };
    }
    return undefined;
  }
}

/** A write the status manager sends again: not when the Pod is gone (404) or is another Pod now (409, the uid precondition). */
function worthRetrying(res: ApiResult<unknown>): boolean {
  return !res.ok && res.error.reason !== 'NotFound' && res.error.reason !== 'Conflict';
}
