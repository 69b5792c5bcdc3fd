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
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from './advertise';
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
   * The browser terminal's `kubectl get -w`: a watch left open while simulated time goes on
   * outside the command (the page's clock), read as its events arrive and cancelled with
   * Ctrl+C. Ports without it (tests' fakes) run the watch as a script does (watchSoFar).
   */
  openWatch?(req: Extract<ServerRequest, { verb: 'watch' }>, opts: OpenWatchOptions): ApiResult<OpenWatch>;
  /**
   * GET /version (`kubectl version`): open to everyone (system:public-info-viewer), it reads
   * nothing from etcd; answered without a message on the simulated network, refused when
   * the API server is down
   */
  serverVersion(): ApiResult<VersionInfo>;
}

/** How a terminal's open watch ends by itself, besides the server ending it. */
export interface OpenWatchOptions extends Pick<KubeRequestOptions, 'impersonate'> {
  /**
   * the client is done once an event satisfies this (`rollout status` at a finished rollout):
   * decided as the event arrives, in the kernel's time, and the watch is cancelled then, so
   * whether or when someone reads it changes nothing that is sent
   */
  until?: (event: WatchEvent) => boolean;
  /** the client gives up after this many ticks (kubectl's --timeout), cancelling it, also in the kernel's time */
  timeoutTicks?: number;
}

/** A watch event as it reached the terminal, with the tick it arrived at (kubectl prints a row on arrival). */
export interface ArrivedEvent {
  event: WatchEvent;
  at: number;
}

/** An open watch's events are kept for its reader up to this many; older ones are dropped (a replay that never reads them stays bounded). */
export const OPEN_WATCH_BUFFER = 5_000;

/** A watch the terminal keeps open (KubeApiPort.openWatch). */
export interface OpenWatch {
  /**
   * the events that arrived since the last take, oldest first, how many older ones the
   * buffer dropped unread, and whether the API server's end closed the connection after
   * them (it died: client-go's stream watcher ends quietly on the EOF, and nothing more comes)
   */
  take(): { events: ArrivedEvent[]; dropped: number; closed: boolean; timedOut: boolean };
  /** cancel it (Ctrl+C, a logged action): the client stops reading and the API server is told (api-cancel), as a closed connection tells it */
  close(): void;
  /**
   * stop reading a watch the server already ended (an ERROR event, a closed connection):
   * nothing is sent — a reader's timing (a page's frame, a replay's step) must not put a
   * message on the simulated network
   */
  forget(): void;
}

interface OpenWatchBuffer {
  events: ArrivedEvent[];
  dropped: number;
  /** the API server's host closed the connection */
  closed: boolean;
  /** the server ended the watch with an ERROR event, or the client did (OpenWatchOptions) */
  ended: boolean;
  /** OpenWatchOptions.until: the client ends the watch at the first event that satisfies it */
  until?: (event: WatchEvent) => boolean;
  /** OpenWatchOptions.timeoutTicks passed first */
  timedOut: boolean;
}

/** The process that receives the API server's answers for a terminal client. */
export class KubeClientProcess implements Process<ClusterWire> {
  readonly answers = new Map<number, ApiResult<unknown>>();
  /**
   * the requests whose answer someone will read from `answers`: any other answer — one that
   * comes after its request timed out, an event still in flight when its watch was closed —
   * is dropped, as a cancelled context's is, instead of being kept for nobody
   */
  readonly awaited = new Set<number>();
  readonly watchEvents = new Map<number, WatchEvent[]>();
  /** the open watches' unread events (openWatch) */
  readonly openWatches = new Map<number, OpenWatchBuffer>();
  private nextId = 1;

  constructor(readonly address: string) {}

  newRequestId(): number {
    return this.nextId++;
  }

  receive(env: Envelope<ClusterWire>, ctx: ProcessContext<ClusterWire>): void {
    const p = env.payload;
    if ('type' in p && p.type === 'api-connection-closed') {
      // the API server's host closed our connections: every open watch ends here
      for (const buffer of this.openWatches.values()) buffer.closed = true;
      this.openWatches.clear();
      return;
    }
    if (!('type' in p) || p.type !== 'api-response') return;
    const open = this.openWatches.get(p.requestId);
    if (open !== undefined) {
      const event: WatchEvent = p.result.ok ? (p.result.value as WatchEvent) : { type: 'ERROR', status: p.result.error };
      open.events.push({ event, at: ctx.now });
      // the server ended it (an ERROR is a watch's last event): over here and now, in the
      // kernel's time — not when someone reads it — so a later close() sends nothing either way
      if (event.type === 'ERROR') {
        open.ended = true;
        this.openWatches.delete(p.requestId);
      }
      // the client has what it waited for: it closes the watch now, as the kernel delivers the event
      else if (open.until?.(event) === true) {
        open.ended = true;
        this.openWatches.delete(p.requestId);
        ctx.send(env.from, { type: 'api-cancel', requestId: p.requestId });
      }
      if (open.events.length > OPEN_WATCH_BUFFER) {
        const over = open.events.length - OPEN_WATCH_BUFFER;
        open.events.splice(0, over);
        open.dropped += over;
      }
      return;
    }
    const events = this.watchEvents.get(p.requestId);
    if (events !== undefined) {
      if (p.result.ok) events.push(p.result.value as WatchEvent);
      else events.push({ type: 'ERROR', status: p.result.error });
      return;
    }
    if (this.awaited.has(p.requestId)) this.answers.set(p.requestId, p.result);
  }

  crash(): void {
    this.answers.clear();
    this.awaited.clear();
    this.watchEvents.clear();
    this.openWatches.clear();
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

/** kubectl's text when its dial finds no host (the API server's node is down): the name resolved, as Go's net.OpError prints it. */
export function noRouteToHost(address = `${APISERVER_ADVERTISE_ADDRESS}:${APISERVER_SECURE_PORT}`): Status {
  return statusWithCode('NoRouteToHost', 0, `Unable to connect to the server: dial tcp ${address}: connect: no route to host`);
}

/** When the API server's whole host is down, not only its process: kubectl's dial then waits out ARP (`arpTimeoutTicks`) and finds no route. */
export interface UnreachableHost {
  down: () => boolean;
  arpTimeoutTicks: number;
}

export class SimKubeApiPort implements KubeApiPort {
  constructor(
    private readonly kernel: Kernel<ClusterWire>,
    readonly process: KubeClientProcess,
    private readonly server = APISERVER_ADDRESS,
    private readonly host?: UnreachableHost,
  ) {}

  /**
   * The error of a dial to a dead API server: refused at once while its host is up (a RST
   * answers), or — its node down — `no route to host` once the dial's ARP gives up, that
   * much simulated time later (or the request's own timeout first).
   */
  private unreachable(timeoutTicks: number): Status {
    const host = this.host;
    if (host === undefined || !host.down()) return connectionRefused();
    const wait = Math.min(host.arpTimeoutTicks, Math.max(0, timeoutTicks));
    if (wait > 0) this.kernel.runUntil(() => false, wait);
    return wait < host.arpTimeoutTicks ? clientTimeout() : noRouteToHost();
  }

  request<R extends ServerRequest>(req: R, opts: KubeRequestOptions): ApiResult<AnswerOf<R>> {
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: this.unreachable(opts.timeoutTicks) };
    const requestId = this.send(req, opts.impersonate);
    const answers = this.process.answers;
    this.kernel.runUntil(() => answers.has(requestId), opts.timeoutTicks);
    const got = answers.get(requestId);
    answers.delete(requestId);
    this.process.awaited.delete(requestId);
    if (got === undefined) return { ok: false, error: this.kernel.isAlive(this.server) ? clientTimeout() : connectionRefused() };
    return got as ApiResult<AnswerOf<R>>;
  }

  serverVersion(): ApiResult<VersionInfo> {
    // answered without a message on the simulated network (KubeApiPort), so without the dial's wait too
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: this.host?.down() === true ? noRouteToHost() : connectionRefused() };
    return { ok: true, value: { ...KUBERNETES_VERSION } };
  }

  watchSoFar(req: Extract<ServerRequest, { verb: 'watch' }>, opts: KubeRequestOptions): ApiResult<WatchEvent[]> {
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: this.unreachable(opts.timeoutTicks) };
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

  openWatch(req: Extract<ServerRequest, { verb: 'watch' }>, opts: OpenWatchOptions): ApiResult<OpenWatch> {
    // (right after its list answered: no fault comes between, so this is the dial's error without its wait)
    if (!this.kernel.isAlive(this.server)) return { ok: false, error: this.host?.down() === true ? noRouteToHost() : connectionRefused() };
    const requestId = this.process.newRequestId();
    const buffer: OpenWatchBuffer = { events: [], dropped: 0, closed: false, ended: false, timedOut: false, ...(opts.until !== undefined ? { until: opts.until } : {}) };
    this.process.openWatches.set(requestId, buffer);
    this.kernel.send(this.process.address, this.server, message(requestId, req, opts.impersonate));
    const openWatches = this.process.openWatches;
    const kernel = this.kernel;
    const from = this.process.address;
    const server = this.server;
    if (opts.timeoutTicks !== undefined) {
      // a background timer: a client waiting out its timeout is not work `sim settle` waits for
      kernel.contextOf(from)?.setTimer(
        Math.max(1, opts.timeoutTicks),
        (ctx) => {
          if (openWatches.get(requestId) !== buffer) return;
          openWatches.delete(requestId);
          buffer.ended = true;
          buffer.timedOut = true;
          ctx.send(server, { type: 'api-cancel', requestId });
        },
        true,
      );
    }
    let open = true;
    return {
      ok: true,
      value: {
        take() {
          const taken = { events: buffer.events.splice(0), dropped: buffer.dropped, closed: buffer.closed, timedOut: buffer.timedOut };
          buffer.dropped = 0;
          return taken;
        },
        close() {
          if (!open) return;
          open = false;
          if (buffer.closed || buffer.ended) return;
          openWatches.delete(requestId);
          kernel.send(from, server, { type: 'api-cancel', requestId });
        },
        forget() {
          open = false;
          openWatches.delete(requestId);
        },
      },
    };
  }

  /** Send without waiting; the answer lands in process.answers under the returned id (the reader deletes it, and the id from process.awaited). */
  send(req: ServerRequest, impersonate?: ApiRequestMessage['impersonate']): number {
    const requestId = this.process.newRequestId();
    this.process.awaited.add(requestId);
    this.kernel.send(this.process.address, this.server, message(requestId, req, impersonate));
    return requestId;
  }
}

function message(requestId: number, req: ServerRequest, impersonate: ApiRequestMessage['impersonate']): ApiRequestMessage {
  // the binding verb is ours, not the ApiClient's; it travels in the same message shape
  return { type: 'api-request', requestId, request: req as ApiRequestMessage['request'], ...(impersonate ? { impersonate } : {}) };
}
