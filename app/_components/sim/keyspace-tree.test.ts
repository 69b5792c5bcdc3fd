import { describe, expect, it } from 'vitest';
import { buildKeyTree } from './keyspace-tree';

describe('buildKeyTree', () => {
  it('folds API-server keys into folders and keeps plain keys at the top', () => {
    const tree = buildKeyTree(['greeting', '/registry/pods/default/web', '/registry/pods/default/db', '/registry/configmaps/default/app']);
    expect(tree.map((n) => n.name)).toEqual(['/', 'greeting']);
    const slash = tree[0];
    if (slash?.kind !== 'folder') throw new Error('expected the / folder');
    expect(slash).toMatchObject({ prefix: '/', count: 3 });
    const registry = slash.children[0];
    if (registry?.kind !== 'folder') throw new Error('expected registry/');
    expect(registry.children.map((n) => [n.name, n.kind === 'folder' ? n.count : n.key])).toEqual([
      ['configmaps/', 1],
      ['pods/', 2],
    ]);
    const pods = registry.children[1];
    if (pods?.kind !== 'folder') throw new Error('expected pods/');
    const ns = pods.children[0];
    if (ns?.kind !== 'folder') throw new Error('expected default/');
    expect(ns.prefix).toBe('/registry/pods/default/');
    expect(ns.children).toEqual([
      { kind: 'key', name: 'db', key: '/registry/pods/default/db' },
      { kind: 'key', name: 'web', key: '/registry/pods/default/web' },
    ]);
  });

  it('keeps a key that is also a folder name, and a key ending in a slash', () => {
    const tree = buildKeyTree(['a', 'a/b', 'c/']);
    expect(tree).toEqual([
      { kind: 'folder', name: 'a/', prefix: 'a/', count: 1, children: [{ kind: 'key', name: 'b', key: 'a/b' }] },
      { kind: 'folder', name: 'c/', prefix: 'c/', count: 1, children: [{ kind: 'key', name: '', key: 'c/' }] },
      { kind: 'key', name: 'a', key: 'a' },
    ]);
  });

  it('is empty for an empty keyspace', () => {
    expect(buildKeyTree([])).toEqual([]);
  });
});
