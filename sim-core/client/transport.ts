// What a client sees when no HTTP answer comes at all. client-go returns the transport's
// error then (a *url.Error around a net.OpError, or io.ErrUnexpectedEOF from the HTTP/2
// read loop), never a metav1.Status. Here it travels as a Status with code 0 — the shape
// kubectl's own connection errors already have (apiserver/server/terminalPort.ts) — so
// every continuation keeps one error type, and the reason says which failure it was:
// - ConnectionRefused: the API server's host is up but nothing listens on :6443 (a RST
//   answers the SYN); the reflector backs off and watches again (isWatchErrorRetriable).
// - NoRouteToHost: the host itself is down; the client's own kernel gives up on ARP.
// - UnexpectedEOF: an open connection was closed under the request or the watch (the
//   server's process died and its host closed the socket).
import type { Status } from './api';

export type TransportReason = 'ConnectionRefused' | 'NoRouteToHost' | 'UnexpectedEOF';

export function transportError(reason: TransportReason, message: string): Status {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code: 0, message };
}

/** Whether the request got no HTTP answer at all (the connection failed or broke). */
export function isTransportError(status: Status): boolean {
  return status.code === 0;
}

/** A dial to a live host whose API server is not listening: `dial tcp 172.18.0.2:6443: connect: connection refused`. */
export function connectionRefusedError(server: string): Status {
  return transportError('ConnectionRefused', `dial tcp ${server}: connect: connection refused`);
}

/** A dial to a host that is down (on kind's bridge, ARP finds no one): `… connect: no route to host`. */
export function noRouteToHostError(server: string): Status {
  return transportError('NoRouteToHost', `dial tcp ${server}: connect: no route to host`);
}

/** A request or watch whose connection the server's host closed (Go's http2 read loop turns the EOF into io.ErrUnexpectedEOF). */
export function connectionClosedError(): Status {
  return transportError('UnexpectedEOF', 'unexpected EOF');
}
