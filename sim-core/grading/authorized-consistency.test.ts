// The `authorized` goal and the live API server never disagree: on random Roles,
// ClusterRoles and bindings created through the API server of a default cluster, every
// random question is answered by `kubectl auth can-i … --as` (a SelfSubjectAccessReview the
// server's authorizer judges from its watch caches) and by the goal (the same authorizer
// code over the objects stored in etcd), and the answers must be the same.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../client';
import { runCommandLine } from '../cli/command-line';
import type { DefaultSimulation } from '../cluster/default-topology';
import { must, testCluster } from '../apiserver/server/testCluster';
import { evaluateState } from './evaluate';
import { goalCheckSchema, type EndCheck } from './goals';
import { JsonCache, simulationView } from './view';

const RBAC = 'rbac.authorization.k8s.io';

/** A small seeded PRNG (mulberry32), so a failure names its seed. */
function prng(seed: number): { int(n: number): number; pick<T>(xs: readonly T[]): T; chance(p: number): boolean } {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)]!, chance: (p) => next() < p };
}

type Rng = ReturnType<typeof prng>;

const NAMESPACES = ['shop', 'default'];
const VERBS = ['get', 'list', 'watch', 'patch', 'delete', 'create', '*'];
const GROUPS = ['', 'apps', '*'];
const RESOURCES = ['pods', 'pods/log', 'deployments', 'deployments/scale', 'secrets', 'configmaps', 'nodes', '*', '*/status'];
const USERS = ['jane', 'bob'];
const SUBJECT_GROUPS = ['ops', 'system:serviceaccounts', 'system:serviceaccounts:shop', 'system:authenticated'];

function some<T>(rng: Rng, xs: readonly T[], max: number): T[] {
  const out = new Set<T>();
  const n = 1 + rng.int(max);
  for (let i = 0; i < n; i++) out.add(rng.pick(xs));
  return [...out];
}

function randomRules(rng: Rng): Array<Record<string, string[]>> {
  return Array.from({ length: 1 + rng.int(3) }, () => ({
    verbs: some(rng, VERBS, 3),
    apiGroups: some(rng, GROUPS, 2),
    resources: some(rng, RESOURCES, 3),
    ...(rng.chance(0.25) ? { resourceNames: some(rng, ['a', 'b'], 2) } : {}),
  }));
}

function randomSubjects(rng: Rng): Array<Record<string, string>> {
  return Array.from({ length: 1 + rng.int(2) }, (): Record<string, string> => {
    const k = rng.int(3);
    if (k === 0) return { kind: 'User', apiGroup: RBAC, name: rng.pick(USERS) };
    if (k === 1) return { kind: 'Group', apiGroup: RBAC, name: rng.pick(SUBJECT_GROUPS) };
    return { kind: 'ServiceAccount', name: rng.pick(['ci', 'builder']), namespace: rng.pick(NAMESPACES) };
  });
}

/** Roles in each namespace, ClusterRoles, and bindings to them (some to roles that do not exist). */
function writeRandomPolicy(sim: DefaultSimulation, rng: Rng): void {
  const roleNames = ['r0', 'r1', 'r2'];
  for (const ns of NAMESPACES) {
    for (const name of roleNames.slice(0, 1 + rng.int(2))) {
      must(sim, { verb: 'create', resource: 'roles', namespace: ns, body: { apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name }, rules: randomRules(rng) } as KubeObject });
    }
  }
  for (const name of ['c0', 'c1'].slice(0, 1 + rng.int(2))) {
    must(sim, { verb: 'create', resource: 'clusterroles', namespace: '', body: { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name }, rules: randomRules(rng) } as KubeObject });
  }
  for (let i = 0; i < 3 + rng.int(4); i++) {
    const ns = rng.pick(NAMESPACES);
    const roleRef = rng.chance(0.5) ? { apiGroup: RBAC, kind: 'Role', name: rng.pick(roleNames) } : { apiGroup: RBAC, kind: 'ClusterRole', name: rng.pick(['c0', 'c1', 'view']) };
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: ns, body: { apiVersion: `${RBAC}/v1`, kind: 'RoleBinding', metadata: { name: `rb${i}` }, roleRef, subjects: randomSubjects(rng) } as KubeObject });
  }
  if (rng.chance(0.6)) {
    const roleRef = { apiGroup: RBAC, kind: 'ClusterRole', name: rng.pick(['c0', 'c1', 'missing']) };
    must(sim, { verb: 'create', resource: 'clusterrolebindings', namespace: '', body: { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding', metadata: { name: 'crb' }, roleRef, subjects: randomSubjects(rng) } as KubeObject });
  }
}

interface Question {
  user: string;
  groups: string[];
  verb: string;
  resource: string;
  group: string;
  subresource: string;
  namespace: string;
  name: string;
}

const ASKED = [
  { resource: 'pods', group: '', subresources: ['', 'log', 'status'] },
  { resource: 'deployments', group: 'apps', subresources: ['', 'scale', 'status'] },
  { resource: 'secrets', group: '', subresources: [''] },
  { resource: 'configmaps', group: '', subresources: [''] },
];

function randomQuestion(rng: Rng): Question {
  const r = rng.pick(ASKED);
  const sa = rng.chance(0.5);
  return {
    user: sa ? `system:serviceaccount:${rng.pick(NAMESPACES)}:${rng.pick(['ci', 'builder'])}` : rng.pick(USERS),
    groups: rng.chance(0.3) ? ['ops'] : [],
    verb: rng.pick(VERBS.filter((v) => v !== '*')),
    resource: r.resource,
    group: r.group,
    subresource: rng.pick(r.subresources),
    namespace: rng.chance(0.2) ? '' : rng.pick(NAMESPACES),
    name: rng.pick(['', 'a', 'b']),
  };
}

function canI(sim: DefaultSimulation, q: Question): boolean {
  const type = `${q.resource}${q.group === '' ? '' : `.${q.group}`}${q.name === '' ? '' : `/${q.name}`}`;
  const scope = q.namespace === '' ? '-A' : `-n ${q.namespace}`;
  const line = ['kubectl auth can-i', q.verb, type, scope, q.subresource === '' ? '' : `--subresource=${q.subresource}`, `--as=${q.user}`, ...q.groups.map((g) => `--as-group=${g}`)].filter((x) => x !== '').join(' ');
  const out = runCommandLine(line, undefined, sim.ports());
  if (out.stdout !== 'yes\n' && out.stdout !== 'no\n') throw new Error(`\`${line}\`: ${out.stdout}${out.stderr}`);
  return out.stdout === 'yes\n';
}

function goalSays(sim: DefaultSimulation, q: Question): boolean {
  const check = goalCheckSchema.parse({
    kind: 'authorized',
    user: q.user,
    ...(q.groups.length > 0 ? { groups: q.groups } : {}),
    verb: q.verb,
    resource: q.resource,
    group: q.group,
    ...(q.subresource !== '' ? { subresource: q.subresource } : {}),
    ...(q.namespace !== '' ? { namespace: q.namespace } : {}),
    ...(q.name !== '' ? { name: q.name } : {}),
    allowed: true,
  }) as EndCheck;
  return evaluateState(check, simulationView(sim, new JsonCache(), undefined)).passed;
}

describe('authorized agrees with the API server', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('on a random policy (seed=%i)', (seed) => {
    const rng = prng(seed);
    const sim = testCluster(seed);
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
    writeRandomPolicy(sim, rng);
    let allowed = 0;
    let denied = 0;
    for (let i = 0; i < 60; i++) {
      const q = randomQuestion(rng);
      const server = canI(sim, q);
      expect(goalSays(sim, q), `reproduce with seed=${seed}, question ${i}: ${JSON.stringify(q)}`).toBe(server);
      if (server) allowed++;
      else denied++;
    }
    // both answers must come up, or the comparison proves little
    expect([allowed > 0, denied > 0]).toEqual([true, true]);
  });
});
