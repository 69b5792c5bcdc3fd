// gradeLab(): grade() with a lab's own settings — the lab.yaml the content loader parsed
// (topology, seed, members, control-plane nodes, setup lines, goals) and its starter files.
import type { GradeCaps } from './caps';
import { grade, type GradeResult, type ReplayStep } from './replay';

/** The parts of a loaded lab grading needs (app/_lib/content's Lab, structurally). */
export interface GradableLab {
  topology: string;
  seed: number;
  members?: number;
  /** `default` topology: worker nodes (default 3) */
  workers?: number;
  /** `default` topology: control-plane nodes (default 1; 3 is an HA control plane) */
  controlPlanes?: number;
  setup?: readonly string[];
  goals: readonly { id: string; check: unknown }[];
}

export function gradeLab(
  lab: GradableLab,
  actionLog: unknown,
  options: {
    starterFiles?: Readonly<Record<string, string>>;
    caps?: Partial<GradeCaps>;
    /** sees every setup line and action as grade() dispatches it */
    observe?: (step: ReplayStep) => void;
  } = {},
): GradeResult {
  return grade({
    topology: lab.topology,
    seed: lab.seed,
    ...(lab.members !== undefined ? { members: lab.members } : {}),
    ...(lab.workers !== undefined ? { workers: lab.workers } : {}),
    ...(lab.controlPlanes !== undefined ? { controlPlanes: lab.controlPlanes } : {}),
    setup: lab.setup ?? [],
    ...(options.starterFiles !== undefined ? { files: options.starterFiles } : {}),
    actionLog,
    goals: lab.goals.map((g) => ({ id: g.id, check: g.check })),
    ...(options.caps !== undefined ? { caps: options.caps } : {}),
  }, options.observe);
}
