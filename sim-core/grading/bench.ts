// A synthetic grading workload for the bench script (`grade_1000_actions_ms`): an
// etcd-only log of puts, gets, deletes and ticks, with a state goal and a history goal,
// graded from scratch. No timing here (sim-core has no clock); the caller times it.
import type { ActionLog } from '../cluster/actions';
import { grade } from './replay';

export interface BenchGradeResult {
  actions: number;
  passed: boolean;
  stateHash: string;
  ticks: number;
}

export function syntheticLog(actions: number): ActionLog {
  const log: ActionLog = [];
  for (let i = 0; i < actions; i++) {
    const key = `/bench/k${i % 50}`;
    switch (i % 4) {
      case 0:
        log.push({ type: 'command', line: `etcdctl put ${key} v${i}` });
        break;
      case 1:
        log.push({ type: 'command', line: `etcdctl get ${key}` });
        break;
      case 2:
        log.push({ type: 'tick', ticks: 5 });
        break;
      default:
        log.push({ type: 'command', line: `etcdctl del ${key}` });
    }
  }
  log.push({ type: 'command', line: 'etcdctl put /bench/done yes' });
  return log;
}

export function benchGrade(actions = 1_000): BenchGradeResult {
  const r = grade({
    topology: 'etcd-only',
    seed: 42,
    members: 3,
    actionLog: syntheticLog(Math.max(0, actions - 1)),
    goals: [
      { id: 'done', check: { kind: 'keyValue', key: '/bench/done', equals: 'yes' } },
      { id: 'never-forbidden', check: { kind: 'always', condition: { kind: 'keyAbsent', key: '/bench/forbidden' } } },
    ],
  });
  if (!r.ok) throw new Error(`benchGrade: the synthetic log was refused: ${r.error}`);
  return { actions, passed: r.passed, stateHash: r.stateHash, ticks: r.ticks };
}
