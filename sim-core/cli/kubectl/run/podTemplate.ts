// What `kubectl set image|env|resources` change: the Pod spec of a Pod, or of a workload's
// Pod template (polymorphichelpers.UpdatePodSpecForObject), and its containers as `-c`
// selects them (pkg/cmd/set/helper.go selectContainers, with `*` wildcards).
import type { KubeObject } from '../../../client';

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
