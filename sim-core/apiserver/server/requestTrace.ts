// The trace event every handled request leaves: who asked, for what, and which etcd
// revision it produced or read — the hop `sim trace` follows from kubectl to etcd and on
// through the watch events (whose objects carry the same revision as resourceVersion).
import type { Ctx } from './handlerEnv';
import type { ServerRequest } from './wire';

/** The trace detail of one handled request (`ctx.trace`, kind 'state', address kube-apiserver). */
export interface ApiTraceDetail {
  api: {
    from: string;
    requestId: number;
    verb: string;
    resource: string;
    namespace?: string;
    name?: string;
    code: number;
    /** the etcd revision the request produced (writes) or read at */
    revision?: number;
    /** ?dryRun=All: admitted and validated, nothing written */
    dryRun?: true;
    /** a request on a subresource (`status`: the kubelet's status patch; `scale`: kubectl scale) */
    subresource?: string;
  };
}

export function traceRequest(ctx: Ctx, from: string, requestId: number, req: ServerRequest, name: string | undefined, code: number, revision: number | undefined): void {
  if (!ctx.tracing) return; // nothing would be kept (a benchmark): build nothing
  const namespace = 'namespace' in req ? req.namespace : undefined;
  const detail: ApiTraceDetail = {
    api: {
      from,
      requestId,
      verb: req.verb,
      resource: req.verb === 'nonResource' ? req.path : req.resource,
      ...(namespace !== undefined && namespace !== '' ? { namespace } : {}),
      ...(name !== undefined ? { name } : {}),
      code,
      ...(revision !== undefined ? { revision } : {}),
      ...('dryRun' in req && req.dryRun === true ? { dryRun: true as const } : {}),
      ...('subresource' in req && req.subresource !== undefined ? { subresource: req.subresource } : {}),
    },
  };
  ctx.trace(detail);
}
