// What the API server process sends and receives: the client/ wire messages
// (api-request / api-response / api-cancel) on the same simulated network as etcd's own
// traffic, so one kernel carries both and the trace shows every hop of the chain.
import type { EtcdWire } from '../../etcd/wire';
import type { NonResourceRequest } from './nonResource';
import type { ApiCancelMessage, ApiConnectionClosedMessage, ApiRequest, ApiRequestMessage, ApiResponseMessage } from '../../client';

export type ApiWire = ApiRequestMessage | ApiResponseMessage | ApiCancelMessage | ApiConnectionClosedMessage;

/** Every payload on a `default` topology's network. */
export type ClusterWire = EtcdWire | ApiWire;

/** The API server's address on the simulated network. */
export const APISERVER_ADDRESS = 'kube-apiserver';

/**
 * The binding subresource as a verb (POST pods/<name>/binding). The same request also
 * arrives as `create` on the `bindings` resource with a core/v1 Binding body, which is
 * what the ApiClient interface can already express.
 */
export interface BindRequest {
  verb: 'bind';
  resource: 'pods';
  namespace: string;
  name: string;
  nodeName: string;
}

/** What the server accepts: the client's requests plus the binding verb and a non-resource path (the terminal's --raw). */
export type ServerRequest = ApiRequest | BindRequest | NonResourceRequest;

export function isApiWire(p: ClusterWire): p is ApiWire {
  return 'type' in p && (p.type === 'api-request' || p.type === 'api-response' || p.type === 'api-cancel' || p.type === 'api-connection-closed');
}
