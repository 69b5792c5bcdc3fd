// Expected tables written from printers.go (1.32) and cli-runtime's tableprinter: columns
// separated by at least 3 spaces, each at least 6 wide, the last column unpadded.
import { describe, expect, it } from 'vitest';
import { printGet, WatchPrinter } from './get';
import { formatLabelSelector, selectorString, summarizePod } from './printers';
import { tickToTimestamp } from './clock';
import { deployment, event, node, podWithState, replicaSet, runningPod, SECOND, service } from './testdata/objects';
import type { Endpoints, Lease, Namespace, Pod, RoleBinding, Secret } from '../../apiserver';

const NOW = 130 * SECOND; // 2m10s after tick 0

describe('kubectl get pods', () => {
  it('prints NAME READY STATUS RESTARTS AGE', () => {
    const out = printGet([{ kind: 'Pod', objects: [runningPod('web-7d4b9c8f5-x2x9k', 0), runningPod('web-7d4b9c8f5-q8z7w', 120 * SECOND)] }], {
      now: NOW,
      namespace: 'default',
    });
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe(
      'NAME                  READY   STATUS    RESTARTS   AGE\n' +
        'web-7d4b9c8f5-x2x9k   1/1     Running   0          2m10s\n' +
        'web-7d4b9c8f5-q8z7w   1/1     Running   0          10s\n',
    );
  });

  it('adds IP, NODE, NOMINATED NODE and READINESS GATES with -o wide, and NAMESPACE with -A', () => {
    const pending = { ...runningPod('web-pending', 0), spec: { containers: [{ name: 'nginx', image: 'nginx' }] }, status: { phase: 'Pending' } } as Pod;
    const out = printGet([{ kind: 'Pod', objects: [runningPod('web-a', 0), pending] }], {
      now: NOW,
      namespace: 'default',
      output: 'wide',
      allNamespaces: true,
    });
    expect(out.stdout).toBe(
      'NAMESPACE   NAME          READY   STATUS    RESTARTS   AGE     IP           NODE     NOMINATED NODE   READINESS GATES\n' +
        'default     web-a         1/1     Running   0          2m10s   10.244.1.5   node-1   <none>           <none>\n' +
        'default     web-pending   0/1     Pending   0          2m10s   <none>       <none>   <none>           <none>\n',
    );
  });

  it('computes STATUS the way kubectl does', () => {
    const status = (p: Pod): string => summarizePod(p).status;
    expect(status(podWithState('p', 0, { waiting: { reason: 'ContainerCreating' } }))).toBe('ContainerCreating');
    expect(status(podWithState('p', 0, { waiting: { reason: 'ErrImagePull', message: 'not found' } }))).toBe('ErrImagePull');
    expect(status(podWithState('p', 0, { waiting: { reason: 'ImagePullBackOff' } }))).toBe('ImagePullBackOff');
    expect(status(podWithState('p', 0, { waiting: { reason: 'CrashLoopBackOff' } }))).toBe('CrashLoopBackOff');
    expect(status(podWithState('p', 0, { terminated: { exitCode: 0, reason: 'Completed' } }))).toBe('Completed');
    expect(status(podWithState('p', 0, { terminated: { exitCode: 137 } }))).toBe('ExitCode:137');
    expect(status(podWithState('p', 0, { terminated: { exitCode: 0, signal: 9 } }))).toBe('Signal:9');
    const deleting = runningPod('p', 0);
    deleting.metadata = { ...deleting.metadata, deletionTimestamp: tickToTimestamp(50) };
    expect(status(deleting)).toBe('Terminating');
    const lost = { ...deleting, status: { ...deleting.status, reason: 'NodeLost' } } as Pod;
    expect(status(lost)).toBe('Unknown');
    const initPod = {
      ...runningPod('p', 0),
      spec: { containers: [{ name: 'app' }], initContainers: [{ name: 'init' }] },
      status: { phase: 'Pending', initContainerStatuses: [{ name: 'init', state: { waiting: { reason: 'PodInitializing' } } }] },
    } as Pod;
    expect(status(initPod)).toBe('Init:0/1');
    const initPull = { ...initPod, status: { phase: 'Pending', initContainerStatuses: [{ name: 'init', state: { waiting: { reason: 'ErrImagePull' } } }] } } as Pod;
    expect(status(initPull)).toBe('Init:ErrImagePull');
  });

  it('shows when the last restart happened', () => {
    const crashing = podWithState(
      'web-crash',
      0,
      { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container' } },
      { restartCount: 4, lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: tickToTimestamp(100 * SECOND) } } },
    );
    const out = printGet([{ kind: 'Pod', objects: [crashing] }], { now: NOW, namespace: 'default' });
    expect(out.stdout).toBe(
      'NAME        READY   STATUS             RESTARTS      AGE\n' + 'web-crash   0/1     CrashLoopBackOff   4 (30s ago)   2m10s\n',
    );
  });
});

describe('other kinds', () => {
  it('deployments, with wide CONTAINERS IMAGES SELECTOR', () => {
    expect(printGet([{ kind: 'Deployment', objects: [deployment(0)] }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\n' + 'web    2/3     3            2           2m10s\n',
    );
    expect(printGet([{ kind: 'Deployment', objects: [deployment(0)] }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE     CONTAINERS   IMAGES       SELECTOR\n' +
        'web    2/3     3            2           2m10s   nginx        nginx:1.27   app=web\n',
    );
  });

  it('replicasets; an empty selector is <none> in wide output', () => {
    expect(printGet([{ kind: 'ReplicaSet', objects: [replicaSet(0)] }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'NAME            DESIRED   CURRENT   READY   AGE\n' + 'web-7d4b9c8f5   3         3         3       2m10s\n',
    );
    const rs = replicaSet(0);
    rs.spec = { ...rs.spec, selector: {} };
    expect(printGet([{ kind: 'ReplicaSet', objects: [rs] }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toBe(
      'NAME            DESIRED   CURRENT   READY   AGE     CONTAINERS   IMAGES       SELECTOR\n' +
        'web-7d4b9c8f5   3         3         3       2m10s   nginx        nginx:1.27   <none>\n',
    );
  });

  it('services of each type, and endpoints', () => {
    const np = service(0, { type: 'NodePort', ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }] });
    np.metadata = { ...np.metadata, name: 'web-np' };
    const lb = service(0, { type: 'LoadBalancer', clusterIP: '10.96.0.9', clusterIPs: ['10.96.0.9'] });
    lb.metadata = { ...lb.metadata, name: 'web-lb' };
    expect(printGet([{ kind: 'Service', objects: [service(0), np, lb] }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toBe(
      'NAME     TYPE           CLUSTER-IP    EXTERNAL-IP   PORT(S)        AGE     SELECTOR\n' +
        'web      ClusterIP      10.96.120.7   <none>        80/TCP         2m10s   app=web\n' +
        'web-np   NodePort       10.96.120.7   <none>        80:30080/TCP   2m10s   app=web\n' +
        'web-lb   LoadBalancer   10.96.0.9     <pending>     80/TCP         2m10s   app=web\n',
    );
    const lbWithIngress = service(0, { type: 'LoadBalancer' });
    lbWithIngress.status = { loadBalancer: { ingress: [{ hostname: 'web.elb.example.com' }, { ip: '203.0.113.7' }] } };
    expect(printGet([{ kind: 'Service', objects: [lbWithIngress] }], { now: NOW, namespace: 'default' }).stdout).toContain(
      'LoadBalancer   10.96.120.7   203.0.113.7,w...   80/TCP',
    );
    expect(printGet([{ kind: 'Service', objects: [lbWithIngress] }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toContain(
      '203.0.113.7,web.elb.example.com',
    );
    const notReady = {
      kind: 'Endpoints',
      metadata: { name: 'starting', creationTimestamp: tickToTimestamp(0) },
      subsets: [{ notReadyAddresses: [{ ip: '10.244.1.5' }], ports: [{ port: 80 }] }],
    } as Endpoints;
    expect(printGet([{ kind: 'Endpoints', objects: [notReady] }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'NAME       ENDPOINTS   AGE\nstarting               2m10s\n',
    );
    const ep = (name: string, ips: string[]): Endpoints =>
      ({
        kind: 'Endpoints',
        metadata: { name, creationTimestamp: tickToTimestamp(0) },
        subsets: ips.length ? [{ addresses: ips.map((ip) => ({ ip })), ports: [{ port: 80, protocol: 'TCP' }] }] : undefined,
      }) as Endpoints;
    expect(
      printGet([{ kind: 'Endpoints', objects: [ep('web', ['10.244.1.5', '10.244.2.3', '10.244.3.4', '10.244.1.9', '10.244.2.8']), ep('none', [])] }], {
        now: NOW,
        namespace: 'default',
      }).stdout,
    ).toBe(
      'NAME   ENDPOINTS                                               AGE\n' +
        'web    10.244.1.5:80,10.244.2.3:80,10.244.3.4:80 + 2 more...   2m10s\n' +
        'none   <none>                                                  2m10s\n',
    );
  });

  it('nodes: roles, NotReady, SchedulingDisabled, and no NAMESPACE column even with -A', () => {
    const nodes = [node('control-plane', 0, { controlPlane: true, ip: '10.0.0.10' }), node('node-1', 0, { unschedulable: true }), node('node-2', 0, { ready: false, ip: '10.0.0.12' })];
    expect(printGet([{ kind: 'Node', objects: nodes }], { now: NOW, namespace: 'default', allNamespaces: true }).stdout).toBe(
      'NAME            STATUS                     ROLES           AGE     VERSION\n' +
        'control-plane   Ready                      control-plane   2m10s   v1.32.4\n' +
        'node-1          Ready,SchedulingDisabled   <none>          2m10s   v1.32.4\n' +
        'node-2          NotReady                   <none>          2m10s   v1.32.4\n',
    );
    expect(printGet([{ kind: 'Node', objects: nodes.slice(1, 2) }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toBe(
      'NAME     STATUS                     ROLES    AGE     VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION   CONTAINER-RUNTIME\n' +
        'node-1   Ready,SchedulingDisabled   <none>   2m10s   v1.32.4   10.0.0.11     <none>        Debian GNU/Linux 12 (bookworm)   6.1.0-sim        containerd://1.7.24\n',
    );
  });

  it('events: LAST SEEN TYPE REASON OBJECT MESSAGE, in the order the server listed them', () => {
    const events = [
      event('e1', 'Scheduled', 'Successfully assigned default/web-7d4b9c8f5-x2x9k to node-1', 0, 0, 1),
      event('e2', 'BackOff', 'Back-off restarting failed container nginx\nmore detail', 20 * SECOND, 120 * SECOND, 5, 'Warning'),
    ];
    expect(printGet([{ kind: 'Event', objects: events }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'LAST SEEN   TYPE      REASON      OBJECT                    MESSAGE\n' +
        '2m10s       Normal    Scheduled   pod/web-7d4b9c8f5-x2x9k   Successfully assigned default/web-7d4b9c8f5-x2x9k to node-1\n' +
        '10s         Warning   BackOff     pod/web-7d4b9c8f5-x2x9k   Back-off restarting failed container nginx...\n',
    );
  });

  it('namespaces, secrets, leases, rolebindings', () => {
    const t = tickToTimestamp(0);
    const ns = { kind: 'Namespace', metadata: { name: 'kube-system', creationTimestamp: t }, status: { phase: 'Active' } } as Namespace;
    expect(printGet([{ kind: 'Namespace', objects: [ns] }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'NAME          STATUS   AGE\nkube-system   Active   2m10s\n',
    );
    const secret = { kind: 'Secret', metadata: { name: 'db', creationTimestamp: t }, type: 'Opaque', data: { a: 'eA==', b: 'eQ==' } } as Secret;
    expect(printGet([{ kind: 'Secret', objects: [secret] }], { now: NOW, namespace: 'default' }).stdout).toBe(
      'NAME   TYPE     DATA   AGE\ndb     Opaque   2      2m10s\n',
    );
    const lease = { kind: 'Lease', metadata: { name: 'node-1', namespace: 'kube-node-lease', creationTimestamp: t }, spec: { holderIdentity: 'node-1' } } as Lease;
    expect(printGet([{ kind: 'Lease', objects: [lease] }], { now: NOW, namespace: 'kube-node-lease' }).stdout).toBe(
      'NAME     HOLDER   AGE\nnode-1   node-1   2m10s\n',
    );
    const rb = {
      kind: 'RoleBinding',
      metadata: { name: 'read-pods', creationTimestamp: t },
      roleRef: { kind: 'Role', name: 'pod-reader' },
      subjects: [{ kind: 'User', name: 'jane' }, { kind: 'ServiceAccount', name: 'ci', namespace: 'default' }],
    } as RoleBinding;
    expect(printGet([{ kind: 'RoleBinding', objects: [rb] }], { now: NOW, namespace: 'default', output: 'wide' }).stdout).toBe(
      'NAME        ROLE              AGE     USERS   GROUPS   SERVICEACCOUNTS\nread-pods   Role/pod-reader   2m10s   jane             default:ci\n',
    );
  });
});

describe('get options', () => {
  it('prints several kinds with a blank line between them and kind-prefixed names', () => {
    const out = printGet(
      [
        { kind: 'Pod', objects: [runningPod('web-7d4b9c8f5-x2x9k', 0)] },
        { kind: 'ReplicaSet', objects: [] },
        { kind: 'Deployment', objects: [deployment(0)] },
      ],
      { now: NOW, namespace: 'default' },
    );
    expect(out.stdout).toBe(
      'NAME                      READY   STATUS    RESTARTS   AGE\n' +
        'pod/web-7d4b9c8f5-x2x9k   1/1     Running   0          2m10s\n' +
        '\n' +
        'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\n' +
        'deployment.apps/web   2/3     3            2           2m10s\n',
    );
  });

  it('adds LABELS with --show-labels', () => {
    expect(printGet([{ kind: 'Deployment', objects: [deployment(0)] }], { now: NOW, namespace: 'default', showLabels: true }).stdout).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE     LABELS\n' + 'web    2/3     3            2           2m10s   app=web\n',
    );
  });

  it('adds one column per -L label key, before LABELS', () => {
    const d = deployment(0);
    d.metadata = { ...d.metadata, labels: { app: 'web', 'app.kubernetes.io/version': '1.27' } };
    expect(
      printGet([{ kind: 'Deployment', objects: [d] }], { now: NOW, namespace: 'default', labelColumns: ['app.kubernetes.io/version,tier'], showLabels: true }).stdout,
    ).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE     VERSION   TIER   LABELS\n' +
        'web    2/3     3            2           2m10s   1.27             app=web,app.kubernetes.io/version=1.27\n',
    );
  });

  it('prefixes the kind for a single kind with --show-kind', () => {
    expect(printGet([{ kind: 'ReplicaSet', objects: [replicaSet(0)] }], { now: NOW, namespace: 'default', withKind: true }).stdout).toBe(
      'NAME                            DESIRED   CURRENT   READY   AGE\n' + 'replicaset.apps/web-7d4b9c8f5   3         3         3       2m10s\n',
    );
  });

  it('writes selectors as LabelSelectorAsSelector does', () => {
    expect(
      selectorString({
        matchLabels: { tier: 'web', app: 'shop' },
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['prod', 'canary'] },
          { key: 'legacy', operator: 'DoesNotExist' },
          { key: 'zone', operator: 'NotIn', values: ['b'] },
          { key: 'gpu', operator: 'Exists' },
        ],
      }),
    ).toBe('app=shop,env in (canary,prod),gpu,!legacy,tier=web,zone notin (b)');
    expect(formatLabelSelector({})).toBe('<none>');
  });

  it('prints kind.group/name with -o name', () => {
    const out = printGet(
      [
        { kind: 'Deployment', objects: [deployment(0)] },
        { kind: 'Pod', objects: [runningPod('web-1', 0)] },
      ],
      { now: NOW, namespace: 'default', output: 'name' },
    );
    expect(out.stdout).toBe('deployment.apps/web\npod/web-1\n');
  });

  it('says there is nothing, on stderr', () => {
    expect(printGet([{ kind: 'Pod', objects: [] }], { now: NOW, namespace: 'default' })).toEqual({
      stdout: '',
      stderr: 'No resources found in default namespace.\n',
    });
    expect(printGet([{ kind: 'Pod', objects: [] }], { now: NOW, namespace: 'default', allNamespaces: true }).stderr).toBe('No resources found\n');
    expect(printGet([{ kind: 'Node', objects: [] }], { now: NOW, namespace: 'default' }).stderr).toBe('No resources found\n');
  });

  it('-w: later rows stay aligned with the first table', () => {
    const w = new WatchPrinter('Pod', { now: NOW, namespace: 'default' });
    expect(w.initial([runningPod('web-7d4b9c8f5-x2x9k', 0)])).toBe(
      'NAME                  READY   STATUS    RESTARTS   AGE\n' + 'web-7d4b9c8f5-x2x9k   1/1     Running   0          2m10s\n',
    );
    const creating = podWithState('web-b', NOW, { waiting: { reason: 'ContainerCreating' } });
    expect(w.event(creating)).toBe('web-b                 0/1     ContainerCreating   0          0s\n');
    const empty = new WatchPrinter('Pod', { now: NOW, namespace: 'default' });
    expect(empty.initial([])).toBe('');
    expect(empty.event(runningPod('web-c', NOW))).toBe('NAME    READY   STATUS    RESTARTS   AGE\nweb-c   1/1     Running   0          0s\n');
  });
});
