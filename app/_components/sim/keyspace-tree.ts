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
