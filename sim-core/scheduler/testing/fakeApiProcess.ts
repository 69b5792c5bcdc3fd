// For process-level tests only: the client fake (FakeApiServer) behind a kernel process at
// the API server's address, answering ApiRequestMessages over the simulated network, so
// the scheduler, kubelet and kube-proxy processes can be run end to end before the real
// API server process exists.
import type { Envelope, Process, ProcessContext } from '../../kernel';
import { FakeApiServer } from '../../client/testing/fakeApiServer';
import type { ApiCancelMessage, ApiRequestMessage, ApiResponseMessage, RequestId } from '../../client';
import { DEFAULT_APISERVER_ADDRESS } from '../process';

export class FakeApiProcess implements Process<unknown> {
  readonly api = new FakeApiServer();
  private readonly ids = new Map<string, RequestId>();

  constructor(readonly address: string = DEFAULT_APISERVER_ADDRESS) {}

  receive(msg: Envelope<unknown>, ctx: ProcessContext<unknown>): void {
    const payload = msg.payload as ApiRequestMessage | ApiCancelMessage;
    const key = `${msg.from}#${payload.requestId}`;
    if (payload.type === 'api-cancel') {
      const id = this.ids.get(key);
      if (id !== undefined) this.api.stop(id);
      this.ids.delete(key);
      return;
    }
    if (payload.type !== 'api-request') return;
    const id = this.api.request(payload.request, (result) => {
      const answer: ApiResponseMessage = { type: 'api-response', requestId: payload.requestId, result };
      ctx.send(msg.from, answer);
    });
    if (payload.request.verb === 'watch') this.ids.set(key, id);
    this.api.flush();
  }

  tick(): void {
    this.api.flush();
  }
}
