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

/**
 * stderr of a drain that refuses to evict some Pods of `node` (after `node/<node> cordoned`
 * on stdout). Problems are reported in the order given (kubectl iterates a Go map).
 */
export function drainRefusal(node: string, problems: readonly { problem: DrainProblem; pods: readonly PodName[] }[]): string {
  const error = aggregate(problems.map((p) => `cannot delete ${FATAL[p.problem]}: ${p.pods.map((x) => `${x.namespace}/${x.name}`).join(', ')}`));
  return (
    `error: unable to drain node "${node}" due to error: ${error}, continuing command...\n` +
    'There are pending nodes to be drained:\n' +
    ` ${node}\n` +
    `error: ${error}\n`
  );
}

/** kubectl apply on an object created without --save-config (stderr, before `… configured`). */
export function missingLastAppliedWarning(resource: string, name: string): string {
  return (
    `Warning: resource ${resource}/${name} is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. ` +
    'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
    'The missing annotation will be patched automatically.\n'
  );
}
