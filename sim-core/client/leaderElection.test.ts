// Leader election over a Lease, against the fake API server: acquisition, renewal,
// expiry measured by the candidate's own clock, takeover with leaseTransitions, a leader
// losing its lease after renewDeadline, and optimistic concurrency between two writers.
import { describe, expect, it } from 'vitest';
import type { Lease } from '../apiserver';
import { Prng } from '../kernel';
import { FakeApiServer } from './testing/fakeApiServer';
import { statusError } from './api';
import { LEASE_DURATION_TICKS, LeaderElector, RENEW_DEADLINE_TICKS, RETRY_PERIOD_TICKS, leaderElectionIdentity, microTime } from './leaderElection';

const NS = 'kube-system';
const NAME = 'kube-controller-manager';

function harness(seed = 7) {
  const api = new FakeApiServer();
  const log: string[] = [];
  const events: string[] = [];
  const electors = new Map<string, LeaderElector>();
  const alive = new Set<string>();
  const add = (identity: string) => {
    const e = new LeaderElector({
      api,
      namespace: NS,
      name: NAME,
      identity,
      rng: new Prng(seed).child(identity),
      callbacks: {
        onStartedLeading: (t) => log.push(`${t} ${identity} started`),
        onStoppedLeading: (t) => log.push(`${t} ${identity} stopped`),
      },
      recordEvent: (lease, message) => events.push(`${lease.metadata?.namespace}/${lease.metadata?.name}: ${message}`),
    });
    electors.set(identity, e);
    alive.add(identity);
    return e;
  };
  let now = 0;
  const run = (until: number) => {
    while (now < until) {
      now++;
      for (const id of [...alive].sort()) electors.get(id)?.tick(now);
      api.flush();
    }
  };
  const lease = () => api.find('leases', `${NS}/${NAME}`) as Lease | undefined;
  return { api, log, events, add, run, lease, kill: (id: string) => alive.delete(id), now: () => now };
}

describe('LeaderElector (client-go leaderelection, Lease lock)', () => {
  it('the first candidate creates the Lease and leads; renewals move renewTime every retryPeriod and keep acquireTime', () => {
    const h = harness();
    h.add('control-plane_a');
    h.run(1);
    expect(h.log).toEqual(['1 control-plane_a started']);
    expect(h.lease()?.spec).toEqual({
      holderIdentity: 'control-plane_a',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-01T00:00:00.010000Z',
      renewTime: '2026-01-01T00:00:00.010000Z',
      leaseTransitions: 0,
    });
    expect(h.events).toEqual(['kube-system/kube-controller-manager: control-plane_a became leader']);
    h.run(1 + 5 * RETRY_PERIOD_TICKS);
    expect(h.lease()?.spec?.renewTime).toBe(microTime(1 + 5 * RETRY_PERIOD_TICKS));
    expect(h.lease()?.spec?.acquireTime).toBe(microTime(1));
    expect(h.api.writes().filter((w) => w.verb === 'update')).toHaveLength(5);
  });

  it('a standby waits while the leader renews, and takes over one leaseDuration after the last change it saw', () => {
    const h = harness();
    h.add('control-plane_a');
    h.run(1);
    const b = h.add('control-plane_b');
    h.run(2000);
    expect(b.isLeader()).toBe(false);
    expect(b.leader()).toBe('control-plane_a');
    const lastRenew = 1801;
    expect(h.lease()?.spec?.renewTime).toBe(microTime(lastRenew));
    h.kill('control-plane_a'); // the process died: no more renewals, nothing released
    h.run(lastRenew + LEASE_DURATION_TICKS - 1);
    expect(b.isLeader()).toBe(false);
    h.run(lastRenew + LEASE_DURATION_TICKS + 2 * 2.2 * RETRY_PERIOD_TICKS);
    const started = h.log.find((l) => l.endsWith('control-plane_b started'));
    const at = Number(started?.split(' ')[0]);
    // b saw the last renewal at most one jittered retry after it happened, and retries at most one jittered period after expiry
    expect(at).toBeGreaterThanOrEqual(lastRenew + LEASE_DURATION_TICKS);
    expect(at).toBeLessThanOrEqual(lastRenew + LEASE_DURATION_TICKS + 2 * 2.2 * RETRY_PERIOD_TICKS);
    expect(h.lease()?.spec).toMatchObject({ holderIdentity: 'control-plane_b', leaseTransitions: 1, acquireTime: microTime(at), renewTime: microTime(at) });
  });

  it('a standby has pending work only while the lease it waits for stands still (settle waits for a new leader, not for a live one)', () => {
    const h = harness();
    const a = h.add('control-plane_a');
    h.run(1);
    const b = h.add('control-plane_b');
    // its first look cannot tell a live holder from a dead one
    h.run(2);
    expect(b.hasPendingWork()).toBe(true);
    h.run(1000);
    expect(a.isLeader()).toBe(true);
    expect(a.hasPendingWork()).toBe(false);
    expect(b.hasPendingWork()).toBe(false);
    h.kill('control-plane_a');
    h.run(1000 + 3 * RETRY_PERIOD_TICKS);
    expect(b.isLeader()).toBe(false);
    expect(b.hasPendingWork()).toBe(true);
    h.run(1000 + LEASE_DURATION_TICKS + 3 * RETRY_PERIOD_TICKS);
    expect(b.isLeader()).toBe(true);
    // the new leader's pending work is only its renewals in flight
    h.run(1000 + LEASE_DURATION_TICKS + 3 * RETRY_PERIOD_TICKS + 1);
    expect(b.hasPendingWork()).toBe(false);
  });

  it('a candidate that cannot read the lock has pending work', () => {
    const h = harness();
    const a = h.add('control-plane_a');
    h.api.failNext('get', 'leases', statusError('ServiceUnavailable', 'the server is unavailable'), 1000);
    h.run(500);
    expect(a.isLeader()).toBe(false);
    expect(a.hasPendingWork()).toBe(true);
  });

  it('a leader that cannot renew within renewDeadline stops leading', () => {
    const h = harness();
    const a = h.add('control-plane_a');
    h.run(1);
    h.api.failNext('update', 'leases', statusError('ServiceUnavailable', 'etcdserver: request timed out'), 1000);
    h.run(3000);
    // renewed at 1, so the next round starts at 201 and gives up renewDeadline later
    expect(h.log).toEqual(['1 control-plane_a started', `${1 + RETRY_PERIOD_TICKS + RENEW_DEADLINE_TICKS} control-plane_a stopped`]);
    expect(a.isLeader()).toBe(false);
    expect(a.stopped).toBe(true);
    expect(h.events).toContain('kube-system/kube-controller-manager: control-plane_a stopped leading');
  });

  it('two candidates writing the same free Lease: one Update wins, the other gets 409 Conflict and stays standby', () => {
    const h = harness();
    h.api.seed('leases', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: NAME, namespace: NS }, spec: { holderIdentity: '', leaseDurationSeconds: 15, leaseTransitions: 3 } });
    const a = h.add('control-plane_a');
    const b = h.add('control-plane_b');
    h.run(1);
    const updates = h.api.writes().filter((w) => w.verb === 'update');
    expect(updates).toHaveLength(2);
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    h.run(1000);
    expect(b.isLeader()).toBe(false);
    expect(b.leader()).toBe('control-plane_a');
    expect(h.lease()?.spec).toMatchObject({ holderIdentity: 'control-plane_a', leaseTransitions: 4 });
  });

  it('identities look like the real binaries\' (hostname, underscore, a version-4 UUID) and come from the seed', () => {
    const id = leaderElectionIdentity('control-plane', new Prng(3));
    expect(id).toMatch(/^control-plane_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(leaderElectionIdentity('control-plane', new Prng(3))).toBe(id);
  });
});
