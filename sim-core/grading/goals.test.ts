// The goal schema is what a lab author writes: good checks parse (with defaults filled),
// bad ones are refused with a message that says what to write instead.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { goalCheckSchema } from './goals';
import { parseJsonPath, valueAtPath } from './json-path';

function refusal(check: unknown): string[] {
  const r = goalCheckSchema.safeParse(check);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(check)'}: ${i.message}`);
}

describe('goal checks as data', () => {
  it('accepts every kind and fills defaults', () => {
    expect(goalCheckSchema.parse({ kind: 'ownerChain', deployment: 'web' })).toEqual({ kind: 'ownerChain', namespace: 'default', deployment: 'web' });
    expect(goalCheckSchema.parse({ kind: 'serviceAnswers', service: 'web' })).toEqual({ kind: 'serviceAnswers', namespace: 'default', service: 'web', minReadyAddresses: 1 });
    const history = { kind: 'always', condition: { kind: 'countObjects', resource: 'pods', selector: { matchLabels: { app: 'web' } }, count: { lte: 4 } } };
    expect(goalCheckSchema.parse(history)).toEqual(history);
    for (const ok of [
      { kind: 'keyExists', key: '/a', prefix: true },
      { kind: 'keyAbsent', key: '/a' },
      { kind: 'keyValue', key: '/a', matches: '^b$' },
      { kind: 'jsonPath', key: '/a', path: 'metadata.labels["app.kubernetes.io/name"]', equals: 'web' },
      { kind: 'podsReady', count: { eq: 3 } },
      { kind: 'raftHealthy', members: 2, minCommitIndex: 5 },
      { kind: 'committedAfterFault' },
      { kind: 'guardedWrite', key: '/registry/configmaps/default/a', compare: 'version' },
      { kind: 'eventually', condition: { kind: 'raftHealthy' } },
    ]) expect(refusal(ok), JSON.stringify(ok)).toEqual([]);
  });

  it('refuses a bad check in words a teacher can act on', () => {
    expect(refusal({ kind: 'key-equals', key: 'foo', value: 'bar' })).toEqual([
      'kind: unknown kind "key-equals"; use one of keyExists, keyAbsent, keyValue, jsonPath, countObjects, sumField, ownerChain, podsReady, serviceAnswers, raftHealthy, committedAfterFault, authorized, guardedWrite, always, eventually',
    ]);
    expect(refusal({ key: 'foo' })[0]).toMatch(/^kind: add a kind: one of keyExists, /);
    expect(refusal({ kind: 'keyValue', key: 'foo' })).toEqual(['(check): give exactly one of equals, matches']);
    expect(refusal({ kind: 'keyValue', key: 'foo', equals: 'a', matches: 'b' })).toEqual(['(check): give exactly one of equals, matches']);
    expect(refusal({ kind: 'keyValue', key: 'foo', matches: '(' })).toEqual(['matches: this is not a valid regular expression; check the brackets and escapes']);
    expect(refusal({ kind: 'jsonPath', key: 'k', path: 'spec..replicas', exists: true })).toEqual([
      "path: the path 'spec..replicas' is not valid: expected a field name at position 6; quote unusual keys as [\"key\"]",
    ]);
    expect(refusal({ kind: 'countObjects', resource: 'Pods', count: {} })).toEqual([
      'resource: write the resource in lower-case plural, as kubectl names it: pods, deployments, replicasets, services, endpoints, nodes',
      'count: give eq, gte or lte (e.g. { eq: 3 })',
    ]);
    expect(refusal({ kind: 'keyExists', key: '/a', extra: 1 })[0]).toMatch(/Unrecognized key: "extra"/);
    expect(refusal({ kind: 'always', condition: { kind: 'eventually', condition: { kind: 'raftHealthy' } } })[0]).toMatch(/^condition\.kind: unknown kind "eventually"; use one of keyExists, .*committedAfterFault, authorized$/);
    expect(refusal({ kind: 'eventually', condition: { kind: 'guardedWrite', key: '/a' } })).toEqual([
      'condition.kind: "guardedWrite" is judged once, at the end of the run (it replays the WAL); it cannot be a condition of always or eventually',
    ]);
    expect(refusal({ kind: 'guardedWrite', key: '/a', compare: 'lease' })).toEqual(['compare: write one of mod, version, create, value']);
    expect(goalCheckSchema.parse({ kind: 'guardedWrite', key: '/a' })).toEqual({ kind: 'guardedWrite', key: '/a', compare: 'mod' });
  });

  it('refuses an authorized check that puts a cluster-scoped resource in a namespace (a RoleBinding cannot grant it)', () => {
    const ask = { kind: 'authorized', user: 'jane', verb: 'get', allowed: false };
    expect(refusal({ ...ask, resource: 'nodes', namespace: 'shop' })).toEqual([
      'namespace: nodes are cluster-scoped: a request for them has no namespace, and only a ClusterRoleBinding can grant it (a RoleBinding in shop never does, whatever its role says); remove namespace',
    ]);
    expect(refusal({ ...ask, resource: 'clusterroles', group: 'rbac.authorization.k8s.io', namespace: 'default' })[0]).toMatch(/^namespace: clusterroles\.rbac\.authorization\.k8s\.io are cluster-scoped/);
    expect(refusal({ ...ask, resource: 'persistentvolumes', namespace: 'default' })[0]).toMatch(/^namespace: persistentvolumes are cluster-scoped/);
    // the same resources at the cluster scope, namespaced resources in a namespace, and a
    // resource of the same name in another group are fine
    for (const ok of [
      { ...ask, resource: 'nodes' },
      { ...ask, resource: 'namespaces', name: 'shop' },
      { ...ask, resource: 'pods', namespace: 'shop' },
      { ...ask, resource: 'deployments', group: 'apps', namespace: 'shop' },
      { ...ask, resource: 'nodes', group: 'example.com', namespace: 'shop' },
      { ...ask, resource: 'roles', group: 'rbac.authorization.k8s.io', namespace: 'shop' },
    ]) expect(refusal(ok), JSON.stringify(ok)).toEqual([]);
  });

  it('has a JSON Schema for editors', () => {
    const schema = JSON.stringify(z.toJSONSchema(goalCheckSchema, { io: 'input' }));
    expect(schema).toContain('"committedAfterFault"');
    expect(schema).toContain('matchExpressions');
  });
});

describe('json paths', () => {
  it('parses dotted names, [index] and ["key"] and never evaluates anything', () => {
    expect(parseJsonPath('spec.template.spec.containers[0].image')).toEqual({ ok: true, segments: ['spec', 'template', 'spec', 'containers', 0, 'image'] });
    expect(parseJsonPath('.metadata.labels["app.kubernetes.io/name"]')).toEqual({ ok: true, segments: ['metadata', 'labels', 'app.kubernetes.io/name'] });
    expect(parseJsonPath("a['b c']")).toEqual({ ok: true, segments: ['a', 'b c'] });
    for (const bad of ['', '.', 'a[', 'a[x]', 'a]', 'a.constructor()', 'a b', '[0', 'a..b']) expect(parseJsonPath(bad).ok, bad).toBe(false);
  });

  it('reads own properties only', () => {
    const obj = { a: [{ b: 1 }], c: null };
    expect(valueAtPath(obj, ['a', 0, 'b'])).toBe(1);
    expect(valueAtPath(obj, ['a', 1, 'b'])).toBeUndefined();
    expect(valueAtPath(obj, ['c'])).toBeNull();
    expect(valueAtPath(obj, ['a', 'length'])).toBeUndefined();
    expect(valueAtPath(obj, ['__proto__'])).toBeUndefined();
    expect(valueAtPath(obj, ['toString'])).toBeUndefined();
  });
});
