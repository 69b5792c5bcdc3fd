// content/labs/<lab-id>/lab.yaml: a lab carries its own proof, as an Exercism exercise
// carries .meta/: goals, a starter state that must fail at least one goal and a reference
// solution (an action log) that must pass all of them.
import { z } from 'zod';
import { kebabId, localizedText, terminalLine } from './localized';
import { controlPlanesField, refineControlPlanes, speedField, TOPOLOGIES } from './scenario';
import { KINDS } from '../../../../sim-core/apiserver/kinds';
import { goalCheckSchema } from '../../../../sim-core/grading/goals';

/** The resources the simulated API server serves (its kinds' plural names), which countObjects and sumField count under /registry/<resource>/. */
const SERVED_RESOURCES = KINDS.map((k) => k.resource);

/** countObjects and sumField (also as an always/eventually condition) must name a served resource, or they count nothing and fail for a reason the learner cannot fix. */
function refineResources(check: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = []): void {
  if (typeof check !== 'object' || check === null) return;
  const c = check as { kind?: unknown; resource?: unknown; condition?: unknown };
  if ((c.kind === 'always' || c.kind === 'eventually') && c.condition !== undefined) refineResources(c.condition, ctx, [...path, 'condition']);
  if ((c.kind !== 'countObjects' && c.kind !== 'sumField') || typeof c.resource !== 'string' || SERVED_RESOURCES.includes(c.resource)) return;
  const plural = SERVED_RESOURCES.find((r) => r === `${c.resource}s` || r === `${c.resource}es` || r === (c.resource as string).toLowerCase());
  ctx.addIssue({
    code: 'custom',
    path: [...path, 'resource'],
    message: `the API server serves no resource '${c.resource}'${plural ? ` (did you mean '${plural}'?)` : ''}; write a lower-case plural it serves: ${SERVED_RESOURCES.join(', ')}`,
  });
}

const labPath = z
  .string()
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'a relative path inside the lab folder, without ".."')
  .max(256);

export const labGoalSchema = z.strictObject({
  id: kebabId,
  description: localizedText.meta({ description: 'what the learner must achieve, shown in the goal checklist' }),
  check: goalCheckSchema
    .superRefine((check, ctx) => refineResources(check, ctx))
    .meta({
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
    speed: speedField,
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
    liveExplanations: z
      .boolean()
      .default(true)
      .meta({
        description:
          "whether the live goal checklist shows grading's explanation of each goal as the learner works (default true); false where the explanation names what the learner is asked to find (which binding grants a permission, which node led first) — the verdict after Submit explains every goal either way",
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
