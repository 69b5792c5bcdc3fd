// client-go's EventRecorder for controllers (tools/record): each call makes an Event whose
// `source.component` names the controller ("deployment-controller",
// "replicaset-controller", "node-controller", …), runs it through the EventCorrelator
// (aggregation, count/lastTimestamp for repeats, spam filter) and writes it through the
// API like any object: a create, or a patch of the existing Event for a repeat — and a
// create again when that patch finds the Event gone (it expired with its 1-hour lease).
// Events about cluster-scoped objects (Nodes) go to the `default` namespace, as the real
// recorder does. The name's suffix is the clock's nanoseconds in hex in client-go; here
// the process PRNG, so a run stays a function of its seed.
import type { Event } from '../apiserver';
import { tickToMillis } from '../cli/kubectl/clock';
import { isNotFound, type KubeObject } from '../client';
import { newEvent } from '../scheduler/events';
import type { ControllerContext } from './context';
import { EventCorrelator } from './eventCorrelator';

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  event(involved: KubeObject, type: EventType, reason: string, message: string): void;
}

function hex16(ctx: ControllerContext): string {
  return ctx.prng.nextU32().toString(16).padStart(8, '0') + ctx.prng.nextU32().toString(16).padStart(8, '0');
}

/** A recorder that writes Events through the controller's API client. */
export function apiEventRecorder(ctx: ControllerContext, component: string): EventRecorder {
  const correlator = new EventCorrelator();
  const create = (ev: Event): void => {
    // An Event that cannot be written is dropped (the real broadcaster retries a few times, then gives up).
    ctx.api.request({ verb: 'create', resource: 'events', namespace: ev.metadata?.namespace ?? 'default', body: ev as KubeObject });
  };
  return {
    event(involved, type, reason, message) {
      const fresh = newEvent(involved, type, reason, message, { component }, ctx.clock.tick(), ctx.prng);
      const result = correlator.correlate(fresh, tickToMillis(ctx.clock.tick()), () => hex16(ctx));
      if (result.action === 'skip') return;
      if (result.action === 'create') return create(result.event);
      const ev = result.event;
      ctx.api.request(
        {
          verb: 'patch',
          resource: 'events',
          namespace: ev.metadata?.namespace ?? 'default',
          name: ev.metadata?.name ?? '',
          patchType: 'application/strategic-merge-patch+json',
          patch: result.patch,
        },
        (r) => {
          if (!r.ok && isNotFound(r.error)) create(ev);
        },
      );
    },
  };
}
