// The objects `kubectl edit` works on (edit.go Complete's builder: ResourceTypeOrNameArgs
// with an empty selector allowed, so a bare TYPE is every object of it; -f FILE's objects,
// fetched anew — Latest()), and the two ways they are read: as the committed keyspace holds
// them at this tick, without a request (what the editor opened: ../../ports.ts
// StoredObjectsPort), and by kubectl's own requests, whose errors are kubectl's.
import { SCALABLE_RESOURCES, scaleOf, type ServerRequest } from '../../../apiserver/server';
import { statusError, type KubeObject, type Status } from '../../../client';
import type { StoredObjectsPort } from '../../ports';
import { resourceTargets } from '../parse/resources';
import { getObject, getScale, listObjects } from './api';
import type { RunEnv } from './env';
import { commandTargets, type Target } from './targets';

/** What kubectl edit has read: the object (a Scale under --subresource=scale) and where it lives. */
export interface EditInfo {
  def: Target['def'];
  namespace: string;
  name: string;
  object: KubeObject;
}

/**
 * The builder's targets: the names on the command line, or -f's objects — with the errors
 * it finds before any request (the words' form, the files, words beside -f), in its order.
 */
export function editTargets(env: RunEnv): { ok: true; targets: Target[] } | { ok: false; error: string } {
  if (env.cmd.filenames.length === 0) return commandTargets(env);
  if (env.cmd.filenames.includes('-')) {
    return { ok: false, error: `error: "kubectl edit -f -" is not part of this simulation: the terminal gives kubectl edit's standard input the file saved in the editor; name a file instead\n` };
  }
  const args = env.cmd.flags.args;
  const slashes = args.filter((a) => a.includes('/')).length;
  // ResourceTypeOrNameArgs' own error comes before the files'
  if (slashes > 0 && slashes < args.length) {
    const t = resourceTargets(args);
    if (!t.ok) return { ok: false, error: `error: ${t.error}\n` };
  }
  const files = commandTargets(env);
  if (!files.ok || args.length === 0) return files;
  // visitByPaths: `a,b NAME` was turned into TYPE/NAME pairs (normalizeMultipleResourcesArgs)
  const pairs = slashes > 0 || (args.length > 1 && args[0]!.includes(','));
  return {
    ok: false,
    error: `error: ${pairs ? 'resource/name arguments cannot be provided when a path is specified' : 'when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well'}\n`,
  };
}

/** The subresources edit can read here; another is the server's 404. */
function readableSubresource(subresource: string, resource: string): boolean {
  return subresource === '' || subresource === 'status' || (subresource === 'scale' && SCALABLE_RESOURCES.has(resource));
}

/**
 * The objects as the committed keyspace holds them now, without a request: what the editor
 * opens. undefined when a named one is not there, or when the subresource is one kubectl's
 * request would fail on — the command then prints kubectl's error.
 */
export function storedEditObjects(stored: StoredObjectsPort, targets: readonly Target[], subresource: string): KubeObject[] | undefined {
  const out: KubeObject[] = [];
  for (const t of targets) {
    if (t.name === undefined) {
      out.push(...stored.list(t.def, t.namespace));
      continue;
    }
    const o = stored.get(t.def, t.namespace, t.name);
    if (o === undefined || !readableSubresource(subresource, t.def.resource)) return undefined;
    out.push(subresource === 'scale' ? scaleOf(o) : o);
  }
  return out;
}

/**
 * The request kubectl's read of a target is (readEditObjects below): a named object's GET (of
 * its Scale under --subresource=scale), a bare TYPE's LIST — what the authorizer judges.
 */
export function editReadRequest(t: Target, subresource: string): ServerRequest {
  if (t.name === undefined) return { verb: 'list', resource: t.def.resource, ...(t.def.namespaced ? { namespace: t.namespace } : {}) };
  return { verb: 'get', resource: t.def.resource, namespace: t.def.namespaced ? t.namespace : '', name: t.name, ...(subresource === 'scale' ? { subresource: 'scale' as const } : {}) };
}

/**
 * kubectl's reads (Infos() with ContinueOnError): each named object GET (its Scale under
 * --subresource=scale), each bare TYPE LISTed; every failure kept, the rest read on.
 */
export function readEditObjects(env: RunEnv, targets: readonly Target[], subresource: string): { infos: EditInfo[]; failures: Status[] } {
  const infos: EditInfo[] = [];
  const failures: Status[] = [];
  for (const t of targets) {
    if (t.name === undefined) {
      const r = listObjects(env, t.def, { namespace: t.def.namespaced ? t.namespace : undefined });
      if (!r.ok) failures.push(r.error);
      else for (const o of r.value.items) infos.push({ def: t.def, namespace: o.metadata?.namespace ?? '', name: o.metadata?.name ?? '', object: o });
      continue;
    }
    const r = !readableSubresource(subresource, t.def.resource)
      ? ({ ok: false, error: statusError('NotFound', 'the server could not find the requested resource') } as const)
      : subresource === 'scale'
        ? getScale(env, t.def, t.namespace, t.name)
        : getObject(env, t.def, t.namespace, t.name);
    if (!r.ok) {
      failures.push(r.error);
      // no connection at all: kubectl's next request would fail the same way
      if (r.error.code === 0) break;
      continue;
    }
    infos.push({ def: t.def, namespace: t.namespace, name: t.name, object: r.value });
  }
  return { infos, failures };
}
