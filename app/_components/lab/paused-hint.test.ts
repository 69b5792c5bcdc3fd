// The hint that a lab's cluster waits with its clock paused: raised when a command of the
// learner's lands while paused and leaves the clock where it was, gone once the clock moves
// (Play, Step, a command that ran simulated time), and not raised by what the learner did
// not just do (the work replayed on load, a line cancelled with Ctrl+C) nor by the rows a
// running watch prints. The second half drives the lab's real worker session and the
// page's reducer, so the commands that run time are the simulator's, not a list here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { WorkerSession } from '@/app/_lib/sim-worker/session';
import type { HostLab, HostScenario, PageMessage, WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import { initialSimState, simReducer, type SimState, type TerminalEntry } from '@/app/_components/sim/sim-state';
import { nextPausedHint, NO_PAUSED_HINT, OWN_REQUEST_TICKS, type LabClock } from './paused-hint';

let ids = 0;
function entry(line: string, extra: Partial<TerminalEntry> = {}): TerminalEntry {
  ids += 1;
  return { id: ids, origin: 'learner', result: { line, stdout: '', stderr: '', exitCode: 0 }, ...extra };
}

/** A view of the clock (each view is an object of its own), paused unless said. */
const at = (now: number, playing = false): LabClock => ({ now, playing });

/**
 * A page's renders from a paused clock at tick 1000: entries land in the terminal, each
 * render with a new view of the clock or (`undefined`) none yet.
 */
function page(start: TerminalEntry[] = []) {
  let terminal = start;
  let clock: LabClock | undefined = at(1000);
  let hint = nextPausedHint(NO_PAUSED_HINT, terminal, clock);
  const render = (view: LabClock | undefined) => {
    if (view !== undefined) clock = view;
    hint = nextPausedHint(hint, terminal, clock);
    return hint;
  };
  return {
    land: (entries: TerminalEntry[], view: LabClock | undefined) => {
      terminal = [...terminal, ...entries];
      return render(view);
    },
    /** the last entry replaced (a running watch's entry grown by its rows, or ended) */
    grow: (last: TerminalEntry, view: LabClock | undefined) => {
      terminal = [...terminal.slice(0, -1), last];
      return render(view);
    },
    render,
    get hint() {
      return hint;
    },
  };
}

describe('the paused-clock hint', () => {
  it('is raised by Apply or a command that lands while paused and only moves the clock by its own requests, and goes when the clock plays', () => {
    const p = page([entry('kubectl create namespace shop', { origin: 'setup' })]);
    expect(p.hint.raisedBy).toBeUndefined();
    const apply = entry('kubectl apply -f deployment.yaml');
    expect(p.land([apply], at(1036)).raisedBy).toBe(apply);
    // a render with nothing new keeps the same state object
    const raised = p.hint;
    expect(p.render(undefined)).toBe(raised);
    // more commands landing while it is up leave it raised by the first: it does not come and go
    expect(p.land([entry('kubectl get pods')], at(1050)).raisedBy).toBe(apply);
    expect(p.land([entry('kubectl get pods'), entry('kubectl describe deploy web')], at(1120)).raisedBy).toBe(apply);
    expect(p.render(at(1120, true)).raisedBy).toBeUndefined();
    // paused again, it stays down until the next command lands
    expect(p.render(at(1500)).raisedBy).toBeUndefined();
    const get = entry('kubectl get pods');
    expect(p.land([get], at(1515)).raisedBy).toBe(get);
  });

  it('is not raised by a command that lands while the clock plays, nor before the page has a view of the clock', () => {
    const p = page();
    p.render(at(1000, true));
    expect(p.land([entry('kubectl apply -f web.yaml')], at(1040, true)).raisedBy).toBeUndefined();
    let hint = nextPausedHint(NO_PAUSED_HINT, [], undefined);
    hint = nextPausedHint(hint, [entry('kubectl apply -f web.yaml')], undefined);
    expect(hint.raisedBy).toBeUndefined();
  });

  it('judges a command typed before the page had a view of the clock by the lab’s budget, which counts the ticks since the lab started', () => {
    const budget = (used: number) => ({ maxTicks: 200_000, ticksLeft: 200_000 - used });
    const landed = (line: string, clock: LabClock) => nextPausedHint(nextPausedHint(NO_PAUSED_HINT, [], undefined), [entry(line)], clock).raisedBy;
    expect(landed('kubectl create namespace shop', { now: 915, playing: false, budget: budget(17) })?.result.line).toBe('kubectl create namespace shop');
    expect(landed('kubectl rollout status deployment/web', { now: 1500, playing: false, budget: budget(602) })).toBeUndefined();
    // no budget (not a lab's cluster): nothing to judge by
    expect(landed('kubectl create namespace shop', at(915))).toBeUndefined();
  });

  it('waits for the view after a command when a busy page folds in a view the worker posted before it with its entry', () => {
    const view = (now: number, logVersion: number): LabClock => ({ now, playing: false, logVersion, budget: { maxTicks: 200_000, ticksLeft: 200_000 - (now - 900) } });
    const line = 'kubectl create namespace shop';
    // the first view (an empty log) comes with the entry, the view after the command a frame later
    let hint = nextPausedHint(NO_PAUSED_HINT, [], undefined);
    const first = entry(line);
    hint = nextPausedHint(hint, [first], view(900, 0));
    hint = nextPausedHint(hint, [first], view(940, 1));
    expect(hint.raisedBy?.result.line).toBe(line);
    // a later view of the same paused clock keeps it
    hint = nextPausedHint(hint, [first], view(940, 1));
    expect(hint.raisedBy?.result.line).toBe(line);
    // the same with a view before it: a stale view (the log's version unchanged) does not judge
    const second = entry(line);
    hint = nextPausedHint(hint, [first, second], view(940, 1));
    hint = nextPausedHint(hint, [first, second], view(975, 2));
    expect(hint.raisedBy).toBe(first);
    // and one that ran time is still judged by the view after it
    let other = nextPausedHint(NO_PAUSED_HINT, [], view(900, 0));
    const wait = entry('kubectl wait --for=condition=available deployment/web');
    other = nextPausedHint(other, [wait], view(900, 0));
    other = nextPausedHint(other, [wait], view(1600, 1));
    expect(other.raisedBy).toBeUndefined();
  });

  it('is not raised by a command that ran simulated time (rollout status, wait, logs -f), whether its view comes with its output or a frame later', () => {
    expect(page().land([entry('kubectl rollout status deployment/web')], at(1640)).raisedBy).toBeUndefined();
    // the output first, the view a frame later: judged when the view comes
    const p = page();
    expect(p.land([entry('kubectl wait --for=condition=Available deployment/web')], undefined).raisedBy).toBeUndefined();
    expect(p.render(at(1280)).raisedBy).toBeUndefined();
    const q = page();
    const get = entry('kubectl get pods');
    expect(q.land([get], undefined).raisedBy).toBeUndefined();
    expect(q.render(at(1015)).raisedBy).toBe(get);
    // a block pasted at once: each command's own requests are allowed for
    const r = page();
    expect(r.land([entry('kubectl apply -f a.yaml'), entry('kubectl apply -f b.yaml'), entry('kubectl get pods -o wide')], at(1000 + 2 * OWN_REQUEST_TICKS)).raisedBy).toBeDefined();
    expect(page().land([entry('kubectl apply -f a.yaml'), entry('sim tick 100')], at(1136)).raisedBy).toBeUndefined();
  });

  it('goes when the clock moves while it is up: Step, sim tick or settle, a command that ran time, Play', () => {
    const raised = () => {
      const p = page();
      p.land([entry('kubectl apply -f web.yaml')], at(1036));
      expect(p.hint.raisedBy).toBeDefined();
      return p;
    };
    // Step: a view with the clock a tick on, and no new entry
    expect(raised().render(at(1037)).raisedBy).toBeUndefined();
    // the simulator's own commands send no requests: any tick they ran was time let pass
    expect(raised().land([entry('sim settle')], at(1121)).raisedBy).toBeUndefined();
    expect(raised().land([entry('sim tick 10')], at(1046)).raisedBy).toBeUndefined();
    expect(raised().land([entry('kubectl logs -f deploy/web')], at(1336)).raisedBy).toBeUndefined();
    expect(raised().render(at(1036, true)).raisedBy).toBeUndefined();
    // a view that did not move the clock (the speed changed, a watch was stopped) leaves it
    expect(raised().render(at(1036)).raisedBy).toBeDefined();
    // a sim command that does not move the clock waits on it like any other
    expect(page().land([entry('sim kill node-1')], at(1000)).raisedBy).toBeDefined();
    // a sim settle with nothing to settle leaves the clock, and a raised hint, where they were
    expect(raised().land([entry('sim settle')], at(1036)).raisedBy).toBeDefined();
  });

  it('is raised by a live kubectl get -w started while paused, and not by the rows it prints or its end', () => {
    const line = 'kubectl get pods -w';
    const watch = entry(line, { result: { line, stdout: '', stderr: '', exitCode: 0, watch: 'running' } });
    const p = page();
    expect(p.land([watch], at(1016)).raisedBy).toBe(watch);
    // Ctrl+C at the prompt ends it: the same entry, grown (sim-state's appendWatchBlock), with the clock where it was
    expect(p.grow({ ...watch, result: { ...watch.result, exitCode: 130, watch: 'stopped' } }, at(1016)).raisedBy).toBe(watch);
    // Step: its rows, in its own entry or under a later one, come with the clock moved, and raise nothing
    const q = page();
    q.land([watch], at(1016));
    expect(q.grow({ ...watch, result: { ...watch.result, stdout: 'NAME READY\n' } }, at(1017)).raisedBy).toBeUndefined();
    q.land([entry('kubectl apply -f web.yaml')], at(1050));
    expect(q.hint.raisedBy).toBeDefined();
    q.render(at(1051));
    expect(q.land([entry(line, { continued: true, result: { line, stdout: 'web-1 0/1 Pending\n', stderr: '', exitCode: 0, watch: 'running' } })], undefined).raisedBy).toBeUndefined();
  });

  it('is not raised by the work replayed on load, nor by a line cancelled with Ctrl+C', () => {
    expect(page().land([entry('kubectl apply -f web.yaml', { restored: true })], at(1900)).raisedBy).toBeUndefined();
    expect(page().land([entry('kubectl apply -f web.yaml', { interrupted: { lines: [] } })], undefined).raisedBy).toBeUndefined();
    // and a cancelled line leaves a raised hint where it was
    const p = page();
    p.land([entry('kubectl apply -f web.yaml')], at(1036));
    expect(p.land([entry('kubectl get po', { interrupted: { lines: [] } })], undefined).raisedBy).toBeDefined();
  });

  it('goes after Reset lab: the setup runs again on a fresh cluster', () => {
    const p = page([entry('kubectl create namespace shop', { origin: 'setup' })]);
    p.land([entry('kubectl apply -f web.yaml')], at(1036));
    expect(p.hint.raisedBy).toBeDefined();
    let hint = nextPausedHint(p.hint, [{ id: 1, origin: 'setup', result: { line: 'kubectl create namespace shop', stdout: '', stderr: '', exitCode: 0 } }], p.hint.clock);
    expect(hint.raisedBy).toBeUndefined();
    // and a lab without a setup: the fresh cluster's clock starts again
    const q = page();
    q.land([entry('kubectl apply -f web.yaml')], at(1036));
    hint = nextPausedHint(q.hint, [], at(0));
    expect(hint.raisedBy).toBeUndefined();
  });
});

const content = loadContent(path.join(process.cwd(), 'content')).content;
const loaded = content.labs.get('first-deployment')!;
const scenario: HostScenario = { id: `lab:${loaded.lab.id}`, topology: loaded.lab.topology, seed: loaded.lab.seed, members: loaded.lab.members, setup: loaded.lab.setup };
const hostLab: HostLab = { files: Object.entries(loaded.starterFiles).map(([p, c]) => ({ path: p, content: c })), goals: loaded.lab.goals.map((g) => ({ id: g.id, check: g.check })) };

/**
 * The lab's worker session (paused: no frame timer) and the page's side of it: each page
 * message's answers are folded into the page's state and rendered once, or in two frames
 * (the output, then the view) with `split`, as the page's batching may cut them.
 */
function labPage(firstViewLate = false) {
  let posted: WorkerMessage[] = [];
  /** messages the page has not folded in yet */
  let held: WorkerMessage[] = [];
  const session = new WorkerSession((m) => posted.push(m), { start() {}, stop() {} });
  let state: SimState = initialSimState;
  let hint = NO_PAUSED_HINT;
  let requestId = 0;
  const render = (messages: WorkerMessage[]) => {
    state = simReducer(state, { type: 'messages', messages });
    hint = nextPausedHint(hint, state.terminal, state.view);
  };
  const send = (message: PageMessage, split = false) => {
    posted = [...held];
    held = [];
    session.receive(message);
    const views = posted.filter((m) => m.type === 'view');
    if (split) {
      render(posted.filter((m) => m.type !== 'view'));
      render(views);
    } else render(posted);
  };
  send({ type: 'init', scenario, lab: hostLab });
  // the worker's first view, computed after it announced the cluster ready, not folded in
  // yet: the learner types in the frame between
  if (firstViewLate) {
    held = posted.filter((m) => m.type === 'view');
    state = simReducer(initialSimState, { type: 'messages', messages: posted.filter((m) => m.type !== 'view') });
    hint = nextPausedHint(NO_PAUSED_HINT, state.terminal, state.view);
  }
  return {
    run: (line: string, split = false) => {
      requestId += 1;
      state = simReducer(state, { type: 'busy', line });
      send({ type: 'runCommand', requestId, line }, split);
    },
    /** Apply of the starter file */
    apply: () => {
      requestId += 1;
      state = simReducer(state, { type: 'busy', line: 'kubectl apply -f deployment.yaml' });
      send({ type: 'apply', requestId, files: hostLab.files, path: 'deployment.yaml' });
    },
    send,
    get hint() {
      return hint;
    },
    get state() {
      return state;
    },
  };
}

describe('the paused-clock hint on the lab’s own worker', () => {
  it('comes after Apply and after commands that leave the clock, not after the ones that run it; Step and sim tick take it away', () => {
    const page = labPage();
    expect(page.hint.raisedBy).toBeUndefined();
    page.apply();
    expect(page.hint.raisedBy?.result.line).toBe('kubectl apply -f deployment.yaml');
    // the Deployment is not available yet: kubectl wait waits for it (its view a frame after its output)
    page.run('kubectl wait --for=condition=Available deployment/web --timeout=60s', true);
    expect(page.state.terminal.at(-1)?.result.stdout).toBe('deployment.apps/web condition met\n');
    expect(page.hint.raisedBy).toBeUndefined();

    page.run('kubectl scale deployment web --replicas=3');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl scale deployment web --replicas=3');
    page.run('kubectl get deployments');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl scale deployment web --replicas=3');
    // rollout status follows the rollout as the clock plays: started paused, it left the clock too
    page.run('kubectl rollout status deployment/web');
    expect(page.state.terminal.at(-1)?.result.watch).toBe('running');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl scale deployment web --replicas=3');
    page.run('sim settle', true);
    expect(page.state.terminal.some((e) => e.result.stdout.includes('successfully rolled out'))).toBe(true);
    expect(page.hint.raisedBy).toBeUndefined();

    page.run('kubectl get pods');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl get pods');
    page.send({ type: 'step', ticks: 1 });
    expect(page.hint.raisedBy).toBeUndefined();
    page.run('kubectl logs deploy/web', true);
    expect(page.hint.raisedBy).toBeDefined();
    page.run('sim tick 10', true);
    expect(page.hint.raisedBy).toBeUndefined();
  });

  it('comes after a command typed before the page folded in the worker’s first view', () => {
    const page = labPage(true);
    expect(page.state.view).toBeUndefined();
    page.run('kubectl create namespace shop');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl create namespace shop');
    const late = labPage(true);
    late.run('sim tick 10');
    expect(late.hint.raisedBy).toBeUndefined();
  });

  it('comes after a live kubectl get -w started while paused, and its rows as Step moves the clock raise nothing', () => {
    const page = labPage();
    page.run('kubectl get pods -w');
    expect(page.state.terminal.at(-1)?.result.watch).toBe('running');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl get pods -w');
    page.apply();
    expect(page.hint.raisedBy?.result.line).toBe('kubectl get pods -w');
    for (let i = 0; i < 30; i++) page.send({ type: 'step', ticks: 20 });
    expect(page.state.terminal.at(-1)?.continued).toBe(true);
    expect(page.hint.raisedBy).toBeUndefined();
    // Ctrl+C at the empty prompt ends the watch: nothing landed, and the clock stays where it was
    page.run('kubectl get pods');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl get pods');
    page.send({ type: 'interrupt' });
    expect(page.state.terminal.findLast((e) => e.result.line === 'kubectl get pods -w')?.result.watch).toBe('stopped');
    expect(page.hint.raisedBy?.result.line).toBe('kubectl get pods');
  });
});
