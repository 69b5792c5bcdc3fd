// `kubectl get nodes`: printers.go printNode and findNodeRoles (Kubernetes 1.32). STATUS is
// Ready / NotReady / Unknown from the Ready condition, plus `,SchedulingDisabled` for a
// cordoned node; ROLES come from `node-role.kubernetes.io/<role>` labels (and the legacy
// `kubernetes.io/role=<role>`), sorted.
import type { Node } from '../../../apiserver';
import { timestampSince } from '../duration';
import { AGE, NAME, type TablePrinter } from './table';

const ROLE_PREFIX = 'node-role.kubernetes.io/';
const LEGACY_ROLE_LABEL = 'kubernetes.io/role';

export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX)) {
      const role = k.slice(ROLE_PREFIX.length);
      if (role !== '') roles.add(role);
    } else if (k === LEGACY_ROLE_LABEL && v !== '') roles.add(v);
  }
  return [...roles].sort();
}

export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop();
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function address(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

export const nodePrinter: TablePrinter<Node> = {
  columns: [
    NAME,
    { name: 'Status' },
    { name: 'Roles' },
    AGE,
    { name: 'Version' },
    { name: 'Internal-IP', wide: true },
    { name: 'External-IP', wide: true },
    { name: 'OS-Image', wide: true },
    { name: 'Kernel-Version', wide: true },
    { name: 'Container-Runtime', wide: true },
  ],
  row(node, ctx) {
    const info = node.status?.nodeInfo ?? {};
    return [
      node.metadata?.name ?? '',
      nodeStatus(node),
      nodeRoles(node).join(',') || '<none>',
      timestampSince(node.metadata?.creationTimestamp, ctx.now),
      info.kubeletVersion ?? '',
      address(node, 'InternalIP'),
      address(node, 'ExternalIP'),
      info.osImage || '<unknown>',
      info.kernelVersion || '<unknown>',
      info.containerRuntimeVersion || '<unknown>',
    ];
  },
};
