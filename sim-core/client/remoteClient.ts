// The ApiClient over the simulated network: each request becomes a message to the API
// server carrying a requestId; the owner process hands every answer message it
// receives to `deliver`, which runs the stored continuation. Nothing resumes outside
// the kernel's event order, so a run stays a pure function of its seed.
import type { ApiAnswers, ApiClient, ApiRequest, ApiResult, ApiVerb, Continuation, RequestId } from './api';

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
 * sockets. The API server ends every watch that was streaming on them, as a real server
 * does when the connection of a watch closes (its ResponseWriter fails and the watcher is
 * stopped), so nothing keeps streaming to an address whose new life never asked for it.
 */
export interface ApiConnectionClosedMessage {
  type: 'api-connection-closed';
}

export class RemoteApiClient implements ApiClient {
  private nextId = 1;
  /** continuations waiting for answers, by requestId (watches stay until stopped) */
  private readonly pending = new Map<RequestId, { verb: ApiVerb; done?: Continuation<ApiVerb> }>();

  constructor(private readonly send: (msg: ApiRequestMessage | ApiCancelMessage) => void) {}

  request<R extends ApiRequest>(req: R, done?: Continuation<R['verb']>): RequestId {
    const requestId = this.nextId++;
    this.pending.set(requestId, { verb: req.verb, done: done as Continuation<ApiVerb> | undefined });
    this.send({ type: 'api-request', requestId, request: req });
    return requestId;
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
