// A loaded lab (app/_lib/content) as a grading job carries it: plain data only.
import type { LoadedLab } from '../content/content-set';
import type { JobLab } from './protocol';
import { controlPlanesOption } from '../content/schemas/control-planes';

export function jobLabOf(loaded: LoadedLab): JobLab {
  const { lab, starterFiles } = loaded;
  // `workers` (the default topology's worker nodes) where the lab schema has it
  const workers = (lab as { workers?: unknown }).workers;
  return {
    topology: lab.topology,
    seed: lab.seed,
    members: lab.members,
    ...controlPlanesOption(lab.controlPlanes),
    ...(typeof workers === 'number' ? { workers } : {}),
    setup: [...lab.setup],
    goals: lab.goals.map((g) => ({ id: g.id, check: g.check })),
    starterFiles: { ...starterFiles },
  };
}
