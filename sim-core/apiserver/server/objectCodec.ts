// How objects are stored: JSON text under the /registry key (real clusters store most
// built-in kinds as protobuf; the course stores JSON so learners can read it with
// etcdctl). metadata.resourceVersion is never stored: it is the key's mod_revision, set
// on the way out, as storage/etcd3's versioner does.
import type { KubeObject } from '../../client';
import type { KeyValue } from '../../etcd/types';

/**
 * `settled`: nothing changes `obj`'s members but metadata from now on, whatever becomes of
 * the write (update.ts: a Mutated result that shares, handed to the watch cache as it is):
 * their text is kept for later writes of the same member objects (settledText).
 */
export function encodeObject(obj: KubeObject, settled = false): string {
  if (settled) {
    const text = encodeSettled(obj);
    if (text !== undefined) return text;
  }
  // nothing to leave out (a create, a spec update): the object as it is
  if (obj.metadata !== undefined && obj.metadata.resourceVersion === undefined) return JSON.stringify(obj);
  const meta = { ...(obj.metadata ?? {}) };
  delete meta.resourceVersion;
  return JSON.stringify({ ...obj, metadata: meta });
}

/**
 * The JSON text of top-level members of written objects (a spec, a status) that nobody
 * changes any more, by the member object itself. A Pod's spec is written by its bind and
 * then, the same object unchanged, by each of the kubelet's status patches (they share the
 * stored Pod's other members: update.ts Mutated.shares): it is printed once instead of
 * four times. Weak: an entry lives as long as its object, and an object's text cannot
 * change under it (the objects are read-only: frozen while the cache mutation detector
 * is on, store.ts), so no entry is ever stale — a restarted API server included.
 */
const settledText = new WeakMap<object, string>();

/**
 * What JSON.stringify gives for `obj` without metadata.resourceVersion — each member's text
 * after its name, in key order — reusing and keeping settled members' text; undefined for
 * anything a member-by-member print could get wrong (toJSON, metadata not a JSON object).
 */
function encodeSettled(obj: KubeObject): string | undefined {
  const o = obj as Record<string, unknown>;
  if (typeof o.toJSON === 'function') return undefined;
  let text = '{';
  for (const key in o) {
    if (!Object.prototype.hasOwnProperty.call(o, key)) continue;
    let member = o[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    let memberText: string | undefined;
    if (typeof member === 'object' && member !== null) {
      if (typeof (member as { toJSON?: unknown }).toJSON === 'function') return undefined;
      if (key === 'metadata') {
        // the writer's own metadata (it gets the resourceVersion later): printed, never kept
        if (Array.isArray(member)) return undefined;
        if ((member as { resourceVersion?: unknown }).resourceVersion !== undefined) {
          const { resourceVersion: _rv, ...rest } = member as { resourceVersion?: unknown };
          member = rest;
        }
        memberText = JSON.stringify(member);
      } else {
        memberText = settledText.get(member);
        if (memberText === undefined) {
          memberText = JSON.stringify(member);
          settledText.set(member, memberText);
        }
      }
    } else memberText = JSON.stringify(member);
    text += (text.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + memberText;
  }
  // JSON.stringify({ ...obj, metadata }) appends metadata when obj has none: the plain path
  return o.metadata === undefined || o.metadata === null ? undefined : text + '}';
}

/** The stored object at `revision` (its mod_revision, or a delete's revision). */
export function decodeAt(value: string, revision: number): KubeObject | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined; // a key someone wrote with etcdctl put: not an object the API server can serve
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const obj = parsed as KubeObject;
  const m: unknown = obj.metadata;
  // the parse made this metadata: set the version in it (appended, as the text has none),
  // rather than copying it; anything but a JSON object (hand-written keys) gets a new one
  if (typeof m === 'object' && m !== null && !Array.isArray(m)) (m as { resourceVersion?: string }).resourceVersion = String(revision);
  else obj.metadata = { ...((m ?? {}) as object), resourceVersion: String(revision) };
  return obj;
}

export function decodeKv(kv: KeyValue): KubeObject | undefined {
  return decodeAt(kv.value, kv.mod_revision);
}
