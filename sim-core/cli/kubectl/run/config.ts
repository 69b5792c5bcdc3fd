// `kubectl config view|current-context|get-contexts|get-clusters|get-users|use-context`
// (kubectl pkg/cmd/config): the terminal's kubeconfig is the admin.conf kubeadm wrote for
// the simulated cluster — cluster `kubernetes` at the API server's address, user
// `kubernetes-admin`, context `kubernetes-admin@kubernetes` — with stand-in certificates; the
// etcd-only topology's kubectl has none (it falls back to localhost:8080). `view` hides the
// certificate data (DATA+OMITTED) unless --raw. The commands that would change the file
// are not simulated (parse says so).
import { goJsonEscape } from '../../../apiserver';
import { kubectlYaml } from '../structured';
import { GET_TABWRITER, tabwrite } from '../tabwriter';
import type { RunEnv } from './env';
import { fail } from './objects';
import { isTemplateOutput, printWithTemplate } from './templates';

/** base64 of a PEM block that says what it is */
const pem = (kind: string): string => Buffer.from(`-----BEGIN ${kind}-----\nsimulated\n-----END ${kind}-----\n`).toString('base64');

interface Kubeconfig {
  cluster?: { name: string; server: string; ca: string };
  user?: { name: string; cert: string; key: string };
  context?: { name: string; cluster: string; user: string };
}

function kubeconfigOf(env: RunEnv): Kubeconfig {
  if (env.ports.kube === undefined) return {};
  return {
    cluster: { name: 'kubernetes', server: 'https://kube-apiserver:6443', ca: pem('CERTIFICATE') },
    user: { name: 'kubernetes-admin', cert: pem('CERTIFICATE'), key: pem('RSA PRIVATE KEY') },
    context: { name: 'kubernetes-admin@kubernetes', cluster: 'kubernetes', user: 'kubernetes-admin' },
  };
}

/** clientcmd's v1 Config in its Go field order (what -o json prints); nil lists stay null. */
function configObject(k: Kubeconfig, raw: boolean): Record<string, unknown> {
  const hide = (data: string): string => (raw ? data : 'DATA+OMITTED');
  return {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: {},
    clusters: k.cluster ? [{ name: k.cluster.name, cluster: { server: k.cluster.server, 'certificate-authority-data': hide(k.cluster.ca) } }] : null,
    users: k.user ? [{ name: k.user.name, user: { 'client-certificate-data': hide(k.user.cert), 'client-key-data': hide(k.user.key) } }] : null,
    contexts: k.context ? [{ name: k.context.name, context: { cluster: k.context.cluster, user: k.context.user } }] : null,
    'current-context': k.context?.name ?? '',
  };
}

export function runConfig(env: RunEnv): void {
  const { cmd } = env;
  const k = kubeconfigOf(env);
  switch (cmd.command) {
    case 'config view': {
      if (cmd.flags.values.get('minify') === true && !k.context) return fail(env, 'error: current-context must exist in order to minify\n');
      const obj = configObject(k, cmd.flags.values.get('raw') === true);
      if (isTemplateOutput(cmd.output)) return printWithTemplate(env, obj, true);
      // json.MarshalIndent with four spaces, <>& escaped
      if (cmd.output === 'json') return env.out.print(`${goJsonEscape(JSON.stringify(obj, null, 4))}\n`);
      return env.out.print(kubectlYaml(obj));
    }
    case 'config current-context':
      if (!k.context) return fail(env, 'error: current-context is not set\n');
      return env.out.print(`${k.context.name}\n`);
    case 'config get-contexts': {
      const wanted = cmd.args.length > 0 ? cmd.args : k.context ? [k.context.name] : [];
      const byName = cmd.output === 'name';
      let text = byName || cmd.noHeaders ? '' : 'CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n';
      const missing: string[] = [];
      for (const name of wanted) {
        if (k.context?.name !== name) {
          missing.push(name);
          continue;
        }
        text += byName ? `${name}\n` : `*\t${name}\t${k.context.cluster}\t${k.context.user}\t\n`;
      }
      env.out.print(byName ? text : tabwrite(text, GET_TABWRITER));
      if (missing.length > 0) fail(env, missing.map((m) => `error: context ${m} not found\n`).join(''));
      return;
    }
    case 'config get-clusters':
      return env.out.print(`NAME\n${k.cluster ? `${k.cluster.name}\n` : ''}`);
    case 'config get-users':
      return env.out.print(`NAME\n${k.user ? `${k.user.name}\n` : ''}`);
    case 'config use-context': {
      const name = cmd.args[0] ?? '';
      if (k.context?.name !== name) return fail(env, `error: no context exists with the name: ${JSON.stringify(name)}\n`);
      return env.out.print(`Switched to context ${JSON.stringify(name)}.\n`);
    }
    default:
      return fail(env, `error: "kubectl ${cmd.command}" is not part of this simulation\n`);
  }
}
