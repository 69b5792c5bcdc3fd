// The ApiClient over the simulated network: each request becomes a message to the API
// server carrying a requestId; the owner process hands every message it receives to
// `receive`: an answer runs the stored continuation, and the closing of the connection
// (the API server died) fails every request and watch that was open on it, as client-go's
// HTTP/2 connection fails its streams. Nothing resumes outside the kernel's event order,
// so a run stays a pure function of its seed.
//
// There is no client timeout: every request is answered, refused by the API server's
// host (cluster/default-topology.ts: `connection refused`, or `no route to host` when the
// host is down) or failed by the closed connection. Only a cut between a client and the
// API server could leave one unanswered, and the simulation's partitions cut etcd peers.
import type { ApiAnswers, ApiClient, ApiRequest, ApiResult, ApiVerb, Continuation, RequestId, RequestOptions } from './api';
import { connectionClosedError } from './transport';

/** What goes on the wire to the API server. */
export interface ApiRequestMessage {
  type: 'api-request';
  requestId: RequestId;
  request: ApiRequest;
  /**
   * Act as another user (kubectl --as / --as-group: the Impersonate-User and
   * Impersonate-Group headers). The API server honours it only when the sender may
   * impersonate (an administrator); otherwise the request is 403 Forbidden.
   */
  impersonate?: Impersonation;
  /** RequestOptions.readsAnswerOnly: the sender only reads the answer, which may be shared with the watch cache */
  answerShared?: true;
}

/** Who a request impersonates. */
export interface Impersonation {
  user: string;
  groups?: string[];
}

/** What comes back: one per request, or one per event for a watch. */
export interface ApiResponseMessage {
  type: 'api-response';
  requestId: RequestId;
  result: ApiResult<ApiAnswers[ApiVerb]>;
}

export interface ApiCancelMessage {
  type: 'api-cancel';
  requestId: RequestId;
}

/**
 * What the dying process's host sends for each of its connections when the process is
 * killed: the FIN (or RST) the operating system emits when it closes a dead process's
 * sockets. Both ways:
 * - from a client to the API server: the server ends every watch that was streaming on
 *   them, as a real server does when the connection of a watch closes (its ResponseWriter
 *   fails and the watcher is stopped), so nothing keeps streaming to an address whose new
 *   life never asked for it;
 * - from the API server to a client: every request and watch the client had open on the
 *   connection fails (`unexpected EOF`), and its informers go to their retry paths.
 */
export interface ApiConnectionClosedMessage {
  type: 'api-connection-closed';
}

/** A message as the kernel hands it to a process: the payload, and the tick it was sent at. */
export interface ReceivedMessage {
  payload: unknown;
  sentAt: number;
}

export function isApiResponse(payload: unknown): payload is ApiResponseMessage {
  return typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'api-response';
}

export function isConnectionClosed(payload: unknown): payload is ApiConnectionClosedMessage {
  return typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'api-connection-closed';
}

interface PendingRequest {
  verb: ApiVerb;
  done?: Continuation<ApiVerb>;
  /** the tick it was sent at: a connection closed at that tick or later carried it */
  sentAt: number;
}

export class RemoteApiClient implements ApiClient {
  private nextId = 1;
  /** continuations waiting for answers, by requestId (watches stay until stopped) */
  private readonly pending = new Map<RequestId, PendingRequest>();

  constructor(
    private readonly send: (msg: ApiRequestMessage | ApiCancelMessage) => void,
    /** the owner's clock (ctx.now), which dates each request for `connectionClosed` */
    private readonly clock: () => number = () => 0,
  ) {}

  request<R extends ApiRequest>(req: R, done?: Continuation<R['verb']>, options?: RequestOptions): RequestId {
    const requestId = this.nextId++;
    this.pending.set(requestId, { verb: req.verb, done: done as Continuation<ApiVerb> | undefined, sentAt: this.clock() });
    this.send(options?.readsAnswerOnly === true ? { type: 'api-request', requestId, request: req, answerShared: true } : { type: 'api-request', requestId, request: req });
    return requestId;
  }

  /** A message from the API server: an answer, or the news that the connection closed. Returns whether it was either. */
  receive(msg: ReceivedMessage): boolean {
    if (isApiResponse(msg.payload)) {
      this.deliver(msg.payload);
      return true;
    }
    if (isConnectionClosed(msg.payload)) {
      this.connectionClosed(msg.sentAt);
      return true;
    }
    return false;
  }

  stop(id: RequestId): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (entry.verb === 'watch') this.send({ type: 'api-cancel', requestId: id });
  }

  /** Run the continuation for an answer; answers for stopped requests are dropped. */
  deliver(msg: ApiResponseMessage): void {
    const entry = this.pending.get(msg.requestId);
    if (!entry) return;
    const isWatchEvent = entry.verb === 'watch' && msg.result.ok && (msg.result.value as { type?: string }).type !== 'ERROR';
    if (!isWatchEvent) this.pending.delete(msg.requestId);
    entry.done?.(msg.result);
  }

  /**
   * The API server's host closed the connection at tick `closedAt`: every request and
   * watch sent up to then fails with `unexpected EOF`, in request order (watches too: the
   * informer re-watches, or relists when its resourceVersion is gone). A request sent
   * later went out on a new connection — to a server that refuses it, or to the restarted
   * one, which answers it — and is left alone. Nothing is sent: the connection is gone.
   */
  connectionClosed(closedAt = Number.POSITIVE_INFINITY): void {
    const broken = [...this.pending].filter(([, e]) => e.sentAt <= closedAt);
    for (const [id] of broken) this.pending.delete(id);
    for (const [, e] of broken) e.done?.({ ok: false, error: connectionClosedError() });
  }

  /** Requests still waiting for an answer (a process's `hasPendingWork`). Watches don't count. */
  outstanding(): number {
    let n = 0;
    for (const e of this.pending.values()) if (e.verb !== 'watch') n++;
    return n;
  }

  /** The process crashed: every continuation is lost, as a real client's in-flight calls are. */
  reset(): void {
    this.pending.clear();
  }
}
