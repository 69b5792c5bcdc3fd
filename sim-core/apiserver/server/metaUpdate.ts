// What an update may not change (k8s.io/apimachinery api/validation/objectmeta.go
// ValidateObjectMetaUpdate, and core's ValidateServiceUpdate), checked on update and patch
// alike: an object being deleted cannot gain finalizers — otherwise a deletion could be
// postponed forever; a uid given is the stored one (an empty one is filled in from storage);
// a Service's primary cluster IP may not change once set, except to or from ExternalName, nor
// a LoadBalancer's class or a Local one's health-check node port. The kinds' own update rules
// (a Pod's spec, a workload's selector, immutable ConfigMaps and Secrets…) are
// kinds/updateValidation.ts's.
import type { KubeObject, Status } from '../../client';
import { badValueOf, type FieldError, type KindDefinition } from '../kinds';
import { validateKindUpdate } from '../kinds/updateValidation';
import { invalidObject } from './statuses';

export function validateMetaUpdate(def: KindDefinition, current: KubeObject, next: KubeObject, validation: readonly FieldError[] = []): Status | undefined {
  const errors = updateFieldErrors(def, current, next, validation);
  return errors.length > 0 ? invalidObject(def.kind, def.group, current.metadata?.name ?? '', errors) : undefined;
}

/**
 * The field errors validateMetaUpdate refuses `next` with (none: the update may go on).
 * `validation`: the kind's validation of `next` (def.validate), which a strategy's
 * ValidateUpdate runs between ObjectMeta's update errors and the kind's own update rules
 * and reports with them in one list: a Deployment whose matchLabels alone changed is refused
 * for both the template's labels and the immutable selector at once.
 */
export function updateFieldErrors(def: KindDefinition, current: KubeObject, next: KubeObject, validation: readonly FieldError[] = []): FieldError[] {
  const cm = current.metadata ?? {};
  const uid = next.metadata?.uid;
  if (uid !== undefined && uid !== '' && cm.uid !== undefined && uid !== cm.uid) {
    return [{ type: 'Invalid value', field: 'metadata.uid', badValue: badValueOf(uid), detail: 'field is immutable' }, ...validation];
  }
  const ips = changedClusterIP(def, current, next);
  // ValidateServiceUpdate checks what may not change, then validates the Service as on create
  if (ips !== undefined) return [{ type: 'Invalid value', field: 'spec.clusterIPs[0]', badValue: badValueOf(ips), detail: 'may not change once set' }, ...validation];
  const fixed = changedServiceFields(def, current, next);
  if (fixed !== undefined) return [fixed, ...validation];
  // ValidateObjectMetaUpdate's errors come first in the kind's ValidateXUpdate list
  const errors: FieldError[] = [];
  if (cm.deletionTimestamp !== undefined) {
    const old = new Set(cm.finalizers ?? []);
    const added = (next.metadata?.finalizers ?? []).filter((f) => !old.has(f));
    if (added.length > 0) {
      errors.push({
        type: 'Forbidden',
        field: 'metadata.finalizers',
        badValue: { kind: 'none' },
        detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
      });
    }
  }
  errors.push(...validation, ...validateKindUpdate(def.kind, def.group, current as Record<string, unknown>, next as Record<string, unknown>));
  return errors;
}

/**
 * validateUpgradeDowngradeClusterIPs: the new clusterIPs when they change the primary one,
 * else undefined. The update was prepared first (update.ts prepareServiceUpdate): an
 * address left out is the stored one, and a changed clusterIP is in clusterIPs.
 */
function changedClusterIP(def: KindDefinition, current: KubeObject, next: KubeObject): string[] | undefined {
  if (def.resource !== 'services') return undefined;
  const cur = (current.spec ?? {}) as { type?: string; clusterIP?: string; clusterIPs?: string[] };
  const nxt = (next.spec ?? {}) as { type?: string; clusterIP?: string; clusterIPs?: string[] };
  if (cur.type === 'ExternalName' || nxt.type === 'ExternalName') return undefined;
  const oldIP = cur.clusterIPs?.[0] ?? cur.clusterIP;
  const newIPs = nxt.clusterIPs && nxt.clusterIPs.length > 0 ? nxt.clusterIPs : nxt.clusterIP ? [nxt.clusterIP] : undefined;
  if (oldIP === undefined || oldIP === '' || newIPs === undefined) return undefined;
  return newIPs[0] !== oldIP ? newIPs : undefined;
}

/**
 * ValidateServiceUpdate's other fixed fields: a LoadBalancer's loadBalancerClass may not
 * change while it stays a LoadBalancer (validateLoadBalancerClassField), nor the health-check
 * node port while it stays a Local LoadBalancer (validateServiceExternalTrafficFieldsUpdate).
 */
function changedServiceFields(def: KindDefinition, current: KubeObject, next: KubeObject): FieldError | undefined {
  if (def.resource !== 'services') return undefined;
  type Spec = { type?: string; loadBalancerClass?: string; externalTrafficPolicy?: string; healthCheckNodePort?: number };
  const cur = (current.spec ?? {}) as Spec;
  const nxt = (next.spec ?? {}) as Spec;
  if (cur.type === 'LoadBalancer' && nxt.type === 'LoadBalancer' && cur.loadBalancerClass !== nxt.loadBalancerClass) {
    return { type: 'Invalid value', field: 'spec.loadBalancerClass', badValue: badValueOf(nxt.loadBalancerClass), detail: 'may not change once set' };
  }
  const local = (s: Spec) => s.type === 'LoadBalancer' && s.externalTrafficPolicy === 'Local';
  if (local(cur) && local(nxt) && (cur.healthCheckNodePort ?? 0) !== (nxt.healthCheckNodePort ?? 0)) {
    return { type: 'Forbidden', field: 'spec.healthCheckNodePort', badValue: { kind: 'none' }, detail: 'field is immutable' };
  }
  return undefined;
}
