// `kubectl create deployment NAME --image=… [--replicas] [--port] [-n] [-- COMMAND]`
// as kubectl 1.32 builds it client-side (kubectl pkg/cmd/create/create_deployment.go):
// label app=NAME on the Deployment, its selector and its template; one container per
// image, named after the image's last path segment without tag or digest; the port only
// on the first container. kubectl does not validate here — the server does.

export interface CreateDeploymentOptions {
  name: string;
  images: readonly string[];
  /** --replicas, default 1. */
  replicas?: number;
  /** --port; absent (kubectl's -1) means no ports. */
  port?: number;
  /** Set only when -n/--namespace was given explicitly (kubectl's EnforceNamespace). */
  namespace?: string;
  /** Arguments after `--`. */
  command?: readonly string[];
  /**
   * kubectl appends a random 5-character suffix to a container name it had to sanitize
   * (`Foo_Bar` → `Foo-Bar-x7k2p`). The simulation passes one drawn from its seeded PRNG.
   */
  randomSuffix?: () => string;
}

export type GeneratorResult = { ok: true; object: Record<string, unknown> } | { ok: false; error: string };

/** The alphabet of k8s.io/apimachinery/pkg/util/rand.String (no vowels, no confusable digits). */
export const RANDOM_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export function containerNameForImage(image: string, randomSuffix: () => string): string {
  let name = image.split('/').pop() ?? image;
  if (name.includes(':')) name = name.split(':')[0] ?? name;
  if (name.includes('@')) name = name.split('@')[0] ?? name;
  if (/[_.]/.test(name)) name = `${name.replace(/[_.]/g, '-')}-${randomSuffix()}`;
  return name;
}

export function createDeployment(opts: CreateDeploymentOptions): GeneratorResult {
  if (opts.images.length === 0) return { ok: false, error: 'error: required flag(s) "image" not set' };
  const command = opts.command ?? [];
  if (opts.images.length > 1 && command.length > 0) {
    return { ok: false, error: 'error: cannot specify multiple --image options and command' };
  }
  const suffix = opts.randomSuffix ?? (() => 'xxxxx');
  const labels = () => ({ app: opts.name });
  const containers = opts.images.map((image, i) => {
    const container: Record<string, unknown> = { name: containerNameForImage(image, suffix), image };
    if (command.length > 0) container.command = [...command];
    if (i === 0 && opts.port !== undefined && opts.port >= 0) container.ports = [{ containerPort: opts.port }];
    container.resources = {};
    return container;
  });
  const metadata: Record<string, unknown> = { name: opts.name };
  if (opts.namespace) metadata.namespace = opts.namespace;
  metadata.creationTimestamp = null;
  metadata.labels = labels();
  return {
    ok: true,
    object: {
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      metadata,
      spec: {
        replicas: opts.replicas ?? 1,
        selector: { matchLabels: labels() },
        template: { metadata: { creationTimestamp: null, labels: labels() }, spec: { containers } },
        strategy: {},
      },
      status: {},
    },
  };
}
