// What `kubectl set image|env|resources` change: the Pod spec of a Pod, or of a workload's
// Pod template (polymorphichelpers.UpdatePodSpecForObject), and its containers as `-c`
// selects them (pkg/cmd/set/helper.go selectContainers, with `*` wildcards).
import type { ApiResult, KubeObject } from '../../../client';
import { patchObject } from './api';
import type { RunEnv } from './env';
import type { LiveObject } from './objects';

export interface ContainerLike {
  name?: string;
  [field: string]: unknown;
}

export interface PodSpecLike {
  containers?: ContainerLike[];
  initContainers?: ContainerLike[];
}

/** The Pod spec to change, or undefined for an object that has none (a Service, a ConfigMap). */
export function podSpecOf(obj: KubeObject): PodSpecLike | undefined {
  if (obj.kind === 'Pod') return (obj.spec ?? undefined) as PodSpecLike | undefined;
  return ((obj.spec as { template?: { spec?: unknown } } | undefined)?.template?.spec ?? undefined) as PodSpecLike | undefined;
}

/** UpdatePodSpecForObject's refusal, as set image|env|resources print it (prefixed with resource/name). */
export function noPodTemplate(resource: string, name: string, kind: string): string {
  return `error: ${resource}/${name} the object is not a pod or does not have a pod template: *v1.${kind}\n`;
}

/** helper.go selectString: `*` matches any run of characters; without one, the name itself. */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  // as the Go loop does it: each part found in order after the previous one, the first at
  // the start and the last at the end
  const parts = spec.split('*');
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.length === 0) continue;
    // strings.Index(s[pos:], part): relative to pos, compared with pos as the Go code does
    const next = s.slice(pos).indexOf(part);
    if (next < pos || (i === 0 && pos !== 0) || (i === parts.length - 1 && s.length !== part.length + next)) return false;
    pos = next;
  }
  return true;
}

/** The containers `-c` selects: the containers, then the init containers (set env and set resources' order). */
export function selectedContainers(spec: PodSpecLike, selector: string): ContainerLike[] {
  const pick = (list: ContainerLike[] | undefined): ContainerLike[] => (list ?? []).filter((c) => selectString(c.name ?? '', selector));
  return [...pick(spec.containers), ...pick(spec.initContainers)];
}

/**
 * Where a set command's change goes once its patch is computed (set_image.go, set_env.go,
 * set_resources.go alike): nowhere under --local or a client dry run, which print the object
 * as changed here; else a strategic merge PATCH, whose answer is what is printed. The
 * object to print, or the server's refusal for the caller to wrap in its words.
 */
export function sendTemplatePatch(env: RunEnv, live: LiveObject, changed: KubeObject, patch: Record<string, unknown>, local: boolean): ApiResult<KubeObject> {
  if (local || env.cmd.dryRun === 'client') return { ok: true, value: changed };
  return patchObject(env, live.def, live.namespace, live.name, 'application/strategic-merge-patch+json', patch);
}
