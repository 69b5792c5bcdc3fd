// Which containers `kubectl logs` reads (kubectl pkg/cmd/util/podcmd and polymorphichelpers
// logsforobject.go): without -c, the `kubectl.kubernetes.io/default-container` annotation's or
// the first container, saying so when the Pod has others (init and ephemeral ones named
// too); with --all-containers, every one: init containers, containers, ephemeral containers.
import type { Pod } from '../../../apiserver';

const DEFAULT_CONTAINER = 'kubectl.kubernetes.io/default-container';

interface Named {
  name: string;
}

function lists(pod: Pod): { init: string[]; main: string[]; ephemeral: string[] } {
  const spec = (pod.spec ?? {}) as { initContainers?: Named[]; containers?: Named[]; ephemeralContainers?: Named[] };
  const names = (xs: Named[] | undefined) => (xs ?? []).map((c) => c.name);
  return { init: names(spec.initContainers), main: names(spec.containers), ephemeral: names(spec.ephemeralContainers) };
}

/**
 * logsForObjectWithClient without -c: the container, and what kubectl prints on stderr about
 * it — an annotated container the Pod lacks (`Default container name "x" not found in pod
 * y`, its own words, not podcmd's), then `Defaulted container …` when the Pod has others
 * (`notice`, which --all-pods leaves out).
 */
export function defaultContainer(pod: Pod): { container: string | undefined; warning: string; notice: string } {
  const { init, main, ephemeral } = lists(pod);
  const all = [...main, ...init, ...ephemeral];
  let warning = '';
  const annotated = pod.metadata?.annotations?.[DEFAULT_CONTAINER];
  if (annotated !== undefined && annotated !== '') {
    if (all.includes(annotated)) return { container: annotated, warning, notice: '' };
    warning = `Default container name ${JSON.stringify(annotated)} not found in pod ${pod.metadata?.name ?? ''}\n`;
  }
  const container = main[0];
  let notice = '';
  if (main.length > 1 || init.length > 0 || ephemeral.length > 0) {
    const names = [...main, ...init.map((n) => `${n} (init)`), ...ephemeral.map((n) => `${n} (ephem)`)];
    notice = `Defaulted container ${JSON.stringify(container ?? '')} out of: ${names.join(', ')}\n`;
  }
  return { container, warning, notice };
}

/**
 * --all-containers: every container, init containers first. kubectl keeps the requests in a
 * Go map, so the real one prints them in a rotation of this order that changes from run to run.
 */
export function allContainers(pod: Pod): string[] {
  const { init, main, ephemeral } = lists(pod);
  return [...init, ...main, ...ephemeral];
}
