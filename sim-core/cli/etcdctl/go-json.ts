// Go's encoding/json as etcdctl's json printer uses it (printer_json.go calls
// json.Marshal on the gogo-protobuf structs): fields in struct order with their json tags,
// `omitempty` dropping zero values, []byte as standard base64, int64/uint64 as bare
// numbers, and clientv3 structs that embed *pb.ResponseHeader flattening its fields.
import type { KeyValue, ResponseHeader, WatchEvent, Member, StatusResponse } from '../../etcd/types';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** encoding/base64.StdEncoding of the string's UTF-8 bytes. */
export function base64(s: string): string {
  const bytes = utf8Bytes(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] as number;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += B64[b0 >> 2];
    out += B64[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)];
    out += b1 === undefined ? '=' : B64[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)];
    out += b2 === undefined ? '=' : B64[b2 & 63];
  }
  return out;
}

type Field = [name: string, json: string | undefined];

/** A JSON object from fields already encoded; undefined fields are left out (omitempty). */
export function object(fields: Field[]): string {
  return '{' + fields.filter((f) => f[1] !== undefined).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',') + '}';
}

export function str(s: string): string {
  return JSON.stringify(s).replace(/[\u2028\u2029<>&]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** omitempty helpers */
export const num = (n: number | bigint): string | undefined => (n === 0 || n === 0n ? undefined : String(n));
export const bool = (b: boolean): string | undefined => (b ? 'true' : undefined);
export const bytes = (s: string): string | undefined => (s === '' ? undefined : str(base64(s)));
export const array = (items: string[]): string | undefined => (items.length === 0 ? undefined : `[${items.join(',')}]`);

export function headerFields(h: ResponseHeader): Field[] {
  return [
    ['cluster_id', num(h.cluster_id)],
    ['member_id', num(h.member_id)],
    ['revision', num(h.revision)],
    ['raft_term', num(h.raft_term)],
  ];
}

export function header(h: ResponseHeader | undefined): string | undefined {
  return h ? object(headerFields(h)) : undefined;
}

export function keyValue(kv: KeyValue): string {
  return object([
    ['key', bytes(kv.key)],
    ['create_revision', num(kv.create_revision)],
    ['mod_revision', num(kv.mod_revision)],
    ['version', num(kv.version)],
    ['value', bytes(kv.value)],
    ['lease', num(kv.lease)],
  ]);
}

export function event(e: WatchEvent): string {
  return object([
    ['type', e.type === 'DELETE' ? '1' : undefined],
    ['kv', keyValue(e.kv)],
    ['prev_kv', e.prev_kv ? keyValue(e.prev_kv) : undefined],
  ]);
}

export function member(m: Member): string {
  return object([
    ['ID', num(m.ID)],
    ['name', m.name === '' ? undefined : str(m.name)],
    ['peerURLs', array(m.peerURLs.map(str))],
    ['clientURLs', array(m.clientURLs.map(str))],
    ['isLearner', bool(m.isLearner)],
  ]);
}

export function status(s: StatusResponse): string {
  return object([
    ['header', header(s.header)],
    ['version', s.version === '' ? undefined : str(s.version)],
    ['dbSize', num(s.dbSize)],
    ['leader', num(s.leader)],
    ['raftIndex', num(s.raftIndex)],
    ['raftTerm', num(s.raftTerm)],
    ['raftAppliedIndex', num(s.raftAppliedIndex)],
    ['errors', array(s.errors.map(str))],
    ['dbSizeInUse', num(s.dbSizeInUse)],
    ['isLearner', bool(s.isLearner)],
  ]);
}
