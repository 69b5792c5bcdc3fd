// Field selectors on list and watch, label selectors on watch: what `kubectl get pods
// --field-selector spec.nodeName=node-1` and a kubelet's own-Pods watch rely on.
import { describe, expect, it } from 'vitest';
import type { KubeObject, ObjectList, WatchEvent } from '../../client';
import { KINDS } from '../kinds';
import { parseFieldSelector } from './fieldSelector';
import { TIMEOUT, configMap, must, pod, testCluster } from './testCluster';

const podsDef = KINDS.find((k) => k.resource === 'pods')!;

function boundPod(name: string, node: string | undefined, labels: Record<string, string> = { app: 'web' }): KubeObject {
  const p = pod(name);
  p.metadata = { name, labels };
  if (node !== undefined) (p.spec as { nodeName?: string }).nodeName = node;
  return p;
}

function names(list: ObjectList): string[] {
  return list.items.map((o) => o.metadata?.name ?? '');
}

describe('field selectors', () => {
  it('parses =, ==, != joined by commas (AND); empty values select absent fields', () => {
    const sel = parseFieldSelector(podsDef, 'spec.nodeName==node-1,status.phase!=Failed');
    expect(sel.ok).toBe(true);
    if (!sel.ok) return;
    expect(sel.matches({ spec: { nodeName: 'node-1' }, status: { phase: 'Running' } })).toBe(true);
    expect(sel.matches({ spec: { nodeName: 'node-1' }, status: { phase: 'Failed' } })).toBe(false);
    expect(sel.matches({ spec: { nodeName: 'node-2' } })).toBe(false);
    const unbound = parseFieldSelector(podsDef, 'spec.nodeName=');
    expect(unbound.ok && unbound.matches({ spec: {} })).toBe(true);
    expect(parseFieldSelector(podsDef, 'spec.nodeName')).toEqual({ ok: false, error: "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'" });
  });

  it('list: spec.nodeName, metadata.name and status.phase select Pods', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: boundPod('a', 'node-1') });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: boundPod('b', 'control-plane') });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: boundPod('c', undefined) });
    const list = (fieldSelector: string) => must<ObjectList>(sim, { verb: 'list', resource: 'pods', namespace: 'default', fieldSelector });
    expect(names(list('spec.nodeName=node-1'))).toEqual(['a']);
    expect(names(list('spec.nodeName='))).toEqual(['c']);
    expect(names(list('spec.nodeName!=node-1,metadata.name!=c'))).toEqual(['b']);
    expect(names(list('metadata.namespace=default,status.phase=Pending'))).toEqual(['a', 'b', 'c']);
    expect(names(list('status.phase=Running'))).toEqual([]);
  });

  it('an unsupported field is 400 BadRequest `field label not supported: <field>`', () => {
    const sim = testCluster();
    const r = sim.kubectl.request({ verb: 'list', resource: 'pods', fieldSelector: 'spec.containers=x' }, TIMEOUT);
    expect(r.ok ? '' : `${r.error.code} ${r.error.reason} ${r.error.message}`).toBe('400 BadRequest field label not supported: spec.containers');
    // metadata.namespace is not a field of a cluster-scoped kind; spec.unschedulable is a Node's
    const ns = sim.kubectl.request({ verb: 'list', resource: 'nodes', fieldSelector: 'metadata.namespace=x' }, TIMEOUT);
    expect(ns.ok ? '' : ns.error.message).toBe('field label not supported: metadata.namespace');
    const nodes = must<ObjectList>(sim, { verb: 'list', resource: 'nodes', fieldSelector: 'spec.unschedulable=false' });
    expect(names(nodes)).toEqual(['control-plane', 'node-1']);
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', resourceVersion: '0', fieldSelector: 'data=x' }, TIMEOUT);
    expect(w.ok ? '' : `${w.error.code} ${w.error.message}`).toBe('400 field label not supported: data');
  });

  it('Events select by involvedObject, reason and type', () => {
    const sim = testCluster();
    const ev = (name: string, pod: string, reason: string, type: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name },
      involvedObject: { kind: 'Pod', namespace: 'default', name: pod },
      reason,
      type,
      message: 'm',
      source: { component: 'kubelet' },
    });
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: ev('e1', 'web', 'Pulled', 'Normal') });
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: ev('e2', 'web', 'Failed', 'Warning') });
    must(sim, { verb: 'create', resource: 'events', namespace: 'default', body: ev('e3', 'db', 'Pulled', 'Normal') });
    const list = (fieldSelector: string) => names(must<ObjectList>(sim, { verb: 'list', resource: 'events', namespace: 'default', fieldSelector }));
    expect(list('involvedObject.name=web,involvedObject.kind=Pod')).toEqual(['e1', 'e2']);
    expect(list('type=Warning')).toEqual(['e2']);
    expect(list('reason=Pulled,source=kubelet')).toEqual(['e1', 'e3']);
  });
});

describe('selectors on watch', () => {
  function summary(events: WatchEvent[]): string[] {
    return events.map((e) => (e.type === 'ERROR' ? `ERROR ${e.status.code}` : `${e.type} ${e.object.metadata?.name}`));
  }

  it('a field-selected watch sees a Pod arrive as ADDED when it starts matching and DELETED when it stops', () => {
    const sim = testCluster();
    const list = must<ObjectList>(sim, { verb: 'list', resource: 'pods', namespace: 'default' });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: boundPod('p', undefined) });
    must(sim, { verb: 'create', resource: 'pods', namespace: 'default', body: boundPod('other', undefined) });
    must(sim, { verb: 'bind', resource: 'pods', namespace: 'default', name: 'p', nodeName: 'node-1' });
    must(sim, { verb: 'bind', resource: 'pods', namespace: 'default', name: 'other', nodeName: 'control-plane' });
    const cur = must(sim, { verb: 'get', resource: 'pods', namespace: 'default', name: 'p' });
    cur.metadata!.labels = { app: 'web', touched: 'yes' };
    must(sim, { verb: 'update', resource: 'pods', namespace: 'default', body: cur });
    must(sim, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'p', gracePeriodSeconds: 0 });
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'pods', namespace: 'default', resourceVersion: list.resourceVersion, fieldSelector: 'spec.nodeName=node-1' }, TIMEOUT);
    expect(w.ok && summary(w.value)).toEqual(['ADDED p', 'MODIFIED p', 'DELETED p']);
    // the unbound ones: both arrive, then leave as they get bound
    const unbound = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'pods', namespace: 'default', resourceVersion: list.resourceVersion, fieldSelector: 'spec.nodeName=' }, TIMEOUT);
    expect(unbound.ok && summary(unbound.value)).toEqual(['ADDED p', 'ADDED other', 'DELETED p', 'DELETED other']);
  });

  it('a label-selected watch from "0" starts with the matching objects only', () => {
    const sim = testCluster();
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('a', { app: 'web' }) });
    must(sim, { verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('b', { app: 'db' }) });
    const w = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', namespace: 'default', resourceVersion: '0', labelSelector: 'app=web' }, TIMEOUT);
    expect(w.ok && summary(w.value)).toEqual(['ADDED a']);
    const bad = sim.kubectl.watchSoFar({ verb: 'watch', resource: 'configmaps', resourceVersion: '0', labelSelector: 'app in (web' }, TIMEOUT);
    expect(bad.ok ? 0 : bad.error.code).toBe(400);
  });
});
