// The objects a command names: `TYPE NAME…`, `TYPE/NAME…`, `TYPE` (all of that type, with
// -l/--field-selector) or `-f FILE` — resolved to kind, namespace and name.
import type { KindDefinition } from '../../../apiserver';
import type { RunEnv } from './env';
import { readManifests } from './manifests';

export interface Target {
  def: KindDefinition;
  /** undefined: every object of the type that matches the selectors */
  name?: string;
  /** '' for cluster-scoped kinds */
  namespace: string;
  /** the file it was named in, for messages */
  source?: string;
}

export type TargetsResult = { ok: true; targets: Target[] } | { ok: false; error: string };

export function commandTargets(env: RunEnv): TargetsResult {
  if (env.cmd.filenames.length > 0) {
    const m = readManifests(env);
    if (!m.ok) return m;
    return { ok: true, targets: m.objects.map((o) => ({ def: o.def, name: o.name, namespace: o.namespace, source: o.source })) };
  }
  return {
    ok: true,
    targets: env.cmd.targets.map((t) => ({ def: t.def, ...(t.name !== undefined ? { name: t.name } : {}), namespace: t.def.namespaced ? env.namespace : '' })),
  };
}
