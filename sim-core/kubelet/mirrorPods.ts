// The kubelet's side of its static Pods (pkg/kubelet/kubelet.go syncPod, the mirror-Pod
// part, and the status manager for them): for each static Pod, keep one mirror Pod in the
// API server whose config hash is the manifest's, and whose status says what the runtime
// says of the process. A mirror Pod that is missing is created; one being deleted, or left
// from another manifest, is deleted for good (grace period 0, with its uid as
// precondition: mirror_client.go DeleteMirrorPod) and then created again — so `kubectl
// delete pod kube-scheduler-control-plane -n kube-system` gives a new Pod object a moment
// later while the scheduler itself never stopped.
//
// It also restarts a static Pod's container that exited (pkg/kubelet/kuberuntime
// computePodActions → doBackOff): kube-scheduler and kube-controller-manager exit when they
// lose their lease, and on a kubeadm cluster `RESTARTS` then counts it. That needs no API
// server — it is what static Pods are for. The first restart comes at the next relist
// (about a second); one within ten minutes of the last waits out a back-off of 10 s, 20 s …
// 300 s (flowcontrol.Backoff), in CrashLoopBackOff. A process the learner killed
// (`sim kill`) stays down: the simulation's kill stands for a container that does not come
// back.
import type { Pod } from '../apiserver';
import type { ApiClient, ApiResult, Continuation, KubeObject, Lister } from '../client';
import { canonicalJson, type ProcessLife } from '../kernel';
import { INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS, TICKS_PER_SECOND } from './backoff';
import { EXIT_SHOW_TICKS } from './container';
import { statusPatch } from './status';
import { isMirrorOf, mirrorPod, mirrorPodName, startingUp, staticPodHash, staticPodStatus, STATIC_POD_NAMESPACE, type StaticPod } from './staticPods';

/** How long a failed mirror write waits before the kubelet tries again (its status manager's sync period, 10 s). */
const RETRY_TICKS = 1000;
const INITIAL_BACKOFF_TICKS = INITIAL_BACKOFF_SECONDS * TICKS_PER_SECOND;
const MAX_BACKOFF_TICKS = MAX_BACKOFF_SECONDS * TICKS_PER_SECOND;

type Send = <R extends Parameters<ApiClient['request']>[0]>(req: R, then: Continuation<R['verb']>) => void;

interface Tracked {
  pod: StaticPod;
  name: string;
  /** what the last check saw (mirror uid and resourceVersion, process life, host): a check is redone only when it changes */
  seen: string | undefined;
  busy: boolean;
  /** a failed request is sent again from here on (pending work, as the status manager's retries) */
  retryAt: number;
  /** with no Node to own it, no mirror Pod is written: looked at again from here on (not pending work: it may never come back) */
  noNodeUntil: number;
  /** our last status write: the mirror Pod's uid, the resourceVersion it left it at, and the status it wrote (canonical JSON) */
  written: { uid: string; resourceVersion: string; status: string } | undefined;
  /** the container's back-off entry (flowcontrol.Backoff): the next wait, and when it was last moved on */
  backoff: { ticks: number; lastUpdate: number } | undefined;
  /** while the exited container waits out its back-off: the wait in seconds (its status says CrashLoopBackOff) */
  crashLoopSeconds: number | undefined;
}

export class MirrorPods {
  private readonly tracked: Tracked[];
  /** mirror Pods bound to this node for which it runs no static Pod (namespace/name → uid), to delete */
  private readonly orphans = new Map<string, string>();
  private orphanDeletes = 0;
  /** a failed orphan delete is sent again from here on */
  private orphansRetryAt = 0;
  /** the tick of the last sync or restart check (what hasPendingWork judges a startup probe by) */
  private now = 0;

  constructor(
    pods: readonly StaticPod[],
    private readonly nodeName: string,
    private readonly lifeOf: (address: string) => ProcessLife | undefined,
    private readonly send: Send,
    /** starts a static Pod's process that exited, again (undefined: nothing restarts them) */
    private readonly startAgain?: (address: string, by: string) => void,
  ) {
    this.tracked = pods.map((pod) => ({
      pod,
      name: mirrorPodName(pod.component, nodeName),
      seen: undefined,
      busy: false,
      retryAt: 0,
      noNodeUntil: 0,
      written: undefined,
      backoff: undefined,
      crashLoopSeconds: undefined,
    }));
  }

  /** A request on its way, a retry still to come, an orphan to delete, an exited container about to be started again (a back-off is not: it may go on for minutes), or one started that waits for its startup probe. */
  hasPendingWork(): boolean {
    return this.orphanDeletes > 0 || this.orphans.size > 0 || this.tracked.some((t) => t.busy || t.retryAt > 0 || this.restartPending(t) || this.probing(t));
  }

  private probing(t: Tracked): boolean {
    const life = this.lifeOf(t.pod.address);
    return life !== undefined && startingUp(t.pod, life, this.now);
  }

  /** Whether the static Pod running as `address` waits out a back-off before its container starts again (CrashLoopBackOff). */
  crashLooping(address: string): boolean {
    return this.tracked.some((t) => t.pod.address === address && t.crashLoopSeconds !== undefined);
  }

  private restartPending(t: Tracked): boolean {
    if (this.startAgain === undefined || t.crashLoopSeconds !== undefined) return false;
    const life = this.lifeOf(t.pod.address);
    return life !== undefined && !life.alive && life.exited;
  }

  /**
   * Every tick, API server or not: a static Pod's container that exited is started again,
   * at the relist that notices it (EXIT_SHOW_TICKS after the exit) unless its back-off
   * entry says to wait (kuberuntime doBackOff, flowcontrol.Backoff IsInBackOffSince / Next:
   * no entry, or one untouched for twice the 300 s cap, starts it at once and sets 10 s;
   * else it waits that long after the exit, and the next wait doubles).
   */
  restartExited(now: number): void {
    this.now = now;
    if (this.startAgain === undefined) return;
    for (const t of this.tracked) {
      const life = this.lifeOf(t.pod.address);
      if (life === undefined || life.alive || !life.exited || life.killedAt === undefined) {
        t.crashLoopSeconds = undefined;
        continue;
      }
      const exitedAt = life.killedAt;
      if (now < exitedAt + EXIT_SHOW_TICKS) continue;
      const entry = t.backoff;
      const fresh = entry === undefined || exitedAt - entry.lastUpdate > 2 * MAX_BACKOFF_TICKS;
      if (!fresh && now - exitedAt < entry.ticks) {
        t.crashLoopSeconds = entry.ticks / TICKS_PER_SECOND;
        continue;
      }
      t.backoff = fresh ? { ticks: INITIAL_BACKOFF_TICKS, lastUpdate: now } : { ticks: Math.min(2 * entry.ticks, MAX_BACKOFF_TICKS), lastUpdate: now };
      t.crashLoopSeconds = undefined;
      this.startAgain(t.pod.address, `kubelet@${this.nodeName}`);
    }
  }

  /** Whether `key` (namespace/name) names one of this node's static Pods' mirror Pods. */
  owns(key: string): boolean {
    return this.staticPodOf(key) !== undefined;
  }

  /** The static Pod whose mirror Pod `key` (namespace/name) names, on this node. */
  staticPodOf(key: string): StaticPod | undefined {
    return this.tracked.find((t) => `${STATIC_POD_NAMESPACE}/${t.name}` === key)?.pod;
  }

  /**
   * A mirror Pod bound to this node came or changed: one the kubelet has no static Pod for
   * is an orphan, deleted for good (kubelet_pods.go HandlePodCleanups → DeleteMirrorPod;
   * here with its uid as precondition, so that a Pod created since under the same name is
   * not taken with it). Nothing runs for any mirror Pod.
   */
  noteMirror(key: string, uid: string, deleted: boolean): void {
    if (this.owns(key)) return;
    if (deleted) this.orphans.delete(key);
    else this.orphans.set(key, uid);
  }

  sync(now: number, lister: Lister<Pod & KubeObject>, node: { name: string; uid: string }, hostIP: string): void {
    this.now = now;
    if (now >= this.orphansRetryAt) {
      for (const [key, uid] of this.orphans) {
        this.orphans.delete(key);
        const [namespace = '', name = ''] = key.split('/');
        this.orphanDeletes++;
        this.send({ verb: 'delete', resource: 'pods', namespace, name, uid, gracePeriodSeconds: 0 }, (res) => {
          this.orphanDeletes--;
          // gone, or another Pod now: done; else (the API server was down) again at the next retry
          if (res.ok || res.error.reason === 'NotFound' || res.error.reason === 'Conflict' || this.orphans.has(key)) return;
          this.orphans.set(key, uid);
          this.orphansRetryAt = now + RETRY_TICKS;
        });
      }
    }
    for (const t of this.tracked) {
      if (t.busy || now < t.retryAt || now < t.noNodeUntil) continue;
      t.retryAt = 0;
      const mirror = lister.get(`${STATIC_POD_NAMESPACE}/${t.name}`);
      const life = this.lifeOf(t.pod.address);
      if (life === undefined) continue;
      const seen = `${mirror?.metadata?.uid ?? '-'}|${mirror?.metadata?.resourceVersion ?? ''}|${life.alive}|${life.kills}|${t.crashLoopSeconds ?? ''}|${startingUp(t.pod, life, now)}|${hostIP}|${node.uid}`;
      if (seen === t.seen) continue;
      t.seen = seen;
      if (mirror === undefined) {
        this.createMirror(t, now, node.name);
        continue;
      }
      const uid = mirror.metadata?.uid ?? '';
      if (mirror.metadata?.deletionTimestamp !== undefined || !isMirrorOf(mirror, t.pod, node.name)) {
        this.request(t, now, { verb: 'delete', resource: 'pods', namespace: STATIC_POD_NAMESPACE, name: t.name, uid, gracePeriodSeconds: 0 });
        continue;
      }
      const crashLoop = t.crashLoopSeconds === undefined ? undefined : { seconds: t.crashLoopSeconds, podRef: `${t.name}_${STATIC_POD_NAMESPACE}(${staticPodHash(t.pod.manifest, this.nodeName)})` };
      const status = staticPodStatus(t.pod, life, hostIP, crashLoop, now);
      // nothing to write: what is stored says what the runtime says, or it is our own last
      // write of this very status, which nobody changed since (the server may keep it in
      // another shape: writing it again would change nothing)
      const text = canonicalJson(status);
      const ours = t.written?.uid === uid && t.written.resourceVersion === mirror.metadata?.resourceVersion && t.written.status === text;
      if (ours || text === canonicalJson(mirror.status ?? {})) continue;
      const patch = { metadata: { uid }, status: statusPatch(mirror.status, status) };
      this.request(t, now, { verb: 'patch', resource: 'pods', namespace: STATIC_POD_NAMESPACE, name: t.name, subresource: 'status', patchType: 'application/merge-patch+json', patch }, (written) => {
        t.written = { uid, resourceVersion: written.metadata?.resourceVersion ?? '', status: text };
      });
    }
  }

  /**
   * Create the mirror Pod, owned by the Node as it is now. The kubelet reads its Node first
   * and writes no mirror Pod for a Node that is gone (kubelet.go: a missing or deleting Node
   * is left alone): the garbage collector would only delete a Pod owned by a Node that no
   * longer exists, and the kubelet would write it again, and again.
   */
  private createMirror(t: Tracked, now: number, nodeName: string): void {
    t.busy = true;
    this.send({ verb: 'get', resource: 'nodes', namespace: '', name: nodeName }, (res) => {
      t.busy = false;
      t.seen = undefined;
      if (!res.ok) {
        if (res.error.reason === 'NotFound') t.noNodeUntil = now + RETRY_TICKS;
        else t.retryAt = now + RETRY_TICKS;
        return;
      }
      const node = res.value as KubeObject;
      if (node.metadata?.deletionTimestamp !== undefined) {
        t.noNodeUntil = now + RETRY_TICKS;
        return;
      }
      this.request(t, now, { verb: 'create', resource: 'pods', namespace: STATIC_POD_NAMESPACE, body: mirrorPod(t.pod, { name: nodeName, uid: node.metadata?.uid ?? '' }) as KubeObject });
    });
  }

  private request(t: Tracked, now: number, req: Parameters<ApiClient['request']>[0], done?: (answer: KubeObject) => void): void {
    t.busy = true;
    this.send(req, (res: ApiResult<unknown>) => {
      t.busy = false;
      t.seen = undefined; // look again: the answer changed what there is
      if (res.ok || res.error.reason === 'NotFound' || res.error.reason === 'Conflict' || res.error.reason === 'AlreadyExists') {
        if (res.ok) done?.(res.value as KubeObject);
      } else t.retryAt = now + RETRY_TICKS;
    });
  }
}
