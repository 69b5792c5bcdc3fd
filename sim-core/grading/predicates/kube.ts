// Kubernetes-level goals over the JSON objects in etcd: how many objects match a selector,
// Pods Running and Ready, a Service with ready endpoints in its EndpointSlices. They judge
// what the API server stored — the cluster's source of truth — not what a client cached.
import { countHolds, describeCount, mustBeKo, describeSelector, listNames, listNamesKo, verdict, type GoalVerdict } from '../explain';
import type { StateCheck } from '../goals';
import { field, getObject, labelsOf, listObjects, podIsReady, podPhase, selectorMatches, type StoredObject } from '../objects';
import type { ClusterView } from '../view';
import { parseJsonPath, valueAtPath } from '../json-path';
import { fieldExpr, testField } from './etcd';

type Check<K extends StateCheck['kind']> = Extract<StateCheck, { kind: K }>;

function scope(namespace: string | undefined): { en: string; ko: string } {
  return namespace === undefined ? { en: '', ko: '' } : { en: ` in namespace ${namespace}`, ko: `네임스페이스 ${namespace}` };
}

function matching(selector: string): { en: string; ko: string } {
  return selector === '' ? { en: '', ko: '' } : { en: ` matching ${selector}`, ko: selector };
}

/** `pods (네임스페이스 default, app=web)`: the Korean subject with its filters in parentheses, so no particle follows a name. */
function subjectKo(what: string, filters: string[]): string {
  const f = filters.filter((x) => x !== '');
  return f.length === 0 ? what : `${what} (${f.join(', ')})`;
}

/**
 * The stored objects of countObjects' and sumField's query, and how to name them in an
 * explanation: ` matching app=web with … in namespace default` and the Korean subject.
 */
function queryObjects(g: Check<'countObjects' | 'sumField'>, view: ClusterView): { found: StoredObject[]; filtersEn: string; subjectKo: string } {
  const where = g.where ?? [];
  const found = listObjects(view, g.resource, g.namespace).filter(
    (o) => selectorMatches(g.selector, labelsOf(o.object)) && where.every((c) => testField(o.object, c).ok),
  );
  const sel = matching(describeSelector(g.selector));
  const cond = where.map(fieldExpr);
  const condEn = cond.length === 0 ? '' : ` with ${cond.map((c) => c.en).join(' and ')}`;
  const ns = scope(g.namespace);
  return { found, filtersEn: `${sel.en}${condEn}${ns.en}`, subjectKo: subjectKo(g.resource, [ns.ko, sel.ko, cond.map((c) => c.ko).join(', ')]) };
}

export function countObjects(g: Check<'countObjects'>, view: ClusterView): GoalVerdict {
  const { found, filtersEn, subjectKo: subject } = queryObjects(g, view);
  const n = found.length;
  const want = describeCount(g.count);
  const names = found.map((o) => o.name);
  const foundEn = n === 0 ? 'found none' : `found ${n} (${listNames(names)})`;
  const foundKo = n === 0 ? '하나도 없음' : `${n}개 있음 (${listNamesKo(names)})`;
  return verdict(countHolds(g.count, n), `expected ${want.en} ${g.resource}${filtersEn}, ${foundEn}`, `${subject}: ${want.ko} 있어야 합니다 — ${foundKo}`);
}

/**
 * A whole-number field added up over the matching objects — e.g. the ReplicaSets' desired
 * replicas, which is what a Deployment's maxSurge bounds (deployment util NewRSNewReplicas
 * caps the sum of spec.replicas, not the Pods that exist at one instant).
 */
export function sumField(g: Check<'sumField'>, view: ClusterView): GoalVerdict {
  const parsed = parseJsonPath(g.path);
  const { found, filtersEn, subjectKo: subject } = queryObjects(g, view);
  const parts = found.map((o) => {
    const v = parsed.ok ? valueAtPath(o.object, parsed.segments) : undefined;
    return { name: o.name, value: typeof v === 'number' && Number.isFinite(v) ? v : 0 };
  });
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const want = describeCount(g.total);
  const each = listNames(parts.map((p) => `${p.name} ${p.value}`));
  const eachKo = listNamesKo(parts.map((p) => `${p.name} ${p.value}`));
  return verdict(
    countHolds(g.total, total),
    `expected ${g.path} of the ${g.resource}${filtersEn} to add up to ${want.en}, found ${total}${parts.length === 0 ? ' (no objects)' : ` (${each})`}`,
    `${subject}의 ${g.path} 합계: ${mustBeKo(want.ko)} 합니다 — ${total}${parts.length === 0 ? ' (객체 없음)' : ` (${eachKo})`}`,
  );
}

export function podsReady(g: Check<'podsReady'>, view: ClusterView): GoalVerdict {
  const pods = listObjects(view, 'pods', g.namespace).filter((o) => selectorMatches(g.selector, labelsOf(o.object)));
  // a Pod being deleted serves no more, whatever its Ready condition still says (a dead
  // node's Pods keep Ready=True until the node lifecycle controller marks them): the
  // ReplicaSet's readyReplicas and kubectl's READY column of a Deployment leave it out too
  const deleting = (p: StoredObject) => field(p.object, 'metadata', 'deletionTimestamp') !== undefined;
  const ready = pods.filter((p) => !deleting(p) && podIsReady(p.object));
  const notReady = pods.filter((p) => deleting(p) || !podIsReady(p.object)).map((p) => `${p.name} ${deleting(p) ? 'Terminating' : podPhase(p.object)}`);
  const want = describeCount(g.count);
  const sel = matching(describeSelector(g.selector));
  const ns = scope(g.namespace);
  const restEn = notReady.length === 0 ? '' : `; not ready: ${listNames(notReady)}`;
  const restKo = notReady.length === 0 ? '' : `; 준비되지 않음: ${listNamesKo(notReady)}`;
  return verdict(
    countHolds(g.count, ready.length),
    `expected ${want.en} Running and Ready ${/(^|\D)1$/.test(want.en) ? 'Pod' : 'Pods'}${sel.en}${ns.en}, found ${ready.length}${restEn}`,
    `${subjectKo('Running이고 Ready인 Pod', [ns.ko, sel.ko])}: ${want.ko} 있어야 합니다 — ${ready.length}개${restKo}`,
  );
}

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The names of the Service's ports; an unnamed port is "" (a slice port's name defaults to ""). */
function servicePortNames(service: Record<string, unknown>): Set<string> {
  const ports = field(service, 'spec', 'ports');
  const names = new Set<string>();
  if (!Array.isArray(ports)) return names;
  for (const p of ports) {
    const name = record(p)?.name;
    names.add(typeof name === 'string' ? name : '');
  }
  return names;
}

/** A slice serves the Service when one of its ports has the name of one of the Service's ports (and a number). */
function servesAPort(slice: Record<string, unknown>, portNames: Set<string>): boolean {
  const ports = field(slice, 'ports');
  if (!Array.isArray(ports)) return false;
  return ports.some((p) => {
    const port = record(p);
    const name = typeof port?.name === 'string' ? port.name : '';
    return portNames.has(name) && typeof port?.port === 'number' && port.port > 0;
  });
}

/**
 * The addresses kube-proxy sends the Service's traffic to (pkg/proxy/endpointslicecache.go):
 * the EndpointSlices labelled kubernetes.io/service-name=<service> in its namespace and not
 * being deleted, those with a port of the Service; of each, the endpoints whose
 * conditions.ready is not false (unset counts as ready), by their first address, each once.
 * The Endpoints object is not read: kube-proxy does not read it either.
 */
function readyEndpointAddresses(slices: readonly StoredObject[], portNames: Set<string>): string[] {
  const out = new Set<string>();
  for (const slice of slices) {
    if (field(slice.object, 'metadata', 'deletionTimestamp') !== undefined || !servesAPort(slice.object, portNames)) continue;
    const endpoints = field(slice.object, 'endpoints');
    if (!Array.isArray(endpoints)) continue;
    for (const e of endpoints) {
      const endpoint = record(e);
      if (endpoint === undefined || field(endpoint, 'conditions', 'ready') === false) continue;
      const addresses = endpoint.addresses;
      const ip = Array.isArray(addresses) ? (addresses[0] as unknown) : undefined;
      if (typeof ip === 'string' && ip !== '') out.add(ip);
    }
  }
  return [...out];
}

export function serviceAnswers(g: Check<'serviceAnswers'>, view: ClusterView): GoalVerdict {
  const name = `${g.namespace}/${g.service}`;
  const want = { en: `Service ${name} to have at least ${g.minReadyAddresses} ready endpoint address${g.minReadyAddresses === 1 ? '' : 'es'} in its EndpointSlices`, ko: `Service ${name}의 EndpointSlice: 준비된 엔드포인트 주소가 ${g.minReadyAddresses}개 이상 있어야 합니다` };
  const service = getObject(view, 'services', g.namespace, g.service);
  if (service === undefined) {
    return verdict(false, `expected ${want.en}, found no Service ${name}`, `${want.ko} — 그런데 Service가 없습니다`);
  }
  const slices = listObjects(view, 'endpointslices', g.namespace).filter((o) => labelsOf(o.object)[SERVICE_NAME_LABEL] === g.service);
  if (slices.length === 0) {
    return verdict(
      false,
      `expected ${want.en}, found no EndpointSlice for Service ${name} (the EndpointSlice controller creates them from the Service's selector)`,
      `${want.ko} — 그런데 EndpointSlice가 없습니다 (EndpointSlice 컨트롤러가 Service의 selector로 만듭니다)`,
    );
  }
  const ips = readyEndpointAddresses(slices, servicePortNames(service.object));
  const list = ips.length === 0 ? '' : ` (${listNames(ips)})`;
  return verdict(ips.length >= g.minReadyAddresses, `expected ${want.en}, found ${ips.length}${list}`, `${want.ko} — ${ips.length}개${list}`);
}
