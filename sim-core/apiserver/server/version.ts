// What GET /version answers (k8s.io/apimachinery/pkg/version.Info): the simulated cluster is
// a kubeadm-built v1.32.2, so the API server, the kubelets and kube-proxy all report the
// same release, with that release's build facts.
export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

export const KUBERNETES_VERSION: Readonly<VersionInfo> = Object.freeze({
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.2',
  gitCommit: '67a30c0adcf52bd3f56ff0893ce19966be12991f',
  gitTreeState: 'clean',
  buildDate: '2025-02-12T21:19:47Z',
  goVersion: 'go1.23.6',
  compiler: 'gc',
  platform: 'linux/amd64',
});
