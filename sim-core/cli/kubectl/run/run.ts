// `kubectl run NAME --image=IMAGE [flags] [-- ARGS…]` (kubectl pkg/cmd/run/run.go with
// generateversioned's BasicPod and, for --expose, ServiceGeneratorV2): one bare Pod —
// labelled run=NAME unless --labels says otherwise, its one container named NAME — that
// no ReplicaSet owns, so nothing recreates it when it is deleted. Checked in run.go's
// order before anything is sent; the texts are the real ones (recorded from kubectl
// 1.32.4 against a discovery-only server). The simulated terminal has no attached
// streams, so -i/-t/--attach are refused after kubectl's own checks.
import type { KubeObject } from '../../../client';
import { dropNulls, kindForResource, type KindDefinition } from '../../../apiserver';
import { createObject, statusText } from './api';
import { typedSaveConfig } from './apply';
import { nowOf, type RunEnv } from './env';
import { runWithoutServer } from './no-server';
import { isImageReference } from './imageReference';
import { parseGoInt64 } from '../../flags/go-values';
import { printObject } from './print-object';
import { isEnvVarName } from './envVarName';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const PULL_POLICIES = ['', 'Always', 'IfNotPresent', 'Never'];

type Built<T> = { ok: true; value: T } | { ok: false; error: string };

/** generate.ParseLabels: `k=v,k2=v2`, each exactly one `=`, keys not empty. */
function parseLabelSpec(spec: string): Built<Record<string, string>> {
  const labels: Record<string, string> = {};
  for (const item of spec.split(',')) {
    const parts = item.split('=');
    if (parts.length !== 2) return { ok: false, error: `unexpected label spec: ${item}` };
    if (parts[0] === '') return { ok: false, error: 'unexpected empty label key' };
    labels[parts[0]!] = parts[1]!;
  }
  return { ok: true, value: labels };
}

/** parseEnvs: `NAME=value`, refused at the first bad one. */
function parseEnvs(items: readonly string[]): Built<[string, string][]> {
  const out: [string, string][] = [];
  for (const item of items) {
    const eq = item.indexOf('=');
    const name = eq < 0 ? '' : item.slice(0, eq);
    if (eq < 0 || !isEnvVarName(name)) return { ok: false, error: `invalid env: ${item}` };
    out.push([name, item.slice(eq + 1)]);
  }
  return { ok: true, value: out };
}

/** The annotations: `key=value`, every bad one named in the one error. */
function parseAnnotations(items: readonly string[]): Built<[string, string][]> {
  const bad = items.filter((item) => item.indexOf('=') <= 0);
  if (bad.length > 0) return { ok: false, error: `invalid annotations format: ${bad.join(', ')}` };
  return { ok: true, value: items.map((item) => [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)]) };
}

/** Go's int32(n): what the generator's conversion of --port keeps of a larger int. */
function int32(n: number): number {
  return Number(BigInt.asIntN(32, BigInt(n)));
}

/** strconv.Atoi: ParseInt in base 10, its errors naming Atoi. */
function atoi(s: string): Built<number> {
  const r = parseGoInt64(s, 10);
  return r.ok ? { ok: true, value: Number(r.value) } : { ok: false, error: r.error.replace('strconv.ParseInt', 'strconv.Atoi') };
}

interface RunObjects {
  pod: KubeObject;
  service?: KubeObject;
}

/** The Pod (and Service) kubectl would send, in the field order its typed objects print in. */
function generate(env: RunEnv, name: string): Built<RunObjects> {
  const { cmd } = env;
  const flags = cmd.flags.values;
  const str = (n: string): string => (flags.get(n) as string | undefined) ?? '';
  const envs = parseEnvs((flags.get('env') as string[] | undefined) ?? []);
  if (!envs.ok) return envs;
  const annotations = parseAnnotations((flags.get('annotations') as string[] | undefined) ?? []);
  if (!annotations.ok) return annotations;
  const labelSpec = str('labels');
  const labels = labelSpec === '' ? { ok: true as const, value: { run: name } } : parseLabelSpec(labelSpec);
  if (!labels.ok) return labels;
  const portText = str('port');
  const port = portText === '' ? undefined : atoi(portText);
  if (port !== undefined && !port.ok) return port;

  const container: Record<string, unknown> = { name, image: str('image') };
  if (cmd.commandArgs.length > 0) container[flags.get('command') === true ? 'command' : 'args'] = [...cmd.commandArgs];
  if (port !== undefined) container.ports = [{ containerPort: int32(port.value) }];
  if (envs.value.length > 0) container.env = envs.value.map(([n, value]) => ({ name: n, value }));
  container.resources = {};
  if (str('image-pull-policy') !== '') container.imagePullPolicy = str('image-pull-policy');
  if (flags.get('privileged') === true) container.securityContext = { privileged: true };

  const metadata: Record<string, unknown> = { name };
  if (cmd.namespace !== undefined) metadata.namespace = cmd.namespace;
  metadata.creationTimestamp = null;
  metadata.labels = labels.value;
  if (annotations.value.length > 0) metadata.annotations = Object.fromEntries(annotations.value);
  const pod = {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata,
    spec: { containers: [container], restartPolicy: str('restart') || 'Always', dnsPolicy: 'ClusterFirst' },
    status: {},
  } as KubeObject;
  if (flags.get('expose') !== true || port === undefined) return { ok: true, value: { pod } };

  // ServiceGeneratorV2 from run.go's generateService: named after the Pod, selecting its
  // labels, labelled only when --labels was given, port and targetPort both --port
  const svcMeta: Record<string, unknown> = { name };
  if (cmd.namespace !== undefined) svcMeta.namespace = cmd.namespace;
  svcMeta.creationTimestamp = null;
  if (labelSpec !== '') svcMeta.labels = { ...labels.value };
  const service = {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: svcMeta,
    spec: { ports: [{ protocol: 'TCP', port: int32(port.value), targetPort: int32(port.value) }], selector: { ...labels.value } },
    status: { loadBalancer: {} },
  } as KubeObject;
  return { ok: true, value: { pod, service } };
}

function usage(env: RunEnv, msg: string): void {
  env.out.printErr(`error: ${msg}\nSee 'kubectl run -h' for help and examples\n`);
  env.out.exit(1);
}

function plain(env: RunEnv, msg: string): void {
  env.out.printErr(`error: ${msg}\n`);
  env.out.exit(1);
}

export function runRun(env: RunEnv): void {
  const { cmd } = env;
  const flags = cmd.flags.values;
  const name = cmd.args[0] ?? '';
  const image = (flags.get('image') as string | undefined) ?? '';
  const bool = (n: string): boolean => flags.get(n) === true;
  if (image === '') return plain(env, '--image is required');
  if (!isImageReference(image)) return plain(env, `Invalid image name ${JSON.stringify(image)}: invalid reference format`);
  if (bool('tty') && !bool('stdin')) return usage(env, '-i/--stdin is required for containers with -t/--tty=true');
  if (bool('expose') && ((flags.get('port') as string | undefined) ?? '') === '') return usage(env, '--port must be set when exposing a service');
  // getRestartPolicy: an empty --restart is the default
  const restart = ((flags.get('restart') as string | undefined) ?? '') || 'Always';
  if (!RESTART_POLICIES.includes(restart)) return usage(env, `invalid restart policy: ${restart}`);
  // Complete: -i attaches unless --attach was given explicitly
  const attach = cmd.flags.changed.has('attach') ? bool('attach') : bool('stdin');
  if (!attach && bool('rm')) return usage(env, '--rm should only be used for attached containers');
  if (attach && cmd.dryRun !== 'none') return usage(env, "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  const pull = (flags.get('image-pull-policy') as string | undefined) ?? '';
  if (!PULL_POLICIES.includes(pull)) return usage(env, `invalid image pull policy: ${pull}`);
  if (attach) return plain(env, 'attaching to a container (-i, -t, --attach) is not part of this simulation: run the Pod without them, then read what it printed with `kubectl logs`');
  if (((flags.get('overrides') as string | undefined) ?? '') !== '') return plain(env, '--overrides is not part of this simulation');

  const built = generate(env, name);
  if (!built.ok) return plain(env, built.error);
  if (env.ports.kube === undefined) {
    // the printer and the create both need the REST mapping: discovery is the first request
    env.out.printErr(runWithoutServer(nowOf(env)));
    return env.out.exit(1);
  }
  const { pod, service } = built.value;
  const save = bool('save-config') && cmd.dryRun !== 'client';
  const printed: { kind: string; obj: KubeObject }[] = [];
  if (cmd.dryRun === 'client') {
    if (service) printed.push({ kind: 'Service', obj: service });
    printed.push({ kind: 'Pod', obj: pod });
  } else {
    // run.go creates the Pod first, then the Service, and prints the Service first
    const created = createObject(env, kindForResource('pods') as KindDefinition, env.namespace, dropNulls(save ? typedSaveConfig(pod) : pod) as KubeObject);
    if (!created.ok) {
      env.out.printErr(statusText(created.error));
      return env.out.exit(1);
    }
    if (service) {
      const svc = createObject(env, kindForResource('services') as KindDefinition, env.namespace, dropNulls(save ? typedSaveConfig(service) : service) as KubeObject);
      if (!svc.ok) {
        // the Pod is there: kubectl says so before the Service's error
        printRunObject(env, 'Pod', created.value, 0);
        env.out.printErr(statusText(svc.error));
        return env.out.exit(1);
      }
      printed.push({ kind: 'Service', obj: svc.value });
    }
    printed.push({ kind: 'Pod', obj: created.value });
  }
  printed.forEach((p, i) => printRunObject(env, p.kind, p.obj, i));
}

/** run.go's PrintObj per object; its YAML printer separates the Service from the Pod with two `---` lines, as the real one does. */
function printRunObject(env: RunEnv, kind: string, obj: KubeObject, index: number): void {
  if (index > 0 && env.cmd.output === 'yaml') env.out.print('---\n---\n');
  printObject(env, kind, obj, 'created', true);
}
