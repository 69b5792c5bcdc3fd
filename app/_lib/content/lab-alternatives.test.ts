// Labs judged on other roads than their reference solution: a goal must pass every way of
// really doing what it says, and fail the ways that only look like it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from './loader';
import { gradeLab } from '@/sim-core/grading';
import type { ActionLog } from '@/sim-core/cluster/actions';

const content = loadContent(path.join(process.cwd(), 'content')).content;

function verdict(labId: string, lines: string[]) {
  const loaded = content.labs.get(labId)!;
  const log: ActionLog = lines.map((line) => ({ type: 'command', line }));
  const graded = gradeLab(loaded.lab, log, { starterFiles: loaded.starterFiles });
  if (!graded.ok) throw new Error(graded.error);
  return Object.fromEntries(graded.goals.map((g) => [g.id, g.passed]));
}

describe('broken-link', () => {
  it('counts a scheduler restarted twice (two takeovers of its Lease) as repaired', () => {
    expect(verdict('broken-link', ['sim restart kube-scheduler', 'sim tick 1600', 'sim kill kube-scheduler', 'sim restart kube-scheduler', 'sim tick 1600', 'sim settle'])).toEqual({ 'four-ready': true, 'link-repaired': true });
  });

  it('does not count a Lease deleted instead of taken over (the hint says so), nor a scheduler never restarted', () => {
    expect(verdict('broken-link', ['kubectl delete lease -n kube-system kube-scheduler', 'sim restart kube-scheduler', 'sim settle'])).toEqual({ 'four-ready': true, 'link-repaired': false });
    expect(verdict('broken-link', ['sim tick 1600', 'sim settle'])).toEqual({ 'four-ready': false, 'link-repaired': false });
  });
});
