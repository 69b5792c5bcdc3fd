// `kubectl expose (-f FILENAME | TYPE NAME)` (kubectl pkg/cmd/expose/expose.go RunExpose):
// read the object (named ones from the API server; with -f the file's own object, as the
// builder there has no Latest()), check it can be exposed, build the Service from its
// selector, ports and labels (./expose-service.ts) and create it in the command's namespace
// (-n or `default`, not the object's): `service/web exposed`.
// --dry-run=client prints the Service without sending it; --dry-run=server sends it with
// dryRun (validated, stored nowhere). --save-config, --overrides are accepted and ignored.
import { dropNulls, kindForResource } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import { createObject, getObject, statusText } from './api';
import type { RunEnv } from './env';
import { printObject } from './print-object';
import { buildService, canBeExposed, type ExposeFlags } from './expose-service';
import { exitCodeLater, type Reporter } from './objects';
import { readManifests } from './manifests';
import type { KindDefinition } from '../../../apiserver';

interface Source {
  def: KindDefinition;
  name: string;
  object: KubeObject;
}

function flagsOf(env: RunEnv): ExposeFlags {
  const s = (n: string): string => (env.cmd.flags.values.get(n) as string | undefined) ?? '';
  return {
    port: s('port'),
    targetPort: s('target-port'),
    name: s('name'),
    type: s('type'),
    protocol: s('protocol'),
    selector: s('selector'),
    labels: s('labels'),
    clusterIP: s('cluster-ip'),
    externalIP: s('external-ip'),
    loadBalancerIP: s('load-balancer-ip'),
    sessionAffinity: s('session-affinity'),
  };
}

function sources(env: RunEnv, report: Reporter): Source[] {
  if (env.cmd.filenames.length > 0) {
    const read = readManifests(env);
    if (!read.ok) {
      report.fail(read.error);
      return [];
    }
    return read.objects.map((m) => ({ def: m.def, name: m.name, object: m.object }));
  }
  const out: Source[] = [];
  for (const t of env.cmd.targets) {
    const name = t.name as string;
    const r = getObject(env, t.def, env.namespace, name);
    if (!r.ok) {
      report.fail(statusText(r.error));
      if (r.error.code === 0) break;
      continue;
    }
    out.push({ def: t.def, name, object: r.value });
  }
  return out;
}

function print(env: RunEnv, svc: KubeObject): void {
  // the Service kubectl built (client dry run) is typed; the server's answer comes back unstructured
  printObject(env, 'Service', svc, 'exposed', env.cmd.dryRun === 'client');
}

export function runExpose(env: RunEnv): void {
  const report = exitCodeLater(env);
  const flags = flagsOf(env);
  const services = kindForResource('services') as KindDefinition;
  for (const src of sources(env, report)) {
    const exposable = canBeExposed(src.def);
    if (!exposable.ok) {
      report.fail(`error: ${exposable.error}\n`);
      continue;
    }
    // dry-run=client sets the namespace only when -n was given (EnforceNamespace)
    const built = buildService({ kind: src.def.kind, name: src.name, object: src.object }, flags, env.cmd.dryRun === 'client' ? env.cmd.namespace : undefined);
    if (!built.ok) {
      report.fail(`error: ${built.error}\n`);
      continue;
    }
    if (env.cmd.dryRun === 'client') {
      print(env, built.value);
      continue;
    }
    const r = createObject(env, services, env.namespace, dropNulls(built.value) as KubeObject);
    if (!r.ok) {
      report.fail(statusText(r.error));
      continue;
    }
    print(env, r.value);
  }
  report.finish();
}
