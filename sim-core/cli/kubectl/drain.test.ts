import { describe, expect, it } from 'vitest';
import { drainFilterErrors, evictionWaitTimedOut, missingLastAppliedWarning, pendingNodes, pendingPods, unableToDrain } from './drain';

describe('drain and apply warnings', () => {
  it('refuses to drain a node with a bare Pod, as drain.go and filters.go compose it', () => {
    const errors = drainFilterErrors([{ problem: 'unmanaged', pods: [{ namespace: 'default', name: 'bare' }] }]);
    expect(unableToDrain('node-1', errors) + pendingNodes([{ node: 'node-1', errors }])).toBe(
      'error: unable to drain node "node-1" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): default/bare, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-1\n' +
        'cannot delete cannot delete Pods that declare no controller (use --force to override): default/bare\n',
    );
  });
  it('aggregates several problems in brackets, and prints them one a line at the end', () => {
    const errors = drainFilterErrors([
      { problem: 'daemonset', pods: [{ namespace: 'kube-system', name: 'kube-proxy-x' }] },
      { problem: 'local-storage', pods: [{ namespace: 'default', name: 'cache-1' }, { namespace: 'default', name: 'cache-2' }] },
    ]);
    expect(unableToDrain('node-2', errors)).toContain(
      'due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kube-proxy-x, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-1, default/cache-2], continuing command...\n',
    );
    expect(pendingNodes([{ node: 'node-2', errors }])).toBe(
      'There are pending nodes to be drained:\n node-2\n' +
        'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kube-proxy-x\n' +
        'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-1, default/cache-2\n',
    );
  });
  it('ends a drain that failed on several nodes with every node, then one line per node', () => {
    const timedOut = [evictionWaitTimedOut({ namespace: 'default', name: 'a' }), evictionWaitTimedOut({ namespace: 'default', name: 'b' })];
    expect(pendingNodes([{ node: 'node-1', errors: timedOut }, { node: 'node-2', errors: [timedOut[0]!] }])).toBe(
      'There are pending nodes to be drained:\n node-1\n node-2\n' +
        '[error when waiting for pod "a" in namespace "default" to terminate: context deadline exceeded, error when waiting for pod "b" in namespace "default" to terminate: context deadline exceeded]\n' +
        'error when waiting for pod "a" in namespace "default" to terminate: context deadline exceeded\n',
    );
    expect(pendingPods('node-1', timedOut.slice(1), ['b'])).toBe(
      'There are pending pods in node "node-1" when an error occurred: error when waiting for pod "b" in namespace "default" to terminate: context deadline exceeded\npod/b\n',
    );
  });
  it('warns when apply meets an object created without --save-config', () => {
    expect(missingLastAppliedWarning('deployments', 'web')).toBe(
      'Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
    );
  });
});
