// The kube-scheduler process on the simulated network: the Scheduler's loop driven by the
// kernel's ticks, talking to the API server only through a RemoteApiClient (requests and
// answers are messages, so the UI can draw the bind travelling).
import type { Envelope, Process, ProcessContext } from '../kernel';
import { RemoteApiClient, type ApiResponseMessage } from '../client';
import { Scheduler, type SchedulerOptions } from './scheduler';

export const SCHEDULER_ADDRESS = 'kube-scheduler';
export const DEFAULT_APISERVER_ADDRESS = 'kube-apiserver';

export interface SchedulerProcessOptions extends SchedulerOptions {
  address?: string;
  apiServer?: string;
}

export function isApiResponse(payload: unknown): payload is ApiResponseMessage {
  return typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'api-response';
}

export class SchedulerProcess implements Process<unknown> {
  readonly address: string;
  private readonly apiServer: string;
  private ctx: ProcessContext<unknown> | undefined;
  private client: RemoteApiClient;
  private scheduler: Scheduler | undefined;

  constructor(private readonly options: SchedulerProcessOptions = {}) {
    this.address = options.address ?? SCHEDULER_ADDRESS;
    this.apiServer = options.apiServer ?? DEFAULT_APISERVER_ADDRESS;
    this.client = this.newClient();
  }

  private newClient(): RemoteApiClient {
    return new RemoteApiClient((msg) => this.ctx?.send(this.apiServer, msg));
  }

  /** The running scheduler (undefined before the first tick or while crashed). */
  get current(): Scheduler | undefined {
    return this.scheduler;
  }

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (!isApiResponse(msg.payload)) return;
    this.client.deliver(msg.payload);
    this.scheduler?.drain();
  }

  tick(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    if (!this.scheduler) {
      this.scheduler = new Scheduler(this.client, ctx.rng, { ...this.options, onDecision: (d) => this.ctx?.trace({ scheduling: d }) });
      this.scheduler.start(ctx.now);
    }
    this.scheduler.tick(ctx.now);
  }

  crash(): void {
    // Everything is volatile: the queue, the caches, the assumptions. A restart relists.
    this.client.reset();
    this.scheduler = undefined;
  }

  restart(ctx: ProcessContext<unknown>): void {
    this.ctx = ctx;
    this.client = this.newClient();
    this.scheduler = undefined;
  }

  hasPendingWork(): boolean {
    return this.client.outstanding() > 0 || (this.scheduler?.hasPendingWork() ?? false);
  }
}
