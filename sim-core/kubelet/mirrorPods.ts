// The kubelet's side of its static Pods (pkg/kubelet/kubelet.go syncPod, the mirror-Pod
// part, and the status manager for them): for each static Pod, keep one mirror Pod in the
// API server whose config hash is the manifest's, and whose status says what the runtime
// says of the process. A mirror Pod that is missing is created; one being deleted, or left
// from another manifest, is deleted for good (grace period 0, with its uid as
// precondition: mirror_client.go DeleteMirrorPod) and then created again — so `kubectl
// delete pod kube-scheduler-control-plane -n kube-system` gives a new Pod object a moment
// later while the scheduler itself never stopped.
import type { Pod } from '../apiserver';
import type { ApiClient, ApiResult, Continuation, KubeObject, Lister } from '../client';
import { canonicalJson, type ProcessLife } from '../kernel';
import { statusPatch } from './status';
import { isMirrorOf, mirrorPod, mirrorPodName, staticPodStatus, STATIC_POD_NAMESPACE, type StaticPod } from './staticPods';

/** How long a failed mirror write waits before the kubelet tries again (its status manager's sync period, 10 s). */
const RETRY_TICKS = 1000;

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
}

export class MirrorPods {
  private readonly tracked: Tracked[];
  /** mirror Pods bound to this node for which it runs no static Pod (namespace/name → uid), to delete */
  private readonly orphans = new Map<string, string>();
  private orphanDeletes = 0;
  /** a failed orphan delete is sent again from here on */
  private orphansRetryAt = 0;

  constructor(
    pods: readonly StaticPod[],
    nodeName: string,
    private readonly lifeOf: (address: string) => ProcessLife | undefined,
    private readonly send: Send,
  ) {
    this.tracked = pods.map((pod) => ({ pod, name: mirrorPodName(pod.component, nodeName), seen: undefined, busy: false, retryAt: 0, noNodeUntil: 0, written: undefined }));
  }

  /** A request on its way, a retry still to come, or an orphan to delete. */
  hasPendingWork(): boolean {
    return this.orphanDeletes > 0 || this.orphans.size > 0 || this.tracked.some((t) => t.busy || t.retryAt > 0);
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
      const seen = `${mirror?.metadata?.uid ?? '-'}|${mirror?.metadata?.resourceVersion ?? ''}|${life.alive}|${life.kills}|${hostIP}|${node.uid}`;
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
      const status = staticPodStatus(t.pod, life, hostIP);
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
