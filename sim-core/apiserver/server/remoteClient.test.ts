// The API server with client/'s RemoteApiClient inside a process — how controllers, the
// scheduler and kubelets will talk to it: answers and watch events arrive as messages at
// later ticks, and a broken connection is reported when the API server comes back.
import { describe, expect, it } from 'vitest';
import { RemoteApiClient, type ApiResponseMessage, type WatchEvent } from '../../client';
import type { Envelope, Process, ProcessContext } from '../../kernel';
import { APISERVER_ADDRESS, type ClusterWire } from './wire';
import { configMap, must, stored, testCluster } from './testCluster';

class WatchingProcess implements Process<ClusterWire> {
  readonly address = 'kube-controller-manager';
  readonly seen: string[] = [];
  client: RemoteApiClient | undefined;

  start(ctx: ProcessContext<ClusterWire>): void {
    this.client = new RemoteApiClient((m) => ctx.send(APISERVER_ADDRESS, m));
    this.client.request({ verb: 'list', resource: 'configmaps', namespace: 'default' }, (r) => {
      if (!r.ok) return;
      this.client!.request({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: r.value.resourceVersion }, (w) => {
        const e = (w.ok ? w.value : { type: 'ERROR', status: w.error }) as WatchEvent;
        this.seen.push(e.type === 'ERROR' ? `ERROR ${e.status.code}` : `${e.type} ${e.object.metadata?.name}`);
      });
    });
  }

  receive(env: Envelope<ClusterWire>): void {
    const p = env.payload;
    if ('type' in p && p.type === 'api-response') this.client?.deliver(p as ApiResponseMessage);
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

  it('an API server restart ends the watch with an error the informer can act on', () => {
    const watcher = new WatchingProcess();
    const sim = testCluster(3, { processes: [() => watcher] });
    sim.runUntilIdle(1_000);
    expect(sim.kill('kube-apiserver').ok).toBe(true);
    sim.tick(100);
    expect(sim.restart('kube-apiserver').ok).toBe(true);
    sim.runUntilIdle(2_000);
    expect(watcher.seen).toEqual(['ERROR 503']);
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
});
