// The table printer of every kind the simulated API server serves, by kind name.
import { configMapPrinter, leasePrinter, namespacePrinter, roleBindingPrinter, rolePrinter, secretPrinter, serviceAccountPrinter } from './config';
import { endpointSlicePrinter } from './endpointSlice';
import { eventPrinter } from './event';
import { endpointsPrinter, servicePrinter } from './network';
import { nodePrinter } from './node';
import { podPrinter } from './pod';
import { timestampSince } from '../duration';
import { AGE, NAME, type TablePrinter } from './table';
import { deploymentPrinter, replicaSetPrinter } from './workloads';

// Each printer is written against its kind's type; the registry erases it for lookup (the
// caller hands each printer objects of its own kind).
const erase = <T>(p: TablePrinter<T>): TablePrinter<unknown> => p as unknown as TablePrinter<unknown>;

export const TABLE_PRINTERS: Readonly<Record<string, TablePrinter<unknown>>> = {
  Pod: erase(podPrinter),
  Deployment: erase(deploymentPrinter),
  ReplicaSet: erase(replicaSetPrinter),
  Service: erase(servicePrinter),
  Endpoints: erase(endpointsPrinter),
  EndpointSlice: erase(endpointSlicePrinter),
  Node: erase(nodePrinter),
  Namespace: erase(namespacePrinter),
  ConfigMap: erase(configMapPrinter),
  Secret: erase(secretPrinter),
  ServiceAccount: erase(serviceAccountPrinter),
  Lease: erase(leasePrinter),
  Event: erase(eventPrinter),
  Role: erase(rolePrinter),
  RoleBinding: erase(roleBindingPrinter),
  // printers.go prints ClusterRoles and ClusterRoleBindings with the same columns
  ClusterRole: erase(rolePrinter),
  ClusterRoleBinding: erase(roleBindingPrinter),
};

/**
 * The printer for a kind; kinds without one get printers.go's default NAME AGE table, and so
 * does every kind with `get --server-print=false` (`serverPrint` false): kubectl then asks for
 * no Table and prints the objects with cli-runtime's default handler, which reads metadata only.
 */
export function tablePrinterFor(kind: string, serverPrint = true): TablePrinter<unknown> {
  return (serverPrint ? TABLE_PRINTERS[kind] : undefined) ?? objectMetaPrinter;
}

const objectMetaPrinter: TablePrinter<unknown> = {
  columns: [NAME, AGE],
  row(obj, ctx) {
    const meta = (obj as { metadata?: { name?: string; creationTimestamp?: string } }).metadata;
    return [meta?.name ?? '', timestampSince(meta?.creationTimestamp, ctx.now)];
  },
};

export { summarizePod, restartsCell, type PodSummary } from './pod';
export { nodeRoles, nodeStatus } from './node';
export { formatEndpoints, servicePorts } from './network';
export { formatDiscoveryEndpoints, formatDiscoveryPorts } from './endpointSlice';
export { eventSource, sortEvents } from './event';
export { formatLabels, formatLabelSelector, selectorString } from './selectors';
export type { ColumnDefinition, PrintContext, TablePrinter } from './table';
