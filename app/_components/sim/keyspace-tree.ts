// etcd's keyspace is flat — keys are byte strings sorted in order — but the API server
// names them like paths (/registry/<resource>/<namespace>/<name>, see the Kubernetes
// docs on etcd storage), so the browser folds keys into folders at each '/'. A folder
// is only a display: `etcdctl get /registry/pods --prefix` is the range it stands for.

export interface KeyFolder {
  kind: 'folder';
  /** the segment with its slash, e.g. 'pods/' (the root folder of '/…' keys is '/') */
  name: string;
  /** the prefix this folder stands for, e.g. '/registry/pods/' */
  prefix: string;
  /** keys under this folder, at any depth */
  count: number;
  children: KeyTreeNode[];
}

export interface KeyLeaf {
  kind: 'key';
  /** the last segment, e.g. 'web' ('' for a key that ends in '/') */
  name: string;
  key: string;
}

export type KeyTreeNode = KeyFolder | KeyLeaf;

function folderIn(children: KeyTreeNode[], name: string, prefix: string): KeyFolder {
  const found = children.find((c): c is KeyFolder => c.kind === 'folder' && c.name === name);
  if (found !== undefined) return found;
  const folder: KeyFolder = { kind: 'folder', name, prefix, count: 0, children: [] };
  children.push(folder);
  return folder;
}

function sortTree(nodes: KeyTreeNode[]): void {
  // folders first, then keys, each by byte order of what they stand for (as etcd sorts)
  nodes.sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    const x = a.kind === 'folder' ? a.prefix : a.key;
    const y = b.kind === 'folder' ? b.prefix : b.key;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  for (const n of nodes) if (n.kind === 'folder') sortTree(n.children);
}

export function buildKeyTree(keys: readonly string[]): KeyTreeNode[] {
  const root: KeyTreeNode[] = [];
  for (const key of keys) {
    const parts = key.split('/');
    const leafName = parts.pop() ?? '';
    let children = root;
    let prefix = '';
    const chain: KeyFolder[] = [];
    for (const part of parts) {
      prefix += `${part}/`;
      const folder = folderIn(children, `${part}/`, prefix);
      chain.push(folder);
      children = folder.children;
    }
    for (const f of chain) f.count += 1;
    children.push({ kind: 'key', name: leafName, key });
  }
  sortTree(root);
  return root;
}

// What the tree shows folded. The API server's keyspace is mostly what kubeadm's bootstrap
// wrote (RBAC, service accounts, the kube-root-ca.crt ConfigMaps, node Leases, Events), and
// byte order puts clusterrolebindings/ first: opened in full, the tree began with a page of
// RBAC. So each resource folder under /registry/ starts folded, except the kinds the
// lessons and labs are about, and the learner opens any other with one click (its key
// count is on it). Everything else (the root, registry/, a namespace inside an open
// resource, an etcd-only lesson's own keys) starts open, as it always did.

/** The resources whose folders start open: the workloads and Services the learner creates and watches. */
const OPEN_RESOURCES: ReadonlySet<string> = new Set(['deployments', 'replicasets', 'pods', 'services']);

/**
 * Whether a folder starts folded: a resource folder /registry/<resource>/ other than the
 * learner's kinds and `alsoOpen` (a lab's own: the folders its goals read).
 */
export function collapsedByDefault(prefix: string, alsoOpen?: ReadonlySet<string>): boolean {
  const resource = /^\/registry\/([^/]+)\/$/.exec(prefix)?.[1];
  return resource !== undefined && !OPEN_RESOURCES.has(resource) && alsoOpen?.has(resource) !== true;
}

// These two tables restate what sim-core's kind registry knows (kindForResource(name)
// .etcdPrefix): reading it here would pull every kind's zod schema into the page's bundle.
// keyspace-tree.test.ts holds them to the registry.

/** A goal's `resource` whose folder under /registry/ has another name (the registry's own, from before the rename). */
export const REGISTRY_FOLDER: Readonly<Record<string, string>> = { nodes: 'minions' };

/** kubectl's names (and short names) for the resources whose folders start folded, with their folder under /registry/. */
export const KUBECTL_FOLDERS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['leases', ['lease', 'leases']],
      ['minions', ['node', 'nodes', 'no']],
      ['endpointslices', ['endpointslice', 'endpointslices']],
      ['configmaps', ['configmap', 'configmaps', 'cm']],
      ['secrets', ['secret', 'secrets']],
      ['events', ['event', 'events', 'ev']],
      ['namespaces', ['namespace', 'namespaces', 'ns']],
      ['serviceaccounts', ['serviceaccount', 'serviceaccounts', 'sa']],
      ['roles', ['role', 'roles']],
      ['rolebindings', ['rolebinding', 'rolebindings']],
      ['clusterroles', ['clusterrole', 'clusterroles']],
      ['clusterrolebindings', ['clusterrolebinding', 'clusterrolebindings']],
    ] as const
  ).flatMap(([folder, names]) => names.map((n) => [n, folder])),
);

/**
 * The resource folders a lesson's suggested commands look at: each /registry/<resource>/
 * they name, and each resource a `kubectl get` or `describe` lists (`kubectl get leases -n
 * kube-node-lease` opens leases/), so that the tree opens on what the lesson is about.
 */
export function resourcesNamedIn(lines: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(/\/registry\/([a-z]+)(?:\/|\s|$)/g)) found.add(m[1]!);
    const kubectl = /^kubectl\s+(?:get|describe)\s+([a-z,]+)/.exec(line.trim());
    for (const name of kubectl?.[1]!.split(',') ?? []) {
      const folder = KUBECTL_FOLDERS[name];
      if (folder !== undefined) found.add(folder);
    }
  }
  return found;
}

/**
 * The resource folders a lab's goal checks read: each /registry/<resource>/ key they name,
 * and each `resource` they count or sum, so that the tree opens on what the lab is about
 * (the Leases of the leader-election lab, the Node of the node-failure lab). An
 * `authorized` check names a resource it asks a permission about, not one it reads.
 */
export function resourcesReadBy(checks: readonly unknown[]): Set<string> {
  const found = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.kind === 'authorized') return;
    if (typeof o.key === 'string') {
      const r = /^\/registry\/([^/]+)\//.exec(o.key)?.[1];
      if (r !== undefined) found.add(r);
    }
    if (typeof o.resource === 'string') found.add(REGISTRY_FOLDER[o.resource] ?? o.resource);
    for (const child of Object.values(o)) visit(child);
  };
  checks.forEach(visit);
  return found;
}

/**
 * The folders the learner has opened or folded, by prefix (true: folded). Kept by prefix, not
 * by tree node, so a choice holds while keys come and go and when the tree is read from
 * another member; a folder nobody touched follows collapsedByDefault.
 */
export type FolderChoices = ReadonlyMap<string, boolean>;

export function isCollapsed(choices: FolderChoices, prefix: string, alsoOpen?: ReadonlySet<string>): boolean {
  return choices.get(prefix) ?? collapsedByDefault(prefix, alsoOpen);
}

/** The choices after the learner toggles one folder. */
export function toggleFolder(choices: FolderChoices, prefix: string, alsoOpen?: ReadonlySet<string>): FolderChoices {
  return new Map(choices).set(prefix, !isCollapsed(choices, prefix, alsoOpen));
}
