// `kubectl describe` (pkg/cmd/describe/describe.go, pkg/describe/describe.go): each object
// by exact name — or, if there is none, every object whose name starts with the word
// (NAME_PREFIX) — or every object of the type (with -l); each printed by its kind's
// describer with what that describer fetches alongside it, separated by a blank line.
// Events: kubectl lists Events with a field selector on involvedObject (name, namespace,
// kind, uid); we ask the same and also filter here.
import { kindForResource, type ConfigMap, type Deployment, type EndpointSlice, type Event, type Lease, type Namespace, type Node, type Pod, type ReplicaSet, type Secret, type Service } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { countPodPhases, describeConfigMap, describeDeployment, describeNamespace, describeNode, describePod, describeReplicaSet, describeSecret, describeService, describeStandalone } from '../describe';
import { getObject, listObjects, statusText } from './api';
import { nowOf, type RunEnv } from './env';
import { exitCodeLater, type LiveObject } from './objects';
import { commandTargets } from './targets';
import { newAndOldReplicaSets } from './replicasets';
import { qualifiedResource } from '../errors';
import { inFirstOccurrenceOrder } from './events-order';

const kind = (r: string) => kindForResource(r)!;

function eventsFor(env: RunEnv, obj: KubeObject, objKind: string): Event[] | undefined {
  if (env.cmd.showEvents === false) return undefined;
  const meta = obj.metadata ?? {};
  const namespace = meta.namespace ?? '';
  const scope = { namespace: namespace === '' ? undefined : namespace };
  let r = listObjects(env, kind('events'), {
    ...scope,
    fieldSelector: `involvedObject.name=${meta.name ?? ''},involvedObject.namespace=${namespace},involvedObject.kind=${objKind},involvedObject.uid=${meta.uid ?? ''}`,
  });
  // a server that does not know these field labels refuses the selector: list and filter here
  if (!r.ok && r.error.reason === 'BadRequest') r = listObjects(env, kind('events'), scope);
  if (!r.ok) return [];
  const mine = (r.value.items as Event[]).filter((e) => {
    const io = e.involvedObject ?? {};
    if (io.uid !== undefined && io.uid !== '' && meta.uid !== undefined) return io.uid === meta.uid;
    return io.name === meta.name && io.kind === objKind && (io.namespace ?? '') === namespace;
  });
  // as a real API server lists them (by name, which is the first occurrence's time): describe's
  // sort by last timestamp keeps that order among Events of the same second (Scheduled, Pulling,
  // Pulled, Created, Started), where the simulated names' random hex scrambled it
  return inFirstOccurrenceOrder(mine) as Event[];
}

function describeOne(env: RunEnv, live: LiveObject): string | undefined {
  const now = nowOf(env);
  const o = live.object;
  const events = (k: string) => eventsFor(env, o, k);
  switch (live.def.kind) {
    case 'Pod':
      return describePod(o as Pod, events('Pod'), now);
    case 'Deployment': {
      const sets = newAndOldReplicaSets(env, o as Deployment);
      return describeDeployment(o as Deployment, sets, events('Deployment'), now);
    }
    case 'ReplicaSet': {
      const rs = o as ReplicaSet;
      const pods = listObjects(env, kind('pods'), { namespace: live.namespace });
      const owned = pods.ok ? (pods.value.items as Pod[]).filter((p) => (p.metadata?.ownerReferences ?? []).some((ref) => ref.controller && ref.uid === rs.metadata?.uid)) : [];
      return describeReplicaSet(rs, countPodPhases(owned), events('ReplicaSet'), now);
    }
    case 'Service': {
      // describe.go ServiceDescriber: the Service's EndpointSlices by their service-name label;
      // a failed list is ignored there too (the describer prints <none>)
      const slices = listObjects(env, kind('endpointslices'), { namespace: live.namespace, labelSelector: `kubernetes.io/service-name=${live.name}` });
      return describeService(o as Service, slices.ok ? (slices.value.items as EndpointSlice[]) : [], events('Service'), now);
    }
    case 'Node': {
      const pods = listObjects(env, kind('pods'), { namespace: undefined, fieldSelector: `spec.nodeName=${live.name}` });
      const running = pods.ok
        ? (pods.value.items as Pod[]).filter((p) => p.spec?.nodeName === live.name && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')
        : [];
      const lease = getObject(env, kind('leases'), 'kube-node-lease', live.name);
      return describeNode(o as Node, { pods: running, ...(lease.ok ? { lease: lease.value as Lease } : {}) }, events('Node'), now);
    }
    case 'ConfigMap':
      return describeConfigMap(o as ConfigMap, events('ConfigMap'), now);
    case 'Secret':
      return describeSecret(o as Secret);
    case 'Namespace':
      return describeNamespace(o as Namespace);
    default: {
      // describe.go ServiceAccountDescriber also reads the namespace's Secrets (its tokens, and
      // the secrets it names that do not exist); a failed list only leaves both out
      const secrets = live.def.kind === 'ServiceAccount' ? listObjects(env, kind('secrets'), { namespace: live.namespace }) : undefined;
      return describeStandalone(live.def.group, live.def.kind, o, { events: events(live.def.kind), now, secrets: secrets?.ok ? (secrets.value.items as Secret[]) : undefined });
    }
  }
}

export function runDescribe(env: RunEnv): void {
  const report = exitCodeLater(env);
  const t = commandTargets(env);
  if (!t.ok) {
    report.fail(t.error);
    return report.finish();
  }
  const found: LiveObject[] = [];
  for (const target of t.targets) {
    if (target.name !== undefined) {
      const r = getObject(env, target.def, target.namespace, target.name);
      if (r.ok) {
        found.push({ def: target.def, namespace: target.namespace, name: target.name, object: r.value });
        continue;
      }
      if (r.error.reason !== 'NotFound') {
        report.fail(statusText(r.error));
        continue;
      }
    }
    const list = listObjects(env, target.def, {
      namespace: env.cmd.allNamespaces ? undefined : target.namespace,
      ...(env.cmd.selector !== undefined ? { labelSelector: env.cmd.selector } : {}),
    });
    if (!list.ok) {
      report.fail(statusText(list.error));
      continue;
    }
    const items = list.value.items.filter((o) => target.name === undefined || (o.metadata?.name ?? '').startsWith(target.name));
    if (items.length === 0 && target.name !== undefined) {
      report.fail(`Error from server (NotFound): ${qualifiedResource(target.def)} "${target.name}" not found\n`);
      continue;
    }
    for (const o of items) found.push({ def: target.def, namespace: o.metadata?.namespace ?? '', name: o.metadata?.name ?? '', object: o });
  }
  if (found.length === 0 && !report.failed()) {
    const named = t.targets.every((x) => x.def.namespaced) && !env.cmd.allNamespaces;
    env.out.printErr(named ? `No resources found in ${env.namespace} namespace.\n` : 'No resources found\n');
  }
  let first = true;
  for (const live of found) {
    const text = describeOne(env, live);
    if (text === undefined) {
      report.fail(`error: describe for ${live.def.kind} is not part of this simulation; try kubectl get ${live.def.resource} ${live.name} -o yaml\n`);
      continue;
    }
    env.out.print(first ? text : `\n\n${text}`);
    first = false;
  }
  report.finish();
}
