// core/v1 Events the scheduler and kubelet record (client-go tools/record): named
// `<object>.<16 hex digits>` (the real recorder uses the clock's nanoseconds; here the
// process PRNG, so a run stays a function of its seed), with firstTimestamp and
// lastTimestamp from the simulated clock. `kubectl describe` shows them.
import type { Event } from '../apiserver';
import type { KubeObject } from '../client';
import type { Prng } from '../kernel';
import { tickToTimestamp } from '../cli/kubectl/clock';

export interface EventSource {
  component: string;
  host?: string;
}

function hex16(rng: Prng): string {
  return rng.nextU32().toString(16).padStart(8, '0') + rng.nextU32().toString(16).padStart(8, '0');
}

export function newEvent(
  involved: KubeObject,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  source: EventSource,
  now: number,
  rng: Prng,
): Event {
  const meta = involved.metadata ?? {};
  const ts = tickToTimestamp(now);
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${meta.name ?? ''}.${hex16(rng)}`, namespace: meta.namespace ?? 'default' },
    involvedObject: {
      kind: involved.kind ?? '',
      namespace: meta.namespace,
      name: meta.name,
      uid: meta.uid,
      apiVersion: involved.apiVersion ?? 'v1',
      resourceVersion: meta.resourceVersion,
    },
    reason,
    message,
    source: source.host === undefined ? { component: source.component } : { component: source.component, host: source.host },
    firstTimestamp: ts,
    lastTimestamp: ts,
    count: 1,
    type,
    reportingComponent: source.component,
    reportingInstance: source.host ?? '',
  };
}
