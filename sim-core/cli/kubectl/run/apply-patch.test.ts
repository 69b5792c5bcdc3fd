// What kubectl apply's three-way patch does once the API server applies it to the live
// object: what the learner removed goes, what the server or another writer added stays,
// lists of objects merge by their key.
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from '../../../apiserver/server';
import { createThreeWayMergePatch } from '../strategic-diff';

type Obj = Record<string, unknown>;

/** The live object after kubectl apply: the three-way patch, applied as the server applies it. */
function threeWayMerge(original: Obj | undefined, modified: Obj, current: Obj, kind = 'Deployment'): unknown {
  const r = applyStrategicMergePatch(kind, current, createThreeWayMergePatch(kind, original, modified, current));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** A Pod template's spec inside a Deployment. */
const podSpec = (spec: Obj): Obj => ({ spec: { template: { spec } } });

const container = (extra: Record<string, unknown> = {}) => ({ name: 'nginx', image: 'nginx:1.27', ...extra });

describe('kubectl apply, as the server applies its patch', () => {
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
    const original = podSpec({ containers: [container(), { name: 'sidecar', image: 'envoy' }] });
    const modified = podSpec({ containers: [container({ image: 'nginx:1.28' })] });
    const current = podSpec({ containers: [container({ imagePullPolicy: 'IfNotPresent' }), { name: 'sidecar', image: 'envoy' }, { name: 'injected', image: 'mesh' }] });
    expect(threeWayMerge(original, modified, current)).toEqual(
      podSpec({
        containers: [container({ image: 'nginx:1.28', imagePullPolicy: 'IfNotPresent' }), { name: 'injected', image: 'mesh' }],
      }),
    );
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
    expect(threeWayMerge({}, modified, current, 'Service')).toMatchObject({ spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 9090 }] } });
    expect(threeWayMerge({}, modified, current)).toMatchObject({
      spec: { template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }] }] } } },
    });
  });

  it('replaces lists without a merge key (tolerations, args) whole', () => {
    const current = podSpec({ tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'server', operator: 'Exists' }], containers: [{ name: 'c', args: ['x', 'y'] }] });
    const modified = podSpec({ tolerations: [{ key: 'b', operator: 'Exists' }], containers: [{ name: 'c', args: ['z'] }] });
    expect(threeWayMerge({}, modified, current)).toEqual(podSpec({ tolerations: [{ key: 'b', operator: 'Exists' }], containers: [{ name: 'c', args: ['z'] }] }));
  });

  it('treats null in the manifest as “delete this field”', () => {
    expect(threeWayMerge({}, { spec: { paused: null } }, { spec: { paused: true, replicas: 1 } })).toEqual({ spec: { replicas: 1 } });
  });
});
