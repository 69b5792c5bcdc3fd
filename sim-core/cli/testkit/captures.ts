// Reading the recordings of the real etcdctl 3.4.23 in ../etcdctl/testdata/real-3.4.23/ and of the real kubectl 1.32 in ../kubectl/testdata/
// (each file: `$ etcdctl …`, optional `--- stdin`, then `--- stdout`, `--- stderr`,
// `--- exit N`) and turning their `-w json` outputs back into response objects, so that
// every printer can be checked against what the real tool printed for the same response.
import type {
  KeyValue,
  LeaseLeasesResponse,
  LeaseTimeToLiveResponse,
  Member,
  MemberListResponse,
  RangeResponse,
  ResponseHeader,
  StatusResponse,
  WatchResponse,
} from '../../etcd/types';
import type { EpStatus } from '../etcdctl/printer';

export interface Capture {
  command: string;
  stdin?: string;
  stdout: string;
  stderr: string;
  exit: number;
}

export function parseCapture(text: string): Capture {
  const m = /^\$ (.*)\n(?:--- stdin\n([\s\S]*?))?--- stdout\n([\s\S]*?)--- stderr\n([\s\S]*?)--- exit (\d+)\n?$/.exec(text);
  if (!m) throw new Error('not a capture file');
  return { command: m[1] as string, stdin: m[2], stdout: m[3] as string, stderr: m[4] as string, exit: Number(m[5]) };
}

/** bash's %q words (how the kubectl capture scripts write a command) back into argv. */
export function captureWords(line: string): string[] {
  const out: string[] = [];
  let w = '';
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    // $'…': what %q writes for a word with a control character (ANSI-C quoting)
    if (c === '$' && line[i + 1] === "'") {
      for (i += 2; i < line.length && line[i] !== "'"; i++) {
        if (line[i] === '\\') w += escapes[line[++i] ?? ''] ?? line[i] ?? '';
        else w += line[i];
      }
      continue;
    }
    if (c === '\\') w += line[++i] ?? '';
    else if (c === ' ') {
      if (w !== '') out.push(w);
      w = '';
    } else w += c;
  }
  if (w !== '') out.push(w);
  return out;
}

/** A recorded command as one line for runCommandLine: the same words, quoted where they need it. */
export function captureCommandLine(command: string): string {
  return captureWords(command)
    .map((w) => (/[\s'"\\$]/.test(w) ? `'${w}'` : w))
    .join(' ');
}

/** JSON.parse keeping integers beyond 2^53 exact (as strings) */
type Json = Record<string, unknown>;
export function parseGoJson(text: string): unknown {
  return JSON.parse(text.replace(/([:\[,])(-?\d{16,})(?=[,}\]])/g, '$1"$2"'));
}

function int(v: unknown): number {
  return v === undefined ? 0 : Number(v);
}
function big(v: unknown): bigint {
  return v === undefined ? 0n : BigInt(v as string | number);
}
function unbase64(v: unknown): string {
  if (v === undefined) return '';
  const bin = atob(v as string);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function header(h: Json | undefined): ResponseHeader {
  const x = h ?? {};
  return { cluster_id: big(x['cluster_id']), member_id: big(x['member_id']), revision: int(x['revision']), raft_term: int(x['raft_term']) };
}

export function keyValue(k: Json): KeyValue {
  return {
    key: unbase64(k['key']),
    create_revision: int(k['create_revision']),
    mod_revision: int(k['mod_revision']),
    version: int(k['version']),
    value: unbase64(k['value']),
    lease: big(k['lease']),
  };
}

export function rangeResponse(j: Json): RangeResponse {
  const kvs = (j['kvs'] as Json[] | undefined) ?? [];
  return { header: header(j['header'] as Json), kvs: kvs.map(keyValue), more: j['more'] === true, count: int(j['count']) };
}

export function member(m: Json): Member {
  return {
    ID: big(m['ID']),
    name: (m['name'] as string | undefined) ?? '',
    peerURLs: (m['peerURLs'] as string[] | undefined) ?? [],
    clientURLs: (m['clientURLs'] as string[] | undefined) ?? [],
    isLearner: m['isLearner'] === true,
  };
}

export function memberList(j: Json): MemberListResponse {
  return { header: header(j['header'] as Json), members: ((j['members'] as Json[] | undefined) ?? []).map(member) };
}

export function statusList(items: Json[]): EpStatus[] {
  return items.map((it) => {
    const s = it['Status'] as Json;
    const resp: StatusResponse = {
      header: header(s['header'] as Json),
      version: s['version'] as string,
      dbSize: int(s['dbSize']),
      dbSizeInUse: int(s['dbSizeInUse']),
      leader: big(s['leader']),
      raftIndex: int(s['raftIndex']),
      raftTerm: int(s['raftTerm']),
      raftAppliedIndex: int(s['raftAppliedIndex']),
      errors: (s['errors'] as string[] | undefined) ?? [],
      isLearner: s['isLearner'] === true,
    };
    return { ep: it['Endpoint'] as string, resp };
  });
}

/** the flattened-header clientv3 lease responses */
export function flatHeader(j: Json): ResponseHeader {
  return header(j);
}

export function timeToLive(j: Json): LeaseTimeToLiveResponse {
  return {
    header: flatHeader(j),
    ID: big(j['id']),
    TTL: int(j['ttl']),
    grantedTTL: int(j['granted-ttl']),
    keys: ((j['keys'] as string[] | null) ?? []).map(unbase64),
  };
}

export function leases(j: Json): LeaseLeasesResponse {
  return { header: flatHeader(j), leases: ((j['leases'] as Json[]) ?? []).map((l) => ({ ID: big(l['id']) })) };
}

export function watchResponse(j: Json): WatchResponse {
  return {
    header: header(j['Header'] as Json),
    watch_id: 0,
    created: j['Created'] === true,
    canceled: j['Canceled'] === true,
    compact_revision: int(j['CompactRevision']),
    cancel_reason: '',
    events: ((j['Events'] as Json[]) ?? []).map((e) => ({
      type: e['type'] === 1 ? ('DELETE' as const) : ('PUT' as const),
      kv: keyValue(e['kv'] as Json),
      prev_kv: e['prev_kv'] ? keyValue(e['prev_kv'] as Json) : undefined,
    })),
  };
}
