// What an update of a kind may not change, beyond its metadata (1.32's ValidateXUpdate in
// pkg/apis/core/validation, apps/validation, rbac/validation, discovery/validation, and the
// apps/v1 strategies): the checks that compare the new object with the stored one. The
// object itself was validated as a create is (admitForCreate); these add what only an
// update can get wrong, in Go's order:
// - a Pod: ValidatePodUpdate — containers may not be added or removed, images must be
//   set and trimmed, activeDeadlineSeconds may only be set or lowered, existing
//   tolerations only get a new tolerationSeconds, scheduling gates may only be removed,
//   the QoS class stays (`Pod QoS is immutable`, 1.27–1.32), and nothing else in the spec
//   may change (`pod updates may not change fields other
//   than …`, followed by the difference);
// - a Deployment or ReplicaSet (apps/v1): spec.selector is immutable;
// - a ConfigMap or Secret marked `immutable: true`: its data (and the mark) may not
//   change; a Secret's type never changes;
// - a RoleBinding or ClusterRoleBinding: roleRef cannot change;
// - an EndpointSlice: addressType is immutable.
import { forbidden, goQuote, goSyntax, type FieldError } from './fieldErrors';
import { MIRROR_POD_ANNOTATION, qosClass } from './pod';
import type { PodSpec } from './podSpec';
import { parseQuantity } from './quantity';
import { GO_MAP_MEMBERS, podSpecDiff } from './podSpecDiff';

type Obj = Record<string, unknown>;

const IMMUTABLE = 'field is immutable';
const IMMUTABLE_WHEN_SET = 'field is immutable when `immutable` is set';
const POD_UPDATE_FORBIDDEN =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

export function validateKindUpdate(kind: string, group: string, current: Obj, next: Obj): FieldError[] {
  switch (`${group}/${kind}`) {
    case '/Pod':
      return [...validateMirrorAnnotationUpdate(current, next), ...validatePodUpdate(specOf(current), specOf(next), (current.status as { qosClass?: string } | undefined)?.qosClass)];
    case 'apps/Deployment':
    case 'apps/ReplicaSet':
      return validateSelectorUpdate(specOf(current).selector, specOf(next).selector);
    case '/ConfigMap':
      return validateImmutableData(current, next, ['data', 'binaryData']);
    case '/Secret':
      return [...validateSecretType(current, next), ...validateImmutableData(current, next, ['data'])];
    case 'rbac.authorization.k8s.io/RoleBinding':
    case 'rbac.authorization.k8s.io/ClusterRoleBinding':
      return validateRoleRefUpdate(current.roleRef, next.roleRef);
    case 'discovery.k8s.io/EndpointSlice':
      return current.addressType !== next.addressType
        ? [{ type: 'Invalid value', field: 'addressType', badValue: { kind: 'string', value: String(next.addressType ?? '') }, detail: IMMUTABLE }]
        : [];
    default:
      return [];
  }
}

function specOf(obj: Obj): Obj {
  const spec = obj.spec;
  return spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Obj) : {};
}

function listOf(value: unknown): Obj[] {
  return Array.isArray(value) ? (value as Obj[]) : [];
}

/** Maps of resource.Quantity: equal values compare equal however they are written (Quantity.Cmp). */
const QUANTITY_MAPS = new Set(['limits', 'requests', 'overhead']);

/**
 * apiequality.Semantic.DeepEqual on decoded JSON: a nil and an empty slice are equal (and
 * so an absent member and an empty list), as are a nil and an empty map — for the members
 * that are Go maps; an empty object elsewhere is a struct behind a pointer, which nil is
 * not — and quantities compare by value (`1Gi` is `1024Mi`).
 */
export function semanticEqual(a: unknown, b: unknown, member?: string): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (member !== undefined && GO_MAP_MEMBERS.has(member) && isEmptyMap(a) && isEmptyMap(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => semanticEqual(item, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ao = a as Obj;
  const bo = b as Obj;
  const quantities = member !== undefined && QUANTITY_MAPS.has(member);
  for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    if (quantities ? !sameQuantity(ao[k], bo[k]) : !semanticEqual(ao[k], bo[k], k)) return false;
  }
  return true;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

function isEmptyMap(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

function sameQuantity(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a !== 'string' && typeof a !== 'number') || (typeof b !== 'string' && typeof b !== 'number')) return false;
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa.ok && qb.ok && qa.quantity.milli === qb.quantity.milli;
}

/** ValidatePodUpdate's spec checks (pkg/apis/core/validation/validation.go, release 1.32). */
/** ValidatePodSpecificAnnotationUpdates: a Pod does not become, or stop being, a mirror Pod, and keeps its mirror's hash. */
function validateMirrorAnnotationUpdate(current: Obj, next: Obj): FieldError[] {
  const key = MIRROR_POD_ANNOTATION;
  const before = (current.metadata as { annotations?: Record<string, string> } | undefined)?.annotations ?? {};
  const after = (next.metadata as { annotations?: Record<string, string> } | undefined)?.annotations ?? {};
  const field = `metadata.annotations[${key}]`;
  if (key in before) return after[key] === before[key] ? [] : [forbidden(field, 'may not remove or update mirror pod annotation')];
  return key in after ? [forbidden(field, 'may not add mirror pod annotation')] : [];
}

function validatePodUpdate(old: Obj, spec: Obj, storedQos: string | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    const [errs, stop] = validateContainerUpdates(listOf(spec[list]), listOf(old[list]), `spec.${list}`);
    errors.push(...errs);
    if (stop) return errors;
  }
  const newDeadline = spec.activeDeadlineSeconds;
  const oldDeadline = old.activeDeadlineSeconds;
  if (typeof newDeadline === 'number') {
    // the range (0 to MaxInt32) is the create validation's, which already ran
    if (typeof oldDeadline === 'number' && oldDeadline < newDeadline) {
      errors.push({ type: 'Invalid value', field: 'spec.activeDeadlineSeconds', badValue: { kind: 'number', value: newDeadline }, detail: 'must be less than or equal to previous value' });
      return errors;
    }
  } else if (typeof oldDeadline === 'number') {
    errors.push({ type: 'Invalid value', field: 'spec.activeDeadlineSeconds', badValue: { kind: 'string', value: 'null' }, detail: 'must not update from a positive integer to nil value' });
  }
  if (!onlyAddedTolerations(listOf(spec.tolerations), listOf(old.tolerations))) {
    errors.push({ type: 'Forbidden', field: 'spec.tolerations', badValue: { kind: 'none' }, detail: 'existing toleration can not be modified except its tolerationSeconds' });
  }
  const gates = onlyDeletedGates(listOf(spec.schedulingGates), listOf(old.schedulingGates));
  if (gates !== undefined) errors.push(gates);
  if (semanticEqual(spec, old)) return errors;
  // 1.27–1.32 (in-place resize, alpha): the QoS class computed from the new spec must be
  // the stored one; the value printed is the new Pod's status.qosClass, the stored status
  const oldQos = storedQos ?? qosClass(old as PodSpec);
  if (qosClass(spec as PodSpec) !== oldQos) errors.push({ type: 'Invalid value', field: 'metadata', badValue: { kind: 'string', value: storedQos ?? '' }, detail: 'Pod QoS is immutable' });
  // what may change is set to the stored values; anything else that differs is refused
  const munged: Obj = { ...spec };
  for (const list of ['containers', 'initContainers'] as const) {
    const olds = listOf(old[list]);
    if (spec[list] !== undefined) munged[list] = listOf(spec[list]).map((c, i) => ({ ...c, image: olds[i]?.image }));
  }
  setOrDelete(munged, 'activeDeadlineSeconds', old.activeDeadlineSeconds);
  setOrDelete(munged, 'schedulingGates', old.schedulingGates);
  setOrDelete(munged, 'tolerations', old.tolerations);
  const oldGrace = old.terminationGracePeriodSeconds;
  if (typeof oldGrace === 'number' && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldGrace;
  if (listOf(old.schedulingGates).length > 0) {
    // a gated Pod may gain nodeSelector entries and narrower node affinity; the course's
    // scheduler has no gates, so only the nodeSelector additions are let through here
    const oldSel = (old.nodeSelector ?? {}) as Record<string, string>;
    const newSel = (munged.nodeSelector ?? {}) as Record<string, string>;
    if (Object.entries(oldSel).every(([k, v]) => newSel[k] === v)) setOrDelete(munged, 'nodeSelector', old.nodeSelector);
  }
  if (!semanticEqual(munged, old)) {
    errors.push({ type: 'Forbidden', field: 'spec', badValue: { kind: 'none' }, detail: `${POD_UPDATE_FORBIDDEN}\n${podSpecDiff(old, munged)}` });
  }
  return errors;
}

function setOrDelete(obj: Obj, key: string, value: unknown): void {
  if (value === undefined) delete obj[key];
  else obj[key] = value;
}

/** ValidateContainerUpdates: [errors, stop]. */
function validateContainerUpdates(containers: Obj[], olds: Obj[], field: string): [FieldError[], boolean] {
  if (containers.length !== olds.length) {
    return [[{ type: 'Forbidden', field, badValue: { kind: 'none' }, detail: 'pod updates may not add or remove containers' }], true];
  }
  const errors: FieldError[] = [];
  containers.forEach((c, i) => {
    const image = typeof c.image === 'string' ? c.image : '';
    if (image.length === 0) errors.push({ type: 'Required value', field: `${field}[${i}].image`, badValue: { kind: 'string', value: '' }, detail: '' });
    if (image.trim().length !== image.length) {
      errors.push({ type: 'Invalid value', field: `${field}[${i}].image`, badValue: { kind: 'string', value: image }, detail: 'must not have leading or trailing whitespace' });
    }
  });
  return [errors, false];
}

/** validateOnlyAddedTolerations: every old toleration is still there, its tolerationSeconds aside. */
function onlyAddedTolerations(tolerations: Obj[], olds: Obj[]): boolean {
  return olds.every((old) => tolerations.some((t) => semanticEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t)));
}

/** validateOnlyDeletedSchedulingGates. */
function onlyDeletedGates(gates: Obj[], olds: Obj[]): FieldError | undefined {
  if (gates.length === 0) return undefined;
  const had = new Set(olds.map((g) => g.name));
  for (const g of gates) {
    if (!had.has(g.name)) return { type: 'Forbidden', field: 'spec.schedulingGates', badValue: { kind: 'none' }, detail: 'only deletion is allowed, but found new scheduling gate \'' + String(g.name) + '\'' };
  }
  return undefined;
}

/**
 * The apps/v1 strategies' ValidateImmutableField(spec.selector). field.Error prints a
 * pointer's target (a nil one as "null") and, the struct having no String method of its
 * own (only *LabelSelector has), with %#v: the well-known
 * `v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}`.
 */
function validateSelectorUpdate(old: unknown, selector: unknown): FieldError[] {
  if (semanticEqual(old, selector)) return [];
  const badValue = selector === undefined || selector === null ? ({ kind: 'string', value: 'null' } as const) : ({ kind: 'go', text: labelSelectorGo(selector) } as const);
  return [{ type: 'Invalid value', field: 'spec.selector', badValue, detail: IMMUTABLE }];
}

/** %#v of a metav1.LabelSelector. */
export function labelSelectorGo(selector: object): string {
  const s = selector as { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key?: string; operator?: string; values?: string[] }> };
  const labels = s.matchLabels === undefined ? 'map[string]string(nil)' : goSyntax(s.matchLabels);
  const exprs =
    s.matchExpressions === undefined
      ? '[]v1.LabelSelectorRequirement(nil)'
      : `[]v1.LabelSelectorRequirement{${s.matchExpressions
          .map((e) => `v1.LabelSelectorRequirement{Key:${goQuote(e.key ?? '')}, Operator:${goQuote(e.operator ?? '')}, Values:${e.values === undefined ? '[]string(nil)' : goSyntax(e.values)}}`)
          .join(', ')}}`;
  return `v1.LabelSelector{MatchLabels:${labels}, MatchExpressions:${exprs}}`;
}

/** ValidateConfigMapUpdate / ValidateSecretUpdate: what `immutable: true` freezes. */
function validateImmutableData(current: Obj, next: Obj, fields: readonly string[]): FieldError[] {
  if (current.immutable !== true) return [];
  const errors: FieldError[] = [];
  if (next.immutable !== true) errors.push({ type: 'Forbidden', field: 'immutable', badValue: { kind: 'none' }, detail: IMMUTABLE_WHEN_SET });
  for (const f of fields) {
    if (!semanticEqual(current[f], next[f])) errors.push({ type: 'Forbidden', field: f, badValue: { kind: 'none' }, detail: IMMUTABLE_WHEN_SET });
  }
  return errors;
}

function validateSecretType(current: Obj, next: Obj): FieldError[] {
  if (current.type === next.type) return [];
  return [{ type: 'Invalid value', field: 'type', badValue: { kind: 'string', value: String(next.type ?? '') }, detail: IMMUTABLE }];
}

/** ValidateRoleBindingUpdate: `roleRef: Invalid value: rbac.RoleRef{…}: cannot change roleRef`. */
function validateRoleRefUpdate(old: unknown, roleRef: unknown): FieldError[] {
  const o = (old ?? {}) as Obj;
  const r = (roleRef ?? {}) as Obj;
  if (o.apiGroup === r.apiGroup && o.kind === r.kind && o.name === r.name) return [];
  const text = `rbac.RoleRef{APIGroup:${goQuote(String(r.apiGroup ?? ''))}, Kind:${goQuote(String(r.kind ?? ''))}, Name:${goQuote(String(r.name ?? ''))}}`;
  return [{ type: 'Invalid value', field: 'roleRef', badValue: { kind: 'go', text }, detail: 'cannot change roleRef' }];
}
