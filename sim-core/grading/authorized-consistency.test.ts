// The `authorized` goal is checked against two judges on random Roles, ClusterRoles and
// bindings created through the API server of a default cluster:
// - a deliberately naive RBAC evaluator written here from the Kubernetes RBAC rules
//   (https://kubernetes.io/docs/reference/access-authn-authz/rbac/, rbac.go RuleAllows and
//   appliesToUser, impersonation.go for the groups), sharing no code with the authorizer,
//   so that a semantic slip in the shared matcher fails the test;
// - the live API server through `kubectl auth can-i … --as` (a SelfSubjectAccessReview
//   judged from its watch caches), so that the goal's reading of etcd matches the server.
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
const RESOURCES = ['pods', 'pods/log', 'pods/status', 'deployments', 'deployments/scale', 'secrets', 'configmaps', 'nodes', '*', '*/status', '*/scale'];
const USERS = ['jane', 'bob'];
const SUBJECT_GROUPS = ['ops', 'system:serviceaccounts', 'system:serviceaccounts:shop', 'system:serviceaccounts:default', 'system:authenticated', 'system:unauthenticated'];

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

/** Subjects; in a RoleBinding, a ServiceAccount may leave out its namespace (the binding's). */
function randomSubjects(rng: Rng, inRoleBinding: boolean): Array<Record<string, string>> {
  return Array.from({ length: 1 + rng.int(2) }, (): Record<string, string> => {
    const k = rng.int(3);
    if (k === 0) return { kind: 'User', apiGroup: RBAC, name: rng.pick([...USERS, 'system:anonymous']) };
    if (k === 1) return { kind: 'Group', apiGroup: RBAC, name: rng.pick(SUBJECT_GROUPS) };
    const name = rng.pick(['ci', 'builder']);
    return inRoleBinding && rng.chance(0.4) ? { kind: 'ServiceAccount', name } : { kind: 'ServiceAccount', name, namespace: rng.pick(NAMESPACES) };
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
    const roleRef = rng.chance(0.5) ? { apiGroup: RBAC, kind: 'Role', name: rng.pick(roleNames) } : { apiGroup: RBAC, kind: 'ClusterRole', name: rng.pick(['c0', 'c1', 'view', 'missing']) };
    must(sim, { verb: 'create', resource: 'rolebindings', namespace: ns, body: { apiVersion: `${RBAC}/v1`, kind: 'RoleBinding', metadata: { name: `rb${i}` }, roleRef, subjects: randomSubjects(rng, true) } as KubeObject });
  }
  if (rng.chance(0.6)) {
    const roleRef = { apiGroup: RBAC, kind: 'ClusterRole', name: rng.pick(['c0', 'c1', 'view', 'missing']) };
    must(sim, { verb: 'create', resource: 'clusterrolebindings', namespace: '', body: { apiVersion: `${RBAC}/v1`, kind: 'ClusterRoleBinding', metadata: { name: 'crb' }, roleRef, subjects: randomSubjects(rng, false) } as KubeObject });
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

const ASKED_GROUPS: readonly string[][] = [['ops'], ['system:serviceaccounts:shop'], ['system:authenticated', 'ops'], ['system:unauthenticated'], ['system:masters']];

function randomQuestion(rng: Rng): Question {
  const r = rng.pick(ASKED);
  const who = rng.int(10);
  return {
    user: who < 5 ? `system:serviceaccount:${rng.pick(NAMESPACES)}:${rng.pick(['ci', 'builder'])}` : who < 9 ? rng.pick(USERS) : 'system:anonymous',
    groups: rng.chance(0.35) ? rng.pick(ASKED_GROUPS) : [],
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

// ---- the naive evaluator: the RBAC rules as the Kubernetes documentation states them ----

interface NaiveRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}
interface NaiveSubject {
  kind?: string;
  name?: string;
  namespace?: string;
}
interface NaiveBinding {
  metadata: { name: string; namespace?: string };
  roleRef: { kind: string; name: string };
  subjects?: NaiveSubject[];
}
interface NaivePolicy {
  roles: Array<{ metadata: { name: string; namespace: string }; rules?: NaiveRule[] }>;
  clusterRoles: Array<{ metadata: { name: string }; rules?: NaiveRule[] }>;
  roleBindings: NaiveBinding[];
  clusterRoleBindings: NaiveBinding[];
}

/** Everything RBAC stored, read back from the API server as plain lists. */
function storedPolicy(sim: DefaultSimulation): NaivePolicy {
  const items = <T,>(resource: string): T[] => must<{ items: T[] }>(sim, { verb: 'list', resource, namespace: '' }).items;
  return { roles: items('roles'), clusterRoles: items('clusterroles'), roleBindings: items('rolebindings'), clusterRoleBindings: items('clusterrolebindings') };
}

/**
 * The groups of an impersonated user: the groups asked for, all of them; with none, a
 * ServiceAccount's two; then system:unauthenticated for system:anonymous, and for anyone
 * else system:authenticated unless one of the two is already there.
 */
function naiveGroups(user: string, asked: readonly string[]): string[] {
  const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(user);
  const groups = asked.length > 0 ? [...asked] : sa !== null ? ['system:serviceaccounts', `system:serviceaccounts:${sa[1]}`] : [];
  if (user === 'system:anonymous') return groups.includes('system:unauthenticated') ? groups : [...groups, 'system:unauthenticated'];
  if (groups.includes('system:authenticated') || groups.includes('system:unauthenticated')) return groups;
  return [...groups, 'system:authenticated'];
}

function naiveAllows(policy: NaivePolicy, q: Question): boolean {
  const groups = naiveGroups(q.user, q.groups);
  if (groups.includes('system:masters')) return true; // the superuser group: everything

  // A list entry matches a wanted value when it is that value or `*`.
  const listed = (list: string[] | undefined, wanted: string): boolean => {
    for (const entry of list ?? []) if (entry === '*' || entry === wanted) return true;
    return false;
  };
  // The resource a request names is `pods`, or `pods/log` for a subresource; `*` names all of
  // them, and `*/log` the log subresource of every resource.
  const requested = q.subresource === '' ? q.resource : `${q.resource}/${q.subresource}`;
  const resourceListed = (resources: string[] | undefined): boolean => {
    for (const r of resources ?? []) {
      if (r === '*' || r === requested) return true;
      if (q.subresource !== '' && r === `*/${q.subresource}`) return true;
    }
    return false;
  };
  const ruleGrants = (rule: NaiveRule): boolean => {
    if (!listed(rule.verbs, q.verb)) return false;
    if (!listed(rule.apiGroups, q.group)) return false;
    if (!resourceListed(rule.resources)) return false;
    // resourceNames, when given, restrict the rule to those objects: a request that names
    // no object (list, create) is not one of them
    if (rule.resourceNames !== undefined && rule.resourceNames.length > 0) return rule.resourceNames.includes(q.name);
    return true;
  };
  // A subject is a user by name, a group the user is in, or a ServiceAccount, whose user
  // name is system:serviceaccount:<namespace>:<name> (in a RoleBinding the namespace may be
  // left out: the binding's own).
  const names = (s: NaiveSubject, bindingNamespace: string): boolean => {
    if (s.kind === 'User') return s.name === q.user;
    if (s.kind === 'Group') return groups.includes(s.name ?? '');
    if (s.kind === 'ServiceAccount') return q.user === `system:serviceaccount:${s.namespace ?? bindingNamespace}:${s.name}`;
    return false;
  };
  const clusterRoleRules = (name: string): NaiveRule[] => policy.clusterRoles.find((r) => r.metadata.name === name)?.rules ?? [];

  // A ClusterRoleBinding grants its ClusterRole's rules in every namespace and at the cluster scope.
  for (const b of policy.clusterRoleBindings) {
    if (!(b.subjects ?? []).some((s) => names(s, ''))) continue;
    if (clusterRoleRules(b.roleRef.name).some(ruleGrants)) return true;
  }
  // A RoleBinding grants its Role's (or ClusterRole's) rules in its own namespace only.
  if (q.namespace === '') return false;
  for (const b of policy.roleBindings) {
    if (b.metadata.namespace !== q.namespace) continue;
    if (!(b.subjects ?? []).some((s) => names(s, q.namespace))) continue;
    const rules = b.roleRef.kind === 'ClusterRole' ? clusterRoleRules(b.roleRef.name) : (policy.roles.find((r) => r.metadata.namespace === q.namespace && r.metadata.name === b.roleRef.name)?.rules ?? []);
    if (rules.some(ruleGrants)) return true;
  }
  return false;
}

/**
 * A question aimed at what the policy holds, so that the rarer cases (a rule on the status
 * subresource of every resource, a ServiceAccount subject without its namespace,
 * resourceNames) come up: a stored binding, one of its subjects as the user, one rule of its
 * role as the request, in the binding's namespace; then, often, one thing changed, to land
 * just outside it.
 */
function aimedQuestion(rng: Rng, policy: NaivePolicy): Question {
  const bindings = [...policy.roleBindings, ...policy.clusterRoleBindings.filter((b) => b.metadata.name === 'crb')];
  const q = randomQuestion(rng);
  const b = bindings.length > 0 ? rng.pick(bindings) : undefined;
  const subject = b !== undefined && (b.subjects ?? []).length > 0 ? rng.pick(b.subjects!) : undefined;
  if (b === undefined || subject === undefined) return q;
  const ns = b.metadata.namespace ?? rng.pick(NAMESPACES);
  if (subject.kind === 'User') q.user = subject.name ?? q.user;
  else if (subject.kind === 'ServiceAccount') q.user = `system:serviceaccount:${subject.namespace ?? ns}:${subject.name}`;
  else q.groups = [subject.name ?? 'ops'];
  if (subject.kind !== 'Group' && q.groups.length > 0 && rng.chance(0.7)) q.groups = [];
  const roleRules =
    b.roleRef.kind === 'ClusterRole' ? policy.clusterRoles.find((r) => r.metadata.name === b.roleRef.name)?.rules : policy.roles.find((r) => r.metadata.namespace === ns && r.metadata.name === b.roleRef.name)?.rules;
  const rule = roleRules !== undefined && roleRules.length > 0 ? rng.pick(roleRules) : undefined;
  if (rule !== undefined) {
    const verb = rng.pick(rule.verbs ?? ['get']);
    if (verb !== '*') q.verb = verb;
    const res = rng.pick(rule.resources ?? ['*']);
    const [resource, sub] = res.split('/') as [string, string | undefined];
    const asked = ASKED.filter((a) => (resource === '*' || a.resource === resource) && (sub === undefined || a.subresources.includes(sub)));
    if (asked.length > 0) {
      const a = rng.pick(asked);
      q.resource = a.resource;
      q.group = a.group;
      q.subresource = sub ?? (rng.chance(0.7) ? '' : rng.pick(a.subresources));
    }
    if (rule.resourceNames !== undefined && rule.resourceNames.length > 0 && rng.chance(0.7)) q.name = rng.pick(rule.resourceNames);
  }
  q.namespace = b.metadata.namespace ?? (rng.chance(0.5) ? '' : rng.pick(NAMESPACES));
  // one step aside
  switch (rng.int(6)) {
    case 0:
      q.namespace = rng.pick(['', ...NAMESPACES]);
      break;
    case 1:
      q.name = rng.pick(['', 'a', 'b']);
      break;
    case 2:
      q.verb = rng.pick(VERBS.filter((v) => v !== '*'));
      break;
    default:
  }
  return q;
}

/** Whether kubectl auth can-i can ask: an unauthenticated user may not create the SelfSubjectAccessReview. */
const canAskServer = (q: Question): boolean => !naiveGroups(q.user, q.groups).includes('system:unauthenticated');

describe('authorized agrees with a naive RBAC evaluator written from the documented rules', () => {
  it.each([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22])('on a random policy (seed=%i)', (seed) => {
    const rng = prng(seed);
    const sim = testCluster(seed);
    must(sim, { verb: 'create', resource: 'namespaces', namespace: '', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } } });
    writeRandomPolicy(sim, rng);
    const policy = storedPolicy(sim);
    let allowed = 0;
    let denied = 0;
    for (let i = 0; i < 160; i++) {
      const q = i % 2 === 0 ? randomQuestion(rng) : aimedQuestion(rng, policy);
      const naive = naiveAllows(policy, q);
      expect(goalSays(sim, q), `reproduce with seed=${seed}, question ${i}: ${JSON.stringify(q)}`).toBe(naive);
      if (naive) allowed++;
      else denied++;
    }
    expect([allowed > 0, denied > 0]).toEqual([true, true]);
  });
});

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
      if (!canAskServer(q)) continue;
      const server = canI(sim, q);
      expect(goalSays(sim, q), `reproduce with seed=${seed}, question ${i}: ${JSON.stringify(q)}`).toBe(server);
      if (server) allowed++;
      else denied++;
    }
    // both answers must come up, or the comparison proves little
    expect([allowed > 0, denied > 0]).toEqual([true, true]);
  });
});
