// The flags of each kubectl 1.32 command the course uses, as pflag definitions (names,
// shorthands, kinds and defaults from kubectl's pkg/cmd/*). `int` and `int32` flags are
// parsed as int64: pflag's error text for a bad value is the same
// (`strconv.ParseInt: parsing "x": invalid syntax`).
import type { FlagSpec } from '../../flags/flagset';

const bool = (name: string, shorthand?: string, defValue = 'false'): FlagSpec => ({ name, shorthand, kind: 'bool', defValue, usage: '' });
const str = (name: string, shorthand?: string, defValue = ''): FlagSpec => ({ name, shorthand, kind: 'string', defValue, usage: '' });
const int = (name: string, shorthand?: string, defValue = '0'): FlagSpec => ({ name, shorthand, kind: 'int64', defValue, usage: '' });
const list = (name: string, shorthand?: string): FlagSpec => ({ name, shorthand, kind: 'stringSlice', defValue: '[]', usage: '' });
const duration = (name: string, defValue: string): FlagSpec => ({ name, kind: 'duration', defValue, usage: '' });
const array = (name: string, shorthand?: string): FlagSpec => ({ name, shorthand, kind: 'stringArray', defValue: '[]', usage: '' });

/** kubectl's persistent flags (genericclioptions.ConfigFlags and klog's -v). */
export const GLOBAL_FLAGS: FlagSpec[] = [
  str('namespace', 'n'),
  str('as'),
  list('as-group'),
  str('as-uid'),
  str('cluster'),
  str('context'),
  str('kubeconfig'),
  str('request-timeout', undefined, '0'),
  str('server', 's'),
  str('token'),
  str('user'),
  bool('insecure-skip-tls-verify'),
  bool('match-server-version'),
  bool('warnings-as-errors'),
  str('v', 'v', '0'),
];

/** Flags with a NoOptDefVal: given bare, pflag takes this value and never the next word. */
export const NO_OPT_DEFAULTS: Readonly<Record<string, string>> = {
  'dry-run': 'unchanged',
  cascade: 'background',
  validate: 'strict',
};

const FILES = [list('filename', 'f'), bool('recursive', 'R'), str('kustomize', 'k')];
const DRY_RUN = str('dry-run', undefined, 'none');
const OUTPUT = str('output', 'o');
const SELECTOR = str('selector', 'l');
/** What set env and set resources share: the objects, their output, and -c (every container by default). */
const SET_POD_TEMPLATE = [...FILES, OUTPUT, SELECTOR, DRY_RUN, bool('all'), bool('local'), str('containers', 'c', '*')];
const TEMPLATE = [bool('allow-missing-template-keys', undefined, 'true'), bool('show-managed-fields'), str('template')];

/** Every `create service` subcommand's flags: --tcp, printing, dry run, --save-config, validation. */
const CREATE_SERVICE = [list('tcp'), OUTPUT, DRY_RUN, bool('save-config'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-create'), ...TEMPLATE];



/** `kubectl label` and `kubectl annotate` take the same flags; only their field manager differs. */
function metadataEditFlags(fieldManager: string) {
  return [
    ...FILES,
    OUTPUT,
    SELECTOR,
    DRY_RUN,
    bool('all'),
    bool('all-namespaces', 'A'),
    str('field-selector'),
    bool('list'),
    bool('local'),
    bool('overwrite'),
    str('resource-version'),
    str('field-manager', undefined, fieldManager),
    ...TEMPLATE,
  ];
}

export const COMMAND_FLAGS: Readonly<Record<string, FlagSpec[]>> = {
  get: [
    ...FILES,
    OUTPUT,
    SELECTOR,
    bool('watch', 'w'),
    bool('watch-only'),
    bool('output-watch-events'),
    bool('all-namespaces', 'A'),
    str('field-selector'),
    bool('show-labels'),
    list('label-columns', 'L'),
    bool('no-headers'),
    bool('show-kind'),
    bool('server-print', undefined, 'true'),
    str('sort-by'),
    bool('ignore-not-found'),
    int('chunk-size', undefined, '500'),
    str('raw'),
    str('subresource'),
    ...TEMPLATE,
  ],
  describe: [...FILES, SELECTOR, bool('all-namespaces', 'A'), bool('show-events', undefined, 'true'), int('chunk-size', undefined, '500')],
  apply: [
    ...FILES,
    OUTPUT,
    SELECTOR,
    DRY_RUN,
    bool('server-side'),
    bool('force'),
    bool('force-conflicts'),
    bool('prune'),
    list('prune-allowlist'),
    bool('overwrite', undefined, 'true'),
    str('validate', undefined, 'strict'),
    str('field-manager', undefined, 'kubectl-client-side-apply'),
    int('grace-period', undefined, '-1'),
    duration('timeout', '0s'),
    bool('wait'),
    bool('all'),
    str('cascade', undefined, 'background'),
    bool('record'),
    ...TEMPLATE,
  ],
  create: [
    ...FILES,
    OUTPUT,
    SELECTOR,
    DRY_RUN,
    bool('edit'),
    str('raw'),
    bool('save-config'),
    str('validate', undefined, 'strict'),
    str('field-manager', undefined, 'kubectl-create'),
    bool('windows-line-endings'),
    ...TEMPLATE,
  ],
  'create deployment': [
    list('image'),
    int('replicas', 'r', '1'),
    int('port', undefined, '-1'),
    OUTPUT,
    DRY_RUN,
    bool('save-config'),
    str('validate', undefined, 'strict'),
    str('field-manager', undefined, 'kubectl-create'),
    ...TEMPLATE,
  ],
  // pkg/cmd/create/create_namespace.go
  'create namespace': [OUTPUT, DRY_RUN, bool('save-config'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-create'), ...TEMPLATE],
  'create serviceaccount': [OUTPUT, DRY_RUN, bool('save-config'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-create'), ...TEMPLATE],
  // pkg/cmd/create/create_configmap.go, create_secret.go (generic): --from-file and
  // --from-env-file split on commas, --from-literal does not
  'create configmap': [list('from-file'), array('from-literal'), list('from-env-file'), bool('append-hash'), OUTPUT, DRY_RUN, bool('save-config'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-create'), ...TEMPLATE],
  'create service clusterip': [...CREATE_SERVICE, str('clusterip')],
  'create service nodeport': [...CREATE_SERVICE, int('node-port')],
  'create service loadbalancer': CREATE_SERVICE,
  'create service externalname': [...CREATE_SERVICE, str('external-name')],
  'create secret generic': [list('from-file'), array('from-literal'), list('from-env-file'), str('type'), bool('append-hash'), OUTPUT, DRY_RUN, bool('save-config'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-create'), ...TEMPLATE],
  // pkg/cmd/run/run.go: --port is a string, -l is --labels, --env and --annotations take each value whole
  run: [
    ...FILES,
    OUTPUT,
    DRY_RUN,
    str('image'),
    str('image-pull-policy'),
    str('port'),
    str('labels', 'l'),
    array('env'),
    array('annotations'),
    str('restart', undefined, 'Always'),
    bool('command'),
    bool('expose'),
    bool('privileged'),
    bool('attach'),
    bool('stdin', 'i'),
    bool('tty', 't'),
    bool('leave-stdin-open'),
    bool('rm'),
    bool('quiet', 'q'),
    str('overrides'),
    str('override-type', undefined, 'merge'),
    duration('pod-running-timeout', '1m0s'),
    str('cascade', undefined, 'background'),
    bool('force'),
    int('grace-period', undefined, '-1'),
    duration('timeout', '0s'),
    bool('wait'),
    bool('save-config'),
    str('field-manager', undefined, 'kubectl-run'),
    ...TEMPLATE,
  ],
  // pkg/cmd/config: the read-only subcommands
  'config view': [OUTPUT, bool('minify'), bool('raw'), bool('flatten'), bool('merge', undefined, 'true'), ...TEMPLATE],
  'config current-context': [],
  'config get-contexts': [OUTPUT, bool('no-headers')],
  'config get-clusters': [],
  'config get-users': [],
  'config use-context': [],
  // pkg/cmd/wait/wait.go (1.32: one --for)
  wait: [...FILES, OUTPUT, SELECTOR, str('for'), duration('timeout', '30s'), bool('all'), bool('all-namespaces', 'A'), str('field-selector'), bool('local'), ...TEMPLATE],
  // pkg/cmd/apiresources/apiresources.go
  'api-versions': [],
  'api-resources': [OUTPUT, bool('no-headers'), str('api-group'), bool('namespaced', undefined, 'true'), list('verbs'), str('sort-by'), bool('cached'), list('categories')],
  // pkg/cmd/patch/patch.go
  patch: [
    ...FILES,
    OUTPUT,
    DRY_RUN,
    str('patch', 'p'),
    str('patch-file'),
    str('type', undefined, 'strategic'),
    bool('local'),
    str('subresource'),
    bool('record'),
    str('field-manager', undefined, 'kubectl-patch'),
    ...TEMPLATE,
  ],
  // pkg/cmd/taint/taint.go
  taint: [OUTPUT, DRY_RUN, SELECTOR, bool('overwrite'), bool('all'), str('validate', undefined, 'strict'), str('field-manager', undefined, 'kubectl-taint'), ...TEMPLATE],
  // pkg/cmd/version/version.go
  version: [bool('client'), OUTPUT],
  // pkg/cmd/expose/expose.go: -l is --labels here, --selector has no shorthand, --port is a string
  expose: [
    ...FILES,
    OUTPUT,
    DRY_RUN,
    str('port'),
    str('target-port'),
    str('name'),
    str('type'),
    str('protocol'),
    str('selector'),
    str('labels', 'l'),
    str('cluster-ip'),
    str('external-ip'),
    str('load-balancer-ip'),
    str('session-affinity'),
    str('overrides'),
    str('override-type', undefined, 'merge'),
    str('field-manager', undefined, 'kubectl-expose'),
    bool('save-config'),
    ...TEMPLATE,
  ],
  delete: [
    ...FILES,
    OUTPUT,
    SELECTOR,
    DRY_RUN,
    bool('all'),
    bool('all-namespaces', 'A'),
    str('cascade', undefined, 'background'),
    str('field-selector'),
    bool('force'),
    int('grace-period', undefined, '-1'),
    bool('ignore-not-found'),
    bool('interactive', 'i'),
    bool('now'),
    str('raw'),
    duration('timeout', '0s'),
    bool('wait', undefined, 'true'),
  ],
  scale: [
    ...FILES,
    OUTPUT,
    SELECTOR,
    DRY_RUN,
    bool('all'),
    int('current-replicas', undefined, '-1'),
    int('replicas', undefined, '0'),
    str('resource-version'),
    duration('timeout', '0s'),
    ...TEMPLATE,
  ],
  'set image': [...FILES, OUTPUT, SELECTOR, DRY_RUN, bool('all'), bool('local'), str('field-manager', undefined, 'kubectl-set'), ...TEMPLATE],
  'set env': [
    ...SET_POD_TEMPLATE,
    str('from'),
    str('prefix'),
    array('env', 'e'),
    list('keys'),
    bool('list'),
    bool('resolve'),
    bool('overwrite', undefined, 'true'),
    str('field-manager', undefined, 'kubectl-set'),
    ...TEMPLATE,
  ],
  'set resources': [
    ...SET_POD_TEMPLATE,
    str('limits'),
    str('requests'),
    bool('record'),
    str('field-manager', undefined, 'kubectl-set'),
    ...TEMPLATE,
  ],
  'rollout status': [...FILES, SELECTOR, int('revision'), duration('timeout', '0s'), bool('watch', 'w', 'true')],
  'rollout history': [...FILES, OUTPUT, SELECTOR, int('revision'), ...TEMPLATE],
  'rollout undo': [...FILES, OUTPUT, SELECTOR, DRY_RUN, int('to-revision'), ...TEMPLATE],
  'rollout restart': [...FILES, OUTPUT, SELECTOR, str('field-manager', undefined, 'kubectl-rollout'), ...TEMPLATE],
  'rollout pause': [...FILES, OUTPUT, SELECTOR, str('field-manager', undefined, 'kubectl-rollout'), ...TEMPLATE],
  'rollout resume': [...FILES, OUTPUT, SELECTOR, str('field-manager', undefined, 'kubectl-rollout'), ...TEMPLATE],
  label: metadataEditFlags('kubectl-label'),
  annotate: metadataEditFlags('kubectl-annotate'),
  cordon: [SELECTOR, DRY_RUN],
  uncordon: [SELECTOR, DRY_RUN],
  drain: [
    SELECTOR,
    DRY_RUN,
    int('chunk-size', undefined, '500'),
    bool('delete-emptydir-data'),
    bool('disable-eviction'),
    bool('force'),
    int('grace-period', undefined, '-1'),
    bool('ignore-daemonsets'),
    str('pod-selector'),
    duration('skip-wait-for-delete-timeout', '0s'),
    duration('timeout', '0s'),
  ],
  // pkg/cmd/replace/replace.go: delete.NewDeleteFlags (no --now, --wait off), printing, --save-config, --validate
  replace: [
    ...FILES,
    OUTPUT,
    DRY_RUN,
    str('cascade', undefined, 'background'),
    bool('force'),
    int('grace-period', undefined, '-1'),
    duration('timeout', '0s'),
    bool('wait'),
    bool('record'),
    bool('save-config'),
    str('validate', undefined, 'strict'),
    str('raw'),
    str('field-manager', undefined, 'kubectl-replace'),
    str('subresource'),
    ...TEMPLATE,
  ],
  // pkg/cmd/edit/edit.go and editor.NewEditOptions: printing (-o is yaml or json, checked once the objects are read), the files, --validate, --output-patch, --windows-line-endings, --field-manager, --save-config, --subresource, and the deprecated --record
  edit: [
    ...FILES,
    OUTPUT,
    bool('output-patch'),
    bool('windows-line-endings'),
    bool('save-config'),
    bool('record'),
    str('validate', undefined, 'strict'),
    str('field-manager', undefined, 'kubectl-edit'),
    str('subresource'),
    ...TEMPLATE,
  ],
  'auth can-i': [bool('all-namespaces', 'A'), bool('list'), bool('no-headers'), bool('quiet', 'q'), str('subresource')],
  logs: [
    bool('all-containers'),
    bool('all-pods'),
    str('container', 'c'),
    bool('follow', 'f'),
    bool('ignore-errors'),
    bool('insecure-skip-tls-verify-backend'),
    int('limit-bytes'),
    int('max-log-requests', undefined, '5'),
    duration('pod-running-timeout', '20s'),
    bool('prefix'),
    bool('previous', 'p'),
    SELECTOR,
    duration('since', '0s'),
    str('since-time'),
    int('tail', undefined, '-1'),
    bool('timestamps'),
  ],
};

/** kubectl's top-level commands in the order they are added (cobra's "Did you mean this?" keeps it). */
export const ROOT_COMMANDS = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale',
  'certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint', 'describe', 'logs', 'attach',
  'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace',
  'wait', 'kustomize', 'label', 'annotate', 'completion', 'api-resources', 'api-versions', 'config', 'plugin',
  'version',
];

export const ROLLOUT_COMMANDS = ['history', 'pause', 'restart', 'resume', 'status', 'undo'];
/** kubectl auth's subcommands (only can-i is simulated) */
export const AUTH_COMMANDS = ['can-i', 'reconcile', 'whoami'];

/** `kubectl config`'s subcommands (the read-only ones are simulated) */
export const CONFIG_COMMANDS = [
  'current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users',
  'rename-context', 'set', 'set-cluster', 'set-context', 'set-credentials', 'unset', 'use-context', 'view',
];
