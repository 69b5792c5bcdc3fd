// What the API server just wrote, kept so that its watch cache need not decode the same
// bytes again. The real cacher decodes every event etcd sends it (storage/etcd3
// watcher.go transform + decode); the simulated one, seeing a PUT whose bytes are exactly
// what this API server encoded for that key, takes a copy made when they were encoded
// instead (or the encoded object itself, when its writer hands it over: update.ts Mutated). The copy is what decoding gives: encodeObject prints the object without
// metadata.resourceVersion, deepCopy follows JSON's rules (store.ts), and the version is
// then set as decodeAt sets it. Matching by the bytes keeps it exact: a write that failed,
// lost its compare or was overtaken leaves an entry no event matches (the next write of
// the key replaces it), and the same bytes always decode to the same object.
import { deepCopy, type KubeObject } from '../../client';

/** Entries kept at most: a bound for keys whose writes never showed up (failed, or deleted first). */
const MAX_ENTRIES = 10_000;

export class WrittenObjects {
  private readonly byKey = new Map<string, { value: string; object: KubeObject }>();

  /**
   * `value` = encodeObject(obj) was sent to etcd for `key`. `handOver`: the writer gives
   * `obj` up (it shares read-only members, and nothing will change it — update.ts Mutated —
   * or it is the answer of a client that only reads it: HandlerEnv.answerShared, frozen
   * with the cache's): kept as it is, with metadata of its own, instead of copied. The
   * writer may still set the resourceVersion in its own metadata.
   */
  remember(key: string, value: string, obj: KubeObject, handOver = false): void {
    const copy = handOver ? { ...obj, metadata: { ...obj.metadata } } : deepCopy(obj);
    const meta: unknown = copy.metadata;
    // only an object whose metadata is a JSON object: anything else decodes the slow way
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return;
    delete (meta as { resourceVersion?: string }).resourceVersion;
    if (this.byKey.size >= MAX_ENTRIES && !this.byKey.has(key)) this.byKey.clear();
    this.byKey.set(key, { value, object: copy });
  }

  /** The decoded object for a PUT of `value` at `key` and `revision`, if this API server wrote exactly those bytes (once). */
  take(key: string, value: string, revision: number): KubeObject | undefined {
    const e = this.byKey.get(key);
    if (e === undefined || e.value !== value) return undefined;
    this.byKey.delete(key);
    (e.object.metadata as { resourceVersion?: string }).resourceVersion = String(revision);
    return e.object;
  }

  clear(): void {
    this.byKey.clear();
  }

  get size(): number {
    return this.byKey.size;
  }
}
