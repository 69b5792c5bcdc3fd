// The ServiceAccount admission plugin on a Pod's create (plugin/pkg/admission/
// serviceaccount/admission.go, 1.32): the Pod's ServiceAccount must exist, and unless the
// Pod or its ServiceAccount says automountServiceAccountToken: false, every container
// mounts a projected `kube-api-access-xxxxx` volume at /var/run/secrets/kubernetes.io/
// serviceaccount — a bound token, the cluster CA from the namespace's kube-root-ca.crt
// ConfigMap and the namespace — which is why every real Pod's `kubectl get pod -o yaml`
// and `kubectl describe pod` show it. A Pod without imagePullSecrets takes the
// ServiceAccount's. A mirror Pod (a kubelet's static Pod) is left as it is, and refused
// when it references a ServiceAccount, a Secret or a ServiceAccount token.
import type { KubeObject } from '../../client';
import type { Prng } from '../../kernel';
import { aliasServiceAccount, MIRROR_POD_ANNOTATION, type Container, type KindDefinition, type PodSpec } from '../kinds';
import { decodeAt, decodeKv } from './objectCodec';
import { fail, meta, storageFailure, type HandlerEnv } from './handlerEnv';
import { randomSuffix } from './identity';
import { admissionForbidden } from './statuses';

export const SERVICE_ACCOUNT_VOLUME_PREFIX = 'kube-api-access-';
export const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: an hour and seven seconds. */
const TOKEN_EXPIRATION_SECONDS = 3607;
/** how often the plugin reads a missing `default` ServiceAccount before it gives up */
const DEFAULT_ACCOUNT_ATTEMPTS = 10;

type ServiceAccount = { automountServiceAccountToken?: boolean; imagePullSecrets?: Array<{ name?: string }> };

/**
 * Admits `pod` (defaulted: it names its ServiceAccount) and calls `then`, or fails the
 * request. `admissionName` is the name admission knows the Pod by: a generateName'd Pod's
 * prefix. The ServiceAccount is read from the watch cache, else from etcd (the plugin's
 * live lookup when its informer does not have it yet).
 */
export function admitServiceAccount(env: HandlerEnv, def: KindDefinition, pod: KubeObject, admissionName: string, then: () => void): void {
  const spec = (pod.spec ?? {}) as PodSpec;
  if (MIRROR_POD_ANNOTATION in (pod.metadata?.annotations ?? {})) {
    // Admit leaves a mirror Pod's spec alone ("that makes the kubelet very angry") and only validates it
    const refusal = mirrorPodRefusal(spec);
    return refusal === undefined ? then() : fail(env, admissionForbidden(def, admissionName, refusal));
  }
  const namespace = meta(pod).namespace ?? '';
  // Admit, on create only: a Pod that names no ServiceAccount gets `default`
  const account = spec.serviceAccountName || 'default';
  aliasServiceAccount(spec, account);
  const key = `/registry/serviceaccounts/${namespace}/${account}`;
  const admit = (sa: Readonly<KubeObject> | undefined, revision?: number): void => {
    if (sa === undefined) return fail(env, admissionForbidden(def, admissionName, `error looking up service account ${namespace}/${account}: serviceaccount "${account}" not found`), revision);
    const own = sa as ServiceAccount;
    if ((spec.automountServiceAccountToken ?? own.automountServiceAccountToken ?? true) === true) mountServiceAccountToken(env.admissionRng ?? env.ctx.rng, spec);
    if ((spec.imagePullSecrets ?? []).length === 0 && (own.imagePullSecrets ?? []).length > 0) spec.imagePullSecrets = (own.imagePullSecrets ?? []).map((s) => ({ name: s.name ?? '' }));
    then();
  };
  const cached = env.cachedKv?.('serviceaccounts', key);
  if (cached !== undefined) return admit(cached.object ?? decodeAt(cached.value, cached.mod_revision));
  // getServiceAccount: not in the informer's cache, so read it; the default ServiceAccount,
  // which the serviceaccounts controller is about to create in a new namespace, is tried
  // ten times, 100–199 ms apart (one interval, drawn once)
  const attempts = account === 'default' ? DEFAULT_ACCOUNT_ATTEMPTS : 1;
  const interval = (env.admissionRng ?? env.ctx.rng).int(10, 19);
  const lookup = (attempt: number): void =>
    env.storage.get(env.ctx, key, (r) => {
      if (!r.ok) return fail(env, storageFailure(r.error));
      if (r.value.kv !== undefined) return admit(decodeKv(r.value.kv), r.value.revision);
      if (attempt + 1 >= attempts) return admit(undefined, r.value.revision);
      env.ctx.setTimer(interval, () => lookup(attempt + 1));
    });
  lookup(0);
}

/** The plugin's Validate on a mirror Pod: what it may not reference, as the refusal's text. */
export function mirrorPodRefusal(spec: PodSpec): string | undefined {
  if ((spec.serviceAccountName ?? '') !== '') return 'a mirror pod may not reference service accounts';
  if (secretNames(spec).some((name) => name !== '')) return 'a mirror pod may not reference secrets';
  const tokens = (spec.volumes ?? []).some((v) => (v.projected?.sources ?? []).some((s) => s.serviceAccountToken !== undefined));
  return tokens ? 'a mirror pod may not use ServiceAccountToken volume projections' : undefined;
}

/**
 * pkg/api/pod VisitPodSecretNames over every container: the Secrets a Pod names in its
 * imagePullSecrets, its containers' env and envFrom, and its volumes (the first source of
 * each) — empty names included here, which the caller skips as the visitor does.
 */
function secretNames(spec: PodSpec): string[] {
  const names = (spec.imagePullSecrets ?? []).map((r) => r.name ?? '');
  const containers: Container[] = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
  for (const c of containers) {
    for (const e of c.envFrom ?? []) if (e.secretRef) names.push(e.secretRef.name ?? '');
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) names.push(e.valueFrom.secretKeyRef.name ?? '');
  }
  for (const v of spec.volumes ?? []) {
    if (v.azureFile) names.push(v.azureFile.secretName ?? '');
    else if (v.cephfs) names.push(v.cephfs.secretRef?.name ?? '');
    else if (v.cinder) names.push(v.cinder.secretRef?.name ?? '');
    else if (v.flexVolume) names.push(v.flexVolume.secretRef?.name ?? '');
    else if (v.projected) for (const s of v.projected.sources ?? []) names.push(s.secret?.name ?? '');
    else if (v.rbd) names.push(v.rbd.secretRef?.name ?? '');
    else if (v.secret) names.push(v.secret.secretName ?? '');
    else if (v.scaleIO) names.push(v.scaleIO.secretRef?.name ?? '');
    else if (v.iscsi) names.push(v.iscsi.secretRef?.name ?? '');
    else if (v.storageos) names.push(v.storageos.secretRef?.name ?? '');
    else if (v.csi) names.push(v.csi.nodePublishSecretRef?.name ?? '');
  }
  return names;
}

/**
 * mountServiceAccountToken: a token volume the Pod already has (one named kube-api-access-…)
 * is reused, else one is named with five random characters; every container and init
 * container without a mount at the token path mounts it read-only; the volume is added
 * when some container needed it.
 */
function mountServiceAccountToken(rng: Prng, spec: PodSpec): void {
  const existing = (spec.volumes ?? []).find((v) => (v.name ?? '').startsWith(SERVICE_ACCOUNT_VOLUME_PREFIX));
  const name = existing?.name ?? SERVICE_ACCOUNT_VOLUME_PREFIX + randomSuffix(rng);
  const mount = { name, readOnly: true, mountPath: TOKEN_MOUNT_PATH };
  let needed = false;
  const withMount = <C extends { volumeMounts?: Array<{ mountPath?: string }> }>(c: C): C => {
    if ((c.volumeMounts ?? []).some((m) => m.mountPath === TOKEN_MOUNT_PATH)) return c;
    needed = true;
    return { ...c, volumeMounts: [...(c.volumeMounts ?? []), { ...mount }] };
  };
  if (spec.initContainers) spec.initContainers = spec.initContainers.map(withMount);
  spec.containers = (spec.containers ?? []).map(withMount);
  if (existing !== undefined || !needed) return;
  spec.volumes = [
    ...(spec.volumes ?? []),
    {
      name,
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
          { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
        ],
      },
    },
  ];
}
