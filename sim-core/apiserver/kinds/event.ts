// core/v1 Event (what `kubectl get events` and `describe` show). The API server writes
// Events with a 1-hour etcd lease so they expire (kube-apiserver --event-ttl=1h).
import type { z } from 'zod';
import { int32, microTime, str, struct, time } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { objectReferenceSchema } from './endpoints';
import { invalid, notSupported, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const eventSchema = struct('Event', {
  ...typeAndObjectMeta,
  involvedObject: objectReferenceSchema,
  reason: str(),
  message: str(),
  source: struct('EventSource', { component: str(), host: str() }),
  firstTimestamp: time(),
  lastTimestamp: time(),
  count: int32(),
  type: str(),
  eventTime: microTime(),
  series: struct('EventSeries', { count: int32(), lastObservedTime: microTime() }),
  action: str(),
  related: objectReferenceSchema,
  reportingComponent: str(),
  reportingInstance: str(),
});

export type Event = z.infer<typeof eventSchema>;

/** Event TTL in seconds: the lease the API server attaches to every Event. */
export const EVENT_TTL_SECONDS = 3600;

export const eventKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  etcdPrefix: '/registry/events',
  schema: eventSchema,
  nameRule: nameIsDNSSubdomain,
  defaults: (obj) => ({ ...obj }),
  validate(obj) {
    const ev = obj as Event;
    const errs: FieldError[] = validateObjectMeta(ev.metadata, true, nameIsDNSSubdomain);
    const ns = ev.metadata?.namespace ?? '';
    const involvedNs = ev.involvedObject?.namespace ?? '';
    if (involvedNs !== '' && involvedNs !== ns) {
      errs.push(invalid('involvedObject.namespace', involvedNs, 'does not match event.namespace'));
    }
    if (ev.type !== undefined && ev.type !== 'Normal' && ev.type !== 'Warning') {
      errs.push(notSupported('type', ev.type, ['Normal', 'Warning']));
    }
    return errs;
  },
};
