// client-go's leader election (tools/leaderelection/leaderelection.go) with the Lease lock
// (tools/leaderelection/resourcelock/leaselock.go), in ticks. kube-controller-manager and
// kube-scheduler run it with their defaults: leaseDuration 15 s, renewDeadline 10 s,
// retryPeriod 2 s (1 tick = 10 ms).
// - A candidate tries every retryPeriod, jittered by up to 1.2 × (wait.JitterUntil). It
//   takes the Lease when none exists (Create) or when the holder's record has not changed
//   for leaseDuration by ITS OWN clock (observedTime, not renewTime: client-go never trusts
//   another machine's clock), bumping leaseTransitions on a takeover.
// - Writes are optimistic: Update carries the resourceVersion last read; a 409 Conflict
//   means someone else wrote first, and the attempt simply fails until the next period.
// - The leader renews every retryPeriod; if it cannot renew within renewDeadline of the
//   start of a renew round it stops leading (OnStoppedLeading). The real binaries exit
//   then, and so do the processes here (Candidacy's exitOnLoss); their node's kubelet
//   starts them again, a fresh candidate with a fresh identity. (kube-scheduler's
//   ReleaseOnCancel, a last Update that gives the Lease up before the exit, is not
//   modelled: with the API server unreachable it only fails and logs.)
// Every request is a message; an attempt is a small chain of them (get → create|update),
// at most one in flight, abandoned after renewDeadline (the leader-election client's
// request timeout in kube-controller-manager).
import type { Lease } from '../apiserver';
import { TICKS_PER_SECOND, type Prng } from '../kernel';
import { tickToMillis, tickToTimestamp } from '../cli/kubectl/clock';
import { isNotFound, type ApiClient, type ApiRequest, type ApiResult, type KubeObject, type RequestId } from './api';
import { deepCopy } from './store';

export const LEASE_DURATION_TICKS = 1500;
export const RENEW_DEADLINE_TICKS = 1000;
export const RETRY_PERIOD_TICKS = 200;
/** leaderelection.JitterFactor */
export const JITTER_FACTOR = 1.2;

/** resourcelock.LeaderElectionRecord as a Lease spec carries it. */
export interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: string;
  renewTime: string;
  leaderTransitions: number;
}

export interface LeaderCallbacks {
  onStartedLeading(now: number): void;
  onStoppedLeading(now: number): void;
  /** the observed holder changed (also called with our own identity) */
  onNewLeader?(identity: string, now: number): void;
}

export interface LeaderElectionConfig {
  api: ApiClient;
  /** the lock: Lease `namespace/name` */
  namespace: string;
  name: string;
  /** holderIdentity: `<hostname>_<uuid>` for the real binaries (see leaderElectionIdentity) */
  identity: string;
  /** jitter for the candidate's retries */
  rng: Prng;
  callbacks: LeaderCallbacks;
  leaseDurationTicks?: number;
  renewDeadlineTicks?: number;
  retryPeriodTicks?: number;
  /** LeaseLock.RecordEvent: an Event on the Lease, `<identity> became leader` / `stopped leading` */
  recordEvent?(lease: Lease, message: string): void;
}

/** metav1.MicroTime as the API server prints it: RFC 3339 with six fractional digits. */
export function microTime(tick: number): string {
  const micros = String((tickToMillis(tick) % 1000) * 1000).padStart(6, '0');
  return tickToTimestamp(tick).replace(/Z$/, `.${micros}Z`);
}

function uuid(rng: Prng): string {
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/** kube-controller-manager's and kube-scheduler's id: `os.Hostname() + "_" + uuid.NewUUID()`. */
export function leaderElectionIdentity(hostname: string, rng: Prng): string {
  return `${hostname}_${uuid(rng)}`;
}

export function recordOf(lease: Lease): LeaderElectionRecord {
  const s = lease.spec ?? {};
  return {
    holderIdentity: s.holderIdentity ?? '',
    leaseDurationSeconds: s.leaseDurationSeconds ?? 0,
    acquireTime: s.acquireTime ?? '',
    renewTime: s.renewTime ?? '',
    leaderTransitions: s.leaseTransitions ?? 0,
  };
}

function specOf(r: LeaderElectionRecord): NonNullable<Lease['spec']> {
  return { holderIdentity: r.holderIdentity, leaseDurationSeconds: r.leaseDurationSeconds, acquireTime: r.acquireTime, renewTime: r.renewTime, leaseTransitions: r.leaderTransitions };
}

type Phase = 'candidate' | 'leading' | 'stopped';

export class LeaderElector {
  private phase: Phase = 'candidate';
  /** the record we last saw (or wrote), and our clock when we saw it change */
  private observedRecord: LeaderElectionRecord | undefined;
  private observedRaw = '';
  private observedTime = 0;
  /**
   * A candidate's last look at the lock found it renewed since the look before: a live
   * leader holds it, and this standby has nothing to wait for. Otherwise (it could not
   * read the lock, has looked once only, or the record stood still) it is waiting for the
   * lease to expire — work that will happen without anyone's help.
   */
  private sawLeaderRenew = false;
  /** the lock's cached Lease (ll.lease): the resourceVersion our next Update carries */
  private lease: Lease | undefined;
  /** the attempt in flight: its number, start tick and requests */
  private attempt: { seq: number; startedAt: number; requests: RequestId[] } | undefined;
  private attemptSeq = 0;
  private nextAttemptAt = 0;
  /** leading: when the current renew round began (it fails renewDeadline later) */
  private renewRoundStart = 0;
  private reportedLeader = '';
  private now = 0;
  private readonly leaseDuration: number;
  private readonly renewDeadline: number;
  private readonly retryPeriod: number;

  constructor(private readonly config: LeaderElectionConfig) {
    this.leaseDuration = config.leaseDurationTicks ?? LEASE_DURATION_TICKS;
    this.renewDeadline = config.renewDeadlineTicks ?? RENEW_DEADLINE_TICKS;
    this.retryPeriod = config.retryPeriodTicks ?? RETRY_PERIOD_TICKS;
    // LeaderElectionConfig validation in client-go: these must hold or the binary refuses to start.
    if (!(this.leaseDuration > this.renewDeadline && this.renewDeadline > JITTER_FACTOR * this.retryPeriod)) {
      throw new Error('leaderelection: leaseDuration must be greater than renewDeadline, and renewDeadline greater than JitterFactor*retryPeriod');
    }
  }

  get identity(): string {
    return this.config.identity;
  }

  /** IsLeader: the record we observed names us, and we have not stopped. */
  isLeader(): boolean {
    return this.phase === 'leading';
  }

  /** GetLeader: the holder we last observed ('' when none). */
  leader(): string {
    return this.observedRecord?.holderIdentity ?? '';
  }

  /** True once leadership was lost: the owner replaces this elector (the binary restarts). */
  get stopped(): boolean {
    return this.phase === 'stopped';
  }

  /**
   * Whether an attempt is waiting for the API server, or a candidate is waiting to take
   * over a lease nobody renews (a dead leader's, or one it cannot read): `sim settle` waits
   * for the new leader rather than calling a cluster with no running controllers settled.
   * A standby behind a live leader has no pending work.
   */
  hasPendingWork(): boolean {
    return this.attempt !== undefined || (this.phase === 'candidate' && !this.sawLeaderRenew);
  }

  /** Called every tick by the owner process. */
  tick(now: number): void {
    this.now = now;
    if (this.phase === 'stopped') return;
    const a = this.attempt;
    if (a !== undefined && now - a.startedAt >= this.renewDeadline) {
      for (const id of a.requests) this.config.api.stop(id);
      this.attempt = undefined;
      this.finish(false);
    }
    if (this.phase === 'leading' && now >= this.renewRoundStart + this.renewDeadline) {
      this.stopLeading();
      return;
    }
    if (this.attempt === undefined && now >= this.nextAttemptAt) this.tryAcquireOrRenew();
  }

  /** The process died: nothing is released (a crash cannot), everything is forgotten. */
  abandon(): void {
    if (this.attempt) for (const id of this.attempt.requests) this.config.api.stop(id);
    this.attempt = undefined;
    this.phase = 'stopped';
  }

  private isLeaseValid(now: number): boolean {
    const r = this.observedRecord;
    return r !== undefined && this.observedTime + r.leaseDurationSeconds * TICKS_PER_SECOND > now;
  }

  private holdsRecord(): boolean {
    return this.observedRecord?.holderIdentity === this.config.identity;
  }

  private setObservedRecord(r: LeaderElectionRecord): void {
    this.observedRecord = r;
    this.observedTime = this.now;
    if (r.holderIdentity !== this.reportedLeader) {
      this.reportedLeader = r.holderIdentity;
      if (r.holderIdentity !== '') this.config.callbacks.onNewLeader?.(r.holderIdentity, this.now);
    }
  }

  /** One request of attempt `seq`; its answer is dropped if the attempt was abandoned. */
  private send(seq: number, req: Extract<ApiRequest, { verb: 'get' | 'create' | 'update' }>, done: (r: ApiResult<KubeObject>) => void): void {
    const id = this.config.api.request(req, (r: ApiResult<KubeObject>) => {
      if (this.attempt?.seq === seq) done(r);
    });
    this.attempt?.requests.push(id);
  }

  private tryAcquireOrRenew(): void {
    const seq = ++this.attemptSeq;
    const start = this.now;
    this.attempt = { seq, startedAt: start, requests: [] };
    const record: LeaderElectionRecord = {
      holderIdentity: this.config.identity,
      leaseDurationSeconds: Math.floor(this.leaseDuration / TICKS_PER_SECOND),
      acquireTime: microTime(start),
      renewTime: microTime(start),
      leaderTransitions: 0,
    };
    // 1. fast path: the leader updates optimistically from the record it last saw.
    if (this.holdsRecord() && this.isLeaseValid(start) && this.lease !== undefined && this.observedRecord !== undefined) {
      record.acquireTime = this.observedRecord.acquireTime;
      record.leaderTransitions = this.observedRecord.leaderTransitions;
      this.update(seq, record, (ok) => (ok ? this.done(seq, true) : this.slowPath(seq, start, record)));
      return;
    }
    this.slowPath(seq, start, record);
  }

  private slowPath(seq: number, start: number, record: LeaderElectionRecord): void {
    const { namespace, name } = this.config;
    // 2. obtain or create the election record
    this.send(seq, { verb: 'get', resource: 'leases', namespace, name }, (res) => {
      this.sawLeaderRenew = false;
      if (!res.ok) {
        if (!isNotFound(res.error)) return this.done(seq, false);
        const body: Lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: specOf(record) };
        this.send(seq, { verb: 'create', resource: 'leases', namespace, body: body as KubeObject }, (created) => {
          if (!created.ok) return this.done(seq, false);
          this.lease = created.value as Lease;
          this.setObservedRecord(record);
          this.done(seq, true);
        });
        return;
      }
      this.lease = res.value as Lease;
      const old = recordOf(this.lease);
      // 3. record obtained: a changed record restarts our view of its age
      const raw = JSON.stringify(old);
      const renewed = this.observedRaw !== '' && raw !== this.observedRaw;
      if (raw !== this.observedRaw) {
        this.setObservedRecord(old);
        this.observedRaw = raw;
      }
      if (old.holderIdentity !== '' && this.isLeaseValid(start) && !this.holdsRecord()) {
        this.sawLeaderRenew = renewed;
        return this.done(seq, false); // held and not expired
      }
      // 4. ours to write: keep acquireTime while we hold it, count a takeover otherwise
      if (this.holdsRecord()) {
        record.acquireTime = old.acquireTime;
        record.leaderTransitions = old.leaderTransitions;
      } else record.leaderTransitions = old.leaderTransitions + 1;
      this.update(seq, record, (ok) => this.done(seq, ok));
    });
  }

  private update(seq: number, record: LeaderElectionRecord, then: (ok: boolean) => void): void {
    const body = deepCopy(this.lease) as Lease;
    body.spec = specOf(record);
    this.send(seq, { verb: 'update', resource: 'leases', namespace: this.config.namespace, body: body as KubeObject }, (res) => {
      if (!res.ok) return then(false); // 409: someone wrote since we read
      this.lease = res.value as Lease;
      this.setObservedRecord(record);
      then(true);
    });
  }

  private done(seq: number, ok: boolean): void {
    if (this.attempt?.seq !== seq) return;
    this.attempt = undefined;
    this.finish(ok);
  }

  private finish(ok: boolean): void {
    if (this.phase === 'candidate') {
      if (!ok) {
        this.nextAttemptAt = this.now + this.retryPeriod + Math.floor(this.config.rng.float() * JITTER_FACTOR * this.retryPeriod);
        return;
      }
      this.phase = 'leading';
      this.renewRoundStart = this.now + this.retryPeriod;
      this.nextAttemptAt = this.renewRoundStart;
      if (this.lease) this.config.recordEvent?.(this.lease, `${this.config.identity} became leader`);
      this.config.callbacks.onStartedLeading(this.now);
      return;
    }
    if (this.phase !== 'leading') return;
    // renew: success starts the next round one retryPeriod later; a failure retries within the round
    if (ok) this.renewRoundStart = this.now + this.retryPeriod;
    this.nextAttemptAt = this.now + this.retryPeriod;
  }

  private stopLeading(): void {
    if (this.attempt) for (const id of this.attempt.requests) this.config.api.stop(id);
    this.attempt = undefined;
    this.phase = 'stopped';
    if (this.lease) this.config.recordEvent?.(this.lease, `${this.config.identity} stopped leading`);
    this.config.callbacks.onStoppedLeading(this.now);
  }
}
