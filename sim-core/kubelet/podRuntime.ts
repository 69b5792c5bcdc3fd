// A Pod on the simulated runtime: its sandbox (the pause container and the network
// namespace, which gets the Pod's IP), then its containers, each with its own state
// machine. Deletion stops every container; when all have stopped the kubelet may
// remove the Pod from the API server.
import type { Pod } from '../apiserver';
import { ContainerRuntime, type ImageStore, type RuntimeEvent } from './container';

/** creating the sandbox and wiring its network takes half a second */
export const SANDBOX_TICKS = 50;

export class PodRuntime {
  readonly containers: ContainerRuntime[];
  readonly startTick: number;
  private readonly sandboxAt: number;
  private sandboxUp = false;
  deleting = false;

  constructor(
    pod: Pod,
    now: number,
    images: ImageStore,
    newId: () => string,
    /** the Pod's IP, from the node's podCIDR */
    readonly podIP: string,
  ) {
    this.startTick = now;
    this.sandboxAt = now + SANDBOX_TICKS;
    const identity = {
      name: pod.metadata?.name ?? '',
      namespace: pod.metadata?.namespace ?? 'default',
      uid: pod.metadata?.uid ?? '',
      restartPolicy: pod.spec?.restartPolicy ?? 'Always',
      gracePeriodSeconds: pod.metadata?.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30,
      podIP,
    };
    this.containers = (pod.spec?.containers ?? []).map((c) => new ContainerRuntime(c, identity, images, newId));
  }

  get sandboxReady(): boolean {
    return this.sandboxUp;
  }

  advance(now: number): RuntimeEvent[] {
    const events: RuntimeEvent[] = [];
    if (!this.sandboxUp && !this.deleting && now >= this.sandboxAt) {
      this.sandboxUp = true;
      for (const c of this.containers) events.push(...c.sandboxReady(now));
    }
    for (const c of this.containers) events.push(...c.advance(now));
    return events;
  }

  nextDueAt(now: number): number | undefined {
    const all = [this.sandboxUp || this.deleting ? undefined : this.sandboxAt, ...this.containers.map((c) => c.nextDueAt(now))];
    const due = all.filter((x): x is number => x !== undefined);
    return due.length === 0 ? undefined : Math.min(...due);
  }

  /** Still moving towards a steady state (see ContainerRuntime.isSettling). */
  isSettling(now: number): boolean {
    if (!this.sandboxUp && !this.deleting) return true;
    return this.containers.some((c) => c.isSettling(now));
  }

  /** The grace period the containers are being stopped with (undefined until the Pod is deleted). */
  graceSeconds: number | undefined;

  /** Stop every container within `graceSeconds`; called again with a shorter one, it shortens the stop. */
  stop(now: number, graceSeconds: number): RuntimeEvent[] {
    if (this.deleting && this.graceSeconds !== undefined && graceSeconds >= this.graceSeconds) return [];
    this.deleting = true;
    this.graceSeconds = graceSeconds;
    return this.containers.flatMap((c) => c.stop(now, graceSeconds));
  }

  allStopped(): boolean {
    return this.containers.every((c) => c.isStopped());
  }

  container(name: string | undefined): ContainerRuntime | undefined {
    return name === undefined ? this.containers[0] : this.containers.find((c) => c.name === name);
  }
}
