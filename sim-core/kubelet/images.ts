// The simulated registry: a small catalogue of images a lesson uses (with the tags a
// learner is likely to type, as of the simulated clock's 2026), with what each does
// when it runs (listens on a port, or runs a command and exits), how long a pull takes,
// its size and digest, and the first lines it logs. An unknown repository or tag fails
// the pull exactly as containerd reports a missing image through the CRI.

export interface ImageInfo {
  /** canonical repository, e.g. docker.io/library/nginx */
  readonly repository: string;
  readonly tags: readonly string[];
  /** pull time in seconds (simulated) */
  readonly pullSeconds: number;
  readonly sizeBytes: number;
  /** TCP ports the default process listens on */
  readonly listens: readonly number[];
  /** what the image's default command does: serve forever, or exit with a code */
  readonly defaultRun: RunBehaviour;
  /** log lines the default process writes when it starts */
  readonly startupLogs: readonly string[];
}

export type RunBehaviour =
  | { kind: 'serve' }
  | { kind: 'exit'; exitCode: number; afterSeconds: number; logs?: readonly string[] };

const NGINX_LOGS = [
  '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
  '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
  '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
  '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
  '/docker-entrypoint.sh: Configuration complete; ready for start up',
  '[notice] 1#1: using the "epoll" event method',
  '[notice] 1#1: start worker processes',
];

export const IMAGE_CATALOGUE: readonly ImageInfo[] = [
  {
    repository: 'docker.io/library/nginx',
    tags: ['1.25', '1.26', '1.27', '1.28', '1.29', '1.27-alpine', '1.28-alpine', '1.29-alpine', 'alpine', 'stable', 'stable-alpine', 'mainline', 'mainline-alpine', 'latest'],
    pullSeconds: 3,
    sizeBytes: 72_950_000,
    listens: [80],
    defaultRun: { kind: 'serve' },
    startupLogs: NGINX_LOGS,
  },
  {
    repository: 'docker.io/library/busybox',
    tags: ['1.35', '1.36', '1.37', 'stable', 'musl', 'glibc', 'latest'],
    pullSeconds: 1,
    sizeBytes: 2_160_000,
    listens: [],
    // the default command is `sh`, which exits at once with no terminal attached
    defaultRun: { kind: 'exit', exitCode: 0, afterSeconds: 0 },
    startupLogs: [],
  },
  {
    repository: 'docker.io/library/httpd',
    tags: ['2.4', '2.4-alpine', 'alpine', 'latest'],
    pullSeconds: 3,
    sizeBytes: 58_350_000,
    listens: [80],
    defaultRun: { kind: 'serve' },
    startupLogs: [
      "AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using 10.244.0.2. Set the 'ServerName' directive globally to suppress this message",
      '[mpm_event:notice] [pid 1:tid 1] AH00489: Apache/2.4.62 (Unix) configured -- resuming normal operations',
      "[core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'",
    ],
  },
  {
    repository: 'docker.io/library/redis',
    tags: ['6', '7', '7.2', '7.4', '8', '7-alpine', 'alpine', 'latest'],
    pullSeconds: 4,
    sizeBytes: 45_100_000,
    listens: [6379],
    defaultRun: { kind: 'serve' },
    startupLogs: [
      '1:C * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '1:C * Redis version=7.4.1, bits=64, commit=00000000, modified=0, pid=1, just started',
      '1:M * Server initialized',
      '1:M * Ready to accept connections tcp',
    ],
  },
  {
    repository: 'registry.k8s.io/pause',
    tags: ['3.9', '3.10'],
    pullSeconds: 1,
    sizeBytes: 320_000,
    listens: [],
    defaultRun: { kind: 'serve' },
    startupLogs: [],
  },
  {
    // An image built to fail, for crash-loop lessons.
    repository: 'docker.io/reconcile/crashloop',
    tags: ['1.0', 'latest'],
    pullSeconds: 1,
    sizeBytes: 1_200_000,
    listens: [],
    defaultRun: { kind: 'exit', exitCode: 1, afterSeconds: 2, logs: ['starting up', 'panic: cannot read /etc/app/config.yaml: no such file or directory'] },
    startupLogs: [],
  },
];

export interface ImageRef {
  /** as written in the Pod spec */
  readonly written: string;
  /** fully qualified, e.g. docker.io/library/nginx:1.27 */
  readonly canonical: string;
  readonly repository: string;
  readonly tag: string;
}

/** Normalise a reference as containerd does (docker.io/library/ for bare names, :latest by default). */
export function parseImageRef(written: string): ImageRef {
  let rest = written;
  let digest = '';
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at);
    rest = rest.slice(0, at);
  }
  const slash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  let tag = 'latest';
  if (colon > slash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const first = rest.split('/')[0] ?? '';
  const hasRegistry = rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  let repository = hasRegistry ? rest : `docker.io/${rest.includes('/') ? rest : `library/${rest}`}`;
  if (repository.startsWith('index.docker.io/')) repository = repository.replace('index.docker.io/', 'docker.io/');
  const canonical = digest ? `${repository}${digest}` : `${repository}:${tag}`;
  return { written, canonical, repository, tag: digest ? digest : tag };
}

export type ImageLookup = { ok: true; image: ImageInfo; ref: ImageRef } | { ok: false; ref: ImageRef; message: string };

/** Find an image in the catalogue, or the pull error containerd would give. */
export function lookupImage(written: string): ImageLookup {
  const ref = parseImageRef(written);
  const image = IMAGE_CATALOGUE.find((i) => i.repository === ref.repository);
  const known = image !== undefined && (ref.tag.startsWith('@') || image.tags.includes(ref.tag));
  if (image && known) return { ok: true, image, ref };
  const message = image
    ? `rpc error: code = NotFound desc = failed to pull and unpack image "${ref.canonical}": failed to resolve reference "${ref.canonical}": ${ref.canonical}: not found`
    : `rpc error: code = Unknown desc = failed to pull and unpack image "${ref.canonical}": failed to resolve reference "${ref.canonical}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`;
  return { ok: false, ref, message };
}

/** A stable fake digest for an image reference (FNV-1a stretched to 64 hex digits). */
export function imageDigest(canonical: string): string {
  let out = '';
  for (let round = 0; out.length < 64; round++) {
    let h = 0x811c9dc5 ^ round;
    for (let i = 0; i < canonical.length; i++) {
      h ^= canonical.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return `sha256:${out.slice(0, 64)}`;
}
