// What each hop of the watch chain teaches, in Korean and English (note 02 and the
// Kubernetes docs: "Controllers", "Kubernetes API concepts — efficient detection of
// changes", "Scheduling framework", "Pod lifecycle"). Short enough to read while the
// marker travels; the point of each is *why* the hop exists.

export interface Text {
  ko: string;
  en: string;
}

export type ExplainedHop =
  | 'request'
  | 'request-failed'
  | 'etcd-write'
  | 'etcd-watch'
  | 'watch-event'
  | 'reconcile'
  | 'schedule'
  | 'unschedulable'
  | 'runtime'
  | 'bind'
  | 'status';

const REQUEST_FROM_KUBECTL: Text = {
  ko: 'kubectl은 YAML을 JSON으로 바꿔 API 서버에 HTTP 요청으로 보냅니다. API 서버가 인증·인가·검증·기본값 채우기를 거친 뒤에야 오브젝트가 저장됩니다. kubectl은 etcd에 직접 닿지 않습니다.',
  en: 'kubectl turns the YAML into JSON and sends it to the API server as an HTTP request. The API server authenticates, authorizes, validates and defaults it before anything is stored. kubectl never reaches etcd itself.',
};

const REQUEST_FROM_CONTROLLER: Text = {
  ko: '컨트롤러도 여러분과 똑같이 API 서버에 요청을 보냅니다. 컨트롤러는 원하는 상태(spec)와 실제 상태의 차이를 줄이기 위해 오브젝트를 만들거나 고칠 뿐, etcd를 직접 건드리지 않습니다.',
  en: 'A controller sends the API server the same kind of request a learner does. It creates or changes objects to close the gap between the desired state (spec) and the actual state, and it never touches etcd directly.',
};

const REQUEST_FROM_PROCESS: Text = {
  ko: '스케줄러, kubelet, kube-proxy 같은 프로세스는 모두 API 서버의 클라이언트입니다. 클러스터 상태를 바꾸는 유일한 길은 API 서버에 요청하는 것입니다.',
  en: 'The scheduler, kubelets and kube-proxy are all clients of the API server. Asking the API server is the only way any of them changes the cluster’s state.',
};

const TEXTS: Record<Exclude<ExplainedHop, 'request' | 'watch-event'>, Text> = {
  'request-failed': {
    ko: 'API 서버가 요청을 거절했습니다(괄호 안은 HTTP 상태 코드). 409 Conflict는 다른 누군가가 먼저 오브젝트를 바꿔 resourceVersion이 낡았다는 뜻입니다. 거절된 요청은 etcd에 아무것도 쓰지 않습니다.',
    en: 'The API server refused the request (the HTTP status code is in brackets). 409 Conflict means someone changed the object first, so the resourceVersion sent was stale. A refused request writes nothing to etcd.',
  },
  'etcd-write': {
    ko: '오직 API 서버만 etcd와 이야기합니다. 오브젝트는 /registry/<리소스>/<네임스페이스>/<이름> 키 아래 JSON으로 저장되고(실제 클러스터는 대부분 protobuf), Raft 과반수에 커밋되면 새 revision 번호를 받습니다. 이 번호가 오브젝트의 resourceVersion이 됩니다.',
    en: 'Only the API server talks to etcd. The object is stored as JSON under /registry/<resource>/<namespace>/<name> (real clusters store most kinds as protobuf) and, once a Raft majority commits it, gets a new revision number: the object’s resourceVersion.',
  },
  'etcd-watch': {
    ko: 'API 서버는 etcd의 /registry를 watch하고 있어서, 커밋된 변경을 revision 순서대로 통지받아 watch 캐시에 반영합니다. 컨트롤러들이 etcd에 직접 watch를 걸지 않아도 되는 이유입니다.',
    en: 'The API server keeps a watch on etcd’s /registry, so every committed change reaches its watch cache in revision order. That is why controllers never need a watch on etcd of their own.',
  },
  reconcile: {
    ko: '컨트롤러는 watch 이벤트로 깨어나 해당 오브젝트의 키를 작업 큐에 넣고 reconcile(key)를 실행합니다. 원하는 상태와 실제 상태를 비교해서, 차이가 있을 때만 API 서버에 요청을 보냅니다.',
    en: 'Woken by a watch event, a controller puts the object’s key on its work queue and runs reconcile(key): it compares desired and actual state and sends the API server a request only if they differ.',
  },
  schedule: {
    ko: '스케줄러는 nodeName이 비어 있는 Pod를 보고, 자원 요청·nodeSelector·taint 등으로 노드를 거른 뒤 점수를 매겨 하나를 고릅니다. 아직은 결정일 뿐이고, 바인딩 요청이 저장되어야 실제로 배치됩니다.',
    en: 'The scheduler sees a Pod with an empty nodeName, filters the nodes (resource requests, nodeSelector, taints …), scores the rest and picks one. This is only a decision: the Pod is placed once the bind is stored.',
  },
  unschedulable: {
    ko: '어느 노드도 조건을 통과하지 못했습니다. Pod는 Pending으로 남고, 스케줄러는 클러스터가 바뀌면(노드 추가, taint 제거 등) 다시 시도합니다.',
    en: 'No node passed the filters. The Pod stays Pending, and the scheduler tries again when the cluster changes (a node added, a taint removed …).',
  },
  runtime: {
    ko: 'kubelet은 자기 노드에 바인딩된 Pod를 보고 컨테이너 런타임에게 이미지를 받고 컨테이너를 시작하라고 시킵니다. 이 일은 노드 안에서 일어나며, 결과는 상태 보고로 API 서버에 돌아갑니다.',
    en: 'The kubelet sees a Pod bound to its node and tells the container runtime to pull the image and start the containers. This happens on the node; the outcome goes back to the API server as a status report.',
  },
  bind: {
    ko: '스케줄러는 Pod를 직접 노드에 보내지 않습니다. API 서버에 "이 Pod는 이 노드로"라는 바인딩을 요청할 뿐이고, API 서버가 spec.nodeName을 채워 etcd에 저장합니다. 그 변경을 watch하던 노드의 kubelet이 일을 이어받습니다.',
    en: 'The scheduler does not send the Pod to a node. It asks the API server to bind the Pod to a node; the API server sets spec.nodeName and stores it in etcd, and the kubelet watching that node picks it up from there.',
  },
  status: {
    ko: 'kubelet은 컨테이너의 실제 상태를 Pod의 status 서브리소스로 보고합니다(phase, 조건, podIP, 재시작 횟수). kubectl get pods가 보여주는 STATUS는 여기서 옵니다. spec은 원하는 상태, status는 관찰된 상태입니다.',
    en: 'The kubelet reports what the containers are really doing through the Pod’s status subresource (phase, conditions, podIP, restarts). The STATUS column of kubectl get pods comes from here: spec is desired state, status is observed state.',
  },
};

/** `kube-scheduler`, or an HA control plane's `kube-scheduler@control-plane-2`: the same component. */
function isComponent(address: string, component: 'kube-controller-manager' | 'kube-scheduler'): boolean {
  return address === component || address.startsWith(`${component}@`);
}

function watchEventText(to: string): Text {
  const base: Text = {
    ko: '폴링이 아니라 watch입니다. 클라이언트는 한 번 list한 뒤 그 revision부터 watch를 열어 두고, API 서버가 변경을 ADDED/MODIFIED/DELETED 이벤트로 밀어 줍니다. ',
    en: 'Watches, not polling: a client lists once, keeps a watch open from that revision, and the API server pushes every change to it as an ADDED, MODIFIED or DELETED event. ',
  };
  if (isComponent(to, 'kube-controller-manager'))
    return { ko: `${base.ko}컨트롤러 매니저의 informer가 이벤트를 캐시에 반영하고 해당 키를 작업 큐에 넣습니다.`, en: `${base.en}The controller-manager’s informer updates its cache and queues the object’s key.` };
  if (isComponent(to, 'kube-scheduler'))
    return { ko: `${base.ko}스케줄러는 아직 노드가 정해지지 않은 Pod를 이렇게 알게 됩니다.`, en: `${base.en}This is how the scheduler learns of Pods that have no node yet.` };
  if (to.startsWith('kubelet@'))
    return { ko: `${base.ko}kubelet은 자기 노드에 바인딩된 Pod만 watch합니다(fieldSelector spec.nodeName).`, en: `${base.en}A kubelet watches only the Pods bound to its own node (fieldSelector spec.nodeName).` };
  if (to.startsWith('kube-proxy@'))
    return { ko: `${base.ko}kube-proxy는 Service와 Endpoints를 watch해서 노드의 전달 규칙을 고칩니다.`, en: `${base.en}kube-proxy watches Services and Endpoints to rewrite its node’s forwarding rules.` };
  return base;
}

function requestText(from: string): Text {
  if (from === 'kubectl') return REQUEST_FROM_KUBECTL;
  if (isComponent(from, 'kube-controller-manager')) return REQUEST_FROM_CONTROLLER;
  return REQUEST_FROM_PROCESS;
}

export function explainHop(kind: ExplainedHop, from: string, to: string): Text {
  if (kind === 'request') return requestText(from);
  if (kind === 'watch-event') return watchEventText(to);
  return TEXTS[kind];
}
