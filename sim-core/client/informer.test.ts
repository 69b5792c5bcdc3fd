import { describe, expect, it } from 'vitest';
import { FakeApiServer } from './testing/fakeApiServer';
import { Informer } from './informer';
import { RemoteApiClient, type ApiRequestMessage } from './remoteClient';
import type { ApiClient, KubeObject } from './api';

const pod = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: 'web' } },
  ...extra,
});

function recorder() {
  const events: string[] = [];
  return {
    events,
    handlers: {
      onAdd: (o: KubeObject) => events.push(`add ${o.metadata?.name}`),
      onUpdate: (_: KubeObject, o: KubeObject) => events.push(`update ${o.metadata?.name}`),
      onDelete: (o: KubeObject) => events.push(`delete ${o.metadata?.name}`),
    },
  };
}

describe('Informer', () => {
  it('lists, then follows the watch, and reports hasSynced only after the list', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(api, { resource: 'pods' });
    const r = recorder();
    inf.addEventHandlers(r.handlers);
    inf.run(0);
    expect(inf.hasSynced()).toBe(false);
    api.flush();
    expect(inf.hasSynced()).toBe(true);
    api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('b') });
    api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a' });
    api.flush();
    expect(r.events).toEqual(['add a', 'add b', 'delete a']);
    expect(inf.lister.list('default').map((o) => o.metadata?.name)).toEqual(['b']);
  });

  it('relists after 410 Gone and fires the changes it missed while blind', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'), pod('b'));
    const inf = new Informer<KubeObject>(api, { resource: 'pods' });
    const r = recorder();
    inf.addEventHandlers(r.handlers);
    inf.run(0);
    api.flush();
    // The watch breaks, then the cluster changes and history is compacted.
    api.expireWatches();
    api.flush();
    api.seed('pods', pod('c'));
    api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a' });
    api.compact();
    api.flush();
    expect(r.events).toEqual(['add a', 'add b']); // blind: no watch
    inf.tick(1);
    api.flush();
    expect(inf.listCount).toBe(2);
    expect(r.events).toEqual(['add a', 'add b', 'add c', 'delete a']);
    expect(inf.store.keys()).toEqual(['default/b', 'default/c']);
    // and it follows the new watch afterwards
    api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'b' });
    api.flush();
    expect(r.events.at(-1)).toBe('delete b');
  });

  it('a watch from a compacted resourceVersion gets 410 and the informer relists', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(api, { resource: 'pods' });
    inf.run(0);
    // the list answer is computed now; compaction happens before the watch starts
    api.compact();
    api.seed('pods', pod('z'));
    api.compact();
    api.flush();
    inf.tick(1);
    api.flush();
    expect(inf.listCount).toBe(2);
    expect(inf.store.keys()).toEqual(['default/a', 'default/z']);
  });

  it('resyncs every cached object as an update on its period', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(api, { resource: 'pods', resyncTicks: 10 });
    const r = recorder();
    inf.addEventHandlers(r.handlers);
    inf.run(0);
    api.flush();
    inf.tick(9);
    expect(r.events).toEqual(['add a']);
    inf.tick(10);
    expect(r.events).toEqual(['add a', 'update a']);
  });

  it('hands out frozen objects: mutating the cache throws', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(api, { resource: 'pods' });
    inf.run(0);
    api.flush();
    const cached = inf.lister.get('default/a') as KubeObject;
    expect(() => {
      (cached.metadata as { labels: Record<string, string> }).labels.app = 'mutated';
    }).toThrow(TypeError);
  });
});

describe('Informer with a field selector (the kubelet’s spec.nodeName=<node>)', () => {
  it('sees only matching objects on the list and the watch, and watched objects are frozen too', () => {
    const api = new FakeApiServer();
    api.seed('pods', pod('mine', { spec: { nodeName: 'node-1' } }), pod('theirs', { spec: { nodeName: 'node-2' } }));
    const selectors: Array<string | undefined> = [];
    const spy: ApiClient = {
      request: (req, done) => {
        if (req.verb === 'list' || req.verb === 'watch') selectors.push(req.fieldSelector);
        return api.request(req, done);
      },
      stop: (id) => api.stop(id),
    };
    const inf = new Informer<KubeObject>(spy, { resource: 'pods', fieldSelector: 'spec.nodeName=node-1' });
    const r = recorder();
    inf.addEventHandlers(r.handlers);
    inf.run(0);
    api.flush();
    api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('new-mine', { spec: { nodeName: 'node-1' } }) });
    api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('new-theirs', { spec: { nodeName: 'node-3' } }) });
    api.flush();
    expect(inf.store.keys()).toEqual(['default/mine', 'default/new-mine']);
    expect(r.events).toEqual(['add mine', 'add new-mine']);
    expect(selectors).toEqual(['spec.nodeName=node-1', 'spec.nodeName=node-1']);
    expect(() => {
      (inf.lister.get('default/new-mine')!.metadata as { labels: Record<string, string> }).labels.app = 'mutated';
    }).toThrow(TypeError);
  });
});

describe('RemoteApiClient', () => {
  it('sends requests as messages and runs the continuation when the answer is delivered', () => {
    const sent: ApiRequestMessage[] = [];
    const client = new RemoteApiClient((m) => {
      if (m.type === 'api-request') sent.push(m);
    });
    const answers: string[] = [];
    client.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'a' }, (r) => answers.push(r.ok ? 'ok' : r.error.reason));
    expect(sent).toHaveLength(1);
    expect(client.outstanding()).toBe(1);
    client.deliver({
      type: 'api-response',
      requestId: sent[0]?.requestId ?? -1,
      result: { ok: false, error: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'pods "a" not found' } },
    });
    expect(answers).toEqual(['NotFound']);
    expect(client.outstanding()).toBe(0);
  });
});
