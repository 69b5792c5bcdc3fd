// `kubectl --as`: the API server authorises the request as the impersonated user, so RBAC
// refuses what no Role grants, and a RoleBinding applied by the admin lets it through.
import { describe, expect, it } from 'vitest';
import { testTerminal } from './testkit';

const podReader = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: default
rules:
  - apiGroups: [""]
    resources: ["pods"]
    verbs: ["get", "list", "watch"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: jane-reads-pods
  namespace: default
subjects:
  - kind: User
    name: jane
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
`;

describe('kubectl --as', () => {
  it('is refused with the real Forbidden text until a RoleBinding grants the verb', () => {
    const t = testTerminal();
    const before = t.run('kubectl get pods --as=jane');
    expect(before.stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n');
    expect(before.exitCode).toBe(1);

    // the admin (kubectl's own identity) is not impersonating: it may write the binding
    expect(t.run('kubectl apply -f -', podReader).stdout).toBe('role.rbac.authorization.k8s.io/pod-reader created\nrolebinding.rbac.authorization.k8s.io/jane-reads-pods created\n');
    t.run('sim tick 50');
    const after = t.run('kubectl get pods --as=jane');
    expect(after.exitCode).toBe(0);
    expect(after.stderr).toBe('No resources found in default namespace.\n');
    // the Role grants reads of Pods only
    expect(t.run('kubectl get deployments --as=jane').stderr).toContain('deployments.apps is forbidden: User "jane" cannot list resource "deployments" in API group "apps" in the namespace "default"');
    expect(t.run('kubectl get pods --as=kim').stderr).toContain('User "kim" cannot list resource "pods"');
  });

  it('with --as-group, acts with those groups only: a ServiceAccount loses its own, as the impersonation filter builds the user', () => {
    const t = testTerminal();
    t.run('kubectl create namespace shop');
    expect(t.run('kubectl apply -f -', shopSaReader).exitCode).toBe(0);
    t.run('sim tick 50');
    const sa = '--as=system:serviceaccount:shop:ci';
    // the binding names the group system:serviceaccounts:shop, which the ServiceAccount has by itself
    expect(t.run(`kubectl auth can-i list pods -n shop ${sa}`).stdout).toBe('yes\n');
    expect(t.run(`kubectl auth can-i list pods -n shop ${sa} --as-group=ops`).stdout).toBe('no\n');
    expect(t.run(`kubectl auth can-i list pods -n shop ${sa} --as-group=system:serviceaccounts:shop`).stdout).toBe('yes\n');
    expect(t.run(`kubectl get pods -n shop ${sa} --as-group=ops`).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:shop:ci" cannot list resource "pods" in API group "" in the namespace "shop"\n',
    );
    // system:anonymous is unauthenticated: a binding to system:authenticated does not reach it
    expect(t.run('kubectl auth can-i list configmaps -n shop --as=jane').stdout).toBe('yes\n');
    expect(t.run('kubectl auth can-i list configmaps -n shop --as=jane --as-group=ops').stdout).toBe('yes\n');
    expect(t.run('kubectl get configmaps -n shop --as=system:anonymous').stderr).toBe(
      'Error from server (Forbidden): configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "shop"\n',
    );
    expect(t.run('kubectl get configmaps -n shop --as=jane --as-group=system:unauthenticated').stderr).toContain('User "jane" cannot list resource "configmaps"');
    // nor does system:basic-user, which lets every authenticated user ask what it may do
    expect(t.run('kubectl auth can-i list configmaps -n shop --as=system:anonymous').stderr).toBe(
      'Error from server (Forbidden): selfsubjectaccessreviews.authorization.k8s.io is forbidden: User "system:anonymous" cannot create resource "selfsubjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope\n',
    );
  });

  it('with --as-group (or --as-uid) but no --as, is refused where kubectl builds its client, as client-go does (recorded from kubectl 1.32)', () => {
    const t = testTerminal({ files: { 'a.json': '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}' } });
    const refused = { stdout: '', stderr: 'error: requesting uid, groups or user-extra for  without impersonating a user\n', exitCode: 1 };
    // get and version: before their checks of -o and of get's arguments; create's
    // subcommands: after their NAME, before --dry-run and -o
    const lines = [
      'kubectl get pods --as-group=ops',
      'kubectl get --as-group=ops',
      'kubectl auth can-i get pods --as-group=ops',
      'kubectl get pods -o bogus --as-group=ops',
      'kubectl create deployment x --image=nginx --dry-run=bogus --as-group=ops',
      'kubectl create deployment x --image=nginx --dry-run=client -o name --as-group=ops',
      'kubectl version --as-group=ops',
      'kubectl get pods --as= --as-group=ops',
    ];
    for (const line of lines) expect(t.run(line), line).toEqual(refused);
    // after cobra's own checks, and after can-i counts its arguments
    expect(t.run('kubectl get pods --bogus --as-group=ops').stderr).toMatch(/^Error: unknown flag: --bogus\n/);
    expect(t.run('kubectl auth can-i --as-group=ops').stderr).toBe("error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n");
    // commands whose own checks come before their client (recorded from kubectl 1.32)
    const first: Array<[string, string]> = [
      ['kubectl create --as-group=ops', 'error: must specify one of -f and -k\n'],
      ['kubectl create -f a.json --dry-run=bogus --as-group=ops', 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'],
      ['kubectl create -f a.json -o bogus --as-group=ops', 'error: unable to match a printer suitable for the output format "bogus", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n'],
      ['kubectl create extra --as-group=ops', "error: Unexpected args: [extra]\nSee 'kubectl create -h' for help and examples\n"],
      ['kubectl create namespace --as-group=ops', "error: exactly one NAME is required, got 0\nSee 'kubectl create namespace -h' for help and examples\n"],
      ['kubectl logs --as-group=ops', "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n"],
      ['kubectl drain --as-group=ops', "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n"],
      ['kubectl cordon --as-group=ops', "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n"],
      ['kubectl uncordon -l a=b node-1 --as-group=ops', "error: cannot specify both a node name and a --selector option\nSee 'kubectl uncordon -h' for help and examples\n"],
      ['kubectl cordon node-1 --dry-run=bogus --as-group=ops', 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'],
      ['kubectl apply extra --as-group=ops', "error: Unexpected args: [extra]\nSee 'kubectl apply -h' for help and examples\n"],
      ['kubectl apply --dry-run=bogus --as-group=ops', 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'],
      ['kubectl replace --dry-run=bogus --as-group=ops', 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'],
      ['kubectl delete pod x --cascade=bogus --as-group=ops', 'error: invalid cascade value (bogus). Must be "background", "foreground", or "orphan"\n'],
      ['kubectl run x --image=nginx --dry-run=bogus --as-group=ops', 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'],
      ['kubectl label pod x a=b --list -o yaml --as-group=ops', 'error: --list and --output may not be specified together\n'],
      ['kubectl annotate pod x a=b -o bogus --as-group=ops', 'error: unable to match a printer suitable for the output format "bogus", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n'],
      ['kubectl set env --all -l a=b --as-group=ops', 'error: cannot set --all and --selector at the same time\n'],
      ['kubectl api-resources extra --as-group=ops', "error: unexpected arguments: [extra]\nSee 'kubectl api-resources -h' for help and examples\n"],
    ];
    for (const [line, stderr] of first) expect(t.run(line), line).toEqual({ stdout: '', stderr, exitCode: 1 });
    // … and then the client, before the checks that follow it
    const after = [
      'kubectl create -f a.json --as-group=ops',
      'kubectl logs web -c x extra --as-group=ops',
      'kubectl cordon node-1 --as-group=ops',
      'kubectl drain node-1 --as-group=ops',
      'kubectl apply -f a.json --validate=bogus --as-group=ops',
      'kubectl replace -f a.json -o bogus --as-group=ops',
      'kubectl delete pod x --dry-run=bogus --as-group=ops',
      'kubectl run x --image=nginx -o bogus --as-group=ops',
      'kubectl label pod x a=b -o bogus --as-group=ops',
      'kubectl taint nodes node-1 a=b:NoSchedule --dry-run=bogus --as-group=ops',
      'kubectl patch pod x --as-group=ops',
    ];
    for (const line of after) expect(t.run(line), line).toEqual(refused);
    // --as-uid without --as is refused the same way
    expect(t.run('kubectl get pods --as-uid=1')).toEqual(refused);
    expect(t.run('kubectl create --as-uid=1').stderr).toBe('error: must specify one of -f and -k\n');
    expect(t.run('kubectl version --client --as-uid=1').exitCode).toBe(0);
    expect(t.run('kubectl auth can-i get pods --as=jane --as-uid=1')).toMatchObject({ stdout: 'no\n', exitCode: 1 });
    // no client: version --client goes on
    expect(t.run('kubectl version --client --as-group=ops').exitCode).toBe(0);
    expect(t.run('kubectl auth can-i get pods --as=jane --as-group=system:masters')).toMatchObject({ stdout: 'yes\n', exitCode: 0 });
  });
});

const nodeReader = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: node-reader
rules:
  - apiGroups: [""]
    resources: ["nodes", "pods"]
    verbs: ["get", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: jane-reads-nodes
subjects:
  - kind: User
    name: jane
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: ClusterRole
  name: node-reader
  apiGroup: rbac.authorization.k8s.io
`;

describe('cordon and drain as a user who may read nodes but not change them', () => {
  it('print RunCordonOrUncordon’s error and go on, with exit code 0 for cordon (it returns nil), as kubectl 1.32 does', () => {
    const t = testTerminal();
    t.run('kubectl apply -f -', nodeReader);
    t.run('sim tick 50');
    const forbidden = (verb: string) => `error: unable to ${verb} node "node-1": nodes "node-1" is forbidden: User "jane" cannot patch resource "nodes" in API group "" at the cluster scope\n`;
    expect(t.run('kubectl cordon node-1 --as=jane')).toMatchObject({ stdout: '', stderr: forbidden('cordon'), exitCode: 0 });
    expect(t.run('kubectl get node node-1 -o jsonpath={.spec.unschedulable}').stdout).toBe('');
    // a cordoned node is already cordoned for anyone: nothing to patch
    t.run('kubectl cordon node-1');
    expect(t.run('kubectl uncordon node-1 --as=jane')).toMatchObject({ stderr: forbidden('uncordon'), exitCode: 0 });
    expect(t.run('kubectl cordon node-1 --as=jane')).toMatchObject({ stdout: 'node/node-1 already cordoned\n', exitCode: 0 });
    // drain: the cordon's error, and the node still drained (RunDrain goes on to evict; nothing runs on it here)
    t.run('kubectl uncordon node-1');
    const drain = t.run('kubectl drain node-1 --as=jane --ignore-daemonsets');
    expect(drain).toEqual({ stdout: 'node/node-1 drained\n', stderr: forbidden('cordon'), exitCode: 0 });
  });
});

/** In shop, Pods readable by the ServiceAccounts of shop (a group), ConfigMaps by every authenticated user. */
const shopSaReader = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: shop
rules:
  - apiGroups: [""]
    resources: ["pods"]
    verbs: ["get", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: shop-sa-read-pods
  namespace: shop
subjects:
  - kind: Group
    name: system:serviceaccounts:shop
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: configmap-reader
  namespace: shop
rules:
  - apiGroups: [""]
    resources: ["configmaps"]
    verbs: ["list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: authenticated-read-configmaps
  namespace: shop
subjects:
  - kind: Group
    name: system:authenticated
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: configmap-reader
  apiGroup: rbac.authorization.k8s.io
`;
