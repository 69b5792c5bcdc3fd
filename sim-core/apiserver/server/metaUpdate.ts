// What an update may not do to metadata (k8s.io/apimachinery api/validation/objectmeta.go
// ValidateObjectMetaUpdate), checked on update and patch alike: an object being deleted
// cannot gain finalizers — otherwise a deletion could be postponed forever.
import type { KubeObject, Status } from '../../client';
import { formatInvalid, type FieldError, type KindDefinition } from '../kinds';
import { statusWithCode } from './statuses';

export function validateMetaUpdate(def: KindDefinition, current: KubeObject, next: KubeObject): Status | undefined {
  const cm = current.metadata ?? {};
  if (cm.deletionTimestamp === undefined) return undefined;
  const old = new Set(cm.finalizers ?? []);
  const added = (next.metadata?.finalizers ?? []).filter((f) => !old.has(f));
  if (added.length === 0) return undefined;
  const err: FieldError = {
    type: 'Forbidden',
    field: 'metadata.finalizers',
    badValue: { kind: 'none' },
    detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
  };
  return statusWithCode('Invalid', 422, formatInvalid(def.kind, cm.name ?? '', [err]));
}
