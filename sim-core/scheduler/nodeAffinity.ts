// nodeSelector and requiredDuringSchedulingIgnoredDuringExecution node affinity
// (component-helpers/scheduling/corev1/nodeaffinity): every nodeSelector label must
// match, and at least one nodeSelectorTerm must match (the terms are ORed, the
// expressions within a term ANDed; an empty term matches nothing).
import type { Node, Pod } from '../apiserver';

interface Requirement {
  key?: string;
  operator?: string;
  values?: string[];
}

function parseIntStrict(s: string | undefined): number | undefined {
  if (s === undefined || !/^-?\d+$/.test(s)) return undefined;
  return Number(s);
}

export function requirementMatches(req: Requirement, values: Readonly<Record<string, string>>): boolean {
  const key = req.key ?? '';
  const has = Object.hasOwn(values, key);
  const v = has ? values[key] : undefined;
  const list = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return has && list.includes(v ?? '');
    case 'NotIn':
      return !has || !list.includes(v ?? '');
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      // Gt/Lt take exactly one integer value; the node label must be an integer too.
      const want = parseIntStrict(list[0]);
      const got = parseIntStrict(v);
      if (!has || want === undefined || got === undefined || list.length !== 1) return false;
      return req.operator === 'Gt' ? got > want : got < want;
    }
    default:
      return false;
  }
}

function termMatches(term: { matchExpressions?: Requirement[]; matchFields?: Requirement[] }, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata?.labels ?? {};
  // matchFields supports only metadata.name.
  const nodeFields = { 'metadata.name': node.metadata?.name ?? '' };
  return exprs.every((r) => requirementMatches(r, labels)) && fields.every((r) => requirementMatches(r, nodeFields));
}

/** Does the Pod's nodeSelector and required node affinity accept this node? */
export function podMatchesNodeSelectorAndAffinity(pod: Pod, node: Node): boolean {
  const selector = pod.spec?.nodeSelector;
  if (selector !== undefined) {
    const labels = node.metadata?.labels ?? {};
    for (const [k, v] of Object.entries(selector)) {
      if (!Object.hasOwn(labels, k) || labels[k] !== v) return false;
    }
  }
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required === undefined) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
}
