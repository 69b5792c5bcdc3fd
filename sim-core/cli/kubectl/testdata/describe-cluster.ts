// The cluster capture-describe.sh records `kubectl describe` against, built the same way
// every time: seed 1, two workers, a Deployment `web` (2 replicas) exposed as a Service,
// then a ServiceAccount with pull and mountable secrets (one of each missing), a token
// Secret bound to it, a Role, a RoleBinding, a ClusterRole and a ClusterRoleBinding with
// rules kubectl breaks down, merges and sorts, and a hand-made Lease whose metadata holds
// what the generic describer prints in other ways. describe-objects.mjs dumps its objects
// for the recording; ../describe/recorded.test.ts runs the recorded commands in it.
import { createSimulation } from '../../../cluster/index';
import { runCommandLine, type TerminalPorts } from '../../command-line';

export interface DescribeCluster {
  ports: TerminalPorts;
  /** runs a command line that must succeed, returning its standard output */
  run(line: string, stdin?: string): string;
}

export function buildDescribeCluster(): DescribeCluster {
  const sim = createSimulation({ topology: 'default', seed: 1, workers: 2 });
  const ports = sim.ports();
  const run = (line: string, stdin?: string): string => {
    const r = runCommandLine(line, stdin, ports, {});
    if (r.exitCode !== 0) throw new Error(`${line}: exit ${r.exitCode}\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };
  const uidOf = (args: string): string => (JSON.parse(run(`kubectl get ${args} -o json`)) as { metadata: { uid: string } }).metadata.uid;

  run('sim tick 300');
  run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
  run('kubectl expose deployment web --port=80');
  run('sim settle');

  // A ServiceAccount with pull and mountable secrets, one of each missing; a token Secret
  // bound to it by name and uid (the annotations kubectl's ServiceAccount describer matches).
  run(
    'kubectl create -f -',
    `apiVersion: v1
kind: ServiceAccount
metadata:
  name: builder
  namespace: default
  labels:
    app: web
    team: platform
  annotations:
    description: builds and pushes the web image
secrets:
- name: builder-token
- name: gone-token
imagePullSecrets:
- name: regcred
- name: missing-pull
`,
  );
  const builderUid = uidOf('serviceaccount builder');
  run(
    'kubectl create -f -',
    `apiVersion: v1
kind: Secret
metadata:
  name: regcred
  namespace: default
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: eyJhdXRocyI6e319
---
apiVersion: v1
kind: Secret
metadata:
  name: builder-token
  namespace: default
  annotations:
    kubernetes.io/service-account.name: builder
    kubernetes.io/service-account.uid: ${builderUid}
type: kubernetes.io/service-account-token
`,
  );

  // RBAC: rules that kubectl breaks down, merges by group/resource/name and sorts.
  run(
    'kubectl apply -f -',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: default
  labels:
    app: web
rules:
- apiGroups: [""]
  resources: [pods, pods/log]
  verbs: [get, list, watch]
- apiGroups: [""]
  resources: [configmaps]
  resourceNames: [app-config, feature-flags]
  verbs: [get, update]
- apiGroups: [apps]
  resources: [deployments, deployments/scale]
  verbs: [get, patch]
- apiGroups: [""]
  resources: [pods]
  verbs: [delete, get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read-pods
  namespace: default
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
- kind: ServiceAccount
  name: builder
  namespace: default
- kind: Group
  name: developers
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
`,
  );
  run(
    'kubectl create -f -',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: ops-reader
  annotations:
    owner: sre
rules:
- nonResourceURLs: [/metrics, /healthz]
  verbs: [get]
- apiGroups: ["", apps]
  resources: [services, deployments]
  verbs: [get, list]
- apiGroups: [coordination.k8s.io]
  resources: [leases]
  resourceNames: [kube-scheduler, kube-controller-manager]
  verbs: [get, watch]
- apiGroups: ["*"]
  resources: ["*"]
  verbs: [list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: ops-readers
  labels:
    team: sre
subjects:
- kind: Group
  name: sre
  apiGroup: rbac.authorization.k8s.io
- kind: ServiceAccount
  name: builder
  namespace: default
roleRef:
  kind: ClusterRole
  name: ops-reader
  apiGroup: rbac.authorization.k8s.io
`,
  );
  const deploymentUid = uidOf('deployment web');
  const serviceUid = uidOf('service web');
  // A hand-made Lease whose metadata has what the generic describer prints in other ways:
  // labels and annotations (one too long for a line), a list of strings (finalizers) and a
  // list of maps (two ownerReferences).
  run(
    'kubectl create -f -',
    `apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: demo-lock
  namespace: default
  labels:
    app: web
    tier: frontend
  annotations:
    note: handed over by hand
    description: ${'a long explanation of why this lock exists, '.repeat(4).trim()}
  finalizers:
  - example.com/keep
  - example.com/audit
  ownerReferences:
  - apiVersion: apps/v1
    kind: Deployment
    name: web
    uid: ${deploymentUid}
    controller: true
    blockOwnerDeletion: true
  - apiVersion: v1
    kind: Service
    name: web
    uid: ${serviceUid}
spec:
  holderIdentity: web-766486c5b6-pm2s9
  leaseDurationSeconds: 30
  leaseTransitions: 3
  acquireTime: "2026-01-01T00:00:20.000000Z"
  renewTime: "2026-01-01T00:00:25.500000Z"
  strategy: OldestEmulationVersion
  preferredHolder: web-766486c5b6-xl96f
`,
  );
  run('sim tick 100');
  return { ports, run };
}
