// The SelfSubjectRulesReview statuses capture-auth.sh hands label-stub.mjs for `kubectl auth
// can-i --list`, and run/auth-recordings.test.ts checks against: what the simulated API
// server answers kubectl's admin and `jane` in real-1.32-requests' scenario with
// real-1.32-auth/rbac.yaml applied (a Role reading Pods and patching Deployment web, bound to
// jane). The callers read the two files.
import { runCommandLine, type TerminalPorts } from '../../command-line';
import { scenario } from '../run/replay-testkit';

/** The scenario's cluster (`scenarioJson`: scenario.json's text) with `rbacYaml` applied. */
export function authScenario(scenarioJson: string, rbacYaml: string): TerminalPorts {
  const { ports } = scenario(scenarioJson);
  const applied = runCommandLine('kubectl apply -f -', rbacYaml, ports, {});
  if (applied.exitCode !== 0) throw new Error(applied.stderr);
  return ports;
}

export function rulesReviews(scenarioJson: string, rbacYaml: string): { admin: unknown; impersonated: unknown } {
  const ports = authScenario(scenarioJson, rbacYaml);
  const review = (user?: string): unknown => {
    const body = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: {}, spec: { namespace: 'default' } };
    const r = ports.kube!.request({ verb: 'create', resource: 'selfsubjectrulesreviews', namespace: '', body }, { timeoutTicks: 3_000, ...(user !== undefined ? { impersonate: { user } } : {}) });
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as { status?: unknown }).status;
  };
  return { admin: review(), impersonated: review('jane') };
}
