// The fake API server's patch and selectors behave as the real server's (same functions),
// so controller fixture tests may use them.
import { describe, expect, it } from 'vitest';
import { FakeApiServer } from './fakeApiServer';
import type { KubeObject, WatchEvent } from '../api';

const pod = (name: string, nodeName?: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: name } },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx:1.27' }] },
});

describe('FakeApiServer', () => {
  it('patches with the real merge functions and records the action', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'));
    let got: KubeObject | undefined;
    api.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'a', patchType: 'application/strategic-merge-patch+json', patch: { spec: { containers: [{ name: 'c', image: 'nginx:1.28' }] } } }, (r) => {
      if (r.ok) got = r.value;
    });
    api.flush();
    expect((got?.spec as { containers: Array<{ image: string }> }).containers).toEqual([{ name: 'c', image: 'nginx:1.28' }]);
    expect(api.writes().map((a) => `${a.verb} ${a.name} ${a.patchType}`)).toEqual(['patch a application/strategic-merge-patch+json']);
  });

  it('filters list and watch by field and label selectors; an unknown field is 400', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a', 'node-1'), pod('b', 'node-2'));
    const names: string[] = [];
    api.request({ verb: 'list', resource: 'pods', fieldSelector: 'spec.nodeName=node-1' }, (r) => r.ok && names.push(...r.value.items.map((o) => o.metadata?.name ?? '')));
    const events: string[] = [];
    api.request({ verb: 'watch', resource: 'pods', resourceVersion: '0', labelSelector: 'app=b' }, (r) => {
      const e = (r.ok ? r.value : undefined) as WatchEvent | undefined;
      if (e && e.type !== 'ERROR') events.push(`${e.type} ${e.object.metadata?.name}`);
    });
    let error = '';
    api.request({ verb: 'list', resource: 'pods', fieldSelector: 'spec.foo=x' }, (r) => {
      if (!r.ok) error = r.error.message;
    });
    api.flush();
    expect(names).toEqual(['a']);
    expect(events).toEqual(['ADDED b']);
    expect(error).toBe('field label not supported: spec.foo');
  });
});
