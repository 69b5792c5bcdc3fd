// kubectl get's choices that the golden scripts do not pin down on their own: the
// client-side field selection when a server ignores the selector, List or object for
// -o json, and the order of `get events`.
import { describe, expect, it } from 'vitest';
import type { KubeApiPort } from '../../../apiserver/server';
import { runKubectl } from './index';
import { testTerminal } from './testkit';

const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

describe('kubectl get', () => {
  it('filters metadata.name itself when the server ignores --field-selector', () => {
    const t = testTerminal();
    t.run('kubectl apply -f -', `${cm('a')}---\n${cm('b')}`);
    const seen: (string | undefined)[] = [];
    const kube: KubeApiPort = {
      serverVersion: () => t.ports.kube.serverVersion(),
      request: (req, opts) => {
        if (req.verb !== 'list') return t.ports.kube.request(req, opts);
        seen.push(req.fieldSelector);
        // a server that does not filter: the same list without the selector
        return t.ports.kube.request({ ...req, fieldSelector: undefined }, opts);
      },
      watchSoFar: (req, opts) => t.ports.kube.watchSoFar(req, opts),
    };
    const out = runKubectl(['get', 'cm', '--field-selector', 'metadata.name=b', '-o', 'name'], {}, undefined, { ...t.ports, kube }, {});
    expect(out.stdout).toBe('configmap/b\n');
    expect(seen).toEqual(['metadata.name=b']);
  });

  it('prints one named object as itself and a collection as a List', () => {
    const t = testTerminal();
    t.run('kubectl apply -f -', cm('a'));
    expect(JSON.parse(t.run('kubectl get cm a -o json').stdout)).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'a' } });
    expect(JSON.parse(t.run('kubectl get cm -o json').stdout)).toMatchObject({ kind: 'List', items: [{ metadata: { name: 'a' } }, { metadata: { name: 'kube-root-ca.crt' } }] });
    expect(JSON.parse(t.run('kubectl get cm a a -o json').stdout)).toMatchObject({ kind: 'List' });
  });

  it('lists Events in the order they first happened, whatever their names', () => {
    const t = testTerminal();
    const event = (name: string, reason: string, first: string) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' },
      reason,
      message: reason,
      type: 'Normal',
      firstTimestamp: first,
      lastTimestamp: first,
      count: 1,
      source: { component: 'test' },
    });
    t.api({ verb: 'create', resource: 'events', namespace: 'default', body: event('p.aaa', 'Second', '2026-01-01T00:00:02Z') });
    t.api({ verb: 'create', resource: 'events', namespace: 'default', body: event('p.zzz', 'First', '2026-01-01T00:00:01Z') });
    t.api({ verb: 'create', resource: 'events', namespace: 'default', body: event('p.mmm', 'Third', '2026-01-01T00:00:02Z') });
    const reasons = t
      .run('kubectl get events --no-headers')
      .stdout.split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split(/\s+/)[2]);
    expect(reasons).toEqual(['First', 'Second', 'Third']);
  });
});
