// The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher/
// publisher.go): every namespace holds a ConfigMap `kube-root-ca.crt` with the cluster CA
// under `ca.crt` and the description annotation, so a Pod can verify the API server. It is
// created when a namespace appears, made again when deleted, and put right when someone
// changes its data or drops the annotation. A create refused because the namespace is gone
// or terminating is not retried.
import type { ConfigMap, Namespace } from '../apiserver';
import { deepCopy, type EventHandlers, type KubeObject, type Lister } from '../client';
import { hash64 } from '../kernel';
import { enqueueNamespace, namespaceQueueHandlers, requeueOnError, requeueUnlessSettled, type ControllerContext, type ReconcileResult } from './context';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
export const ROOT_CA_DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
export const ROOT_CA_DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The cluster CA certificate kubeadm generates (/etc/kubernetes/pki/ca.crt, given to the
 * controller-manager as --root-ca-file). The course runs no TLS: these are PEM-shaped
 * stand-in bytes, the same in every simulated cluster, not a certificate.
 */
export const ROOT_CA_CERT: string = (() => {
  let h = hash64('reconcile simulated cluster CA');
  const lines: string[] = [];
  for (let line = 0; line < 17; line++) {
    let text = '';
    while (text.length < 64) {
      h = hash64(h);
      for (let i = 0; i < 16 && text.length < 64; i += 2) text += BASE64[parseInt(h.slice(i, i + 2), 16) % 64];
    }
    lines.push(text);
  }
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
})();

/** The ConfigMap as the publisher writes it (its name is the same in every namespace). */
export function rootCAConfigMap(namespace?: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: ROOT_CA_CONFIGMAP, ...(namespace !== undefined ? { namespace } : {}), annotations: { [ROOT_CA_DESCRIPTION_ANNOTATION]: ROOT_CA_DESCRIPTION } },
    data: { 'ca.crt': ROOT_CA_CERT },
  };
}

export interface RootCACertPublisherDeps {
  configMaps: Lister<ConfigMap & KubeObject>;
  ctx: ControllerContext;
}

export class RootCACertPublisher {
  readonly namespaceHandlers: EventHandlers<Namespace & KubeObject>;

  constructor(private readonly deps: RootCACertPublisherDeps) {
    this.namespaceHandlers = namespaceQueueHandlers(deps.ctx.queue);
  }

  /** configMapUpdated / configMapDeleted: only the publisher's own ConfigMap matters. */
  readonly configMapHandlers: EventHandlers<ConfigMap & KubeObject> = {
    onUpdate: (_old, cm) => this.enqueueFor(cm),
    onDelete: (cm) => this.enqueueFor(cm),
  };

  private enqueueFor(cm: KubeObject): void {
    if (cm.metadata?.name === ROOT_CA_CONFIGMAP) enqueueNamespace(this.deps.ctx.queue, cm.metadata.namespace);
  }

  /** syncNamespace */
  reconcile(namespace: string): ReconcileResult {
    const { ctx } = this.deps;
    const cm = this.deps.configMaps.get(`${namespace}/${ROOT_CA_CONFIGMAP}`);
    if (cm === undefined) {
      // don't retry a create if the namespace doesn't exist or is terminating (or someone was quicker)
      ctx.api.request({ verb: 'create', resource: 'configmaps', namespace, body: rootCAConfigMap(namespace) }, requeueUnlessSettled(ctx, namespace));
      return { ok: true };
    }
    const data = cm.data ?? {};
    const annotation = cm.metadata?.annotations?.[ROOT_CA_DESCRIPTION_ANNOTATION] ?? '';
    if (Object.keys(data).length === 1 && data['ca.crt'] === ROOT_CA_CERT && annotation !== '') return { ok: true };
    // the data and the one annotation describing its use must match: copy, fix, update
    const fixed = deepCopy(cm) as ConfigMap & KubeObject;
    fixed.data = { 'ca.crt': ROOT_CA_CERT };
    fixed.metadata = { ...fixed.metadata, annotations: { ...(fixed.metadata?.annotations ?? {}), [ROOT_CA_DESCRIPTION_ANNOTATION]: ROOT_CA_DESCRIPTION } };
    ctx.api.request({ verb: 'update', resource: 'configmaps', namespace, body: fixed }, requeueOnError(ctx, namespace));
    return { ok: true };
  }
}
