// The Events the Deployment and ReplicaSet controllers record (reason, message, type,
// source, involvedObject) and client-go's correlation of repeats: what `kubectl describe`
// and `kubectl get events` show.
import { describe, expect, it } from 'vitest';
import type { Deployment, Event, Pod, ReplicaSet } from '../apiserver';
import { statusError, type KubeObject } from '../client';
import { tickToTimestamp } from '../cli/kubectl/clock';
import { DeploymentController } from './deployment/controller';
import { apiEventRecorder } from './events';
import { AGGREGATE_MAX_EVENTS, EventCorrelator, SPAM_BURST, SPAM_REFILL_MS } from './eventCorrelator';
import { ReplicaSetController } from './replicaSet';
import { Fixture } from './testing/fixture';
import { NS, deployment, pod, replicaSet } from './testing/objects';

const events = (f: Fixture) => f.api.all('events') as Event[];
const lines = (f: Fixture) => events(f).map((e) => `${e.type} ${e.reason} ${e.source?.component}: ${e.message}`);

function rsSetup(rs: ReplicaSet, pods: Pod[] = []) {
  const f = new Fixture(7);
  f.preload('replicasets', rs);
  f.preload('pods', ...pods);
  const c = new ReplicaSetController({ replicaSets: f.lister('replicasets'), pods: f.lister('pods'), ctx: f.ctx, recorder: apiEventRecorder(f.ctx, 'replicaset-controller') });
  return { f, c, key: `${NS}/${rs.metadata?.name}` };
}

function dSetup(d: Deployment, rss: ReplicaSet[] = []) {
  const f = new Fixture(3);
  f.preload('deployments', d);
  f.preload('replicasets', ...rss);
  f.preload('pods');
  const c = new DeploymentController({
    deployments: f.lister('deployments'),
    replicaSets: f.lister('replicasets'),
    pods: f.lister('pods'),
    ctx: f.ctx,
    recorder: apiEventRecorder(f.ctx, 'deployment-controller'),
  });
  return { f, c, key: `${NS}/${d.metadata?.name}` };
}

describe('replicaset-controller Events', () => {
  it('records SuccessfulCreate "Created pod: <name>" about the ReplicaSet for each Pod it created', () => {
    const { f, c, key } = rsSetup(replicaSet('web-7d4b9c8f5', 3, { available: 0 }));
    c.reconcile(key);
    f.settle();
    const created = (f.api.all('pods') as Pod[]).map((p) => p.metadata?.name).sort();
    expect(created).toHaveLength(3);
    expect(lines(f).sort()).toEqual(created.map((n) => `Normal SuccessfulCreate replicaset-controller: Created pod: ${n}`).sort());
    for (const e of events(f)) {
      expect(e.involvedObject).toMatchObject({ kind: 'ReplicaSet', apiVersion: 'apps/v1', namespace: NS, name: 'web-7d4b9c8f5', uid: 'uid-web-7d4b9c8f5' });
      expect(e.metadata?.name).toMatch(/^web-7d4b9c8f5\.[0-9a-f]{16}$/);
      expect(e).toMatchObject({ count: 1, firstTimestamp: tickToTimestamp(0), lastTimestamp: tickToTimestamp(0), source: { component: 'replicaset-controller' } });
    }
  });

  it('records SuccessfulDelete "Deleted pod: <name>" when it scales down', () => {
    const rs = replicaSet('web-a', 1);
    const { f, c, key } = rsSetup(rs, [pod('web-a-aaaaa', { owner: rs }), pod('web-a-bbbbb', { owner: rs, ready: false })]);
    c.reconcile(key);
    f.settle();
    expect(lines(f)).toEqual(['Normal SuccessfulDelete replicaset-controller: Deleted pod: web-a-bbbbb']);
  });

  it('records a FailedCreate Warning with the API server\'s message when a create is refused', () => {
    const { f, c, key } = rsSetup(replicaSet('web-a', 1, { available: 0 }));
    f.api.failNext('create', 'pods', statusError('Forbidden', 'pods "web-a-xxxxx" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods"'));
    c.reconcile(key);
    f.settle();
    expect(lines(f)).toEqual([
      'Warning FailedCreate replicaset-controller: Error creating: pods "web-a-xxxxx" is forbidden: User "system:serviceaccount:kube-system:replicaset-controller" cannot create resource "pods"',
    ]);
  });
});

describe('deployment-controller Events', () => {
  it('a new Deployment: ScalingReplicaSet "Scaled up replica set <name> from 0 to 3" (the 1.31+ wording)', () => {
    const { f, c, key } = dSetup(deployment('web', 3));
    c.reconcile(key);
    f.settle();
    const rs = f.api.all('replicasets')[0] as ReplicaSet;
    expect(lines(f)).toEqual([`Normal ScalingReplicaSet deployment-controller: Scaled up replica set ${rs.metadata?.name} from 0 to 3`]);
    expect(events(f)[0]?.involvedObject).toMatchObject({ kind: 'Deployment', apiVersion: 'apps/v1', name: 'web', uid: 'uid-web', namespace: NS });
  });

  it('a replicas change: "Scaled down replica set … from 3 to 1"; nothing when nothing is scaled', () => {
    const d = deployment('web', 1);
    const rs = replicaSet('web-5d8f7c6b9f', 3, { owner: deployment('web', 3), revision: 1 });
    rs.spec = { ...rs.spec, template: { ...d.spec?.template, metadata: { labels: { app: 'web', 'pod-template-hash': '5d8f7c6b9f' } } } };
    const { f, c, key } = dSetup(d, [rs]);
    c.reconcile(key);
    f.settle();
    expect(lines(f)).toEqual(['Normal ScalingReplicaSet deployment-controller: Scaled down replica set web-5d8f7c6b9f from 3 to 1']);
    f.clearWrites();
    c.reconcile(key);
    f.settle();
    expect(f.writes().filter((w) => w.resource === 'events')).toEqual([]);
  });

  it('an empty selector: a SelectingAll Warning', () => {
    const d = deployment('web', 1);
    d.spec = { ...d.spec, selector: {} } as Deployment['spec'];
    const { f, c, key } = dSetup(d);
    c.reconcile(key);
    f.settle();
    expect(lines(f)).toEqual(['Warning SelectingAll deployment-controller: This deployment is selecting all pods. A non-empty selector is required.']);
  });

  it('a refused ReplicaSet create: a ReplicaSetCreateError Warning', () => {
    const { f, c, key } = dSetup(deployment('web', 2));
    f.api.failNext('create', 'replicasets', statusError('Forbidden', 'replicasets.apps "web-x" is forbidden: exceeded quota'));
    c.reconcile(key);
    f.settle();
    expect(lines(f)).toEqual([expect.stringMatching(/^Warning ReplicaSetCreateError deployment-controller: Failed to create new replica set "web-[a-z0-9]+": replicasets.apps "web-x" is forbidden: exceeded quota$/)]);
  });
});

describe('client-go event correlation', () => {
  const involved: KubeObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-a', namespace: NS, uid: 'u1' } };

  it('a repeat patches the existing Event: count 2, the first firstTimestamp, a new lastTimestamp', () => {
    const f = new Fixture(1);
    const r = apiEventRecorder(f.ctx, 'replicaset-controller');
    r.event(involved, 'Warning', 'FailedCreate', 'Error creating: quota');
    f.settle();
    f.tick = 500;
    r.event(involved, 'Warning', 'FailedCreate', 'Error creating: quota');
    f.settle();
    expect(f.writes().map((w) => w.verb)).toEqual(['create', 'patch']);
    expect(events(f)).toHaveLength(1);
    expect(events(f)[0]).toMatchObject({ count: 2, firstTimestamp: tickToTimestamp(0), lastTimestamp: tickToTimestamp(500) });
  });

  it('a repeat whose Event expired (the patch finds it gone) creates it again, keeping the count', () => {
    const f = new Fixture(1);
    const r = apiEventRecorder(f.ctx, 'replicaset-controller');
    r.event(involved, 'Normal', 'SuccessfulCreate', 'Created pod: web-a-aaaaa');
    f.settle();
    const name = events(f)[0]?.metadata?.name ?? '';
    f.api.failNext('patch', 'events', statusError('NotFound', `events "${name}" not found`));
    r.event(involved, 'Normal', 'SuccessfulCreate', 'Created pod: web-a-aaaaa');
    f.settle();
    expect(f.writes().map((w) => w.verb)).toEqual(['create', 'patch', 'create']);
    expect(f.writes()[2]?.object).toMatchObject({ metadata: { name }, count: 2 });
  });

  it('from the 10th distinct message of one kind in 10 minutes: one "(combined from similar events): …" Event', () => {
    const c = new EventCorrelator();
    const mk = (i: number): Event => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `web-a.${i}`, namespace: NS },
      involvedObject: { kind: 'ReplicaSet', name: 'web-a', namespace: NS, uid: 'u1', apiVersion: 'apps/v1' },
      reason: 'SuccessfulCreate',
      message: `Created pod: web-a-${i}`,
      source: { component: 'replicaset-controller' },
      type: 'Normal',
      count: 1,
      firstTimestamp: tickToTimestamp(0),
      lastTimestamp: tickToTimestamp(0),
    });
    const results = Array.from({ length: 12 }, (_, i) => c.correlate(mk(i), 0, () => 'c0ffee'));
    expect(results.slice(0, AGGREGATE_MAX_EVENTS - 1).every((r) => r.action === 'create' && !r.event.message?.startsWith('('))).toBe(true);
    expect(results[9]).toMatchObject({ action: 'create', event: { message: '(combined from similar events): Created pod: web-a-9', metadata: { name: 'web-a.c0ffee' } } });
    expect(results[11]).toMatchObject({ action: 'patch', event: { metadata: { name: 'web-a.c0ffee' }, count: 3 }, patch: { count: 3, message: '(combined from similar events): Created pod: web-a-11' } });
  });

  it('the spam filter: 25 Events per source and object, then one per 5 minutes', () => {
    const c = new EventCorrelator();
    const mk = (i: number): Event => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `n.${i}`, namespace: NS },
      involvedObject: { kind: 'Pod', name: 'p', namespace: NS, uid: 'u', apiVersion: 'v1' },
      reason: `R${i}`,
      message: 'm',
      source: { component: 'x' },
      type: 'Normal',
      count: 1,
    });
    const at = (i: number, ms: number) => c.correlate(mk(i), ms, () => 'z').action;
    const first = Array.from({ length: SPAM_BURST + 1 }, (_, i) => at(i, 0));
    expect(first.filter((a) => a !== 'skip')).toHaveLength(SPAM_BURST);
    expect(first[SPAM_BURST]).toBe('skip');
    expect(at(100, SPAM_REFILL_MS - 1)).toBe('skip');
    expect(at(101, SPAM_REFILL_MS)).toBe('create');
    expect(at(102, SPAM_REFILL_MS)).toBe('skip');
  });
});
