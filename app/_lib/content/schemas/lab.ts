// content/labs/<lab-id>/lab.yaml: a lab carries its own proof, as an Exercism exercise
// carries .meta/: goals, a starter state that must fail at least one goal and a reference
// solution (an action log) that must pass all of them.
import { z } from 'zod';
import { kebabId, localizedText, terminalLine } from './localized';
import { controlPlanesField, refineControlPlanes, TOPOLOGIES } from './scenario';
import { goalCheckSchema } from '../../../../sim-core/grading/goals';

const labPath = z
  .string()
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'a relative path inside the lab folder, without ".."')
  .max(256);

export const labGoalSchema = z.strictObject({
  id: kebabId,
  description: localizedText.meta({ description: 'what the learner must achieve, shown in the goal checklist' }),
  check: goalCheckSchema.meta({
    description: "the predicate evaluated over the simulated etcd contents and history (kinds and fields: sim-core/grading/README.md)",
  }),
});

export const labSchema = z
  .strictObject({
    id: kebabId.meta({ description: 'equals the lab folder name' }),
    title: localizedText,
    brief: localizedText.meta({ description: 'the task, in Markdown' }),
    topology: z.enum(TOPOLOGIES),
    seed: z.number().int().min(0).max(2 ** 31 - 1),
    members: z.number().int().min(1).max(7).default(3),
    controlPlanes: controlPlanesField,
    setup: z
      .array(terminalLine)
      .default([])
      .meta({ description: 'initial objects and faults: terminal lines run before the learner starts' }),
    starter: z
      .array(z.strictObject({ path: labPath, from: labPath }))
      .default([])
      .meta({ description: 'workspace files: `path` in the workspace, copied `from` a file in the lab folder' }),
    goals: z
      .array(labGoalSchema)
      .min(1, 'a lab needs at least one goal')
      .superRefine((goals, ctx) => {
        // goal results are stored and counted on the dashboard by id
        const seen = new Set<string>();
        goals.forEach((g, i) => {
          if (seen.has(g.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `the goal id '${g.id}' is used twice; goal ids must be unique in a lab` });
          seen.add(g.id);
        });
      }),
    hints: z
      .array(localizedText)
      .min(1, 'a lab needs at least one hint, in both languages')
      .meta({ description: 'progressive hints, from a nudge to nearly the answer' }),
    solution: labPath.meta({ description: 'the reference solution: a JSON action log file in the lab folder' }),
  })
  .superRefine(refineControlPlanes)
  .meta({ title: 'Lab (lab.yaml)' });

export type Lab = z.infer<typeof labSchema>;
export type LabGoal = z.infer<typeof labGoalSchema>;
