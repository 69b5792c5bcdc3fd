// Hostile patches: whatever JSON a client sends as a merge, strategic or JSON patch, the
// patch functions answer with a value or a refusal — they never throw, never hang, and
// never let `__proto__` reach an object's prototype. Size from FUZZ_RUNS (default 1,000).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPatch } from './index';
import { applyMergePatch, applyMergePatchShared } from './mergePatch';
import { deepFreeze } from '../../../client';
import type { KubeObject, PatchType } from '../../../client';

const RUNS = Number(process.env.FUZZ_RUNS ?? '') || 1000;

const TARGET: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels: { app: 'web' }, finalizers: ['a'] },
  spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }], env: [{ name: 'A', value: '1' }] }] },
};

const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '$patch', '$retainKeys', 'spec', 'containers', 'name', 'metadata', '$setElementOrder/containers', '$deleteFromPrimitiveList/finalizers'), fc.string({ maxLength: 6 }));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, 'delete', 'replace', 'merge', 0, true),
    fc.string({ maxLength: 5 }),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 4 }),
  ),
})).v;
const op = fc.record({
  op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus'),
  path: fc.constantFrom('', '/', '/__proto__/x', '/spec/containers/0', '/spec/containers/-', '/metadata/labels/a~1b', '/nope/deeper', '/spec/containers/9'),
  from: fc.constantFrom('/metadata', '/spec/containers/0', '/missing'),
  value,
});

describe('hostile patches', () => {
  it('never throw and never pollute Object.prototype', () => {
    const types: PatchType[] = ['application/merge-patch+json', 'application/strategic-merge-patch+json'];
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.dictionary(key, value, { maxKeys: 5 }), (patchType, patch) => {
        // JSON.parse is how a body arrives: `__proto__` is then an own key
        const body = JSON.parse(JSON.stringify(patch)) as unknown;
        const r = applyPatch(structuredClone(TARGET), { patchType, patch: body });
        expect(typeof r.ok).toBe('boolean');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.getPrototypeOf(r.ok ? r.value : {})).toBe(Object.prototype);
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 5 }), (ops) => {
        const r = applyPatch(structuredClone(TARGET), { patchType: 'application/json-patch+json', patch: JSON.parse(JSON.stringify(ops)) as unknown });
        expect(typeof r.ok).toBe('boolean');
        expect(({} as Record<string, unknown>).x).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('a `__proto__` key is dropped, not assigned to the prototype', () => {
    const patch = JSON.parse('{"metadata":{"labels":{"__proto__":{"polluted":"yes"},"ok":"1"}}}') as unknown;
    for (const patchType of ['application/merge-patch+json', 'application/strategic-merge-patch+json'] as const) {
      const r = applyPatch(structuredClone(TARGET), { patchType, patch });
      const labels = (r.ok ? r.value.metadata?.labels : {}) as Record<string, unknown>;
      expect(labels.ok).toBe('1');
      expect(labels.polluted).toBeUndefined();
      expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
    }
  });

  // the kubelet's status patches are merged sharing the stored object (a frozen cache
  // object): the result must be the copying merge's, key order included, and never write
  // into the target
  it('the sharing merge gives what the copying merge gives, and leaves a frozen target alone', () => {
    const target = fc.dictionary(key, value, { maxKeys: 5 });
    fc.assert(
      fc.property(target, fc.dictionary(key, value, { maxKeys: 5 }), (t, patch) => {
        const stored = deepFreeze(JSON.parse(JSON.stringify(t)) as unknown);
        const body = JSON.parse(JSON.stringify(patch)) as unknown;
        const before = JSON.stringify(stored);
        const shared = applyMergePatchShared(stored, body);
        expect(JSON.stringify(shared)).toBe(JSON.stringify(applyMergePatch(stored, body)));
        expect(JSON.stringify(stored)).toBe(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  // merged lists are matched through sets and maps: before, each element was looked for in
  // the whole other list, and a patch of 20,000 finalizers took half a minute (the test's
  // timeout is what would catch a return of that)
  it('a patch with a hundred thousand list elements is merged, not left hanging', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `f${i}`);
    const containers = many.map((name) => ({ name, image: 'x' }));
    const r = applyPatch(structuredClone(TARGET), {
      patchType: 'application/strategic-merge-patch+json',
      patch: { metadata: { finalizers: many, '$deleteFromPrimitiveList/finalizers': many.slice(0, 10) }, spec: { '$setElementOrder/containers': containers.map(({ name }) => ({ name })), containers } },
    });
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.metadata?.finalizers).toHaveLength(100_000 - 10 + 1);
    expect(r.ok && (r.value.spec as { containers: unknown[] }).containers).toHaveLength(100_001);
  });
});
