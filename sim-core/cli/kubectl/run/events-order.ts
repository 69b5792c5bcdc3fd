// The order `kubectl get events` shows. kubectl prints Events in the order the API server
// lists them, which is etcd key order, i.e. by name; client-go's recorder names an Event
// `<object>.<first occurrence as UnixNano in hex>` (tools/record/event.go makeEvent), so
// a real cluster lists Events in the order they first happened. The simulated recorders
// name Events with random hex, so the runner restores that order: first occurrence, then
// creation order (resourceVersion).
import type { Event } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { parseTimestamp } from '../clock';

function firstSeen(e: Event): number {
  return parseTimestamp(e.firstTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp ?? '') ?? 0;
}

export function inFirstOccurrenceOrder(items: readonly KubeObject[]): KubeObject[] {
  return [...items].sort((a, b) => {
    const d = firstSeen(a as Event) - firstSeen(b as Event);
    if (d !== 0) return d;
    return Number(a.metadata?.resourceVersion ?? 0) - Number(b.metadata?.resourceVersion ?? 0);
  });
}
