// content/scenarios/<id>.yaml: a simulated cluster a lesson embeds with ::sim and a predict
// question replays. Topologies follow ../shared/DESIGN.md §6: etcd-only is a bare etcd,
// default adds a control-plane node and three workers.
import { z } from 'zod';
import { kebabId, localizedText, terminalLine } from './localized';
import { SPEED_PRESETS } from '@/app/_lib/sim-worker/protocol';

export const TOPOLOGIES = ['etcd-only', 'default'] as const;
export const FAULTS = ['kill-member', 'restart-member', 'partition', 'heal', 'kill-node', 'restart-node'] as const;

/** A scenario's or a lab's control-plane nodes (the default topology's), 1–5. */
export const controlPlanesField = z
  .number()
  .int()
  .min(1, 'a cluster has 1 to 5 control-plane nodes')
  .max(5, 'a cluster has 1 to 5 control-plane nodes')
  .default(1)
  .meta({
    description:
      'topology default: control-plane nodes (1–5, default 1). With 3, control-plane, control-plane-2 and control-plane-3 each run a kube-controller-manager and a kube-scheduler that elect a leader through their Leases',
  });

/**
 * How fast the cluster plays until the learner picks another speed: one of the Speed
 * select's presets, in ticks a second (a tick is 10 ms). Absent: 10, a tenth of real time,
 * slow enough to follow Raft's messages; a control-plane story (a rollout, a node failing)
 * reads better at 100, real time. It changes nothing a replay does: saved work is kept.
 */
export const speedField = z
  .literal([...SPEED_PRESETS])
  .optional()
  .meta({ description: `ticks a second the cluster plays at until the learner picks another speed (${SPEED_PRESETS.join(', ')}; default 10, a tenth of real time; 100 is real time)` });

/** Only the default topology has control-plane nodes to add. */
export function refineControlPlanes(cluster: { topology: string; controlPlanes: number }, ctx: z.RefinementCtx): void {
  if (cluster.controlPlanes !== 1 && cluster.topology !== 'default')
    ctx.addIssue({ code: 'custom', path: ['controlPlanes'], message: `an ${cluster.topology} cluster has no control-plane nodes; use topology: default or remove controlPlanes` });
}

export const scenarioSchema = z
  .strictObject({
    id: kebabId.meta({ description: 'equals the file name without .yaml' }),
    title: localizedText,
    topology: z.enum(TOPOLOGIES).meta({ description: 'etcd-only: a bare etcd cluster; default: control plane + 3 workers' }),
    seed: z.number().int().min(0).max(2 ** 31 - 1).meta({ description: 'the simulation seed: same seed, same run' }),
    members: z
      .number()
      .int()
      .min(1, 'an etcd cluster has 1 to 7 members')
      .max(7, 'an etcd cluster has 1 to 7 members')
      .default(3)
      .meta({ description: 'number of etcd members (1–7), default 3' }),
    controlPlanes: controlPlanesField,
    speed: speedField,
    setup: z
      .array(terminalLine)
      .default([])
      .meta({ description: 'terminal lines run before the learner sees the cluster' }),
    faults: z
      .array(z.enum(FAULTS))
      .default([])
      .meta({ description: 'which fault buttons the cluster view offers' }),
    suggested: z
      .array(terminalLine)
      .default([])
      .meta({ description: 'terminal lines offered as one-click commands' }),
  })
  .superRefine(refineControlPlanes)
  .superRefine(refineNodeFaults)
  .meta({ title: 'Scenario (content/scenarios/<id>.yaml)' });

/** Only the default topology has nodes: on etcd-only a node fault button would fail on every click. */
function refineNodeFaults(scenario: { topology: string; faults: readonly string[] }, ctx: z.RefinementCtx): void {
  if (scenario.topology === 'default') return;
  scenario.faults.forEach((fault, i) => {
    if (fault === 'kill-node' || fault === 'restart-node')
      ctx.addIssue({ code: 'custom', path: ['faults', i], message: `${fault} needs worker nodes, and an ${scenario.topology} cluster has none; use topology: default or remove it (an ${scenario.topology} cluster offers kill-member, restart-member, partition and heal)` });
  });
}

export type Scenario = z.infer<typeof scenarioSchema>;
