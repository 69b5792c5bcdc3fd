// metav1.ObjectMeta and its validation (k8s.io/apimachinery/pkg/api/validation/objectmeta.go
// and pkg/apis/meta/v1/validation, release 1.32).
import type { z } from 'zod';
import { bool, freeFormObject, int64, list, str, stringList, stringMap, struct, time } from './goTypes';
import { forbidden, invalid, required, tooLong, type FieldError } from './fieldErrors';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, type NameRule } from './nameRules';

export const ownerReferenceSchema = struct('OwnerReference', {
  apiVersion: str(),
  kind: str(),
  name: str(),
  uid: str(),
  controller: bool(),
  blockOwnerDeletion: bool(),
});

/** ManagedFieldsEntry: fieldsV1 (the owned field set) stays free-form JSON. */
export const managedFieldsEntrySchema = struct('ManagedFieldsEntry', {
  manager: str(),
  operation: str(),
  apiVersion: str(),
  time: time(),
  fieldsType: str(),
  fieldsV1: freeFormObject('FieldsV1'),
  subresource: str(),
});

// Field order is Go struct order: the JSON printer uses it (kubectl -o json).
export const objectMetaSchema = struct('ObjectMeta', {
  name: str(),
  generateName: str(),
  namespace: str(),
  selfLink: str(),
  uid: str(),
  resourceVersion: str(),
  generation: int64(),
  creationTimestamp: time(),
  deletionTimestamp: time(),
  deletionGracePeriodSeconds: int64(),
  labels: stringMap(),
  annotations: stringMap(),
  ownerReferences: list(ownerReferenceSchema, '[]v1.OwnerReference'),
  finalizers: stringList(),
  managedFields: list(managedFieldsEntrySchema, '[]v1.ManagedFieldsEntry'),
});

export type ObjectMeta = z.infer<typeof objectMetaSchema>;
export type OwnerReference = z.infer<typeof ownerReferenceSchema>;
export type ManagedFieldsEntry = z.infer<typeof managedFieldsEntrySchema>;

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

function sortedEntries<V>(record: Record<string, V> | undefined): [string, V][] {
  return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** v1validation.ValidateLabels. Keys are visited sorted so the error order is stable. */
export function validateLabels(labels: Record<string, string> | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of sortedEntries(labels)) {
    for (const msg of isQualifiedName(k)) errs.push(invalid(field, k, msg));
    for (const msg of isValidLabelValue(v)) errs.push(invalid(field, v, msg));
  }
  return errs;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of sortedEntries(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(field, k, msg));
    size += k.length + v.length;
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(tooLong(field, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

function validateOwnerReferences(refs: readonly OwnerReference[] | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    const version = (ref.apiVersion ?? '').split('/').pop() ?? '';
    if (version.length === 0) errs.push(invalid(`${field}.apiVersion`, ref.apiVersion ?? '', 'version must not be empty'));
    if (!ref.kind) errs.push(invalid(`${field}.kind`, ref.kind ?? '', 'kind must not be empty'));
    if (!ref.name) errs.push(invalid(`${field}.name`, ref.name ?? '', 'name must not be empty'));
    if (!ref.uid) errs.push(invalid(`${field}.uid`, ref.uid ?? '', 'uid must not be empty'));
    if (ref.controller === true) {
      const current = `${ref.kind ?? ''}/${ref.name ?? ''}`;
      if (firstController !== '') {
        errs.push(
          invalid(
            field,
            refs,
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else firstController = current;
    }
  }
  return errs;
}

function validateFinalizers(finalizers: readonly string[] | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers ?? []) for (const msg of isQualifiedName(f)) errs.push(invalid(field, f, msg));
  const list = finalizers ?? [];
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errs.push(invalid(field, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

/** ValidateObjectMetaAccessor: name, namespace, generation, labels, annotations, owners, finalizers. */
export function validateObjectMeta(
  meta: ObjectMeta | undefined,
  namespaced: boolean,
  nameRule: NameRule,
  field = 'metadata',
): FieldError[] {
  const m = meta ?? {};
  const errs: FieldError[] = [];
  if (m.generateName) {
    for (const msg of nameRule(m.generateName, true)) errs.push(invalid(`${field}.generateName`, m.generateName, msg));
  }
  if (!m.name) errs.push(required(`${field}.name`, 'name or generateName is required'));
  else for (const msg of nameRule(m.name, false)) errs.push(invalid(`${field}.name`, m.name, msg));
  if (namespaced) {
    if (!m.namespace) errs.push(required(`${field}.namespace`));
    else for (const msg of nameIsDNSLabel(m.namespace, false)) errs.push(invalid(`${field}.namespace`, m.namespace, msg));
  } else if (m.namespace) {
    errs.push(forbidden(`${field}.namespace`, 'not allowed on this type'));
  }
  if (m.generation !== undefined && m.generation < 0) {
    errs.push(invalid(`${field}.generation`, m.generation, 'must be greater than or equal to 0'));
  }
  errs.push(...validateLabels(m.labels, `${field}.labels`));
  errs.push(...validateAnnotations(m.annotations, `${field}.annotations`));
  errs.push(...validateOwnerReferences(m.ownerReferences, `${field}.ownerReferences`));
  errs.push(...validateFinalizers(m.finalizers, `${field}.finalizers`));
  return errs;
}
