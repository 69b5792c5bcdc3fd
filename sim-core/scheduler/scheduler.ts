// kube-scheduler's loop over the ApiClient: informers on Pods and Nodes, a queue of
// unbound Pods, one scheduling cycle per Pod, the bind, and the "unschedulable" pool
// whose Pods go back to the queue when the cluster changes (a Node added or updated, a
// bound Pod deleted or changed) or after 5 minutes (podMaxInUnschedulablePodsDuration),
// as pkg/scheduler/internal/queue does. Pods it has bound but not yet seen come back
// are "assumed" (internal/cache): they count on their node at once, so two Pods in the
// same tick cannot both take a node's last free cpu.
import type { Node, Pod } from '../apiserver';
import { deepCopy, Informer, objectKey, WorkQueue, type ApiClient, type KubeObject } from '../client';
import type { Prng } from '../kernel';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { schedulePod, DEFAULT_PROFILE, type SchedulerProfile } from './cycle';
import { newEvent } from './events';
import type { NodeInfo } from './nodeInfo';
import { NodeInfoCache } from './nodeInfoCache';
import { bindingRequest } from './binding';

export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
/** podMaxInUnschedulablePodsDuration: 5 minutes, in 10 ms ticks */
export const UNSCHEDULABLE_FLUSH_TICKS = 30_000;

export interface SchedulerOptions {
  schedulerName?: string;
  profile?: SchedulerProfile;
  /** record Scheduled / FailedScheduling Events (default true) */
  recordEvents?: boolean;
  /** told every decision (the process puts it in the kernel trace for the UI) */
  onDecision?: (decision: SchedulingDecision) => void;
}

export type SchedulingDecision = { pod: string; node: string } | { pod: string; unschedulable: string };

/** A Pod this scheduler should place: unbound, ours, not being deleted, not finished. */
export function isPendingForScheduler(pod: Pod, schedulerName = DEFAULT_SCHEDULER_NAME): boolean {
  if (pod.spec?.nodeName) return false;
  if (pod.metadata?.deletionTimestamp) return false;
  if ((pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) !== schedulerName) return false;
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

export class Scheduler {
  readonly pods: Informer<Pod & KubeObject>;
  readonly nodes: Informer<Node & KubeObject>;
  readonly queue = new WorkQueue();
  /** key → the tick it became unschedulable */
  private readonly unschedulable = new Map<string, number>();
  /** key → node, bound by us and not yet seen bound in the informer */
  private readonly assumed = new Map<string, { node: string; pod: Pod }>();
  /** NodeInfos kept current from the informers' events (the scheduler cache) */
  private readonly nodeInfos = new NodeInfoCache();
  private readonly schedulerName: string;
  private readonly profile: SchedulerProfile;
  private readonly recordEvents: boolean;
  private readonly onDecision: ((d: SchedulingDecision) => void) | undefined;
  private now = 0;
  private inFlight = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly rng: Prng,
    options: SchedulerOptions = {},
  ) {
    this.schedulerName = options.schedulerName ?? DEFAULT_SCHEDULER_NAME;
    this.profile = options.profile ?? DEFAULT_PROFILE;
    this.recordEvents = options.recordEvents ?? true;
    this.onDecision = options.onDecision;
    this.pods = new Informer(api, { resource: 'pods' });
    this.nodes = new Informer(api, { resource: 'nodes' });
    this.pods.addEventHandlers({
      onAdd: (p) => this.onPod(undefined, p),
      onUpdate: (o, p) => this.onPod(o, p),
      onDelete: (p) => {
        this.assumed.delete(objectKey(p));
        this.nodeInfos.setPod(objectKey(p), undefined);
        this.unschedulable.delete(objectKey(p));
        if (p.spec?.nodeName) this.moveAllToActive();
      },
    });
    this.nodes.addEventHandlers({
      onAdd: (n) => {
        this.nodeInfos.nodeChanged(n.metadata?.name ?? '');
        this.moveAllToActive();
      },
      onDelete: (n) => this.nodeInfos.nodeChanged(n.metadata?.name ?? ''),
      onUpdate: (o, n) => {
        this.nodeInfos.nodeChanged(n.metadata?.name ?? '');
        if (JSON.stringify(o.spec) !== JSON.stringify(n.spec) || JSON.stringify(o.metadata?.labels) !== JSON.stringify(n.metadata?.labels) || JSON.stringify(o.status?.allocatable) !== JSON.stringify(n.status?.allocatable)) {
          this.moveAllToActive();
        }
      },
    });
  }

  start(now: number): void {
    this.now = now;
    this.pods.run(now);
    this.nodes.run(now);
  }

  /** Work for one tick: informer retries, due requeues, then every queued Pod gets a cycle. */
  tick(now: number): void {
    this.now = now;
    this.pods.tick(now);
    this.nodes.tick(now);
    for (const [key, since] of [...this.unschedulable].sort()) {
      if (now - since >= UNSCHEDULABLE_FLUSH_TICKS) {
        this.unschedulable.delete(key);
        this.queue.add(key);
      }
    }
    this.queue.advance(now);
    this.drain();
  }

  /** Schedule every queued Pod (once both caches are synced). */
  drain(): void {
    if (!this.pods.hasSynced() || !this.nodes.hasSynced() || this.queue.len() === 0) return;
    // One snapshot for the whole batch (the scheduler cache's UpdateSnapshot); each Pod
    // bound in it is added to its node at once, as AssumePod does.
    const infos = this.nodeInfos.snapshot(() => this.nodes.lister.list());
    for (let key = this.queue.get(); key !== undefined; key = this.queue.get()) {
      this.scheduleOne(key, infos);
      this.queue.done(key);
    }
  }

  hasPendingWork(): boolean {
    return this.queue.len() > 0 || this.inFlight > 0 || this.pods.hasPendingWork() || this.nodes.hasPendingWork();
  }

  /** Pods waiting in the unschedulable pool, sorted (for the UI and tests). */
  unschedulablePods(): string[] {
    return [...this.unschedulable.keys()].sort();
  }

  private onPod(old: Pod | undefined, pod: Pod): void {
    const key = objectKey(pod);
    if (pod.spec?.nodeName || !this.assumed.has(key)) this.nodeInfos.setPod(key, pod);
    if (pod.spec?.nodeName) {
      this.assumed.delete(key);
      this.unschedulable.delete(key);
      // a bound Pod that finished or changed may have freed room
      if (old !== undefined && old.spec?.nodeName && old.status?.phase !== pod.status?.phase) this.moveAllToActive();
      return;
    }
    if (!isPendingForScheduler(pod, this.schedulerName)) return;
    // Our own status write (PodScheduled=False) must not send the Pod round again.
    if (old !== undefined && this.unschedulable.has(key) && JSON.stringify(old.spec) === JSON.stringify(pod.spec)) return;
    this.unschedulable.delete(key);
    this.queue.add(key);
  }

  private moveAllToActive(): void {
    for (const key of [...this.unschedulable.keys()].sort()) this.queue.add(key);
    this.unschedulable.clear();
  }

  private scheduleOne(key: string, infos: NodeInfo[]): void {
    const cached = this.pods.lister.get(key);
    if (!cached || !isPendingForScheduler(cached, this.schedulerName) || this.assumed.has(key)) return;
    const result = schedulePod(cached, infos, this.rng, this.profile);
    this.onDecision?.(result.ok ? { pod: key, node: result.node } : { pod: key, unschedulable: result.message });
    if (!result.ok) {
      this.unschedulable.set(key, this.now);
      this.markUnschedulable(cached, result.message);
      return;
    }
    // The assumed Pod (AssumePod): the cached one with spec.nodeName set. Cached objects
    // are frozen, so a shallow copy of the two levels that change is a safe copy.
    const bound: Pod = { ...cached, spec: { ...(cached.spec ?? {}), nodeName: result.node } };
    this.assumed.set(key, { node: result.node, pod: bound });
    const info = infos.find((i) => i.name === result.node);
    if (info) this.nodeInfos.assume(key, bound, info);
    this.inFlight++;
    this.api.request(bindingRequest(cached, result.node), (res) => {
      this.inFlight--;
      if (!res.ok) {
        // The bind failed (a stale cache, the Pod changed or is gone): forget the
        // assumption and try again with back-off, as the scheduler's error handler does.
        this.assumed.delete(key);
        this.nodeInfos.setPod(key, this.pods.lister.get(key));
        if (res.error.reason !== 'NotFound') this.queue.addRateLimited(key);
        return;
      }
      this.queue.forget(key);
      const ns = cached.metadata?.namespace ?? 'default';
      this.event(cached, 'Normal', 'Scheduled', `Successfully assigned ${ns}/${cached.metadata?.name ?? ''} to ${result.node}`);
    }, { readsAnswerOnly: true }); // the bound Pod it answers with is never read
  }

  /** PodScheduled=False, reason Unschedulable, with FitError's message (written once per new message). */
  private markUnschedulable(pod: Pod, message: string): void {
    this.event(pod, 'Warning', 'FailedScheduling', message);
    const current = (pod.status?.conditions ?? []).find((c) => c.type === 'PodScheduled');
    if (current?.status === 'False' && current.reason === 'Unschedulable' && current.message === message) return;
    const next = deepCopy(pod) as Pod;
    const condition = {
      type: 'PodScheduled',
      status: 'False',
      lastTransitionTime: current?.status === 'False' && current.lastTransitionTime ? current.lastTransitionTime : tickToTimestamp(this.now),
      reason: 'Unschedulable',
      message,
    };
    const others = (next.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    next.status = { ...(next.status ?? {}), phase: next.status?.phase ?? 'Pending', conditions: [...others, condition] };
    this.inFlight++;
    this.api.request({ verb: 'updateStatus', resource: 'pods', namespace: pod.metadata?.namespace ?? 'default', body: next }, () => {
      this.inFlight--;
    });
  }

  private event(pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string): void {
    if (!this.recordEvents) return;
    const ev = newEvent({ ...pod, kind: 'Pod', apiVersion: 'v1' }, type, reason, message, { component: this.schedulerName }, this.now, this.rng);
    this.api.request({ verb: 'create', resource: 'events', namespace: ev.metadata?.namespace ?? 'default', body: ev });
  }
}
