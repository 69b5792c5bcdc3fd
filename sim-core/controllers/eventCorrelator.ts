// client-go's EventCorrelator (tools/record/events_cache.go), which every core/v1 event
// recorder runs before writing, in its order:
// 1. aggregate: events alike but for their message (same source, object, type, reason)
//    are counted per 10-minute window; from the 10th distinct message on, they become one
//    Event whose message is "(combined from similar events): <latest message>";
// 2. observe: an Event identical to one already written (same source, object, type,
//    reason, message) is not created again: the existing one is patched with count+1,
//    the new lastTimestamp and the message (that is the "(x3 over 2m)" of describe);
// 3. spam filter: a token bucket per source and object (burst 25, one token per
//    5 minutes) drops what exceeds it.
// The caches are LRUs of 4,096 entries in client-go; here plain maps, cleared when they
// pass that size (a simulated run records far fewer keys).
import type { Event } from '../apiserver';

export const SPAM_BURST = 25;
/** one token every 300 s (defaultSpamQPS = 1/300) */
export const SPAM_REFILL_MS = 300_000;
/** defaultAggregateMaxEvents */
export const AGGREGATE_MAX_EVENTS = 10;
/** defaultAggregateIntervalInSeconds */
export const AGGREGATE_INTERVAL_MS = 600_000;
const CACHE_ENTRIES = 4096;

export type Correlation =
  | { action: 'create'; event: Event }
  | { action: 'patch'; event: Event; patch: { count: number; lastTimestamp: string; message: string } }
  | { action: 'skip' };

interface Observation {
  count: number;
  firstTimestamp: string;
  name: string;
}

function sourceObjectKey(ev: Event): string[] {
  const o = ev.involvedObject ?? {};
  return [ev.source?.component ?? '', ev.source?.host ?? '', o.kind ?? '', o.namespace ?? '', o.name ?? '', o.uid ?? '', o.apiVersion ?? ''];
}

function boundedSet<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key) && map.size >= CACHE_ENTRIES) map.clear();
  map.set(key, value);
}

export class EventCorrelator {
  private readonly aggregates = new Map<string, { messages: Set<string>; lastMs: number }>();
  private readonly observations = new Map<string, Observation>();
  private readonly buckets = new Map<string, { tokens: number; lastMs: number }>();

  /** What to write for a freshly made Event (its name, count 1, timestamps set) at `nowMs`. */
  correlate(fresh: Event, nowMs: number, combinedName: () => string): Correlation {
    // the three steps change the Event's name, message and count, never its source or object: one key serves them all
    const sourceObject = sourceObjectKey(fresh);
    const [ev, key] = this.aggregate(fresh, sourceObject, nowMs, combinedName);
    const observed = this.observe(ev, key);
    if (!this.allow(sourceObject.join(''), nowMs)) return { action: 'skip' };
    if ((observed.count ?? 1) > 1) {
      return { action: 'patch', event: observed, patch: { count: observed.count ?? 1, lastTimestamp: observed.lastTimestamp ?? '', message: observed.message ?? '' } };
    }
    return { action: 'create', event: observed };
  }

  private aggregate(ev: Event, sourceObject: readonly string[], nowMs: number, combinedName: () => string): [Event, string] {
    const aggregateKey = [...sourceObject, ev.type ?? '', ev.reason ?? '', ev.reportingComponent ?? '', ev.reportingInstance ?? ''].join('');
    const localKey = ev.message ?? '';
    let record = this.aggregates.get(aggregateKey);
    if (!record || nowMs - record.lastMs > AGGREGATE_INTERVAL_MS) record = { messages: new Set(), lastMs: nowMs };
    record.messages.add(localKey);
    record.lastMs = nowMs;
    boundedSet(this.aggregates, aggregateKey, record);
    const eventKey = [...sourceObject.slice(0, 5), ev.involvedObject?.fieldPath ?? '', ...sourceObject.slice(5), ev.type ?? '', ev.reason ?? '', localKey].join('');
    if (record.messages.size < AGGREGATE_MAX_EVENTS) return [ev, eventKey];
    // Do not grow the set of distinct messages past the limit (client-go pops one).
    const first = record.messages.values().next().value;
    if (first !== undefined) record.messages.delete(first);
    const combined: Event = {
      ...ev,
      metadata: { ...ev.metadata, name: `${ev.involvedObject?.name ?? ''}.${combinedName()}` },
      message: `(combined from similar events): ${ev.message ?? ''}`,
      count: 1,
    };
    return [combined, aggregateKey];
  }

  private observe(ev: Event, key: string): Event {
    const last = this.observations.get(key);
    let out = ev;
    if (last && last.count > 0) {
      out = { ...ev, metadata: { ...ev.metadata, name: last.name }, firstTimestamp: last.firstTimestamp, count: last.count + 1 };
    }
    boundedSet(this.observations, key, { count: out.count ?? 1, firstTimestamp: out.firstTimestamp ?? '', name: out.metadata?.name ?? '' });
    return out;
  }

  /** EventSourceObjectSpamFilter: a token bucket per source and involved object. */
  private allow(key: string, nowMs: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) bucket = { tokens: SPAM_BURST, lastMs: nowMs };
    const refill = Math.floor((nowMs - bucket.lastMs) / SPAM_REFILL_MS);
    if (refill > 0) bucket = { tokens: Math.min(SPAM_BURST, bucket.tokens + refill), lastMs: bucket.lastMs + refill * SPAM_REFILL_MS };
    // A full bucket does not bank time towards the next token.
    if (bucket.tokens >= SPAM_BURST) bucket = { ...bucket, lastMs: nowMs };
    const ok = bucket.tokens >= 1;
    if (ok) bucket = { ...bucket, tokens: bucket.tokens - 1 };
    boundedSet(this.buckets, key, bucket);
    return ok;
  }
}
