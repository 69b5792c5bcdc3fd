// GET and LIST (with label and field selectors), read from etcd with a linearizable range (the API server's default for a
// request without resourceVersion). A list's resourceVersion is the etcd revision of the
// read, so a watch started from it misses nothing.
import type { KubeObject, ObjectList } from '../../client';
import { definitionOf, fail, keyOf, storageFailure, succeed, type HandlerEnv } from './handlerEnv';
import { decodeKv } from './objectCodec';
import { parseLabelSelector } from './labelSelectorString';
import { parseFieldSelector } from './fieldSelector';
import { badRequest, notFound } from './statuses';

export function handleGet(env: HandlerEnv, resource: string, namespace: string, name: string): void {
  const found = definitionOf(resource);
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  env.storage.get(env.ctx, keyOf(def, namespace, name), (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const obj = r.value.kv === undefined ? undefined : decodeKv(r.value.kv);
    if (obj === undefined) return fail(env, notFound(def, name), r.value.revision);
    succeed(env, obj, r.value.revision);
  });
}

export function handleList(env: HandlerEnv, resource: string, namespace: string | undefined, labelSelector: string | undefined, fieldSelector?: string): void {
  const found = definitionOf(resource);
  if (!found.ok) return fail(env, found.error);
  const def = found.def;
  const selector = parseLabelSelector(labelSelector);
  if (!selector.ok) return fail(env, badRequest(selector.error));
  const fields = parseFieldSelector(def, fieldSelector);
  if (!fields.ok) return fail(env, badRequest(fields.error));
  const prefix = def.namespaced && namespace !== undefined && namespace !== '' ? `${def.etcdPrefix}/${namespace}/` : `${def.etcdPrefix}/`;
  env.storage.list(env.ctx, prefix, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const items: KubeObject[] = [];
    for (const kv of r.value.kvs) {
      const obj = decodeKv(kv);
      if (obj !== undefined && selector.matches(obj.metadata?.labels) && fields.matches(obj)) items.push(obj);
    }
    const list: ObjectList = { items, resourceVersion: String(r.value.revision) };
    succeed(env, list, r.value.revision);
  });
}
