// The API server with client/'s RemoteApiClient inside a process — how controllers, the
// scheduler and kubelets talk to it: answers and watch events arrive as messages at later
// ticks; when the API server dies its host closes the connection, and a request sent while
// it is down is refused.
import { describe, expect, it } from 'vitest';
import { RemoteApiClient, type ApiResult, type KubeObject, type WatchEvent } from '../../client';
import { ARP_TIMEOUT_TICKS } from '../../cluster/default-topology';
import type { Envelope, Process, ProcessContext } from '../../kernel';
import { APISERVER_ADDRESS, type ClusterWire } from './wire';
import { configMap, must, stored, testCluster } from './testCluster';
import { decodeKv } from './objectCodec';

class WatchingProcess implements Process<ClusterWire> {
  readonly seen: string[] = [];
  client: RemoteApiClient | undefined;

  constructor(readonly address = 'kube-controller-manager') {}

  start(ctx: ProcessContext<ClusterWire>): void {
    this.client = new RemoteApiClient(
      (m) => ctx.send(APISERVER_ADDRESS, m),
      () => ctx.now,
    );
    this.client.request({ verb: 'list', resource: 'configmaps', namespace: 'default' }, (r) => {
      if (!r.ok) return;
      this.client!.request({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: r.value.resourceVersion }, (w) => {
        const e = (w.ok ? w.value : { type: 'ERROR', status: w.error }) as WatchEvent;
        this.seen.push(e.type === 'ERROR' ? `ERROR ${e.status.code} ${e.status.message}` : `${e.type} ${e.object.metadata?.name}`);
      });
    });
  }

  receive(env: Envelope<ClusterWire>): void {
    this.client?.receive(env);
  }

  hasPendingWork(): boolean {
    return (this.client?.outstanding() ?? 0) > 0;
  }
}

describe('a process with a RemoteApiClient', () => {
  it('lists, then watches: the events arrive as messages', () => {
    const watcher = new WatchingProcess();
    const sim = testCluster(3, { processes: [() => watcher] });
    sim.runUntilIdle(1_000);
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('one') });
    must(sim, { verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'one' });
    sim.runUntilIdle(1_000);
    expect(watcher.seen).toEqual(['ADDED one', 'DELETED one']);
  });

  it('a killed API server: its host closes the connection, the watch ends at once, and a new request is refused', () => {
    const watcher = new WatchingProcess();
    const sim = testCluster(3, { processes: [() => watcher] });
    sim.runUntilIdle(1_000);
    expect(sim.apiServer.openConnections()).toEqual(['kube-controller-manager']);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(5);
    // not when the server comes back: the FIN travels now, one network latency
    expect(watcher.seen).toEqual(['ERROR 0 unexpected EOF']);
    let answer = '';
    watcher.client!.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'x' }, (r) => (answer = r.ok ? 'ok' : `${r.error.code} ${r.error.message}`));
    expect(watcher.hasPendingWork()).toBe(true);
    sim.tick(10);
    expect(answer).toBe('0 dial tcp 172.18.0.2:6443: connect: connection refused');
    expect(watcher.hasPendingWork()).toBe(false);
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntilIdle(2_000);
    expect(watcher.seen).toEqual(['ERROR 0 unexpected EOF']);
  });

  it('the whole control-plane node down: no host answers, and a request fails with no route to host after the ARP timeout', () => {
    // a client on no node of the cluster (the control-plane node's own processes die with it)
    const watcher = new WatchingProcess('kube-controller-manager@elsewhere');
    const sim = testCluster(3, { processes: [() => watcher] });
    sim.runUntilIdle(1_000);
    expect(sim.kill('control-plane').ok).toBe(true);
    sim.tick(5);
    expect(watcher.seen).toEqual(['ERROR 0 unexpected EOF']);
    let answer = '';
    watcher.client!.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'x' }, (r) => (answer = r.ok ? 'ok' : `${r.error.code} ${r.error.message}`));
    sim.tick(ARP_TIMEOUT_TICKS - 1);
    expect(answer).toBe('');
    sim.tick(10);
    expect(answer).toBe('0 dial tcp 172.18.0.2:6443: connect: no route to host');
    // back up: the host refuses again while the API server alone is down
    expect(sim.restart('control-plane').ok).toBe(true);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    watcher.client!.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'x' }, (r) => (answer = r.ok ? 'ok' : `${r.error.code} ${r.error.message}`));
    sim.tick(10);
    expect(answer).toBe('0 dial tcp 172.18.0.2:6443: connect: connection refused');
  });

  it('an etcd member that dies while the API server is idle is left within one keepalive', () => {
    const watcher = new WatchingProcess();
    const sim = testCluster(3, { processes: [() => watcher] });
    sim.runUntilIdle(1_000);
    sim.kill('etcd-1');
    sim.tick(3_000 + 1_000);
    expect(sim.apiServer.etcdEndpoint).not.toBe('etcd-1');
    // a write through etcdctl on another member reaches the watcher through the moved stream
    const put = sim.etcd.put({ key: '/registry/configmaps/default/raw', value: JSON.stringify(configMap('raw')) }, { endpoint: 'etcd-2', timeoutTicks: 1_000 });
    expect(put.ok).toBe(true);
    sim.runUntilIdle(1_000);
    expect(stored(sim, '/registry/configmaps/default/raw')).toBeDefined();
    expect(watcher.seen).toEqual(['ADDED raw']);
  });

  it('an answer the client only reads (readsAnswerOnly) is read-only, shared with the watch cache; any other is the client\'s own', () => {
    const client = new WatchingProcess();
    const sim = testCluster(3, { processes: [() => client] });
    sim.runUntilIdle(1_000);
    const answers: Array<{ name: string; value: KubeObject }> = [];
    const keep = (name: string) => (r: ApiResult<KubeObject>) => {
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      answers.push({ name, value: r.value });
    };
    const body = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } });
    const statusPatch = (name: string) => ({ verb: 'patch', resource: 'pods', namespace: 'default', name, subresource: 'status', patchType: 'application/merge-patch+json', patch: { status: { message: 'hi' } } }) as const;
    client.client!.request({ verb: 'create', resource: 'pods', namespace: 'default', body: body('shared') }, keep('create shared'), { readsAnswerOnly: true });
    client.client!.request({ verb: 'create', resource: 'pods', namespace: 'default', body: body('own') }, keep('create own'));
    sim.runUntilIdle(1_000);
    client.client!.request(statusPatch('shared'), keep('patch shared'), { readsAnswerOnly: true });
    client.client!.request(statusPatch('own'), keep('patch own'));
    sim.runUntilIdle(1_000);
    // the tests run with the cache mutation detector on: what a cache shares is frozen
    expect(answers.map((a) => `${a.name} ${Object.isFrozen(a.value.spec)}`)).toEqual(['create shared true', 'create own false', 'patch shared true', 'patch own false']);
    // the same answer either way: the Pod as stored, at its resourceVersion
    for (const { name, value } of answers.filter((a) => a.name.startsWith('patch'))) {
      const kv = stored(sim, `/registry/pods/default/${value.metadata?.name ?? ''}`);
      expect(value, name).toEqual(kv === undefined ? undefined : decodeKv(kv));
    }
  });
});
