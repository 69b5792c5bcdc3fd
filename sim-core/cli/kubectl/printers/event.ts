// `kubectl get events`: printers.go printEvent / printEventList (Kubernetes 1.32). LAST SEEN
// falls back to the first timestamp (or eventTime); OBJECT is `kind/name` lowercased; the
// message is trimmed. Wide adds SUBOBJECT, SOURCE ("component, host"), FIRST SEEN, COUNT
// and NAME. The server lists Events in storage order (printEventList does not sort them;
// describe does, see sortEvents).
import type { Event } from '../../../apiserver';
import { parseTimestamp } from '../clock';
import { timestampSince } from '../duration';
import type { TablePrinter } from './table';

export function eventSource(e: Event): string {
  const component = e.source?.component || e.reportingComponent || '';
  const instance = e.source?.host || e.reportingInstance || '';
  if (component === '' && instance === '') return '';
  return instance === '' ? component : `${component}, ${instance}`;
}

export function eventLastSeen(e: Event): string | undefined {
  return e.lastTimestamp || e.firstTimestamp || e.eventTime || undefined;
}

/** events.SortableEvents: ascending by lastTimestamp (stable). */
export function sortEvents(items: readonly Event[]): Event[] {
  const key = (e: Event): number => parseTimestamp(e.lastTimestamp ?? '') ?? Number.NEGATIVE_INFINITY;
  return [...items].sort((a, b) => key(a) - key(b));
}

export const eventPrinter: TablePrinter<Event> = {
  columns: [
    { name: 'Last Seen' },
    { name: 'Type' },
    { name: 'Reason' },
    { name: 'Object' },
    { name: 'Subobject', wide: true },
    { name: 'Source', wide: true },
    { name: 'Message' },
    { name: 'First Seen', wide: true },
    { name: 'Count', wide: true },
    { name: 'Name', wide: true },
  ],
  row(e, ctx) {
    const first = timestampSince(e.firstTimestamp || e.eventTime, ctx.now);
    const last = e.lastTimestamp ? timestampSince(e.lastTimestamp, ctx.now) : first;
    const kind = (e.involvedObject?.kind ?? '').toLowerCase();
    const target = e.involvedObject?.name ? `${kind}/${e.involvedObject.name}` : kind;
    return [
      last,
      e.type ?? '',
      e.reason ?? '',
      target,
      e.involvedObject?.fieldPath ?? '',
      eventSource(e),
      (e.message ?? '').trim(),
      first,
      String(e.count || 1),
      e.metadata?.name ?? '',
    ];
  },
};
