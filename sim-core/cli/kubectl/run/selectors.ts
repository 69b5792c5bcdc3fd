// Client-side field selection. kubectl sends --field-selector to the server; we also apply
// the fields every kind supports (apimachinery's DefaultClusterScopedAttr /
// DefaultNamespaceScopedAttr: metadata.name, metadata.namespace) and the Pod fields the
// course uses (pkg/registry/core/pod/strategy.go PodToSelectableFields: spec.nodeName,
// status.phase) here, so the output is right whether or not the server filters.
import type { KubeObject } from '../../../client';

interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** fields.ParseSelector's grammar: `a=b`, `a==b`, `a!=b`, comma-separated. */
export function parseFieldSelector(text: string): FieldRequirement[] | undefined {
  const out: FieldRequirement[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part);
    if (!m) return undefined;
    out.push({ field: (m[1] as string).trim(), op: m[2] === '!=' ? '!=' : '=', value: (m[3] as string).trim() });
  }
  return out;
}

function fieldValue(obj: KubeObject, field: string): string | undefined {
  switch (field) {
    case 'metadata.name':
      return obj.metadata?.name ?? '';
    case 'metadata.namespace':
      return obj.metadata?.namespace ?? '';
    case 'spec.nodeName':
      return String((obj.spec as { nodeName?: string } | undefined)?.nodeName ?? '');
    case 'status.phase':
      return String((obj.status as { phase?: string } | undefined)?.phase ?? '');
    default:
      return undefined; // a field only the server knows: trust its answer
  }
}

export function matchesFields(obj: KubeObject, reqs: readonly FieldRequirement[] | undefined): boolean {
  if (reqs === undefined) return true;
  return reqs.every((r) => {
    const v = fieldValue(obj, r.field);
    if (v === undefined) return true;
    return r.op === '=' ? v === r.value : v !== r.value;
  });
}
