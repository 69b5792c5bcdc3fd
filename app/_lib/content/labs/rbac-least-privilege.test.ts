// The lab rbac-least-privilege grades least privilege, not just enough privilege: a log
// that reaches every "may" goal by granting too much (ClusterRole view bound cluster-wide,
// list and watch of Secrets and create of Pods in shop) must fail, each excess named by the
// goal it breaks, while the reference solution passes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeLab } from '../../../../sim-core/grading';
import { loadContent } from '../loader';

const loaded = loadContent(path.resolve(import.meta.dirname, '../../../../content'));
const lab = loaded.content.labs.get('rbac-least-privilege')!;
const solution = lab.solution as Array<{ type: string; path?: string; content?: string; line?: string }>;
const fixed = (file: string): string => solution.find((a) => a.path === file)!.content!;

const role = fixed('role.yaml').replace(
  '    verbs: ["get", "list", "watch", "patch", "update"]\n',
  '    verbs: ["get", "list", "watch", "patch", "update"]\n  - apiGroups: [""]\n    resources: ["secrets"]\n    verbs: ["list", "watch"]\n  - apiGroups: [""]\n    resources: ["pods"]\n    verbs: ["create"]\n',
);
const viewEverywhere = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: ci-deployer-view
subjects:
  - kind: ServiceAccount
    name: ci-deployer
    namespace: shop
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: view
`;

const grade = (log: unknown) => {
  const r = gradeLab(lab.lab, log, { starterFiles: lab.starterFiles });
  if (!r.ok) throw new Error(r.error);
  return r;
};

describe('lab rbac-least-privilege', () => {
  it('passes the reference solution', () => {
    expect(grade(lab.solution).passed).toBe(true);
  }, 60_000);

  it('fails a log that grants more than the pipeline needs, naming each excess', () => {
    expect(role).toContain('secrets');
    const r = grade([
      { type: 'command', line: 'kubectl delete clusterrolebinding ci-deployer-admin' },
      { type: 'writeFile', path: 'role.yaml', content: role },
      { type: 'writeFile', path: 'rolebinding.yaml', content: fixed('rolebinding.yaml') },
      { type: 'writeFile', path: 'view.yaml', content: viewEverywhere },
      { type: 'command', line: 'kubectl apply -f role.yaml -f rolebinding.yaml -f view.yaml' },
    ]);
    expect(r.passed).toBe(false);
    const failed = r.goals.filter((g) => !g.passed);
    expect(failed.map((g) => g.id)).toEqual([
      'no-list-secrets',
      'no-watch-secrets',
      'no-create-pods',
      'no-get-deployments-default',
      'no-list-deployments-default',
      'no-get-pods-default',
      'no-list-pods-default',
      'no-list-deployments-everywhere',
      'no-list-pods-everywhere',
    ]);
    expect(failed.find((g) => g.id === 'no-list-secrets')!.explanation.en).toBe(
      'expected system:serviceaccount:shop:ci-deployer not to be allowed to list secrets in shop, but it is: RoleBinding shop/ci-deployer allows it through Role shop/deployer',
    );
    expect(failed.find((g) => g.id === 'no-list-pods-everywhere')!.explanation.en).toBe(
      'expected system:serviceaccount:shop:ci-deployer not to be allowed to list pods at the cluster scope (in every namespace), but it is: ClusterRoleBinding ci-deployer-view allows it through ClusterRole view',
    );
  }, 60_000);
});
