// Every state predicate, passing and failing, over JSON objects put into a real etcd-only
// cluster with etcdctl — exactly what the API server will store under /registry/.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../cluster/simulation';
import { clusterWith, deployment, judge, pod, replicaSet, run } from './testing';

/** An EndpointSlice for a Service, as the EndpointSlice controller (or a person, by hand) writes it; each endpoint is [address, ready?]. */
function endpointSlice(name: string, service: string, endpoints: Array<[string, boolean?]>, ports: Array<{ name: string; port: number }>): Record<string, unknown> {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': service } },
    addressType: 'IPv4',
    endpoints: endpoints.map(([ip, ready]) => ({ addresses: [ip], conditions: ready === undefined ? {} : { ready } })),
    ports: ports.map((p) => ({ ...p, protocol: 'TCP' })),
  };
}

const web = { matchLabels: { app: 'web' } };

let sim: Simulation;
beforeAll(() => {
  sim = clusterWith({
    '/course/plain': 'hello world',
    '/course/config': { spec: { replicas: 3, 'odd.key': { x: 1 } }, metadata: { labels: { 'app.kubernetes.io/name': 'web' } }, list: ['a', 'b'] },
    '/registry/deployments/default/web': deployment('web', 'd-web', 3),
    '/registry/replicasets/default/web-7d4': replicaSet('web-7d4', 'rs-web', 'd-web'),
    '/registry/pods/default/web-7d4-aaaaa': pod('web-7d4-aaaaa', { app: 'web', tier: 'front' }, { owner: 'rs-web' }),
    '/registry/pods/default/web-7d4-bbbbb': pod('web-7d4-bbbbb', { app: 'web', tier: 'front' }, { owner: 'rs-web', ready: false }),
    '/registry/pods/default/stray': pod('stray', { app: 'web' }, { phase: 'Pending', ready: false }),
    '/registry/pods/kube-system/db-0': pod('db-0', { app: 'db' }),
    '/registry/services/specs/default/web': { kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } },
    '/registry/services/endpoints/default/web': {
      kind: 'Endpoints',
      metadata: { name: 'web', namespace: 'default' },
      subsets: [{ addresses: [{ ip: '10.244.1.2' }], notReadyAddresses: [{ ip: '10.244.1.3' }] }],
    },
    '/registry/endpointslices/default/web-x7k2p': endpointSlice('web-x7k2p', 'web', [['10.244.1.2', true], ['10.244.1.3', false]], [{ name: '', port: 80 }]),
    '/registry/services/specs/default/lonely': { kind: 'Service', metadata: { name: 'lonely', namespace: 'default' } },
    '/registry/minions/node-1': { kind: 'Node', metadata: { name: 'node-1', labels: { zone: 'a' } } },
  });
});

describe('etcd-level goals', () => {
  it('keyExists / keyAbsent on a key and on a prefix', () => {
    expect(judge(sim, { kind: 'keyExists', key: '/course/plain' })).toEqual({
      passed: true,
      explanation: { en: 'expected key /course/plain to exist, found it (mod_revision 2)', ko: '키 /course/plain: 있어야 합니다 — 있음 (mod_revision 2)' },
    });
    expect(judge(sim, { kind: 'keyExists', key: '/course/missing' })).toEqual({
      passed: false,
      explanation: { en: 'expected key /course/missing to exist, found no such key', ko: '키 /course/missing: 있어야 하는데 없습니다' },
    });
    expect(judge(sim, { kind: 'keyExists', key: '/registry/pods/default/', prefix: true }).explanation.en).toBe(
      'expected a key under /registry/pods/default/, found 3 (first: /registry/pods/default/stray)',
    );
    expect(judge(sim, { kind: 'keyAbsent', key: '/registry/pods/', prefix: true })).toEqual({
      passed: false,
      explanation: {
        en: 'expected no key under /registry/pods/, found 4 (first: /registry/pods/default/stray)',
        ko: '/registry/pods/ 아래에 키가 없어야 하는데 4개 있습니다 (첫 키: /registry/pods/default/stray)',
      },
    });
    expect(judge(sim, { kind: 'keyAbsent', key: '/registry/secrets/', prefix: true }).passed).toBe(true);
    expect(judge(sim, { kind: 'keyAbsent', key: '/course/plain' }).passed).toBe(false);
    // a prefix is not a key: without prefix: true, /course/ itself must exist
    expect(judge(sim, { kind: 'keyExists', key: '/course/' }).passed).toBe(false);
  });

  it('keyValue: equals or matches the stored text', () => {
    expect(judge(sim, { kind: 'keyValue', key: '/course/plain', equals: 'hello world' })).toEqual({
      passed: true,
      explanation: { en: 'expected /course/plain = "hello world", found "hello world"', ko: '키 /course/plain: 기대값 "hello world", 실제 값 "hello world"' },
    });
    expect(judge(sim, { kind: 'keyValue', key: '/course/plain', equals: 'hello' })).toEqual({
      passed: false,
      explanation: { en: 'expected /course/plain = "hello", found "hello world"', ko: '키 /course/plain: 기대값 "hello", 실제 값 "hello world"' },
    });
    expect(judge(sim, { kind: 'keyValue', key: '/course/plain', matches: '^hello' }).passed).toBe(true);
    expect(judge(sim, { kind: 'keyValue', key: '/course/plain', matches: '^world' }).explanation.en).toBe('expected /course/plain matching /^world/, found "hello world"');
    expect(judge(sim, { kind: 'keyValue', key: '/nope', equals: 'x' }).explanation).toEqual({
      en: 'expected /nope = "x", found no key /nope',
      ko: '키 /nope: 기대값 "x", 그런데 키가 없습니다',
    });
  });

  it('jsonPath: equals, matches and exists, with [index] and ["key"] steps', () => {
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'spec.replicas', equals: 3 })).toEqual({
      passed: true,
      explanation: { en: 'expected spec.replicas = 3 in /course/config, found 3', ko: '키 /course/config: 기대 spec.replicas = 3, 실제 값 3' },
    });
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'spec.replicas', equals: '3' }).passed).toBe(false);
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'metadata.labels["app.kubernetes.io/name"]', equals: 'web' }).passed).toBe(true);
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'spec["odd.key"].x', equals: 1 }).passed).toBe(true);
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'list[1]', matches: '^b$' }).passed).toBe(true);
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'list[2]', exists: true })).toEqual({
      passed: false,
      explanation: { en: 'expected list[2] to be set in /course/config, found nothing', ko: '키 /course/config: 기대 list[2] 있음, 실제 값 없음' },
    });
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'spec.paused', exists: false }).passed).toBe(true);
    // inherited properties are not fields of the object
    expect(judge(sim, { kind: 'jsonPath', key: '/course/config', path: 'spec.constructor', exists: true }).passed).toBe(false);
    expect(judge(sim, { kind: 'jsonPath', key: '/course/plain', path: 'spec', exists: true }).explanation.en).toBe(
      'expected spec to be set in /course/plain, but its value is not a JSON object: "hello world"',
    );
  });
});

describe('Kubernetes-level goals over JSON in etcd', () => {
  it('countObjects: by resource, namespace, label selector and field conditions', () => {
    expect(judge(sim, { kind: 'countObjects', resource: 'pods', namespace: 'default', selector: web, count: { eq: 3 } })).toEqual({
      passed: true,
      explanation: {
        en: 'expected exactly 3 pods matching app=web in namespace default, found 3 (default/stray, default/web-7d4-aaaaa, default/web-7d4-bbbbb)',
        ko: 'pods (네임스페이스 default, app=web): 정확히 3개 있어야 합니다 — 3개 있음 (default/stray, default/web-7d4-aaaaa, default/web-7d4-bbbbb)',
      },
    });
    expect(judge(sim, { kind: 'countObjects', resource: 'pods', count: { gte: 5 } })).toEqual({
      passed: false,
      explanation: {
        en: 'expected at least 5 pods, found 4 (default/stray, default/web-7d4-aaaaa, default/web-7d4-bbbbb and 1 more)',
        ko: 'pods: 5개 이상 있어야 합니다 — 4개 있음 (default/stray, default/web-7d4-aaaaa, default/web-7d4-bbbbb 외 1개)',
      },
    });
    const front = { matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }] };
    expect(judge(sim, { kind: 'countObjects', resource: 'pods', selector: front, count: { eq: 2 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'countObjects', resource: 'pods', selector: { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, count: { eq: 2 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'countObjects', resource: 'pods', selector: { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] }, count: { eq: 1 } }).passed).toBe(true);
    const pending = judge(sim, { kind: 'countObjects', resource: 'pods', where: [{ path: 'status.phase', equals: 'Pending' }], count: { eq: 0 } });
    expect(pending).toEqual({
      passed: false,
      explanation: {
        en: 'expected exactly 0 pods with status.phase = "Pending", found 1 (default/stray)',
        ko: 'pods (status.phase = "Pending"): 정확히 0개 있어야 합니다 — 1개 있음 (default/stray)',
      },
    });
    // Services and Endpoints live under services/specs and services/endpoints; Nodes under minions
    expect(judge(sim, { kind: 'countObjects', resource: 'services', count: { eq: 2 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'countObjects', resource: 'endpoints', count: { eq: 1 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'countObjects', resource: 'nodes', namespace: 'default', selector: { matchLabels: { zone: 'a' } }, count: { eq: 1 } }).explanation.en).toBe(
      'expected exactly 1 nodes matching zone=a in namespace default, found 1 (node-1)',
    );
    expect(judge(sim, { kind: 'countObjects', resource: 'deployments', count: { gte: 1, lte: 1 } }).explanation.en).toBe(
      'expected at least 1 and at most 1 deployments, found 1 (default/web)',
    );
  });

  it('sumField: a whole-number field added up over the matching objects; a missing field adds 0', () => {
    expect(judge(sim, { kind: 'sumField', resource: 'deployments', namespace: 'default', path: 'spec.replicas', total: { lte: 3 } })).toEqual({
      passed: true,
      explanation: {
        en: 'expected spec.replicas of the deployments in namespace default to add up to at most 3, found 3 (default/web 3)',
        ko: 'deployments (네임스페이스 default)의 spec.replicas 합계: 3개 이하여야 합니다 — 3 (default/web 3)',
      },
    });
    expect(judge(sim, { kind: 'sumField', resource: 'deployments', path: 'spec.replicas', total: { lte: 2 } }).passed).toBe(false);
    // the ReplicaSet fixture has no spec.replicas: it adds 0
    expect(judge(sim, { kind: 'sumField', resource: 'replicasets', path: 'spec.replicas', total: { eq: 1 } }).explanation.en).toBe(
      'expected spec.replicas of the replicasets to add up to exactly 1, found 0 (default/web-7d4 0)',
    );
    const none = judge(sim, { kind: 'sumField', resource: 'deployments', selector: web, where: [{ path: 'spec.paused', equals: true }], path: 'spec.replicas', total: { gte: 1 } });
    expect(none).toEqual({
      passed: false,
      explanation: {
        en: 'expected spec.replicas of the deployments matching app=web with spec.paused = true to add up to at least 1, found 0 (no objects)',
        ko: 'deployments (app=web, spec.paused = true)의 spec.replicas 합계: 1개 이상이어야 합니다 — 0 (객체 없음)',
      },
    });
  });

  it('ownerChain: Pods → ReplicaSet → Deployment by ownerReferences uid', () => {
    expect(judge(sim, { kind: 'ownerChain', deployment: 'web' })).toEqual({
      passed: false,
      explanation: {
        en: 'expected exactly 3 Pods owned by ReplicaSet web-7d4 (owned by Deployment default/web), found 2',
        ko: 'Deployment default/web → ReplicaSet web-7d4 → Pod: 정확히 3개 있어야 합니다 — 2개',
      },
    });
    expect(judge(sim, { kind: 'ownerChain', deployment: 'web', pods: { eq: 2 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'ownerChain', deployment: 'api' }).explanation).toEqual({
      en: 'expected Deployment default/api, found none',
      ko: 'Deployment default/api: 있어야 하는데 없습니다',
    });
  });

  it('ownerChain: a ReplicaSet that names another Deployment uid is not on the chain', () => {
    const other = clusterWith({
      '/registry/deployments/default/web': deployment('web', 'd-new', 1),
      '/registry/replicasets/default/web-old': replicaSet('web-old', 'rs-old', 'd-old'),
      '/registry/pods/default/web-old-x': pod('web-old-x', { app: 'web' }, { owner: 'rs-old' }),
    });
    expect(judge(other, { kind: 'ownerChain', deployment: 'web' })).toEqual({
      passed: false,
      explanation: {
        en: 'expected a ReplicaSet owned by Deployment default/web (uid d-new), found none',
        ko: 'Deployment default/web(uid d-new) → ReplicaSet: 소유된 ReplicaSet이 있어야 하는데 없습니다',
      },
    });
  });

  it('podsReady: Running with the Ready condition True', () => {
    expect(judge(sim, { kind: 'podsReady', selector: web, count: { gte: 2 } })).toEqual({
      passed: false,
      explanation: {
        en: 'expected at least 2 Running and Ready Pods matching app=web in namespace default, found 1; not ready: default/stray Pending, default/web-7d4-bbbbb Running',
        ko: 'Running이고 Ready인 Pod (네임스페이스 default, app=web): 2개 이상 있어야 합니다 — 1개; 준비되지 않음: default/stray Pending, default/web-7d4-bbbbb Running',
      },
    });
    expect(judge(sim, { kind: 'podsReady', selector: web, count: { eq: 1 } }).passed).toBe(true);
    expect(judge(sim, { kind: 'podsReady', namespace: 'kube-system', count: { eq: 1 } }).passed).toBe(true);
  });

  it('podsReady: a Pod being deleted is not counted, whatever its Ready condition says', () => {
    // a dead node's Pod keeps Ready=True for a while; deleted, it serves no more
    const dying = { ...pod('web-1', { app: 'web' }, { phase: 'Running', ready: true }), metadata: { name: 'web-1', namespace: 'default', labels: { app: 'web' }, deletionTimestamp: '2026-01-01T00:05:00Z' } };
    const s = clusterWith({ '/registry/pods/default/web-1': dying, '/registry/pods/default/web-2': pod('web-2', { app: 'web' }, { phase: 'Running', ready: true }) });
    expect(judge(s, { kind: 'podsReady', selector: web, count: { eq: 1 } })).toEqual({
      passed: true,
      explanation: {
        en: 'expected exactly 1 Running and Ready Pod matching app=web in namespace default, found 1; not ready: default/web-1 Terminating',
        ko: 'Running이고 Ready인 Pod (네임스페이스 default, app=web): 정확히 1개 있어야 합니다 — 1개; 준비되지 않음: default/web-1 Terminating',
      },
    });
  });

  it('serviceAnswers reads the EndpointSlices, as kube-proxy does, not the Endpoints object', () => {
    const s = clusterWith({
      // selectorless: no controller writes anything for it; a hand-made slice is what kube-proxy routes to
      '/registry/services/specs/default/manual': { kind: 'Service', metadata: { name: 'manual', namespace: 'default' }, spec: { ports: [{ port: 80 }] } },
      '/registry/endpointslices/default/manual-1': endpointSlice('manual-1', 'manual', [['10.0.0.7']], [{ name: '', port: 80 }]),
      // the Endpoints object says ready, the slice does not: kube-proxy rejects the traffic
      '/registry/services/specs/default/stale': { kind: 'Service', metadata: { name: 'stale', namespace: 'default' }, spec: { selector: { app: 'stale' }, ports: [{ port: 80 }] } },
      '/registry/services/endpoints/default/stale': { kind: 'Endpoints', metadata: { name: 'stale', namespace: 'default' }, subsets: [{ addresses: [{ ip: '10.244.1.8' }], ports: [{ port: 80 }] }] },
      '/registry/endpointslices/default/stale-abcde': endpointSlice('stale-abcde', 'stale', [['10.244.1.8', false]], [{ name: '', port: 80 }]),
      // the slice's port is named differently from the Service's: nothing is routed on port http
      '/registry/services/specs/default/named': { kind: 'Service', metadata: { name: 'named', namespace: 'default' }, spec: { ports: [{ name: 'http', port: 80 }] } },
      '/registry/endpointslices/default/named-1': endpointSlice('named-1', 'named', [['10.0.0.9']], [{ name: 'metrics', port: 9100 }]),
      '/registry/endpointslices/default/named-2': endpointSlice('named-2', 'named', [['10.0.0.10'], ['10.0.0.9']], [{ name: 'http', port: 8080 }]),
    });
    expect(judge(s, { kind: 'serviceAnswers', service: 'manual' })).toEqual({
      passed: true,
      explanation: {
        en: 'expected Service default/manual to have at least 1 ready endpoint address in its EndpointSlices, found 1 (10.0.0.7)',
        ko: 'Service default/manual의 EndpointSlice: 준비된 엔드포인트 주소가 1개 이상 있어야 합니다 — 1개 (10.0.0.7)',
      },
    });
    expect(judge(s, { kind: 'serviceAnswers', service: 'stale' })).toEqual({
      passed: false,
      explanation: {
        en: 'expected Service default/stale to have at least 1 ready endpoint address in its EndpointSlices, found 0',
        ko: 'Service default/stale의 EndpointSlice: 준비된 엔드포인트 주소가 1개 이상 있어야 합니다 — 0개',
      },
    });
    expect(judge(s, { kind: 'serviceAnswers', service: 'named', minReadyAddresses: 2 }).explanation.en).toBe(
      'expected Service default/named to have at least 2 ready endpoint addresses in its EndpointSlices, found 2 (10.0.0.10, 10.0.0.9)',
    );
    expect(judge(s, { kind: 'serviceAnswers', service: 'named', minReadyAddresses: 3 }).passed).toBe(false);
  });

  it('serviceAnswers: ready endpoint addresses only', () => {
    expect(judge(sim, { kind: 'serviceAnswers', service: 'web' })).toEqual({
      passed: true,
      explanation: {
        en: 'expected Service default/web to have at least 1 ready endpoint address in its EndpointSlices, found 1 (10.244.1.2)',
        ko: 'Service default/web의 EndpointSlice: 준비된 엔드포인트 주소가 1개 이상 있어야 합니다 — 1개 (10.244.1.2)',
      },
    });
    expect(judge(sim, { kind: 'serviceAnswers', service: 'web', minReadyAddresses: 2 }).passed).toBe(false);
    expect(judge(sim, { kind: 'serviceAnswers', service: 'lonely' }).explanation.en).toBe(
      "expected Service default/lonely to have at least 1 ready endpoint address in its EndpointSlices, found no EndpointSlice for Service default/lonely (the EndpointSlice controller creates them from the Service's selector)",
    );
    expect(judge(sim, { kind: 'serviceAnswers', service: 'ghost' }).explanation.en).toBe(
      'expected Service default/ghost to have at least 1 ready endpoint address in its EndpointSlices, found no Service default/ghost',
    );
  });
});

describe('Raft goals', () => {
  it('raftHealthy: a leader with N members up in its partition group and a commit index', () => {
    const s = clusterWith({}, 21);
    const healthy = judge(s, { kind: 'raftHealthy', minCommitIndex: 1 });
    expect(healthy.passed).toBe(true);
    expect(healthy.explanation.en).toMatch(/^expected a leader, at least 3 members up and connected to it, commit index ≥ 1; found etcd-\d leads term \d+ with 3 members up and connected \(etcd-1, etcd-2, etcd-3\), commit index \d+$/);
    expect(judge(s, { kind: 'raftHealthy', minCommitIndex: 10_000 }).passed).toBe(false);
    const leader = s.leader()!.address;
    const others = ['etcd-1', 'etcd-2', 'etcd-3'].filter((m) => m !== leader);
    run(s, `sim partition ${leader}|${others.join(",")}`);
    run(s, 'sim tick 400');
    // the majority side elects its own leader; the old one is cut off
    const split = judge(s, { kind: 'raftHealthy' });
    expect(split.passed).toBe(false);
    expect(split.explanation.en).toMatch(/with 2 members up and connected/);
    expect(judge(s, { kind: 'raftHealthy', members: 2 }).passed).toBe(true);
    run(s, `sim kill ${others[0]}`);
    run(s, 'sim tick 400');
    const lost = judge(s, { kind: 'raftHealthy', members: 1 });
    expect(lost.passed).toBe(false);
    expect(lost.explanation.en).toMatch(/^expected a leader, at least 1 member up and connected to it; found no leader \(etcd-1 [\w-]+, etcd-2 [\w-]+, etcd-3 [\w-]+\)$/);
    expect(lost.explanation.en).toContain(`${others[0]} down`);
  });

  it('committedAfterFault: a key written after the last fault and served by the leader', () => {
    const s = clusterWith({ '/before': 'x' }, 22);
    const fault = { line: 'sim kill etcd-3', tick: s.now, revision: 2 };
    expect(judge(s, { kind: 'committedAfterFault' })).toEqual({
      passed: false,
      explanation: {
        en: 'expected a key written after the last fault to be committed and served by the leader; the log has no fault action (sim kill or sim partition)',
        ko: '마지막 장애 이후에 쓴 키가 커밋되어 리더에서 읽혀야 합니다. 그런데 기록에 장애 동작(sim kill 또는 sim partition)이 없습니다',
      },
    });
    const leader = s.leader()!.address;
    expect(judge(s, { kind: 'committedAfterFault' }, fault).explanation.en).toBe(
      `expected a key written after the last fault to be committed and served by the leader; found none written after \`sim kill etcd-3\` (revision 2) on leader ${leader}`,
    );
    run(s, 'etcdctl put /after y');
    expect(judge(s, { kind: 'committedAfterFault', key: '/after' }, fault)).toEqual({
      passed: true,
      explanation: {
        en: `expected key /after written after the last fault to be committed and served by the leader; found /after at revision 3, after \`sim kill etcd-3\` (revision 2), on leader ${leader}`,
        ko: `마지막 장애 이후에 쓴 키가 커밋되어 리더에서 읽혀야 합니다 (키 /after): /after — \`sim kill etcd-3\`(revision 2) 이후 revision 3에 쓰였고 리더 ${leader}에서 읽힙니다`,
      },
    });
    expect(judge(s, { kind: 'committedAfterFault', key: '/before' }, fault).passed).toBe(false);
    expect(judge(s, { kind: 'committedAfterFault', key: '/a', prefix: true }, fault).passed).toBe(true);
  });
});
