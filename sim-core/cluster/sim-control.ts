// The `sim` commands' port: time and faults, the things a teacher does to a cluster.
import type { MemberStatusRow, SimControlPort, SimResult } from '../cli/ports';
import type { Simulation } from './etcd-only';

export class SimControl implements SimControlPort {
  constructor(private readonly sim: Simulation) {}

  now(): number {
    return this.sim.now;
  }
  tick(n: number): void {
    this.sim.tick(n);
  }
  settle(capTicks: number): number {
    return this.sim.runUntilIdle(capTicks);
  }
  kill(target: string): SimResult {
    return this.sim.kill(target);
  }
  restart(target: string): SimResult {
    return this.sim.restart(target);
  }
  partition(groups: string[][]): SimResult {
    return this.sim.partition(groups);
  }
  heal(): SimResult {
    return this.sim.heal();
  }
  status(): MemberStatusRow[] {
    return this.sim.memberStatus();
  }
  resolveMember(target: string): string | undefined {
    return this.sim.resolveMember(target);
  }
}
