// What etcdctl's mustClientFromCmd does before a request (etcdctl/ctlv3/command/global.go):
// read the global flags, choose the printer (initDisplayFromCmd) and pick the endpoint.
// The simulated client talks to the first of --endpoints; 127.0.0.1:2379 and
// localhost:2379 (etcdctl's default) mean etcd-1, as if the terminal ran on its host.
import type { EtcdError, EtcdResult } from '../../etcd/types';
import type { Invocation } from '../flags/command';
import type { CallOptions, EtcdClientPort, SimControlPort } from '../ports';
import { EXIT_BAD_FEATURE } from './exit-codes';
import { fieldsPrinter } from './printer-fields';
import { jsonPrinter } from './printer-json';
import { simplePrinter, type SimpleOptions } from './printer-simple';
import { tablePrinter } from './printer-table';
import { unsupportedPrinter, type OutputFormat, type Printer } from './printer';

export interface EtcdctlEnv {
  etcd: EtcdClientPort;
  sim: SimControlPort;
  /** what the command reads from standard input; undefined when nothing is piped in */
  stdin: string | undefined;
  /** the browser's terminal, whose clock runs outside the command: `etcdctl watch` returns still watching (TerminalPorts.live) */
  live?: boolean;
}

export type EtcdctlInvocation = Invocation<EtcdctlEnv>;

/** 1 tick = 10 ms of simulated time. */
export const NANOS_PER_TICK = 10_000_000;

export function durationToTicks(nanos: number): number {
  return Math.max(0, Math.ceil(nanos / NANOS_PER_TICK));
}

export function ticksToNanos(ticks: number): number {
  return ticks * NANOS_PER_TICK;
}

/** etcd's server-side request timeout (etcdserver ReqTimeout: 5s + 2 × election timeout of 1s), for the commands etcdctl runs without a deadline. */
export const SERVER_REQUEST_TIMEOUT_TICKS = 700;

const LOCAL_ALIASES = ['127.0.0.1:2379', 'localhost:2379', 'http://127.0.0.1:2379', 'http://localhost:2379'];

export function resolveEndpoint(sim: SimControlPort, ep: string): string | undefined {
  if (LOCAL_ALIASES.includes(ep)) return sim.resolveMember('etcd-1');
  return sim.resolveMember(ep) ?? sim.resolveMember(ep.replace(/^https?:\/\//, ''));
}

export interface Client {
  etcd: EtcdClientPort;
  sim: SimControlPort;
  format: OutputFormat;
  printer: Printer;
  /** shared with the simple printer, so --print-value-only can switch it on after the request */
  simple: SimpleOptions;
  endpoints: string[];
  commandTimeoutTicks: number;
  /** the first endpoint, resolved to a member name; undefined if it names no member */
  member: string | undefined;
}

export function endpointsFlag(inv: EtcdctlInvocation): string[] {
  return (inv.flags.values.get('endpoints') as string[]).map((e) => e.trim());
}

export function commandTimeoutTicks(inv: EtcdctlInvocation): number {
  return durationToTicks(inv.flags.values.get('command-timeout') as number);
}

export function newPrinter(format: string, term: Invocation<unknown>['term'], simple: SimpleOptions): Printer | undefined {
  switch (format) {
    case 'simple':
      return simplePrinter(term, simple);
    case 'json':
      return jsonPrinter(term);
    case 'fields':
      return fieldsPrinter(term);
    case 'table':
      return tablePrinter(term);
    case 'protobuf':
      // etcdctl writes raw protobuf bytes; a course terminal has no use for them.
      return unsupportedPrinter('protobuf', term);
    default:
      return undefined;
  }
}

/** mustClientFromCmd; undefined after it has exited with an error. */
export function mustClient(inv: EtcdctlInvocation): Client | undefined {
  const format = inv.flags.values.get('write-out') as string;
  const simple: SimpleOptions = { isHex: inv.flags.values.get('hex') === true, valueOnly: false };
  const printer = newPrinter(format, inv.term, simple);
  if (!printer) {
    inv.term.exitWithError(EXIT_BAD_FEATURE, 'unsupported output format');
    return undefined;
  }
  const endpoints = endpointsFlag(inv);
  return {
    etcd: inv.env.etcd,
    sim: inv.env.sim,
    format: format as OutputFormat,
    printer,
    simple,
    endpoints,
    commandTimeoutTicks: commandTimeoutTicks(inv),
    member: resolveEndpoint(inv.env.sim, endpoints[0] ?? ''),
  };
}

const DEADLINE: EtcdError = { code: 'DeadlineExceeded', message: 'context deadline exceeded' };

/**
 * One request with a deadline. An endpoint that names no member behaves like an
 * unreachable address: the client waits out the deadline and reports it.
 */
export function request<T>(
  client: Pick<Client, 'sim' | 'member'>,
  timeoutTicks: number,
  call: (opts: CallOptions) => EtcdResult<T>,
  member: string | undefined = client.member,
): EtcdResult<T> {
  if (member === undefined) {
    client.sim.tick(timeoutTicks);
    return { ok: false, error: DEADLINE };
  }
  return call({ endpoint: member, timeoutTicks });
}
