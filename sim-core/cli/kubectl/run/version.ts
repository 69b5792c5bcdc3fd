// `kubectl version [--client] [-o json|yaml]` (kubectl pkg/cmd/version/version.go): the
// client's version and the Kustomize it embeds, then the server's from GET /version. The
// simulated kubectl is the release the cluster runs (kubeadm installs them together), so
// there is never a skew warning. With no server the client half is printed and the
// connection error follows, exit 1, as the real one does.
import { KUBERNETES_VERSION, type VersionInfo } from '../../../apiserver/server';
import { kubectlYaml } from '../structured';
import { statusText } from './api';
import type { RunEnv } from './env';

/** kubectl 1.32's embedded kustomize (version.go's kustomizeVersion). */
const KUSTOMIZE_VERSION = 'v5.5.0';

export function runVersion(env: RunEnv): void {
  const client = env.cmd.flags.values.get('client') === true;
  const server = client ? undefined : env.kube.serverVersion();
  const info: { clientVersion: VersionInfo; kustomizeVersion: string; serverVersion?: VersionInfo } = { clientVersion: { ...KUBERNETES_VERSION }, kustomizeVersion: KUSTOMIZE_VERSION };
  if (server?.ok) info.serverVersion = server.value;
  switch (env.cmd.output) {
    case 'json':
      // json.MarshalIndent(v, "", "  ") then Fprintln
      env.out.print(`${JSON.stringify(info, null, 2)}\n`);
      break;
    case 'yaml':
      // yaml.Marshal's text (newline-terminated) then Fprintln: a blank line ends it
      env.out.print(`${kubectlYaml(info)}\n`);
      break;
    default:
      env.out.print(`Client Version: ${info.clientVersion.gitVersion}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
      if (info.serverVersion) env.out.print(`Server Version: ${info.serverVersion.gitVersion}\n`);
  }
  if (server !== undefined && !server.ok) {
    env.out.printErr(statusText(server.error));
    env.out.exit(1);
  }
}
