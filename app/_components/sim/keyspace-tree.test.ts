import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadContent } from '@/app/_lib/content/loader';
import { kindForResource } from '@/sim-core/apiserver/kinds';
import { buildKeyTree, collapsedByDefault, isCollapsed, KUBECTL_FOLDERS, REGISTRY_FOLDER, resourcesNamedIn, resourcesReadBy, toggleFolder, type KeyTreeNode } from './keyspace-tree';

describe('the folder tables', () => {
  it('name the folders sim-core stores each resource under', () => {
    const folderOf = (name: string) => kindForResource(name)?.etcdPrefix.replace(/^\/registry\//, '');
    for (const [name, folder] of Object.entries(KUBECTL_FOLDERS)) expect([name, folderOf(name)]).toEqual([name, folder]);
    for (const [resource, folder] of Object.entries(REGISTRY_FOLDER)) expect([resource, folderOf(resource)]).toEqual([resource, folder]);
    // a name with no kind behind it would be a typo the table carries silently
    expect(Object.keys(KUBECTL_FOLDERS).filter((n) => kindForResource(n) === undefined)).toEqual([]);
  });
});

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

/** The folders a tree shows open and folded, depth first, as the browser draws them before any click. */
function shown(nodes: readonly KeyTreeNode[], choices = new Map<string, boolean>()): string[] {
  return nodes.flatMap((n) => (n.kind === 'key' ? [] : isCollapsed(choices, n.prefix) ? [`▸ ${n.prefix}`] : [`▾ ${n.prefix}`, ...shown(n.children, choices)]));
}

// a default cluster's keyspace after `kubectl create deployment web` and `kubectl expose`
const CLUSTER_KEYS = [
  '/registry/clusterrolebindings/cluster-admin',
  '/registry/clusterroles/cluster-admin',
  '/registry/configmaps/default/kube-root-ca.crt',
  '/registry/deployments/default/web',
  '/registry/endpointslices/default/web-p59mc',
  '/registry/events/default/web.1',
  '/registry/leases/kube-node-lease/node-1',
  '/registry/minions/node-1',
  '/registry/namespaces/default',
  '/registry/pods/default/web-766486c5b6-klrqq',
  '/registry/replicasets/default/web-766486c5b6',
  '/registry/rolebindings/kube-system/system:controller:bootstrap-signer',
  '/registry/roles/kube-system/extension-apiserver-authentication-reader',
  '/registry/secrets/default/token',
  '/registry/serviceaccounts/default/default',
  '/registry/services/endpoints/default/web',
  '/registry/services/specs/default/web',
];

describe('which folders the keyspace browser starts with open', () => {
  it('opens the Deployments, ReplicaSets, Pods and Services and folds the bootstrap\'s folders', () => {
    expect(shown(buildKeyTree(CLUSTER_KEYS))).toEqual([
      '▾ /',
      '▾ /registry/',
      '▸ /registry/clusterrolebindings/',
      '▸ /registry/clusterroles/',
      '▸ /registry/configmaps/',
      '▾ /registry/deployments/',
      '▾ /registry/deployments/default/',
      '▸ /registry/endpointslices/',
      '▸ /registry/events/',
      '▸ /registry/leases/',
      '▸ /registry/minions/',
      '▸ /registry/namespaces/',
      '▾ /registry/pods/',
      '▾ /registry/pods/default/',
      '▾ /registry/replicasets/',
      '▾ /registry/replicasets/default/',
      '▸ /registry/rolebindings/',
      '▸ /registry/roles/',
      '▸ /registry/secrets/',
      '▸ /registry/serviceaccounts/',
      '▾ /registry/services/',
      '▾ /registry/services/endpoints/',
      '▾ /registry/services/endpoints/default/',
      '▾ /registry/services/specs/',
      '▾ /registry/services/specs/default/',
    ]);
  });

  it("folds only resource folders under /registry/: an etcd-only lesson's own keys, and folders inside a resource, start open", () => {
    for (const prefix of ['/', '/registry/', 'registry/configmaps/', '/registry/configmaps/default/', '/foo/', '/foo/bar/', 'greeting/']) {
      expect(collapsedByDefault(prefix), prefix).toBe(false);
    }
    expect(shown(buildKeyTree(['/foo/bar/baz', 'greeting/hello']))).toEqual(['▾ /', '▾ /foo/', '▾ /foo/bar/', '▾ greeting/']);
  });

  it("follows the learner's clicks, both ways, and keeps them when the keys change", () => {
    let choices = toggleFolder(new Map(), '/registry/clusterroles/');
    choices = toggleFolder(choices, '/registry/pods/');
    expect(isCollapsed(choices, '/registry/clusterroles/')).toBe(false);
    expect(isCollapsed(choices, '/registry/pods/')).toBe(true);
    // another Pod, a ReplicaSet folded by no one: the choices hold, the rest follows the default
    const later = buildKeyTree([...CLUSTER_KEYS, '/registry/pods/default/web-766486c5b6-pm2s9']);
    expect(shown(later, new Map(choices)).filter((line) => /clusterroles|pods|replicasets\/$/.test(line))).toEqual([
      '▾ /registry/clusterroles/',
      '▸ /registry/pods/',
      '▾ /registry/replicasets/',
    ]);
    // toggled back, a folder is as it started
    expect(isCollapsed(toggleFolder(choices, '/registry/clusterroles/'), '/registry/clusterroles/')).toBe(true);
    expect(isCollapsed(toggleFolder(new Map(), '/'), '/')).toBe(true);
  });
});

describe('the folders a lab opens besides', () => {
  const labs = loadContent(path.join(process.cwd(), 'content')).content.labs;
  const folders = (id: string) => [...resourcesReadBy(labs.get(id)!.lab.goals.map((g) => g.check))].sort();

  it("are those its goals read: a key's folder, a counted resource, nodes under minions/, never an authorized check's resource", () => {
    expect(resourcesReadBy([{ kind: 'jsonPath', key: '/registry/leases/kube-system/kube-scheduler', path: 'spec' }, { kind: 'always', condition: { kind: 'countObjects', resource: 'nodes' } }])).toEqual(new Set(['leases', 'minions']));
    expect(resourcesReadBy([{ kind: 'authorized', resource: 'secrets', verb: 'get' }, { kind: 'keyValue', key: '/app/recovered' }])).toEqual(new Set());
    expect(folders('leader-election')).toContain('leases');
    expect(folders('node-failure')).toContain('minions');
    expect(folders('rbac-least-privilege')).toEqual(['rolebindings']);
  });

  it('start open, and still follow the learner\'s clicks', () => {
    const open = new Set(['leases']);
    expect(collapsedByDefault('/registry/leases/', open)).toBe(false);
    expect(collapsedByDefault('/registry/leases/')).toBe(true);
    expect(collapsedByDefault('/registry/secrets/', open)).toBe(true);
    expect(isCollapsed(toggleFolder(new Map(), '/registry/leases/', open), '/registry/leases/', open)).toBe(true);
  });
});

describe('the folders a lesson opens besides', () => {
  const scenarios = loadContent(path.join(process.cwd(), 'content')).content.scenarios;
  const folders = (id: string) => [...resourcesNamedIn(scenarios.get(id)!.scenario.suggested ?? [])].sort();

  it("are those its suggested commands look at: an etcd path's folder, what kubectl get or describe lists (short names and lists too)", () => {
    expect(resourcesNamedIn(['etcdctl get /registry/leases/kube-system --prefix', 'kubectl get no,ev', 'kubectl describe cm app', 'kubectl get pods', 'etcdctl get /registry --prefix --keys-only'])).toEqual(new Set(['leases', 'minions', 'events', 'configmaps']));
    expect(resourcesNamedIn(['kubectl delete lease x', 'echo kubectl get secrets'])).toEqual(new Set());
    expect(folders('l7-node-failure')).toEqual(['leases', 'minions']);
    expect(folders('l7-service')).toContain('endpointslices');
    expect(folders('l6-deployment')).toEqual(['pods', 'replicasets']);
  });
});
