// A field selector as it travels in a request (?fieldSelector=spec.nodeName=node-1,status.phase!=Running):
// k8s.io/apimachinery/pkg/fields/selector.go's grammar — terms joined by commas (AND),
// each `field=value`, `field==value` or `field!=value` — checked against the fields each
// kind declares selectable. Those lists are the real ones: pkg/apis/core/v1/conversion.go
// (AddFieldLabelConversionFunc per kind) and each registry's GetAttrs/ToSelectableFields
// (pkg/registry/core/pod/strategy.go PodToSelectableFields, …). Every kind supports
// metadata.name, and a namespaced one metadata.namespace (generic.ObjectMetaFieldsSet).
// An unsupported field is the conversion function's error, `field label not supported:
// <field>`, which the API server answers as 400 BadRequest.
import type { KubeObject } from '../../client';
import type { KindDefinition } from '../kinds';

export type FieldPredicate = (obj: KubeObject) => boolean;

export type FieldSelectorParse =
  | {
      ok: true;
      matches: FieldPredicate;
      empty: boolean;
      /** the fields the selector pins to one value (`field=value`): what the watch cache's triggers index */
      exact: ReadonlyMap<string, string>;
    }
  | { ok: false; error: string };

type Getter = (obj: KubeObject) => string;

function at(obj: KubeObject, path: string): string {
  return atParts(obj, path.split('.'));
}

function atParts(obj: KubeObject, parts: readonly string[]): string {
  let cur: unknown = obj;
  for (const part of parts) {
    if (typeof cur !== 'object' || cur === null) return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur === undefined || cur === null) return '';
  return typeof cur === 'string' ? cur : String(cur);
}

// the path is split once, not on every object a watch's selector is checked against
const byPath: (path: string) => Getter = (path) => {
  const parts = path.split('.');
  return (obj) => atParts(obj, parts);
};

/** Selectable fields per resource, beyond metadata.name / metadata.namespace. */
const KIND_FIELDS: Readonly<Record<string, Readonly<Record<string, Getter>>>> = {
  pods: {
    'spec.nodeName': byPath('spec.nodeName'),
    'spec.restartPolicy': byPath('spec.restartPolicy'),
    'spec.schedulerName': byPath('spec.schedulerName'),
    'spec.serviceAccountName': byPath('spec.serviceAccountName'),
    'spec.hostNetwork': (o) => (at(o, 'spec.hostNetwork') === 'true' ? 'true' : 'false'),
    'status.phase': byPath('status.phase'),
    // PodToSelectableFields: status.podIP is the first of status.podIPs
    'status.podIP': (o) => {
      const ips = (o.status as { podIPs?: Array<{ ip?: string }> } | undefined)?.podIPs;
      return ips?.[0]?.ip ?? at(o, 'status.podIP');
    },
    'status.nominatedNodeName': byPath('status.nominatedNodeName'),
  },
  events: {
    'involvedObject.kind': byPath('involvedObject.kind'),
    'involvedObject.namespace': byPath('involvedObject.namespace'),
    'involvedObject.name': byPath('involvedObject.name'),
    'involvedObject.uid': byPath('involvedObject.uid'),
    'involvedObject.apiVersion': byPath('involvedObject.apiVersion'),
    'involvedObject.resourceVersion': byPath('involvedObject.resourceVersion'),
    'involvedObject.fieldPath': byPath('involvedObject.fieldPath'),
    reason: byPath('reason'),
    reportingComponent: byPath('reportingComponent'),
    source: byPath('source.component'),
    type: byPath('type'),
  },
  nodes: { 'spec.unschedulable': (o) => (at(o, 'spec.unschedulable') === 'true' ? 'true' : 'false') },
  namespaces: { 'status.phase': byPath('status.phase') },
  secrets: { type: byPath('type') },
  replicasets: { 'status.replicas': (o) => at(o, 'status.replicas') || '0' },
};

/** The fields a resource can be selected by (metadata.* first). */
export function selectableFields(def: KindDefinition): string[] {
  return [...(def.namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name']), ...Object.keys(KIND_FIELDS[def.resource] ?? {})];
}

function getterFor(def: KindDefinition, field: string): Getter | undefined {
  if (field === 'metadata.name') return (o) => o.metadata?.name ?? '';
  if (field === 'metadata.namespace' && def.namespaced) return (o) => o.metadata?.namespace ?? '';
  return KIND_FIELDS[def.resource]?.[field];
}

const TERM = /^([^=!,]+?)\s*(==|=|!=)\s*(.*)$/;

export function parseFieldSelector(def: KindDefinition, selector: string | undefined): FieldSelectorParse {
  if (selector === undefined || selector.trim() === '') return { ok: true, matches: () => true, empty: true, exact: new Map() };
  const preds: FieldPredicate[] = [];
  const exact = new Map<string, string>();
  for (const raw of selector.split(',')) {
    const t = raw.trim();
    const m = TERM.exec(t);
    if (m === null) return { ok: false, error: `invalid selector: '${selector}'; can't understand '${t}'` };
    const [, field, op, value] = m as unknown as [string, string, string, string];
    const get = getterFor(def, field.trim());
    if (get === undefined) return { ok: false, error: `field label not supported: ${field.trim()}` };
    preds.push(op === '!=' ? (o) => get(o) !== value : (o) => get(o) === value);
    if (op !== '!=') {
      // two different values for one field select nothing: no trigger can stand for that
      const f = field.trim();
      exact.set(f, exact.has(f) && exact.get(f) !== value ? '\u0000' : value);
    }
  }
  return { ok: true, matches: (o) => preds.every((p) => p(o)), empty: false, exact };
}
