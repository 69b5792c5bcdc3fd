// Result lines and errors, as written in kubectl 1.32's sources (NamePrinter operations,
// delete.go, drain.go, polymorphichelpers/rollout_status.go and history.go) and
// apimachinery's StatusError messages; the dry-run results were also recorded from the real
// kubectl (testdata/real-1.32/create-deployment-dry-run-*.txt).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCapture } from '../testkit/captures';
import { KINDS, kindForResource } from '../../apiserver';
import {
  deletedMessage,
  drainWarning,
  evictingPodMessage,
  operationResult,
  rollbackSkipped,
  rolloutHistory,
  rolloutStatus,
  rolloutStatusTranscript,
} from './messages';
import { NO_NAME_ERROR, notFound, qualifiedResource, resolveResource, serverErrorFromFile, serverErrorText, unknownResourceType } from './errors';
import { deployment } from './testdata/objects';
import type { Deployment } from '../../apiserver';

describe('result lines', () => {
  it('name the object as kind.group/name with the operation', () => {
    expect(operationResult('Deployment', 'web', 'created')).toBe('deployment.apps/web created\n');
    expect(operationResult('Deployment', 'web', 'created', 'client')).toBe('deployment.apps/web created (dry run)\n');
    expect(operationResult('Deployment', 'web', 'configured', 'server')).toBe('deployment.apps/web configured (server dry run)\n');
    expect(operationResult('Service', 'web', 'unchanged')).toBe('service/web unchanged\n');
    expect(operationResult('Deployment', 'web', 'scaled')).toBe('deployment.apps/web scaled\n');
    expect(operationResult('Pod', 'web-1', 'labeled')).toBe('pod/web-1 labeled\n');
    expect(operationResult('Node', 'node-1', 'cordoned')).toBe('node/node-1 cordoned\n');
    expect(operationResult('Node', 'node-1', 'already uncordoned')).toBe('node/node-1 already uncordoned\n');
    expect(operationResult('Deployment', 'web', 'rolled back')).toBe('deployment.apps/web rolled back\n');
    expect(operationResult('Deployment', 'web', 'image updated')).toBe('deployment.apps/web image updated\n');
    expect(operationResult('Lease', 'node-1', 'annotated')).toBe('lease.coordination.k8s.io/node-1 annotated\n');
    expect(operationResult('RoleBinding', 'rb', 'created')).toBe('rolebinding.rbac.authorization.k8s.io/rb created\n');
    expect(rollbackSkipped('Deployment', 'web', 2)).toBe('deployment.apps/web skipped rollback (current template already matches revision 2)\n');
  });
  it('match what the real kubectl printed for create --dry-run=client', () => {
    const real = parseCapture(readFileSync(join(__dirname, 'testdata', 'real-1.32', 'create-deployment-dry-run-default.txt'), 'utf8'));
    expect(operationResult('Deployment', 'web', 'created', 'client')).toBe(real.stdout);
  });
  it('delete uses the quoted form; drain reports its evictions', () => {
    expect(deletedMessage('Deployment', 'web')).toBe('deployment.apps "web" deleted\n');
    expect(deletedMessage('Pod', 'web-1', 'client')).toBe('pod "web-1" deleted (dry run)\n');
    expect(evictingPodMessage('default', 'web-1')).toBe('evicting pod default/web-1\n');
    expect(operationResult('Pod', 'web-1', 'evicted')).toBe('pod/web-1 evicted\n');
    expect(drainWarning('ignoring DaemonSet-managed Pods', [{ namespace: 'kube-system', name: 'kube-proxy-x' }])).toBe(
      'Warning: ignoring DaemonSet-managed Pods: kube-system/kube-proxy-x\n',
    );
  });
});

describe('rollout', () => {
  const at = (status: NonNullable<Deployment['status']>, generation = 2): Deployment => {
    const d = deployment(0);
    return { ...d, metadata: { ...d.metadata, generation }, status: { observedGeneration: 2, ...status } };
  };
  it('status walks through the phases of a rolling update', () => {
    expect(rolloutStatus(at({}, 3))).toEqual({ ok: true, done: false, message: 'Waiting for deployment spec update to be observed...\n' });
    expect(rolloutStatus(at({ replicas: 4, updatedReplicas: 1, availableReplicas: 3 }))).toEqual({
      ok: true,
      done: false,
      message: 'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n',
    });
    expect(rolloutStatus(at({ replicas: 4, updatedReplicas: 3, availableReplicas: 3 }))).toMatchObject({
      message: 'Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...\n',
    });
    expect(rolloutStatus(at({ replicas: 3, updatedReplicas: 3, availableReplicas: 2 }))).toMatchObject({
      message: 'Waiting for deployment "web" rollout to finish: 2 of 3 updated replicas are available...\n',
    });
    expect(rolloutStatus(at({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 }))).toEqual({
      ok: true,
      done: true,
      message: 'deployment "web" successfully rolled out\n',
    });
    expect(rolloutStatus(at({ conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }))).toEqual({
      ok: false,
      error: 'deployment "web" exceeded its progress deadline',
    });
  });
  it('status prints one line per watch event until done', () => {
    const t = rolloutStatusTranscript([
      at({ replicas: 4, updatedReplicas: 1 }),
      at({ replicas: 4, updatedReplicas: 1 }),
      at({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 }),
      at({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 }),
    ]);
    expect(t).toEqual({
      done: true,
      stderr: '',
      stdout:
        'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n'.repeat(2) +
        'deployment "web" successfully rolled out\n',
    });
  });
  it('history is a REVISION CHANGE-CAUSE table under the name', () => {
    expect(rolloutHistory('Deployment', 'web', [{ revision: 2, changeCause: 'kubectl set image deployment/web nginx=nginx:1.28' }, { revision: 1 }])).toBe(
      'deployment.apps/web \n' + 'REVISION  CHANGE-CAUSE\n' + '1         <none>\n' + '2         kubectl set image deployment/web nginx=nginx:1.28\n' + '\n',
    );
  });
});

describe('errors', () => {
  const deploy = kindForResource('deployments');
  const pods = kindForResource('pods');
  if (!deploy || !pods) throw new Error('registry lacks deployments or pods');
  it('names the group-qualified resource', () => {
    expect(KINDS.map(qualifiedResource)).toContain('leases.coordination.k8s.io');
    expect(serverErrorText(notFound(deploy, 'web'))).toBe('Error from server (NotFound): deployments.apps "web" not found\n');
    expect(serverErrorText(notFound(pods, 'web-1'))).toBe('Error from server (NotFound): pods "web-1" not found\n');
  });
  it('prints Conflict, AlreadyExists and Forbidden as the API server words them', () => {
    expect(serverErrorText({ reason: 'Conflict', resource: 'deployments.apps', name: 'web' })).toBe(
      'Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again\n',
    );
    expect(serverErrorFromFile({ reason: 'AlreadyExists', resource: 'deployments.apps', name: 'web' }, 'creating', 'web.yaml')).toBe(
      'Error from server (AlreadyExists): error when creating "web.yaml": deployments.apps "web" already exists\n',
    );
    expect(serverErrorText({ reason: 'Forbidden', resource: 'pods', user: 'jane', verb: 'list', group: '', namespace: 'default' })).toBe(
      'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
    expect(
      serverErrorText({ reason: 'Forbidden', resource: 'deployments.apps', name: 'web', user: 'system:serviceaccount:default:ci', verb: 'delete', group: 'apps', namespace: 'prod' }),
    ).toBe(
      'Error from server (Forbidden): deployments.apps "web" is forbidden: User "system:serviceaccount:default:ci" cannot delete resource "deployments" in API group "apps" in the namespace "prod"\n',
    );
    expect(serverErrorText({ reason: 'Forbidden', resource: 'nodes', user: 'jane', verb: 'list', group: '' })).toBe(
      'Error from server (Forbidden): nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope\n',
    );
  });
  it('client-side errors', () => {
    expect(unknownResourceType('deploymentz')).toBe('error: the server doesn\'t have a resource type "deploymentz"\n');
    expect(resolveResource('deploymentz')).toEqual({ ok: false, error: unknownResourceType('deploymentz') });
    expect(resolveResource('po')).toMatchObject({ ok: true, def: { kind: 'Pod' } });
    expect(NO_NAME_ERROR).toBe('error: resource(s) were provided, but no name was specified\n');
  });
});
