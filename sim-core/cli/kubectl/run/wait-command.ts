// `kubectl wait (TYPE NAME… | TYPE -l SEL | TYPE --all | -f FILE) --for=…` (kubectl
// pkg/cmd/wait 1.32: wait.go RunWait, condition.go, delete.go, create.go).
// - One deadline for the whole command: --timeout (default 30 s) runs from the start, and
//   an object reached after it has passed fails without being looked at. A negative
//   --timeout waits as long as a terminal may (run/wait.ts); a zero one reads each object
//   once (`condition not met for pods/web`).
// - Each object in turn, as the builder visits them: a named one is read when its turn
//   comes, and a failure does not stop the others (ContinueOnError). Failures are printed
//   at the end, one as `error: …`, several each on its own line (checkErr over an
//   aggregate); a met condition prints `pod/web condition met` at once.
// - A condition or JSONPath is checked on the object as read, then on every version a
//   watch delivers (watchtools.UntilWithSync), so a state that lasts a moment is seen; the
//   version that met it is what `-o` prints. A deletion in between is waited through.
// - --for=delete: an object already gone is done and prints nothing; one deleted, or
//   replaced by another of the same name (another uid), meets it.
// - --for=create: every 0.5 s, every object named must exist (one still missing is
//   waited for; two missing fail at once, as the aggregate is no NotFound); the deadline
//   then says just `timed out waiting for the condition`.
import type { ApiResult, KubeObject, Status } from '../../../client';
import type { KindDefinition } from '../../../apiserver';
import { conditionMet, type WaitCondition } from '../wait-condition';
import { getObject, listObjects, statusText, watchSoFar } from './api';
import type { RunEnv } from './env';
import { fail, reportFailures, type Failure } from './objects';
import { printObject } from './print-object';
import { commandTargets, type Target } from './targets';
import { DEFAULT_WAIT_CAP_TICKS, POLL_TICKS } from './wait';

/** wait.PollUntilContextCancel's interval for --for=create: 0.5 s. */
const CREATE_POLL_TICKS = 50;

/** A failure, and whether it is a NotFound (what --for=create waits through). */
type WaitFailure = Failure & { notFound?: true };

/** MultipleErrors' line for an API error is StandardErrorMessage's, as a lone one prints. */
const apiFailure = (s: Status): WaitFailure => ({ line: statusText(s), bare: statusText(s), ...(s.reason === 'NotFound' ? { notFound: true } : {}) });
const plain = (message: string): WaitFailure => ({ line: `error: ${message}\n`, bare: `${message}\n` });

interface Deadline {
  /** ticks left before --timeout passes (never below 0) */
  left(): number;
  /** --timeout=0: read once */
  zero: boolean;
}

export function runWait(env: RunEnv): void {
  const cond = env.cmd.waitFor;
  if (cond === undefined) return fail(env, 'error: unrecognized condition: ""\n');
  const targets = commandTargets(env);
  if (!targets.ok) return fail(env, targets.error);
  const deadline = deadlineOf(env);
  if (cond.kind === 'create' && !awaitCreation(env, targets.targets, deadline)) return;

  const failures: WaitFailure[] = [];
  let visited = 0;
  for (const t of targets.targets) {
    for (const found of visit(env, cond, t, failures)) {
      visited++;
      const r = waitFor(env, cond, found, deadline);
      if (r.ok) printObject(env, found.def.kind, r.object, 'condition met', false, 'none');
      else failures.push(r.failure);
    }
  }
  if (failures.length > 0) return reportFailures(env, failures);
  if (visited === 0 && cond.kind !== 'delete') return fail(env, 'error: no matching resources found\n');
}

function deadlineOf(env: RunEnv): Deadline {
  const nanos = env.cmd.flags.values.get('timeout');
  const ns = typeof nanos === 'number' ? nanos : 30e9;
  const cap = ns < 0 ? DEFAULT_WAIT_CAP_TICKS : Math.ceil(ns / 10_000_000);
  const start = env.ports.sim.now();
  return { left: () => Math.max(0, cap - (env.ports.sim.now() - start)), zero: ns === 0 };
}

interface Found {
  def: KindDefinition;
  namespace: string;
  name: string;
  object: KubeObject;
}

/** The objects a target stands for, read as the builder visits it; what cannot be read goes to `failures`. */
function visit(env: RunEnv, cond: WaitCondition, t: Target, failures: WaitFailure[]): Found[] {
  if (t.name !== undefined) {
    const r = getObject(env, t.def, t.namespace, t.name);
    if (r.ok) return [{ def: t.def, namespace: t.namespace, name: t.name, object: r.value }];
    // --for=delete: an object already gone is what it waits for (IgnoreErrors(IsNotFound))
    if (!(cond.kind === 'delete' && r.error.reason === 'NotFound')) failures.push(apiFailure(r.error));
    return [];
  }
  const cmd = env.cmd;
  const r = listObjects(env, t.def, {
    namespace: cmd.allNamespaces ? undefined : t.namespace,
    ...(cmd.selector !== undefined ? { labelSelector: cmd.selector } : {}),
    ...(cmd.fieldSelector !== undefined ? { fieldSelector: cmd.fieldSelector } : {}),
  });
  if (!r.ok) {
    failures.push(apiFailure(r.error));
    return [];
  }
  return r.value.items.map((o) => ({ def: t.def, namespace: o.metadata?.namespace ?? t.namespace, name: o.metadata?.name ?? '', object: o }));
}

type Waited = { ok: true; object: KubeObject } | { ok: false; failure: WaitFailure };

function waitFor(env: RunEnv, cond: WaitCondition, f: Found, deadline: Deadline): Waited {
  const objectName = `${f.def.resource}/${f.name}`;
  const timedOut: Waited = { ok: false, failure: plain(`timed out waiting for the condition on ${objectName}`) };
  const notMet: Waited = { ok: false, failure: plain(`condition not met for ${objectName}`) };
  if (cond.kind === 'create') return { ok: true, object: f.object };
  if (cond.kind === 'delete') {
    // IsDeleted reads again without the deadline: gone, or replaced, is done even late
    const now = getObject(env, f.def, f.namespace, f.name);
    if (gone(now, f.object)) return { ok: true, object: f.object };
    if (!now.ok) return { ok: false, failure: apiFailure(now.error) };
    if (deadline.zero) return notMet;
    // the watch's list under an expired context: client-go's rate limiter says so first
    if (deadline.left() === 0) return { ok: false, failure: plain('client rate limiter Wait returned an error: context deadline exceeded') };
    const done = watchUntil(env, f, deadline, (type) => type === 'DELETED');
    if (done.error !== undefined) return { ok: false, failure: apiFailure(done.error) };
    return done.met !== undefined ? { ok: true, object: done.met } : timedOut;
  }
  const check = (obj: KubeObject) => conditionMet(cond, obj as Record<string, unknown>);
  if (deadline.zero) {
    const r = getObject(env, f.def, f.namespace, f.name);
    if (!r.ok) return { ok: false, failure: apiFailure(r.error) };
    const met = check(r.value);
    if (typeof met !== 'boolean') return { ok: false, failure: plain(met.error) };
    return met ? { ok: true, object: r.value } : notMet;
  }
  if (deadline.left() === 0) return timedOut;
  // the informer's first list: the object must still be there (preconditionFunc)
  const first = getObject(env, f.def, f.namespace, f.name);
  if (!first.ok) return { ok: false, failure: apiFailure(first.error) };
  let verdict: Waited | undefined;
  const judge = (obj: KubeObject): boolean => {
    const met = check(obj);
    if (typeof met !== 'boolean') verdict = { ok: false, failure: plain(met.error) };
    else if (met) verdict = { ok: true, object: obj };
    return verdict !== undefined;
  };
  if (judge(first.value)) return verdict!;
  // a deletion on the way is waited through (isConditionMet: a DELETED event is not met)
  const done = watchUntil(env, { ...f, object: first.value }, deadline, (type, obj) => type !== 'DELETED' && judge(obj));
  if (done.error !== undefined) return { ok: false, failure: apiFailure(done.error) };
  return verdict ?? timedOut;
}

/** The object read now is gone, or is another object of the same name. */
function gone(now: ApiResult<KubeObject>, seen: KubeObject): boolean {
  if (!now.ok) return now.error.reason === 'NotFound';
  return now.value.metadata?.uid !== seen.metadata?.uid;
}

/**
 * Watch one object (a field selector on its name) from the version read, in slices, until
 * `stop` holds for an event or the deadline passes; an idle cluster lets simulated time pass.
 */
function watchUntil(env: RunEnv, f: Found, deadline: Deadline, stop: (type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject) => boolean): { met?: KubeObject; error?: Status } {
  let rv = f.object.metadata?.resourceVersion ?? '0';
  for (;;) {
    const left = deadline.left();
    if (left === 0) return {};
    const before = env.ports.sim.now();
    const events = watchSoFar(env, f.def, { namespace: f.namespace, fieldSelector: `metadata.name=${f.name}`, resourceVersion: rv }, Math.min(left, POLL_TICKS * 10));
    if (!events.ok) return { error: events.error };
    for (const e of events.value) {
      if (e.type === 'ERROR' || e.type === 'BOOKMARK') continue;
      rv = e.object.metadata?.resourceVersion ?? rv;
      if (stop(e.type, e.object)) return { met: e.object };
    }
    if (env.ports.sim.now() === before) env.ports.sim.tick(Math.min(POLL_TICKS, left));
  }
}

/**
 * --for=create (wait.go RunWait): poll every 0.5 s, the first look after the first
 * interval, until every target can be read. Returns false when it has already failed.
 */
function awaitCreation(env: RunEnv, targets: readonly Target[], deadline: Deadline): boolean {
  for (;;) {
    const left = deadline.left();
    if (left === 0) {
      fail(env, 'error: timed out waiting for the condition\n');
      return false;
    }
    env.ports.sim.tick(Math.min(CREATE_POLL_TICKS, left));
    const failures: WaitFailure[] = [];
    let visited = 0;
    for (const t of targets) visited += visit(env, { kind: 'create' }, t, failures).length;
    // utilerrors.Reduce: one error is itself (a NotFound: not yet), several an aggregate that is no NotFound
    if (failures.length === 1 && failures[0]!.notFound === true) continue;
    if (failures.length > 0) {
      reportFailures(env, failures);
      return false;
    }
    if (visited > 0) return true;
  }
}
