// The three-way merge of kubectl apply: what the learner removed goes, what the server
// or another writer added stays, lists of objects merge by their key.
import { describe, expect, it } from 'vitest';
import { threeWayMerge } from './merge';

const container = (extra: Record<string, unknown> = {}) => ({ name: 'nginx', image: 'nginx:1.27', ...extra });

describe('threeWayMerge', () => {
  it('keeps fields only the server has (defaults, status) and takes the manifest’s values', () => {
    const original = { spec: { replicas: 2 } };
    const modified = { spec: { replicas: 3 } };
    const current = { spec: { replicas: 2, revisionHistoryLimit: 10 }, status: { replicas: 2 } };
    expect(threeWayMerge(original, modified, current)).toEqual({ spec: { replicas: 3, revisionHistoryLimit: 10 }, status: { replicas: 2 } });
  });

  it('deletes a field the last apply set and the new manifest no longer has', () => {
    const original = { metadata: { labels: { app: 'web', tier: 'fe' } } };
    const modified = { metadata: { labels: { app: 'web' } } };
    const current = { metadata: { labels: { app: 'web', tier: 'fe', added: 'by-kubectl-label' } } };
    expect(threeWayMerge(original, modified, current)).toEqual({ metadata: { labels: { app: 'web', added: 'by-kubectl-label' } } });
  });

  it('without a last-applied configuration deletes nothing', () => {
    const current = { spec: { replicas: 5, paused: true } };
    expect(threeWayMerge(undefined, { spec: { replicas: 1 } }, current)).toEqual({ spec: { replicas: 1, paused: true } });
  });

  it('merges containers by name, keeping their server-side defaults', () => {
    const original = { containers: [container(), { name: 'sidecar', image: 'envoy' }] };
    const modified = { containers: [container({ image: 'nginx:1.28' })] };
    const current = { containers: [container({ imagePullPolicy: 'IfNotPresent' }), { name: 'sidecar', image: 'envoy' }, { name: 'injected', image: 'mesh' }] };
    expect(threeWayMerge(original, modified, current)).toEqual({
      containers: [container({ image: 'nginx:1.28', imagePullPolicy: 'IfNotPresent' }), { name: 'injected', image: 'mesh' }],
    });
  });

  it('merges container ports by containerPort, Service ports by port, env by name', () => {
    const current = {
      spec: {
        ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }],
        template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }] }] } },
      },
    };
    const modified = {
      spec: {
        ports: [{ port: 80, targetPort: 9090 }],
        template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }], env: [{ name: 'B', value: '2' }] }] } },
      },
    };
    expect(threeWayMerge({}, modified, current)).toEqual({
      spec: {
        ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }],
        template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }] }] } },
      },
    });
  });

  it('replaces lists without a merge key (tolerations, args) whole', () => {
    const current = { tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'server', operator: 'Exists' }], args: ['x', 'y'] };
    const modified = { tolerations: [{ key: 'b', operator: 'Exists' }], args: ['z'] };
    expect(threeWayMerge({}, modified, current)).toEqual({ tolerations: [{ key: 'b', operator: 'Exists' }], args: ['z'] });
  });

  it('treats null in the manifest as “delete this field”', () => {
    expect(threeWayMerge({}, { spec: { paused: null } }, { spec: { paused: true, replicas: 1 } })).toEqual({ spec: { replicas: 1 } });
  });
});
