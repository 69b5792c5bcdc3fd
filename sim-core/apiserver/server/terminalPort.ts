// The terminal's side of the API (what `kubectl` uses): a client process (address
// `kubectl` by default) that sends one `api-request` and runs the simulation until the
// answer arrives or the timeout passes — synchronous from the terminal's point of view,
// as cluster/etcd-client.ts is for etcdctl. Failures that never reach the server come
// back in kubectl's words, as a Status with code 0 (no HTTP response at all).
import type { Envelope, Kernel, Process, ProcessContext } from '../../kernel';
import type { ApiAnswers, ApiResult, KubeObject, Status, WatchEvent } from '../../client';
import type { ApiRequestMessage } from '../../client';
import { statusWithCode } from './statuses';
import { APISERVER_ADDRESS, type ClusterWire, type ServerRequest } from './wire';
import { KUBERNETES_VERSION, type VersionInfo } from './version';

export interface KubeRequestOptions {
  /** ticks to wait for the answer (kubectl --request-timeout) */
  timeoutTicks: number;
  /** kubectl --as / --as-group: the API server honours it for an administrator only (403 otherwise) */
  impersonate?: ApiRequestMessage['impersonate'];
  /** (watchSoFar) stop as soon as the events delivered so far satisfy this, as a client that acts on the first event it needs */
  until?: (events: readonly WatchEvent[]) => boolean;
}

type AnswerOf<R extends ServerRequest> = R extends { verb: 'nonResource' } ? string : R extends { verb: 'bind' } ? KubeObject : R extends { verb: infer V extends keyof ApiAnswers } ? ApiAnswers[V] : never;

/** The synchronous API the terminal's kubectl is written against. */
export interface KubeApiPort {
  request<R extends ServerRequest>(req: R, opts: KubeRequestOptions): ApiResult<AnswerOf<R>>;
  /** a script's `kubectl get -w`: the events a watch from `resourceVersion` has delivered so far */
  watchSoFar(req: Extract<ServerRequest, { verb: 'watch' }>, opts: KubeRequestOptions): ApiResult<WatchEvent[]>;
  /**
   * GET /version (`kubectl version`): open to everyone (system:public-info-viewer), it reads
   * nothing from etcd; answered without a message on the simulated network, refused when
   * the API server is down
   */
  serverVersion(): ApiResult<VersionInfo>;
}

/** The process that receives the API server's answers for a terminal client. */
export class KubeClientProcess implements Process<ClusterWire> {
  readonly answers = new Map<number, ApiResult<unknown>>();
  readonly watchEvents = new Map<number, WatchEvent[]>();
  private nextId = 1;

  constructor(readonly address: string) {}

  newRequestId(): number {
    return this.nextId++;
  }

  receive(env: Envelope<ClusterWire>, _ctx: ProcessContext<ClusterWire>): void {
    const p = env.payload;
    if (!('type' in p) || p.type !== 'api-response') return;
    const events = this.watchEvents.get(p.requestId);
    if (events !== undefined) {
      if (p.result.ok) events.push(p.result.value as WatchEvent);
      else events.push({ type: 'ERROR', status: p.result.error });
      return;
    }
    this.answers.set(p.requestId, p.result);
  }

  crash(): void {
    this.answers.clear();
    this.watchEvents.clear();
  }
}

/** kubectl's text when the server's address answers nothing (client-go's connection refused). */
export function connectionRefused(server = 'kube-apiserver:6443'): Status {
  return statusWithCode('ConnectionRefused', 0, `The connection to the server ${server} was refused - did you specify the right host or port?`);
}

/** kubectl's text when --request-timeout passes without an answer. */
export function clientTimeout(server = 'kube-apiserver:6443'): Status {
  return statusWithCode('Timeout', 0, `Unable to connect to the server: net/http: request canceled (Client.Timeout exceeded while awaiting headers) (https://${server})`);
}

export class SimKubeApiPort implements KubeApiPort {
  constructor(
    private readonly kernel: Kernel<ClusterWire>,
    readonly process: KubeClientProcess,
    private readonly server = APISERVER_ADDRESS,
  ) {}

  request<R extends ServerRequest>(req: R, opts: KubeRequestOptions): ApiResult<AnswerOf<R>> {
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: connectionRefused() };
    const requestId = this.send(req, opts.impersonate);
    const answers = this.process.answers;
    this.kernel.runUntil(() => answers.has(requestId), opts.timeoutTicks);
    const got = answers.get(requestId);
    answers.delete(requestId);
    if (got === undefined) return { ok: false, error: this.kernel.isAlive(this.server) ? clientTimeout() : connectionRefused() };
    return got as ApiResult<AnswerOf<R>>;
  }

  serverVersion(): ApiResult<VersionInfo> {
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: connectionRefused() };
    return { ok: true, value: { ...KUBERNETES_VERSION } };
  }

  watchSoFar(req: Extract<ServerRequest, { verb: 'watch' }>, opts: KubeRequestOptions): ApiResult<WatchEvent[]> {
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: connectionRefused() };
    const requestId = this.process.newRequestId();
    const events: WatchEvent[] = [];
    this.process.watchEvents.set(requestId, events);
    this.kernel.send(this.process.address, this.server, message(requestId, req, opts.impersonate));
    const until = opts.until;
    this.kernel.runUntil(() => this.kernel.isIdle() || events.some((e) => e.type === 'ERROR') || (until !== undefined && until(events)), opts.timeoutTicks);
    this.process.watchEvents.delete(requestId);
    this.kernel.send(this.process.address, this.server, { type: 'api-cancel', requestId });
    const error = events.find((e) => e.type === 'ERROR');
    if (error !== undefined && error.type === 'ERROR') return { ok: false, error: error.status };
    return { ok: true, value: events };
  }

  /** Send without waiting; the answer lands in process.answers under the returned id. */
  send(req: ServerRequest, impersonate?: ApiRequestMessage['impersonate']): number {
    const requestId = this.process.newRequestId();
    this.kernel.send(this.process.address, this.server, message(requestId, req, impersonate));
    return requestId;
  }
}

function message(requestId: number, req: ServerRequest, impersonate: ApiRequestMessage['impersonate']): ApiRequestMessage {
  // the binding verb is ours, not the ApiClient's; it travels in the same message shape
  return { type: 'api-request', requestId, request: req as ApiRequestMessage['request'], ...(impersonate ? { impersonate } : {}) };
}
