// `kubectl get deployments|replicasets`: printers.go printDeployment and printReplicaSet
// (Kubernetes 1.32). Wide adds CONTAINERS and IMAGES (layoutContainerCells: joined by
// commas) and the SELECTOR: LabelSelectorAsSelector's String() for a Deployment,
// metav1.FormatLabelSelector (`<none>` when empty) for a ReplicaSet.
import type { Container, Deployment, ReplicaSet } from '../../../apiserver';
import { timestampSince } from '../duration';
import { formatLabelSelector, selectorString } from './selectors';
import { AGE, NAME, type ColumnDefinition, type TablePrinter } from './table';

const TEMPLATE_COLUMNS: ColumnDefinition[] = [
  { name: 'Containers', wide: true },
  { name: 'Images', wide: true },
  { name: 'Selector', wide: true },
];

function containerCells(containers: Container[] | undefined): [string, string] {
  const list = containers ?? [];
  return [list.map((c) => c.name ?? '').join(','), list.map((c) => c.image ?? '').join(',')];
}

export const deploymentPrinter: TablePrinter<Deployment> = {
  columns: [NAME, { name: 'Ready' }, { name: 'Up-to-date' }, { name: 'Available' }, AGE, ...TEMPLATE_COLUMNS],
  row(d, ctx) {
    const status = d.status ?? {};
    return [
      d.metadata?.name ?? '',
      `${status.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}`,
      String(status.updatedReplicas ?? 0),
      String(status.availableReplicas ?? 0),
      timestampSince(d.metadata?.creationTimestamp, ctx.now),
      ...containerCells(d.spec?.template?.spec?.containers),
      selectorString(d.spec?.selector),
    ];
  },
};

export const replicaSetPrinter: TablePrinter<ReplicaSet> = {
  columns: [NAME, { name: 'Desired' }, { name: 'Current' }, { name: 'Ready' }, AGE, ...TEMPLATE_COLUMNS],
  row(rs, ctx) {
    return [
      rs.metadata?.name ?? '',
      String(rs.spec?.replicas ?? 0),
      String(rs.status?.replicas ?? 0),
      String(rs.status?.readyReplicas ?? 0),
      timestampSince(rs.metadata?.creationTimestamp, ctx.now),
      ...containerCells(rs.spec?.template?.spec?.containers),
      formatLabelSelector(rs.spec?.selector),
    ];
  },
};
