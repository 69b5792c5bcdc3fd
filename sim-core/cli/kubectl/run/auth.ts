// `kubectl auth can-i VERB TYPE[/NAME]` (pkg/cmd/auth/cani.go): a SelfSubjectAccessReview
// for the user kubectl runs as (or the one --as names), answered by the API server's
// authorizer. Prints `yes` or `no` (nothing with -q) and exits 1 on `no`. A resource is
// resolved as the API server's discovery would (`deploy` → deployments.apps); an unknown one
// is asked about as written, after a warning, and so is a verb kubectl does not know. A
// cluster-scoped resource asked about in a namespace gets kubectl's warning.
import { kindForResource, type PolicyRule } from '../../../apiserver';
import { combineResourceGroup, goList, policyRules } from '../policy-rules';
import type { RunEnv } from './env';
import { REQUEST_TIMEOUT_TICKS, statusText } from './api';
import { GET_TABWRITER, tabwrite } from '../tabwriter';

const KNOWN_RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const KNOWN_NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);

export function runAuthCanI(env: RunEnv): void {
  const { cmd, out } = env;
  if (cmd.flags.values.get('list') === true) return runAuthCanIList(env);
  const [verb, what] = cmd.args as [string, string];
  const quiet = cmd.flags.values.get('quiet') === true;
  // cani.go's warnings end with a newline of their own, so an empty line follows each; -q
  // silences the answer, not them (recorded: real-1.32-auth/)
  const warn = (msg: string): void => out.printErr(`Warning: ${msg}\n\n`);
  let spec: Record<string, unknown>;
  if (what.startsWith('/')) {
    if (!KNOWN_NON_RESOURCE_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb`);
    spec = { nonResourceAttributes: { path: what, verb } };
  } else {
    const slash = what.indexOf('/');
    const type = slash < 0 ? what : what.slice(0, slash);
    const name = slash < 0 ? '' : what.slice(slash + 1);
    const def = type === '*' ? undefined : kindForResource(type);
    if (def === undefined && type !== '*') warn(`the server doesn't have a resource type '${type}'`);
    const resource = def?.resource ?? type;
    const group = def?.group ?? '';
    if (def !== undefined && !def.namespaced && !cmd.allNamespaces) warn(group === '' ? `resource '${resource}' is not namespace scoped` : `resource '${resource}' is not namespace scoped in group '${group}'`);
    if (!KNOWN_RESOURCE_VERBS.has(verb)) warn(`verb '${verb}' is not a known verb`);
    const subresource = (cmd.flags.values.get('subresource') as string | undefined) ?? '';
    spec = {
      resourceAttributes: {
        namespace: cmd.allNamespaces ? '' : env.namespace,
        verb,
        group,
        resource,
        ...(subresource !== '' ? { subresource } : {}),
        ...(name !== '' ? { name } : {}),
      },
    };
  }
  const r = env.kube.request(
    { verb: 'create', resource: 'selfsubjectaccessreviews', namespace: '', body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', metadata: {}, spec } },
    { timeoutTicks: REQUEST_TIMEOUT_TICKS },
  );
  if (!r.ok) {
    out.printErr(statusText(r.error));
    return out.exit(1);
  }
  const status = ((r.value as { status?: { allowed?: boolean; reason?: string; evaluationError?: string } }).status ?? {});
  if (status.allowed === true) {
    if (!quiet) out.print('yes\n');
    return;
  }
  if (!quiet) out.print(`no${status.reason ? ` - ${status.reason}` : ''}${status.evaluationError ? ` - ${status.evaluationError}` : ''}\n`);
  out.exit(1);
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * `kubectl auth can-i --list` (cani.go RunAccessList + printStatus): a SelfSubjectRulesReview
 * for the namespace, its rules broken down, compacted and sorted as kubectl's rbac util
 * does, printed in four columns. A warning first when the server says the list is incomplete.
 */
function runAuthCanIList(env: RunEnv): void {
  const { cmd, out } = env;
  const r = env.kube.request(
    { verb: 'create', resource: 'selfsubjectrulesreviews', namespace: '', body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: {}, spec: { namespace: env.namespace } } },
    { timeoutTicks: REQUEST_TIMEOUT_TICKS },
  );
  if (!r.ok) {
    out.printErr(statusText(r.error));
    return out.exit(1);
  }
  const status = ((r.value as { status?: Record<string, unknown> }).status ?? {}) as { resourceRules?: unknown; nonResourceRules?: unknown; incomplete?: unknown; evaluationError?: unknown };
  if (status.incomplete === true) out.printErr(`warning: the list may be incomplete: ${typeof status.evaluationError === 'string' ? status.evaluationError : ''}\n`);
  const rules: PolicyRule[] = [];
  for (const x of Array.isArray(status.resourceRules) ? (status.resourceRules as Array<Record<string, unknown>>) : []) {
    rules.push({ verbs: list(x.verbs), apiGroups: list(x.apiGroups), resources: list(x.resources), resourceNames: list(x.resourceNames) });
  }
  for (const x of Array.isArray(status.nonResourceRules) ? (status.nonResourceRules as Array<Record<string, unknown>>) : []) {
    rules.push({ verbs: list(x.verbs), nonResourceURLs: list(x.nonResourceURLs) });
  }
  let text = cmd.flags.values.get('no-headers') === true ? '' : 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n';
  for (const rule of policyRules(rules)) text += `${combineResourceGroup(rule.resources, rule.apiGroups)}\t${goList(rule.nonResourceURLs)}\t${goList(rule.resourceNames)}\t${goList(rule.verbs)}\n`;
  out.print(tabwrite(text, GET_TABWRITER));
}
