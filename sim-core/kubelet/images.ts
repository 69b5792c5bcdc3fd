// The simulated registry: a small catalogue of images a lesson uses (with the tags a
// learner is likely to type, as of the simulated clock's 2026), with what each does
// when it runs (listens on a port, or runs a command and exits), how long a pull takes,
// its size and digest, and the lines it logs as it starts — with the version its tag names
// where the program prints one. An unknown repository or tag fails the pull exactly as
// containerd reports a missing image through the CRI.
import { httpdLogTime, nginxErrorLogTime, nginxLocalTime, redisLogTime } from './logFormats';

/** Where and when a line is written: what a program may print of its clock and its host. */
export interface LogContext {
  tick: number;
  /** the Pod's IP (the container's only address) */
  podIP: string;
}

/** A line a program writes: fixed text, or text that reads the moment it is written. */
export type LogText = string | ((at: LogContext) => string);

export interface ImageInfo {
  /** canonical repository, e.g. docker.io/library/nginx */
  readonly repository: string;
  readonly tags: readonly string[];
  /**
   * the version each tag named on the simulated clock's 2026-01-01 (docker-library's
   * official-images, library/<name> as of 2025-12-31; a tag no longer built keeps the
   * last version it was built from), for the images whose programs print it
   */
  readonly versions?: Readonly<Record<string, string>>;
  /** pull time in seconds (simulated) */
  readonly pullSeconds: number;
  readonly sizeBytes: number;
  /** TCP ports the default process listens on */
  readonly listens: readonly number[];
  /** the executables that start the image's server: a command that runs one serves as the default process does */
  readonly servers?: readonly string[];
  /** what the image's default command does: serve forever, or exit with a code */
  readonly defaultRun: RunBehaviour;
  /** log lines the default process (or a command that starts the server) writes when it starts, for its version */
  readonly startupLogs: (version: string) => readonly LogText[];
  /** the line its server writes to its access log (standard output) for a request it answered, if it keeps one */
  readonly accessLog?: (request: HttpRequestSeen, at: LogContext) => string;
}

/** An HTTP request as the server that answered it saw it (`sim curl` sends GET, HTTP/1.1). */
export interface HttpRequestSeen {
  /** the address it came from */
  client: string;
  /** the path and query asked for */
  path: string;
  userAgent: string;
}

export type RunBehaviour =
  | { kind: 'serve' }
  /** `logs`: the lines it writes as it exits */
  | { kind: 'exit'; exitCode: number; afterSeconds: number; logs?: readonly LogText[] };

/** The version a tag names (a digest names none we know: the newest's, `latest`'s). */
export function imageVersion(image: ImageInfo, tag: string): string {
  return image.versions?.[tag] ?? image.versions?.latest ?? '';
}

/**
 * The official image's docker-entrypoint.sh configuring, then nginx's own notices in its
 * error log's format (stderr), the second naming the version (ngx_os_status).
 */
const nginxLogs = (version: string): LogText[] => {
  const notice = (text: string): LogText => (at) => `${nginxErrorLogTime(at.tick)} [notice] 1#1: ${text}`;
  return [
    '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
    '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
    '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
    '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
    '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
    '/docker-entrypoint.sh: Configuration complete; ready for start up',
    notice('using the "epoll" event method'),
    notice(`nginx/${version}`),
    notice('start worker processes'),
  ];
};

/**
 * redis-server's serverLog lines (`pid:role time level message`; role C before the
 * server's pid is set, M after): 6.2 logs its banner, version and "Server initialized" at
 * LL_WARNING (`#`) and says only "Ready to accept connections"; 7.x logs them at LL_NOTICE
 * (`*`) and names the listener's type (src/server.c main, initServer).
 */
const redisLogs = (version: string): LogText[] => {
  const old = version.startsWith('6.');
  const line = (role: string, level: string, text: string): LogText => (at) => `1:${role} ${redisLogTime(at.tick)} ${level} ${text}`;
  const loud = old ? '#' : '*';
  return [
    line('C', loud, 'oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'),
    line('C', loud, `Redis version=${version}, bits=64, commit=00000000, modified=0, pid=1, just started`),
    line('M', loud, 'Server initialized'),
    line('M', '*', old ? 'Ready to accept connections' : 'Ready to accept connections tcp'),
  ];
};

/**
 * httpd-foreground: AH00558 twice on stderr before logging starts (the configuration is
 * read twice; the address is the container's), then the error log's notices with the version.
 */
const httpdLogs = (version: string): LogText[] => {
  const ah00558: LogText = (at) => `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${at.podIP}. Set the 'ServerName' directive globally to suppress this message`;
  const notice = (module: string, text: string): LogText => (at) => `[${httpdLogTime(at.tick)}] [${module}:notice] [pid 1:tid 1] ${text}`;
  return [ah00558, ah00558, notice('mpm_event', `AH00489: Apache/${version} (Unix) configured -- resuming normal operations`), notice('core', "AH00094: Command line: 'httpd -D FOREGROUND'")];
};

/**
 * The official nginx image's access log, `main` in its /etc/nginx/nginx.conf (the combined
 * format and $http_x_forwarded_for), to /var/log/nginx/access.log, a link to standard
 * output. The simulated server answers every path with its welcome page, index.html's
 * 615 bytes (a real one answers a missing path 404).
 */
const nginxAccessLog = (r: HttpRequestSeen, at: LogContext): string => `${r.client} - - [${nginxLocalTime(at.tick)}] "GET ${r.path} HTTP/1.1" 200 615 "-" "${r.userAgent}" "-"`;

/** The official httpd image's access log: httpd.conf's `CustomLog … common`, sent to standard output; "It works!" is 45 bytes. */
const httpdAccessLog = (r: HttpRequestSeen, at: LogContext): string => `${r.client} - - [${nginxLocalTime(at.tick)}] "GET ${r.path} HTTP/1.1" 200 45`;

const none = (): LogText[] => [];

export const IMAGE_CATALOGUE: readonly ImageInfo[] = [
  {
    repository: 'docker.io/library/nginx',
    tags: ['1.25', '1.26', '1.27', '1.28', '1.29', '1.27-alpine', '1.28-alpine', '1.29-alpine', 'alpine', 'stable', 'stable-alpine', 'mainline', 'mainline-alpine', 'latest'],
    pullSeconds: 3,
    sizeBytes: 72_950_000,
    versions: {
      '1.25': '1.25.5',
      '1.26': '1.26.3',
      '1.27': '1.27.5',
      '1.28': '1.28.1',
      '1.29': '1.29.4',
      '1.27-alpine': '1.27.5',
      '1.28-alpine': '1.28.1',
      '1.29-alpine': '1.29.4',
      alpine: '1.29.4',
      stable: '1.28.1',
      'stable-alpine': '1.28.1',
      mainline: '1.29.4',
      'mainline-alpine': '1.29.4',
      latest: '1.29.4',
    },
    listens: [80],
    servers: ['nginx', 'nginx-debug'],
    defaultRun: { kind: 'serve' },
    startupLogs: nginxLogs,
    accessLog: nginxAccessLog,
  },
  {
    repository: 'docker.io/library/busybox',
    tags: ['1.35', '1.36', '1.37', 'stable', 'musl', 'glibc', 'latest'],
    pullSeconds: 1,
    sizeBytes: 2_160_000,
    listens: [],
    // the default command is `sh`, which exits at once with no terminal attached
    defaultRun: { kind: 'exit', exitCode: 0, afterSeconds: 0 },
    startupLogs: none,
  },
  {
    repository: 'docker.io/library/httpd',
    tags: ['2.4', '2.4-alpine', 'alpine', 'latest'],
    pullSeconds: 3,
    sizeBytes: 58_350_000,
    versions: { '2.4': '2.4.66', '2.4-alpine': '2.4.66', alpine: '2.4.66', latest: '2.4.66' },
    listens: [80],
    servers: ['httpd', 'httpd-foreground'],
    defaultRun: { kind: 'serve' },
    startupLogs: httpdLogs,
    accessLog: httpdAccessLog,
  },
  {
    repository: 'docker.io/library/redis',
    tags: ['6', '7', '7.2', '7.4', '8', '7-alpine', 'alpine', 'latest'],
    pullSeconds: 4,
    sizeBytes: 45_100_000,
    versions: { '6': '6.2.21', '7': '7.4.7', '7.2': '7.2.12', '7.4': '7.4.7', '8': '8.4.0', '7-alpine': '7.4.7', alpine: '8.4.0', latest: '8.4.0' },
    listens: [6379],
    servers: ['redis-server'],
    defaultRun: { kind: 'serve' },
    startupLogs: redisLogs,
  },
  {
    repository: 'registry.k8s.io/pause',
    tags: ['3.9', '3.10'],
    pullSeconds: 1,
    sizeBytes: 320_000,
    listens: [],
    defaultRun: { kind: 'serve' },
    startupLogs: none,
  },
  {
    // An image built to fail, for crash-loop lessons: it starts, then panics two seconds later.
    repository: 'docker.io/reconcile/crashloop',
    tags: ['1.0', 'latest'],
    pullSeconds: 1,
    sizeBytes: 1_200_000,
    listens: [],
    defaultRun: { kind: 'exit', exitCode: 1, afterSeconds: 2, logs: ['panic: cannot read /etc/app/config.yaml: no such file or directory'] },
    startupLogs: () => ['starting up'],
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
