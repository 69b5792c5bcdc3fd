// etcdctl's printer interface (etcdctl/ctlv3/command/printer.go): one method per
// response, one implementation per --write-out format. Formats that do not support a
// response exit with `Error: <format> not supported as output format` (exit 4) — after
// the request has been made, exactly as etcdctl does.
import type {
  DeleteRangeResponse,
  LeaseGrantResponse,
  LeaseKeepAliveResponse,
  LeaseLeasesResponse,
  LeaseRevokeResponse,
  LeaseTimeToLiveResponse,
  MemberAddResponse,
  MemberListResponse,
  MemberRemoveResponse,
  PutResponse,
  RangeResponse,
  StatusResponse,
  TxnResponse,
  WatchResponse,
} from '../../etcd/types';
import type { Terminal } from '../terminal';
import { EXIT_BAD_FEATURE } from './exit-codes';

/** ep_command.go epHealth */
export interface EpHealth {
  ep: string;
  health: boolean;
  /** Go's time.Duration.String of the time the check took */
  took: string;
  error: string;
}

/** ep_command.go epStatus */
export interface EpStatus {
  ep: string;
  resp: StatusResponse;
}

export interface Printer {
  del(r: DeleteRangeResponse): void;
  get(r: RangeResponse): void;
  put(r: PutResponse): void;
  txn(r: TxnResponse): void;
  watch(r: WatchResponse): void;
  grant(r: LeaseGrantResponse): void;
  revoke(id: bigint, r: LeaseRevokeResponse): void;
  keepAlive(r: LeaseKeepAliveResponse): void;
  timeToLive(r: LeaseTimeToLiveResponse, keys: boolean): void;
  leases(r: LeaseLeasesResponse): void;
  memberAdd(r: MemberAddResponse): void;
  memberRemove(id: bigint, r: MemberRemoveResponse): void;
  memberList(r: MemberListResponse): void;
  endpointHealth(hs: EpHealth[]): void;
  endpointStatus(ss: EpStatus[]): void;
}

export type OutputFormat = 'simple' | 'json' | 'fields' | 'table' | 'protobuf';

/** A printer whose every method exits with "<format> not supported as output format". */
export function unsupportedPrinter(format: string, term: Terminal): Printer {
  const fail = (): void => term.exitWithError(EXIT_BAD_FEATURE, `${format} not supported as output format`);
  return {
    del: fail,
    get: fail,
    put: fail,
    txn: fail,
    watch: fail,
    grant: fail,
    revoke: fail,
    keepAlive: fail,
    timeToLive: fail,
    leases: fail,
    memberAdd: fail,
    memberRemove: fail,
    memberList: fail,
    endpointHealth: fail,
    endpointStatus: fail,
  };
}

/** makeMemberListTable */
export function memberListRows(r: MemberListResponse): string[][] {
  return r.members.map((m) => [
    m.ID.toString(16),
    m.name === '' ? 'unstarted' : 'started',
    m.name,
    m.peerURLs.join(','),
    m.clientURLs.join(','),
    String(m.isLearner),
  ]);
}
export const MEMBER_LIST_HEADER = ['ID', 'Status', 'Name', 'Peer Addrs', 'Client Addrs', 'Is Learner'];

/** makeEndpointHealthTable */
export function endpointHealthRows(hs: EpHealth[]): string[][] {
  return hs.map((h) => [h.ep, String(h.health), h.took, h.error]);
}
export const ENDPOINT_HEALTH_HEADER = ['endpoint', 'health', 'took', 'error'];

/** makeEndpointStatusTable */
export function endpointStatusRows(ss: EpStatus[]): string[][] {
  return ss.map(({ ep, resp }) => [
    ep,
    resp.header.member_id.toString(16),
    resp.version,
    humanizeBytes(resp.dbSize),
    String(resp.leader === resp.header.member_id),
    String(resp.isLearner),
    String(resp.raftTerm),
    String(resp.raftIndex),
    String(resp.raftAppliedIndex),
    resp.errors.join(', '),
  ]);
}
export const ENDPOINT_STATUS_HEADER = [
  'endpoint',
  'ID',
  'version',
  'db size',
  'is leader',
  'is learner',
  'raft term',
  'raft index',
  'raft applied index',
  'errors',
];

/** github.com/dustin/go-humanize Bytes: SI units, one decimal below 10. */
export function humanizeBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const sizes = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  const e = Math.floor(Math.log(n) / Math.log(1000));
  const val = Math.floor((n / Math.pow(1000, e)) * 10 + 0.5) / 10;
  if (val < 10) return `${val.toFixed(1)} ${sizes[e]}`;
  // fmt's %.0f rounds a tie to even (24.5 → "24")
  const whole = Math.floor(val);
  const rounded = val - whole === 0.5 ? (whole % 2 === 0 ? whole : whole + 1) : Math.round(val);
  return `${rounded} ${sizes[e]}`;
}
