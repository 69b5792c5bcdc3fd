// `kubectl drain` and `kubectl apply` texts beyond the one-line results (kubectl
// pkg/drain/filters.go, pkg/cmd/drain/drain.go, pkg/cmd/apply/apply.go, v1.32).
// The drain filters' messages are reproduced as the source composes them: the unmanaged-Pod
// message already starts with "cannot delete", and PodDeleteList.errors() prefixes it again.

export type DrainProblem = 'daemonset' | 'local-storage' | 'unmanaged';

const FATAL: Record<DrainProblem, string> = {
  daemonset: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)',
  'local-storage': 'Pods with local storage (use --delete-emptydir-data to override)',
  unmanaged: 'cannot delete Pods that declare no controller (use --force to override)',
};

export interface PodName {
  namespace: string;
  name: string;
}

/** utilerrors.NewAggregate's message: the error itself, or `[a, b]`. */
function aggregate(messages: readonly string[]): string {
  return messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`;
}

/** GetPodsForDeletion's errors (PodDeleteList.errors()): one per problem, in the order given (kubectl iterates a Go map). */
export function drainFilterErrors(problems: readonly { problem: DrainProblem; pods: readonly PodName[] }[]): string[] {
  return problems.map((p) => `cannot delete ${FATAL[p.problem]}: ${p.pods.map((x) => `${x.namespace}/${x.name}`).join(', ')}`);
}

/** evictPods: a Pod still there when --timeout (the wait's context) runs out. */
export function evictionWaitTimedOut(pod: PodName): string {
  return `error when waiting for pod "${pod.name}" in namespace "${pod.namespace}" to terminate: context deadline exceeded`;
}

/** RunDrain's line (stderr) for a node it could not drain; `errors` is that node's aggregate. */
export function unableToDrain(node: string, errors: readonly string[]): string {
  return `error: unable to drain node "${node}" due to error: ${aggregate(errors)}, continuing command...\n`;
}

/**
 * deleteOrEvictPodsSimple after a failed eviction (stderr): the error, then the Pods a fresh
 * GetPodsForDeletion still finds on the node.
 */
export function pendingPods(node: string, errors: readonly string[], pods: readonly string[]): string {
  return `There are pending pods in node "${node}" when an error occurred: ${aggregate(errors)}\n${pods.map((p) => `pod/${p}\n`).join('')}`;
}

/**
 * The end of a drain that failed on some nodes (stderr, exit 1): RunDrain lists them, then
 * CheckErr prints its aggregate of their aggregates — one node's errors each on a line, or
 * one line per node (`[a, b]` for a node with several), with no `error: ` prefix.
 */
export function pendingNodes(failed: readonly { node: string; errors: readonly string[] }[]): string {
  if (failed.length === 0) return '';
  const lines = failed.length === 1 ? (failed[0] as { errors: readonly string[] }).errors : failed.map((f) => aggregate(f.errors));
  return `There are pending nodes to be drained:\n${failed.map((f) => ` ${f.node}\n`).join('')}${lines.map((l) => `${l}\n`).join('')}`;
}

/** kubectl apply on an object created without --save-config (stderr, before `… configured`). */
export function missingLastAppliedWarning(resource: string, name: string): string {
  return (
    `Warning: resource ${resource}/${name} is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. ` +
    'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
    'The missing annotation will be patched automatically.\n'
  );
}
