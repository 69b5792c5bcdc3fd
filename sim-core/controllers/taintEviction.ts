// The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go; its own
// controller, `taint-eviction-controller`, since 1.29). It evicts Pods from nodes with
// NoExecute taints they do not tolerate: at once when some taint is not tolerated at all,
// otherwise after the smallest tolerationSeconds among the tolerations used (none set =
// tolerated forever). The clock starts when the controller first sees the taint, and a
// scheduled eviction keeps its start when the taints change (processPodOnNode). Each
// eviction records `TaintManagerEviction` "Marking for deletion Pod <ns>/<name>", adds
// the DisruptionTarget condition (reason DeletionByTaintManager) and deletes the Pod; a
// cancelled one records "Cancelling deletion of Pod <ns>/<name>". The API server gives
// every Pod 300 s tolerations of not-ready and unreachable (DefaultTolerationSeconds).
// One work queue carries both of the real controller's queues: a Node name or a Pod key.
import type { Node, Pod, Taint, Toleration } from '../apiserver';
import { deepCopy, objectKey, sameJson, splitKey, type EventHandlers, type KubeObject, type Lister } from '../client';
import { toleratesTaint } from '../scheduler/taints';
import type { ControllerContext, ReconcileResult } from './context';
import type { EventRecorder } from './events';
import { TICKS_PER_SECOND } from '../kernel/clock';

/** deletePodHandler's attempts */
const DELETE_ATTEMPTS = 5;

export interface TaintEvictionControllerDeps {
  pods: Lister<Pod & KubeObject>;
  nodes: Lister<Node & KubeObject>;
  ctx: ControllerContext;
  recorder?: EventRecorder;
}

/** A TimedWorkerQueue entry: created when first scheduled; fired entries stay until the Pod is gone. */
interface ScheduledEviction {
  createdAt: number;
  fireAt: number;
  fired: boolean;
}

function noExecuteTaints(node: Node | undefined): Taint[] {
  return (node?.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** v1helper.GetMatchingTolerations: every taint needs a toleration; returns the ones used. */
export function matchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[]): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * PodUpdated's helper.Semantic.DeepEqual(oldTolerations, newTolerations), field by field:
 * asked on every Pod update (most are status updates that leave the tolerations alone),
 * so without writing both lists out as JSON to compare the text.
 */
export function sameTolerations(a: readonly Toleration[], b: readonly Toleration[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Toleration;
    const y = b[i] as Toleration;
    if (x.key !== y.key || x.operator !== y.operator || x.value !== y.value || x.effect !== y.effect || x.tolerationSeconds !== y.tolerationSeconds) return false;
  }
  return true;
}

/** getMinTolerationTime in ticks: -1 = forever; a toleration of 0 s or less means now. */
export function minTolerationTicks(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * TICKS_PER_SECOND;
}

export class TaintEvictionController {
  /** node → its NoExecute taints, as last seen */
  private readonly taintedNodes = new Map<string, Taint[]>();
  private readonly evictions = new Map<string, ScheduledEviction>();

  constructor(private readonly deps: TaintEvictionControllerDeps) {}

  readonly nodeHandlers: EventHandlers<Node & KubeObject> = {
    onAdd: (n) => this.deps.ctx.queue.add(n.metadata?.name ?? ''),
    onUpdate: (o, n) => {
      if (!sameJson(noExecuteTaints(o), noExecuteTaints(n))) this.deps.ctx.queue.add(n.metadata?.name ?? '');
    },
    onDelete: (n) => this.deps.ctx.queue.add(n.metadata?.name ?? ''),
  };

  readonly podHandlers: EventHandlers<Pod & KubeObject> = {
    onAdd: (p) => this.deps.ctx.queue.add(objectKey(p)),
    onUpdate: (o, p) => {
      if (o.spec?.nodeName === p.spec?.nodeName && sameTolerations(o.spec?.tolerations ?? [], p.spec?.tolerations ?? [])) return;
      this.deps.ctx.queue.add(objectKey(p));
    },
    onDelete: (p) => this.deps.ctx.queue.add(objectKey(p)),
  };

  reconcile(key: string): ReconcileResult {
    if (key.includes('/')) this.handlePodUpdate(key);
    else this.handleNodeUpdate(key);
    return { ok: true };
  }

  /** Evictions waiting for their time, `namespace/name → tick` (for tests and the UI). */
  scheduled(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, e] of [...this.evictions].sort()) if (!e.fired) out[k] = e.fireAt;
    return out;
  }

  /** The timed worker queue's clock: evictions that are due fire now, earliest first. */
  tick(now: number): void {
    const due = [...this.evictions]
      .filter(([, e]) => !e.fired && e.fireAt <= now)
      .sort(([ka, a], [kb, b]) => a.fireAt - b.fireAt || (ka < kb ? -1 : ka > kb ? 1 : 0));
    for (const [key, e] of due) {
      e.fired = true;
      this.deps.recorder?.event(this.podRef(key), 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${key}`);
      this.addConditionAndDeletePod(key, 1);
    }
  }

  private podRef(key: string): KubeObject {
    const { namespace, name } = splitKey(key);
    return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace } };
  }

  private handleNodeUpdate(name: string): void {
    const node = this.deps.nodes.get(name);
    if (!node) {
      this.taintedNodes.delete(name);
      return;
    }
    const taints = noExecuteTaints(node);
    if (taints.length === 0) this.taintedNodes.delete(name);
    else this.taintedNodes.set(name, taints);
    const pods = this.deps.pods.list().filter((p) => p.spec?.nodeName === name);
    if (taints.length === 0) {
      for (const p of pods) this.cancelWithEvent(objectKey(p));
      return;
    }
    const now = this.deps.ctx.clock.tick();
    for (const p of pods) this.processPodOnNode(objectKey(p), p.spec?.tolerations ?? [], taints, now);
  }

  private handlePodUpdate(key: string): void {
    const pod = this.deps.pods.get(key);
    if (!pod) {
      this.cancelWithEvent(key);
      return;
    }
    const nodeName = pod.spec?.nodeName;
    const taints = nodeName ? this.taintedNodes.get(nodeName) : undefined;
    if (!taints) return;
    this.processPodOnNode(key, pod.spec?.tolerations ?? [], taints, this.deps.ctx.clock.tick());
  }

  private processPodOnNode(key: string, tolerations: readonly Toleration[], taints: readonly Taint[], now: number): void {
    if (taints.length === 0) this.cancelWithEvent(key);
    const { allTolerated, used } = matchingTolerations(taints, tolerations);
    if (!allTolerated) {
      this.cancelWithEvent(key);
      this.addWork(key, now, now);
      return;
    }
    const min = minTolerationTicks(used);
    if (min < 0) {
      this.cancelWithEvent(key);
      return;
    }
    let start = now;
    const existing = this.evictions.get(key);
    if (existing && !existing.fired) {
      start = existing.createdAt;
      if (start + min < now + min) return; // already scheduled, no later than this would be
      this.cancelWithEvent(key);
    }
    this.addWork(key, start, start + min);
  }

  private addWork(key: string, createdAt: number, fireAt: number): void {
    if (this.evictions.has(key)) return; // a fired eviction blocks new ones until the Pod is gone
    this.evictions.set(key, { createdAt, fireAt, fired: false });
  }

  private cancelWithEvent(key: string): void {
    const e = this.evictions.get(key);
    if (!e) return;
    this.evictions.delete(key);
    if (!e.fired) this.deps.recorder?.event(this.podRef(key), 'Normal', 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`);
  }

  /** addConditionAndDeletePod: GET, DisruptionTarget=True (DeletionByTaintManager), DELETE; retried a few times. */
  private addConditionAndDeletePod(key: string, attempt: number): void {
    const { ctx } = this.deps;
    const { namespace, name } = splitKey(key);
    const retry = () => {
      if (attempt < DELETE_ATTEMPTS) this.addConditionAndDeletePod(key, attempt + 1);
    };
    ctx.api.request({ verb: 'get', resource: 'pods', namespace, name }, (got) => {
      if (!got.ok) return got.error.reason === 'NotFound' ? undefined : retry();
      const pod = deepCopy(got.value) as Pod & KubeObject;
      const conditions = ((pod.status ??= {}).conditions ??= []);
      const current = conditions.find((c) => c.type === 'DisruptionTarget');
      const wanted = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
      const del = () =>
        ctx.api.request({ verb: 'delete', resource: 'pods', namespace, name }, (r) => {
          if (!r.ok && r.error.reason !== 'NotFound') retry();
        });
      if (current && current.status === wanted.status && current.reason === wanted.reason && current.message === wanted.message) return del();
      if (current) Object.assign(current, wanted, current.status === 'True' ? {} : { lastTransitionTime: ctx.clock.timestamp() });
      else conditions.push({ ...wanted, lastTransitionTime: ctx.clock.timestamp() });
      ctx.api.request({ verb: 'updateStatus', resource: 'pods', namespace, body: pod }, (r) => {
        if (!r.ok) return r.error.reason === 'NotFound' ? undefined : retry();
        del();
      });
    });
  }
}
