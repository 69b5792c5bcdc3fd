// `kubectl rollout status deployment/web` (pkg/cmd/rollout/rollout_status.go): print the
// status line for the Deployment as it is now and, with --watch (the default), again for
// every change a watch delivers, until the rollout is done, fails (progress deadline) or
// --timeout passes. kubectl with --timeout=0 waits without end; the simulated terminal
// stops after ROLLOUT_STATUS_CAP_TICKS so a stuck rollout still gives the learner a prompt.
// A TYPE alone (or -l) is every object of it, each watched in turn (the builder's
// ContinueOnError visit): their failures are printed after, as one aggregate, and none found
// is `No resources found in default namespace.` on stderr.
//
// In the browser's terminal (TerminalPorts.live) one Deployment whose rollout is not done
// is watched as `kubectl get -w` is: the command prints the status line as it is now and
// returns still running; each change prints its line as the page's clock plays, and the
// command ends by itself when the rollout is done or fails, or --timeout passes (decided
// as each event arrives, in the kernel's time), or with Ctrl+C. With --timeout=0 it waits
// as kubectl does, without end. If the API server goes away it ends as the script's watch
// request does, with the refused connection (kubectl's UntilWithSync would log its
// reflector's retries and go on once the server is back: not simulated).
import type { Deployment } from '../../../apiserver';
import { connectionRefused } from '../../../apiserver/server';
import type { WatchEvent } from '../../../client';
import type { LiveOutput } from '../../ports';
import { rolloutStatus } from '../messages';
import { openWatch, watchSoFar } from './api';
import type { RunEnv } from './env';
import { collectFailures, liveObjects, plainFailure, reportFailures, statusFailure, type Failure, type LiveObject } from './objects';
import { REVISION_ANNOTATION } from './replicasets';
import { DEFAULT_WAIT_CAP_TICKS, POLL_TICKS, timeoutTicks } from './wait';

/** 5 simulated minutes. */
export const ROLLOUT_STATUS_CAP_TICKS = DEFAULT_WAIT_CAP_TICKS;

/**
 * DeploymentStatusViewer.Status: with --revision, the Deployment's own revision (its
 * `deployment.kubernetes.io/revision`, 0 without one) must be that one, at every look.
 */
function statusAt(d: Deployment, revision: number): ReturnType<typeof rolloutStatus> {
  if (revision > 0) {
    const running = Number(d.metadata?.annotations?.[REVISION_ANNOTATION] ?? '0');
    if (running !== revision) return { ok: false, error: `desired revision (${revision}) is different from the running revision (${running})` };
  }
  return rolloutStatus(d);
}

/** What one watch event means to the status viewer: a line to print, and whether the command ends there (with a failure, or done). */
function viewEvent(e: WatchEvent, name: string, revision: number): { print?: string; end?: { failure?: Failure } } {
  // a connection-level error (code 0: the API server went away) is worded as the script's watch request words it
  if (e.type === 'ERROR') return { end: { failure: statusFailure(e.status.code === 0 ? connectionRefused() : e.status) } };
  if (e.type === 'BOOKMARK' || e.object.metadata?.name !== name) return {};
  if (e.type === 'DELETED') return { end: { failure: plainFailure('object has been deleted') } };
  const s = statusAt(e.object as Deployment, revision);
  if (!s.ok) return { end: { failure: plainFailure(s.error) } };
  return s.done ? { print: s.message, end: {} } : { print: s.message };
}

/** The browser terminal's rollout status of one Deployment: false when the port keeps no watch open (run it as a script). */
function watchLive(env: RunEnv, live: LiveObject, rv: string): boolean {
  const revision = env.cmd.revision;
  const nanos = env.cmd.flags.values.get('timeout');
  const timeout = typeof nanos === 'number' && nanos > 0 ? timeoutTicks(env) : undefined;
  const opened = openWatch(
    env,
    live.def,
    { namespace: live.namespace, fieldSelector: `metadata.name=${live.name}`, resourceVersion: rv },
    { until: (e) => viewEvent(e, live.name, revision).end !== undefined, ...(timeout !== undefined ? { timeoutTicks: timeout } : {}) },
  );
  if (opened === undefined) return false;
  if (!opened.ok) {
    reportFailures(env, [statusFailure(opened.error)]);
    return true;
  }
  const watch = opened.value;
  let ended = false;
  const read = (): LiveOutput => {
    if (ended) return { stdout: '', stderr: '' };
    const { events, dropped, closed, timedOut } = watch.take();
    const lost = dropped > 0 ? { clipped: true as const } : {};
    let stdout = '';
    let end: { failure?: Failure } | undefined;
    for (const { event } of events) {
      const seen = viewEvent(event, live.name, revision);
      stdout += seen.print ?? '';
      if ((end = seen.end) !== undefined) break;
    }
    if (end === undefined && timedOut) end = { failure: plainFailure('timed out waiting for the condition') };
    if (end === undefined && closed) end = { failure: statusFailure(connectionRefused()) };
    if (end === undefined) return { stdout, stderr: '', ...lost };
    // the server's end (an ERROR, a closed connection) sends nothing back; the client's own was sent as it happened
    watch.forget();
    ended = true;
    return end.failure === undefined ? { stdout, stderr: '', exitCode: 0, ...lost } : { stdout, stderr: end.failure.line, exitCode: 1, ...lost };
  };
  env.out.keepRunning({
    read,
    stop: () => {
      ended = true;
      watch.close();
    },
  });
  return true;
}

export function runRolloutStatus(env: RunEnv): void {
  const unread = collectFailures();
  const objects = liveObjects(env, unread);
  // r.Err(): a failed read ends the command before any object is looked at
  if (unread.failed()) return reportFailures(env, unread.texts.map((t, i) => (unread.statuses[i] !== undefined ? statusFailure(unread.statuses[i]!) : plainFailure(t.replace(/^error: /, '').replace(/\n$/, '')))));
  const failures: Failure[] = [];
  const fail = (message: string): void => void failures.push(plainFailure(message));
  for (const live of objects) {
    if (live.def.kind !== 'Deployment') {
      // StatusViewerFor names the GroupKind (`ReplicaSet.apps`)
      fail(`no status viewer has been implemented for ${live.def.group === '' ? live.def.kind : `${live.def.kind}.${live.def.group}`}`);
      continue;
    }
    const first = statusAt(live.object as Deployment, env.cmd.revision);
    if (!first.ok) {
      fail(first.error);
      continue;
    }
    env.out.print(first.message);
    if (first.done || env.cmd.flags.values.get('watch') === false) continue;
    if (env.ports.live === true && objects.length === 1 && watchLive(env, live, live.object.metadata?.resourceVersion ?? '0')) return;

    const cap = timeoutTicks(env);
    const start = env.ports.sim.now();
    let rv = live.object.metadata?.resourceVersion ?? '0';
    let done = false;
    while (!done) {
      const left = cap - (env.ports.sim.now() - start);
      if (left <= 0) {
        fail('timed out waiting for the condition');
        break;
      }
      const before = env.ports.sim.now();
      const events = watchSoFar(
        env,
        live.def,
        { namespace: live.namespace, fieldSelector: `metadata.name=${live.name}`, resourceVersion: rv },
        Math.min(left, POLL_TICKS * 10),
      );
      if (!events.ok) {
        failures.push(statusFailure(events.error));
        break;
      }
      for (const e of events.value) {
        if (e.type === 'ERROR' || e.type === 'BOOKMARK' || e.object.metadata?.name !== live.name) continue;
        rv = e.object.metadata?.resourceVersion ?? rv;
        const seen = viewEvent(e, live.name, env.cmd.revision);
        env.out.print(seen.print ?? '');
        if (seen.end !== undefined) {
          if (seen.end.failure !== undefined) failures.push(seen.end.failure);
          done = true;
          break;
        }
      }
      // an idle cluster answers at once: let simulated time pass before looking again
      if (!done && env.ports.sim.now() === before) env.ports.sim.tick(Math.min(POLL_TICKS, Math.max(1, left)));
    }
  }
  if (objects.length === 0) env.out.printErr(`No resources found in ${env.namespace} namespace.\n`);
  reportFailures(env, failures);
}
