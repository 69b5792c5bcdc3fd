// grade() on the `default` topology: the cluster is built with its nodes and processes,
// objects written into etcd reach the kubelets through the API server's watch, and the
// Kubernetes goals (ownerChain, podsReady, serviceAnswers, history goals) judge what the
// kubelets really did. Also: committedAfterFault counts only the learner's own faults.
import { describe, expect, it } from 'vitest';
import type { ActionLog } from '../cluster/actions';
import { grade, type GradeInput, type GradeResult } from './replay';
import { putLine } from './testing';

const labels = { app: 'web' };
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    namespace: 'default',
    uid: 'uid-deploy',
    generation: 1,
  },
  // paused: the Deployment controller leaves its ReplicaSets as they are (no new one)
  spec: {
    replicas: 2,
    paused: true,
    selector: { matchLabels: labels },
    template: {
      metadata: { labels },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
    },
  },
};
const replicaSet = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-6d4cf56db6',
    namespace: 'default',
    uid: 'uid-rs',
    labels,
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'web',
        uid: 'uid-deploy',
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  },
  spec: {
    replicas: 2,
    selector: { matchLabels: labels },
    template: deployment.spec.template,
  },
};
function pod(name: string, node: string) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      labels,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-6d4cf56db6',
          uid: 'uid-rs',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    // already bound: the kubelet of that node runs it
    spec: {
      nodeName: node,
      restartPolicy: 'Always',
      containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }],
    },
    status: { phase: 'Pending' },
  };
}
// a Service without a selector keeps the Endpoints written for it (the endpoints controller skips it)
const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default', uid: 'uid-svc' },
  spec: { clusterIP: '10.96.0.50', ports: [{ port: 80, targetPort: 80 }] },
};
const endpointsObject = {
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { name: 'web', namespace: 'default', uid: 'uid-ep' },
  subsets: [{ addresses: [{ ip: '10.244.1.2' }], ports: [{ port: 80 }] }],
};
// kube-proxy routes by EndpointSlices: for a selectorless Service, Kubernetes' EndpointSlice
// mirroring controller copies the Endpoints into one (pkg/controller/endpointslicemirroring);
// the simulation has no such controller, so the slice is written as that controller would.
const mirroredSlice = {
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: {
    name: 'web-mirror',
    namespace: 'default',
    uid: 'uid-eps',
    labels: { 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslicemirroring-controller.k8s.io' },
  },
  addressType: 'IPv4',
  endpoints: [{ addresses: ['10.244.1.2'], conditions: { ready: true } }],
  ports: [{ name: '', port: 80, protocol: 'TCP' }],
};

// The puts are separate commands; a controller-manager listing in between could see the
// ReplicaSet without its Pods (informers are consistent per resource, not across them) and
// make a third. It is down while the objects go in and lists them all when it comes back.
const setup = [
  'sim kill kube-controller-manager',
  putLine('/registry/deployments/default/web', deployment),
  putLine('/registry/replicasets/default/web-6d4cf56db6', replicaSet),
  putLine('/registry/pods/default/web-6d4cf56db6-a', pod('web-6d4cf56db6-a', 'node-1')),
  putLine('/registry/pods/default/web-6d4cf56db6-b', pod('web-6d4cf56db6-b', 'node-2')),
  putLine('/registry/services/specs/default/web', service),
  putLine('/registry/services/endpoints/default/web', endpointsObject),
  putLine('/registry/endpointslices/default/web-mirror', mirroredSlice),
  'sim restart kube-controller-manager',
];

const goals = [
  { id: 'owned', check: { kind: 'ownerChain', deployment: 'web' } },
  {
    id: 'ready',
    check: {
      kind: 'podsReady',
      selector: { matchLabels: labels },
      count: { eq: 2 },
    },
  },
  { id: 'answers', check: { kind: 'serviceAnswers', service: 'web' } },
  {
    id: 'never-3',
    check: {
      kind: 'always',
      condition: {
        kind: 'countObjects',
        resource: 'pods',
        selector: { matchLabels: labels },
        count: { lte: 2 },
      },
    },
  },
  {
    id: 'became-ready',
    check: {
      kind: 'eventually',
      condition: {
        kind: 'podsReady',
        selector: { matchLabels: labels },
        count: { eq: 2 },
      },
    },
  },
];

const input = (actionLog: ActionLog, extra: Partial<GradeInput> = {}): GradeInput => ({
  topology: 'default',
  seed: 5,
  setup,
  actionLog,
  goals,
  ...extra,
});

function verdicts(r: GradeResult): Array<[string, boolean]> {
  if (!r.ok) throw new Error(r.error);
  return r.goals.map((g) => [g.id, g.passed]);
}

describe('grade() on the default topology', () => {
  const wait: ActionLog = [{ type: 'tick', ticks: 600 }];

  it('judges Pods the kubelets really ran: owner chain, Running and Ready, a Service with endpoints, history goals', () => {
    const r = grade(input(wait));
    expect(verdicts(r)).toEqual([
      ['owned', true],
      ['ready', true],
      ['answers', true],
      ['never-3', true],
      ['became-ready', true],
    ]);
  });

  it('gives the same verdict and state hash on every replay', () => {
    const a = grade(input(wait));
    const b = grade(input(wait));
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(a.stateHash).toBe(b.stateHash);
      expect(a.goals).toEqual(b.goals);
    }
  });

  it('fails the owner chain, with a reason, when the learner deletes the Deployment behind the API server’s back', () => {
    const r = grade(
      input([
        {
          type: 'command',
          line: 'etcdctl del /registry/deployments/default/web',
        },
        ...wait,
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    const owned = r.goals.find((g) => g.id === 'owned');
    expect(owned?.passed).toBe(false);
    expect(owned?.explanation.en).toMatch(/Deployment default\/web/);
  });

  it('builds the workers the lab asks for: a Pod bound to node-5 only runs when there is a node-5', () => {
    const onFive = [
      putLine('/registry/pods/default/solo', {
        ...pod('solo', 'node-5'),
        metadata: {
          name: 'solo',
          namespace: 'default',
          uid: 'uid-solo',
          labels: { app: 'solo' },
        },
      }),
    ];
    const ready = [
      {
        id: 'solo-ready',
        check: {
          kind: 'podsReady',
          selector: { matchLabels: { app: 'solo' } },
          count: { eq: 1 },
        },
      },
    ];
    expect(
      verdicts(
        grade({
          topology: 'default',
          seed: 2,
          setup: onFive,
          actionLog: wait,
          goals: ready,
          workers: 5,
        }),
      ),
    ).toEqual([['solo-ready', true]]);
    expect(
      verdicts(
        grade({
          topology: 'default',
          seed: 2,
          setup: onFive,
          actionLog: wait,
          goals: ready,
        }),
      ),
    ).toEqual([['solo-ready', false]]);
  });
});

describe('grade() on an HA control plane', () => {
  // a lab's `controlPlanes: 3`: the Lease of the controller-manager names one of three nodes
  const wait: ActionLog = [{ type: 'tick', ticks: 600 }];
  const goals = [
    { id: 'three-control-planes', check: { kind: 'countObjects', resource: 'nodes', selector: { matchLabels: { 'node-role.kubernetes.io/control-plane': '' } }, count: { eq: 3 } } },
    { id: 'held', check: { kind: 'jsonPath', key: '/registry/leases/kube-system/kube-controller-manager', path: 'spec.holderIdentity', matches: '^control-plane(-[23])?_' } },
  ];

  it('builds the control-plane nodes the lab asks for', () => {
    expect(verdicts(grade({ topology: 'default', seed: 2, controlPlanes: 3, actionLog: wait, goals }))).toEqual([
      ['three-control-planes', true],
      ['held', true],
    ]);
    expect(verdicts(grade({ topology: 'default', seed: 2, actionLog: wait, goals }))).toEqual([
      ['three-control-planes', false],
      ['held', true],
    ]);
  });

  it('refuses a control-plane count the topology cannot build', () => {
    const r = grade({ topology: 'default', seed: 2, controlPlanes: 9, actionLog: [], goals });
    expect(r).toMatchObject({ ok: false, reason: 'invalid', error: expect.stringContaining('controlPlanes must be 1–5, got 9') });
  });
});

describe('committedAfterFault counts only the learner’s faults', () => {
  const afterFault = [
    {
      id: 'after-fault',
      check: { kind: 'committedAfterFault', key: '/answer' },
    },
  ];
  const write: ActionLog = [
    { type: 'tick', ticks: 300 },
    { type: 'command', line: 'etcdctl --endpoints etcd-2 put /answer 42' },
  ];

  it('ignores a fault injected by the lab’s setup', () => {
    const r = grade({
      topology: 'etcd-only',
      seed: 11,
      setup: ['sim kill etcd-1'],
      actionLog: write,
      goals: afterFault,
    });
    if (!r.ok) throw new Error(r.error);
    expect(r.goals[0]?.passed).toBe(false);
    expect(r.goals[0]?.explanation.en).toMatch(/the log has no fault action/);
  });

  it('ignores a fault command that failed', () => {
    const r = grade({
      topology: 'etcd-only',
      seed: 11,
      actionLog: [{ type: 'command', line: 'sim kill etcd-9' }, ...write],
      goals: afterFault,
    });
    if (!r.ok) throw new Error(r.error);
    expect(r.goals[0]?.passed).toBe(false);
    expect(r.goals[0]?.explanation.en).toMatch(/the log has no fault action/);
  });

  it('counts the learner’s own kill', () => {
    const r = grade({
      topology: 'etcd-only',
      seed: 11,
      setup: ['sim kill etcd-3', 'sim restart etcd-3'],
      actionLog: [{ type: 'command', line: 'sim kill etcd-1' }, ...write],
      goals: afterFault,
    });
    if (!r.ok) throw new Error(r.error);
    expect(r.goals[0]?.passed).toBe(true);
  });
});
