// GuaranteedUpdate's first try on the watch cache's copy (store.go + cacher.go): a copy that
// is behind etcd must never turn into a wrong answer — every refusal and every "nothing
// changed" based on it is checked again on what etcd holds.
import { describe, expect, it } from 'vitest';
import type { ApiResult, KubeObject } from '../../client';
import { KINDS } from '../kinds';
import type { HandlerEnv } from './handlerEnv';
import type { CachedKv } from './watchCache';
import { guaranteedUpdate, type Mutation } from './update';
import { encodeObject } from './objectCodec';

const configMaps = KINDS.find((k) => k.resource === 'configmaps')!;
const KEY = '/registry/configmaps/default/c';

function cm(data: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default', uid: 'u1' }, data: { k: data } };
}

/** An etcd holding one key, a watch cache holding `cached`, and what the update asked of etcd. */
function setup(live: { value: string; rev: number }, cached: CachedKv | undefined) {
  const calls: string[] = [];
  let answer: ApiResult<unknown> | undefined;
  const storage = {
    get: (_ctx: unknown, _key: string, done: (r: unknown) => void) => {
      calls.push('range');
      done({ ok: true, value: { kv: { key: KEY, value: live.value, mod_revision: live.rev, create_revision: 2, version: 1, lease: 0n }, revision: live.rev } });
    },
    update: (_ctx: unknown, _key: string, value: string, modRevision: number, done: (r: unknown) => void) => {
      calls.push(`txn@${modRevision}`);
      if (modRevision !== live.rev) {
        return done({ ok: true, value: { succeeded: false, revision: live.rev, current: { key: KEY, value: live.value, mod_revision: live.rev, create_revision: 2, version: 1, lease: 0n } } });
      }
      live.value = value;
      live.rev += 1;
      done({ ok: true, value: { succeeded: true, revision: live.rev } });
    },
  };
  const env = {
    ctx: { now: 0 },
    storage,
    reply: (r: ApiResult<unknown>) => (answer = r),
    cachedKv: () => cached,
  } as unknown as HandlerEnv;
  return { env, calls, answer: () => answer };
}

const setData =
  (v: string): Mutation =>
  (current) => ({ ok: true, next: { ...current, data: { k: v } } });

describe('guaranteedUpdate on a cached copy', () => {
  it('writes with one txn when the copy is current', () => {
    const live = { value: encodeObject(cm('a')), rev: 5 };
    const t = setup(live, { value: live.value, mod_revision: 5 });
    guaranteedUpdate(t.env, configMaps, 'default', 'c', '5', setData('b'));
    expect(t.calls).toEqual(['txn@5']);
    expect(t.answer()?.ok).toBe(true);
  });

  it('does not answer 409 for a resourceVersion the stale copy has not reached: it reads etcd and writes', () => {
    const live = { value: encodeObject(cm('etcd')), rev: 9 };
    const t = setup(live, { value: encodeObject(cm('a')), mod_revision: 5 });
    guaranteedUpdate(t.env, configMaps, 'default', 'c', '9', setData('b'));
    expect(t.calls).toEqual(['range', 'txn@9']);
    expect(t.answer()?.ok).toBe(true);
    expect(JSON.parse(live.value).data).toEqual({ k: 'b' });
  });

  it('answers 409 for a resourceVersion that is stale against etcd itself, and writes nothing', () => {
    const live = { value: encodeObject(cm('etcd')), rev: 9 };
    const t = setup(live, { value: encodeObject(cm('a')), mod_revision: 5 });
    guaranteedUpdate(t.env, configMaps, 'default', 'c', '5', setData('b'));
    // the copy agrees with the request, so the txn is tried — and loses the compare
    expect(t.calls).toEqual(['txn@5']);
    const a = t.answer();
    expect(a?.ok ? 200 : a?.error.code).toBe(409);
    expect(live.rev).toBe(9);
  });

  it('does not call an update a no-op on the strength of a stale copy', () => {
    // the cache says data is already "b"; etcd says "etcd": the update must still write
    const live = { value: encodeObject(cm('etcd')), rev: 9 };
    const t = setup(live, { value: encodeObject(cm('b')), mod_revision: 5 });
    guaranteedUpdate(t.env, configMaps, 'default', 'c', undefined, setData('b'));
    expect(t.calls).toEqual(['range', 'txn@9']);
    expect(JSON.parse(live.value).data).toEqual({ k: 'b' });
  });

  it('retries on the value a lost txn read back, without another read', () => {
    const live = { value: encodeObject(cm('etcd')), rev: 9 };
    const t = setup(live, { value: encodeObject(cm('a')), mod_revision: 5 });
    guaranteedUpdate(t.env, configMaps, 'default', 'c', undefined, setData('b'));
    expect(t.calls).toEqual(['txn@5', 'txn@9']);
    expect(t.answer()?.ok).toBe(true);
  });
});
