// The strategic merge patches kubectl computes (strategic-diff.ts), on the shapes whose
// bodies are well known; the bodies of real kubectl 1.32 are checked against recordings in
// run/requests.test.ts.
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from '../../apiserver/server';
import { createThreeWayMergePatch, createTwoWayMergePatch, isPatchComputeError, patchComputeErrorList } from './strategic-diff';

type Obj = Record<string, unknown>;

function deployment(containers: Obj[], spec: Obj = {}): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers } }, ...spec },
  };
}

describe('createTwoWayMergePatch', () => {
  it('set image: the changed container with its name, and $setElementOrder of the list', () => {
    const before = deployment([{ name: 'app', image: 'nginx:1.27' }, { name: 'sidecar', image: 'busybox:1.36' }]);
    const after = deployment([{ name: 'app', image: 'nginx:1.27' }, { name: 'sidecar', image: 'busybox:1.37' }]);
    expect(JSON.stringify(createTwoWayMergePatch('Deployment', before, after))).toBe(
      '{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"app"},{"name":"sidecar"}],"containers":[{"image":"busybox:1.37","name":"sidecar"}]}}}}',
    );
  });

  it('cordon and uncordon: a field added, a field removed (null)', () => {
    expect(createTwoWayMergePatch('Node', { spec: { podCIDR: '10.244.1.0/24' } }, { spec: { podCIDR: '10.244.1.0/24', unschedulable: true } })).toEqual({ spec: { unschedulable: true } });
    expect(createTwoWayMergePatch('Node', { spec: { unschedulable: true } }, { spec: {} })).toEqual({ spec: { unschedulable: null } });
  });

  it('nothing changed: an empty patch', () => {
    const d = deployment([{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }, { containerPort: 443 }] }]);
    expect(createTwoWayMergePatch('Deployment', d, structuredClone(d))).toEqual({});
  });

  it('a list without a patch strategy is replaced whole; a removed merge-list element is a delete directive', () => {
    const before = deployment([{ name: 'app', image: 'a', args: ['x', 'y'], env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }]);
    const after = deployment([{ name: 'app', image: 'a', args: ['x'], env: [{ name: 'B', value: '2' }] }]);
    expect(createTwoWayMergePatch('Deployment', before, after)).toEqual({
      spec: {
        template: {
          spec: {
            '$setElementOrder/containers': [{ name: 'app' }],
            containers: [{ name: 'app', args: ['x'], '$setElementOrder/env': [{ name: 'B' }], env: [{ name: 'A', $patch: 'delete' }] }],
          },
        },
      },
    });
  });

  it('finalizers (a merge list of strings): removed values in $deleteFromPrimitiveList, and Go sorts the old list in place', () => {
    const patch = createTwoWayMergePatch('ConfigMap', { metadata: { finalizers: ['b', 'a', 'c'] } }, { metadata: { finalizers: ['b', 'a'] } });
    expect(patch).toEqual({ metadata: { '$deleteFromPrimitiveList/finalizers': ['c'], '$setElementOrder/finalizers': ['b', 'a'] } });
    // nothing changed, but the list is not sorted: the order directive all the same
    expect(createTwoWayMergePatch('ConfigMap', { metadata: { finalizers: ['b', 'a'] } }, { metadata: { finalizers: ['b', 'a'] } })).toEqual({ metadata: { '$setElementOrder/finalizers': ['b', 'a'] } });
  });
});

describe('createThreeWayMergePatch (kubectl apply)', () => {
  const last = deployment([{ name: 'app', image: 'nginx:1.27' }]);
  const live = { ...deployment([{ name: 'app', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent' }], { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } }), status: { replicas: 2 } };

  it('keeps what only the server set, deletes what the last applied configuration had and the new one drops', () => {
    const next = deployment([{ name: 'app', image: 'nginx:1.27' }]);
    delete (next.metadata as Obj).labels;
    expect(createThreeWayMergePatch('Deployment', last, next, live)).toEqual({ metadata: { labels: null } });
  });

  it('a new strategy carries $retainKeys; a container added lists the new one and the order', () => {
    const next = deployment([{ name: 'app', image: 'nginx:1.27' }, { name: 'side', image: 'busybox' }], { strategy: { type: 'Recreate' } });
    expect(createThreeWayMergePatch('Deployment', last, next, live)).toEqual({
      spec: {
        strategy: { $retainKeys: ['type'], type: 'Recreate' },
        template: { spec: { '$setElementOrder/containers': [{ name: 'app' }, { name: 'side' }], containers: [{ name: 'side', image: 'busybox' }] } },
      },
    });
  });

  it('a container removed from the configuration is a delete directive after the changed ones', () => {
    const two = deployment([{ name: 'app', image: 'a' }, { name: 'side', image: 'b' }]);
    const next = deployment([{ name: 'app', image: 'c' }]);
    expect(createThreeWayMergePatch('Deployment', two, next, two)).toEqual({
      spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'app' }], containers: [{ name: 'app', image: 'c' }, { name: 'side', $patch: 'delete' }] } } },
    });
  });

  it('the patch, applied by the API server to the live object, gives the configuration with the server’s own fields kept', () => {
    const two = deployment([{ name: 'app', image: 'a', imagePullPolicy: 'Always' }, { name: 'side', image: 'b' }]);
    const next = deployment([{ name: 'side', image: 'b2' }, { name: 'app', image: 'a' }]);
    const patch = createThreeWayMergePatch('Deployment', deployment([{ name: 'app', image: 'a' }, { name: 'side', image: 'b' }]), next, two);
    const r = applyStrategicMergePatch('Deployment', two, patch);
    expect(r.ok && (r.value as { spec: { template: { spec: { containers: unknown[] } } } }).spec.template.spec.containers).toEqual([
      { name: 'side', image: 'b2' },
      { name: 'app', image: 'a', imagePullPolicy: 'Always' },
    ]);
  });

  it('a patch it cannot compute names the list it was met in: a container without its name, a string among them, a list of lists', () => {
    const failure = (original: Obj | undefined, modified: Obj, current: Obj) => {
      try {
        createThreeWayMergePatch('Deployment', original, modified, current);
      } catch (e) {
        if (!isPatchComputeError(e)) throw e;
        return [e.message, patchComputeErrorList(e)?.join('.')];
      }
      return undefined;
    };
    const live = deployment([{ name: 'app', image: 'a' }]);
    expect(failure(live, deployment([{ image: 'b' }]), live)).toEqual(['map: map[image:b] does not contain declared merge key: name', 'spec.template.spec.containers']);
    expect(failure(live, deployment(['app' as unknown as Obj]), live)).toEqual(['list element types are not identical: [[{"name":"app","image":"a"}],["app"]]', 'spec.template.spec.containers']);
    const ports = (containerPort: unknown) => deployment([{ name: 'app', image: 'a', ports: [containerPort] }]);
    expect(failure(ports({ containerPort: 80 }), ports([80]), ports({ containerPort: 80 }))).toEqual(['lists of lists are not supported', 'spec.template.spec.containers.ports']);
  });
});
