import { describe, expect, it } from 'vitest';
import { drainRefusal, missingLastAppliedWarning } from './drain';

describe('drain and apply warnings', () => {
  it('refuses to drain a node with a bare Pod, as drain.go and filters.go compose it', () => {
    expect(drainRefusal('node-1', [{ problem: 'unmanaged', pods: [{ namespace: 'default', name: 'bare' }] }])).toBe(
      'error: unable to drain node "node-1" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): default/bare, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-1\n' +
        'error: cannot delete cannot delete Pods that declare no controller (use --force to override): default/bare\n',
    );
  });
  it('aggregates several problems in brackets', () => {
    const text = drainRefusal('node-2', [
      { problem: 'daemonset', pods: [{ namespace: 'kube-system', name: 'kube-proxy-x' }] },
      { problem: 'local-storage', pods: [{ namespace: 'default', name: 'cache-1' }, { namespace: 'default', name: 'cache-2' }] },
    ]);
    expect(text).toContain(
      'due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kube-proxy-x, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-1, default/cache-2], continuing command...\n',
    );
  });
  it('warns when apply meets an object created without --save-config', () => {
    expect(missingLastAppliedWarning('deployments', 'web')).toBe(
      'Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
    );
  });
});
