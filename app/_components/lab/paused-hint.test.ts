// The hint that a lab's cluster waits with its clock paused: raised when a command of the
// learner's lands while paused, gone once the clock plays, and not raised by what the
// learner did not just do (the work replayed on load, a line cancelled with Ctrl+C) or by
// the commands that move the clock themselves.
import { describe, expect, it } from 'vitest';
import type { TerminalEntry } from '@/app/_components/sim/sim-state';
import { nextPausedHint, NO_PAUSED_HINT, type PausedHint } from './paused-hint';

let ids = 0;
function entry(line: string, extra: Partial<TerminalEntry> = {}): TerminalEntry {
  ids += 1;
  return { id: ids, origin: 'learner', result: { line, stdout: '', stderr: '', exitCode: 0 }, ...extra };
}

/** The hint after a run of renders, each a terminal's newest entry and the clock. */
function after(renders: [TerminalEntry | undefined, boolean][], from: PausedHint = NO_PAUSED_HINT): PausedHint {
  return renders.reduce((h, [latest, playing]) => nextPausedHint(h, latest, playing), from);
}

describe('the paused-clock hint', () => {
  it('is raised by Apply or a command landing while paused, and goes when the clock plays', () => {
    const setup = entry('kubectl create namespace shop', { origin: 'setup' });
    const apply = entry('kubectl apply -f deployment.yaml');
    expect(after([[setup, false]]).raisedBy).toBeUndefined();
    const raised = after([[setup, false], [apply, false]]);
    expect(raised.raisedBy).toBe(apply);
    // a render with nothing new keeps the same state object
    expect(nextPausedHint(raised, apply, false)).toBe(raised);
    // more commands landing while it is up leave it raised by the first: it does not come and go
    expect(nextPausedHint(raised, entry('kubectl get pods'), false).raisedBy).toBe(apply);
    expect(nextPausedHint(raised, apply, true).raisedBy).toBeUndefined();
    // paused again, it stays down until the next command lands
    expect(after([[apply, true], [apply, false]], raised).raisedBy).toBeUndefined();
    expect(after([[apply, true], [apply, false], [entry('kubectl get pods'), false]], raised).raisedBy).toBeDefined();
  });

  it('is not raised by a command that lands while the clock plays', () => {
    expect(after([[entry('kubectl apply -f web.yaml'), true]]).raisedBy).toBeUndefined();
  });

  it('is not raised by the work replayed on load, nor by a line cancelled with Ctrl+C', () => {
    expect(after([[entry('kubectl apply -f web.yaml', { restored: true }), false]]).raisedBy).toBeUndefined();
    expect(after([[entry('kubectl apply -f web.yaml', { interrupted: { lines: [] } }), false]]).raisedBy).toBeUndefined();
    // and a cancelled line leaves a raised hint where it was
    const raised = after([[entry('kubectl apply -f web.yaml'), false]]);
    expect(nextPausedHint(raised, entry('kubectl get po', { interrupted: { lines: [] } }), false).raisedBy).toBeDefined();
  });

  it('goes after sim tick or sim settle, which move the clock themselves, and after Reset lab', () => {
    const raised = after([[entry('kubectl apply -f web.yaml'), false]]);
    expect(nextPausedHint(raised, entry('sim settle'), false).raisedBy).toBeUndefined();
    expect(nextPausedHint(raised, entry('sim tick 100'), false).raisedBy).toBeUndefined();
    expect(nextPausedHint(raised, entry('kubectl create namespace shop', { origin: 'setup' }), false).raisedBy).toBeUndefined();
    // other sim commands change the cluster and wait on the clock like any other
    expect(after([[entry('sim kill node-1'), false]]).raisedBy).toBeDefined();
  });
});
