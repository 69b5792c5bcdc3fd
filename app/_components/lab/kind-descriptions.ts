// What the editor's hover says of a manifest's kind (monaco-yaml shows a schema's title and
// description), in the page's language. The Korean follows the lessons' usage: kinds keep
// their English names (Pod, Deployment, ReplicaSet), other terms are the lessons' Korean
// (레플리카, 셀렉터, 컨트롤러, 네임스페이스). Only the editor's lazy chunk carries them.
import type { Locale } from '@/app/_lib/i18n/routing';

/** The schema's own title: what a file the editor validates is. */
export const MANIFEST_TITLE: Record<Locale, string> = {
  en: 'Kubernetes manifest',
  ko: '쿠버네티스 매니페스트',
};

/** Each served kind, by its `kind` (sim-core/apiserver/kinds KINDS). */
export const KIND_DESCRIPTIONS: Record<Locale, Readonly<Record<string, string>>> = {
  en: {
    Namespace: 'Namespace (v1): a scope for the names of namespaced objects: two objects of one kind may share a name in different namespaces. Cluster-scoped itself.',
    Node: "Node (v1): a machine that runs Pods, registered by its kubelet. Its status reports capacity and conditions; its Lease in kube-node-lease is the kubelet's heartbeat. Cluster-scoped.",
    Pod: "Pod (v1): one or more containers that run together on one node. The scheduler sets spec.nodeName; that node's kubelet starts the containers and writes the Pod's status.",
    Deployment: 'Deployment (apps/v1): keeps spec.replicas Pods of its Pod template running. The Deployment controller makes a ReplicaSet for each template and rolls the Pods out from the old ReplicaSet to the new one.',
    ReplicaSet: 'ReplicaSet (apps/v1): keeps spec.replicas Pods that match its selector, creating Pods from its template when too few run and deleting some when too many do. Usually made, scaled and owned by a Deployment.',
    Service: "Service (v1): a stable virtual IP (clusterIP) and ports in front of the Pods its selector matches. The EndpointSlice controller lists those Pods; every node's kube-proxy turns that list into forwarding rules.",
    Endpoints: "Endpoints (v1): the older list of a Service's Pod addresses, still kept in sync for older clients; kube-proxy reads EndpointSlices instead.",
    EndpointSlice: "EndpointSlice (discovery.k8s.io/v1): one slice of a Service's endpoints, the Pods' addresses with their ready condition (the controller puts at most 100 in a slice). Written by the EndpointSlice controller, read by kube-proxy.",
    ConfigMap: 'ConfigMap (v1): configuration as keys and values (data, binaryData) that Pods read as environment variables or files.',
    Secret: 'Secret (v1): like a ConfigMap, for sensitive values. data holds them base64-encoded (stringData takes plain text); base64 is no encryption, and etcd stores them as they are unless encryption at rest is configured.',
    ServiceAccount: 'ServiceAccount (v1): an identity for the processes in Pods. A Pod runs as one (default: "default") and gets its token; RBAC bindings grant it permissions.',
    Lease: "Lease (coordination.k8s.io/v1): a record its holder keeps renewing: a node's heartbeat (in kube-node-lease), or the lock of a leader election (kube-controller-manager's and kube-scheduler's, in kube-system).",
    Event: 'Event (v1): a report of something that happened to an object (a Pod scheduled, an image pulled), written by the component that saw it. The API server stores it with a one-hour lease, so etcd deletes it afterwards.',
    Role: 'Role (rbac.authorization.k8s.io/v1): a set of permissions (verbs on resources) within one namespace, granted by a RoleBinding.',
    RoleBinding: 'RoleBinding (rbac.authorization.k8s.io/v1): grants the permissions of a Role or a ClusterRole to users, groups or ServiceAccounts, within its own namespace.',
    ClusterRole: 'ClusterRole (rbac.authorization.k8s.io/v1): a set of permissions tied to no namespace: for cluster-scoped resources, or for every namespace through a ClusterRoleBinding. Cluster-scoped.',
    ClusterRoleBinding: 'ClusterRoleBinding (rbac.authorization.k8s.io/v1): grants the permissions of a ClusterRole to users, groups or ServiceAccounts across the whole cluster. Cluster-scoped.',
  },
  ko: {
    Namespace: 'Namespace(v1): 네임스페이스 범위 오브젝트의 이름이 속하는 범위입니다. 같은 종류의 오브젝트라도 네임스페이스가 다르면 같은 이름을 쓸 수 있습니다. Namespace 자신은 클러스터 범위 오브젝트입니다.',
    Node: 'Node(v1): Pod를 실행하는 머신으로, 그 노드의 kubelet이 등록합니다. status에는 자원 용량과 상태 조건이 담기고, kube-node-lease 네임스페이스의 Lease가 kubelet의 heartbeat입니다. 클러스터 범위 오브젝트입니다.',
    Pod: 'Pod(v1): 한 노드에서 함께 실행되는 하나 이상의 컨테이너입니다. 스케줄러가 spec.nodeName을 정하면 그 노드의 kubelet이 컨테이너를 시작하고 Pod의 status를 씁니다.',
    Deployment: 'Deployment(apps/v1): Pod 템플릿으로 만든 Pod를 spec.replicas개만큼 계속 실행합니다. Deployment 컨트롤러가 템플릿마다 ReplicaSet을 만들고, 예전 ReplicaSet에서 새 ReplicaSet으로 Pod를 옮겨 가며 롤아웃합니다.',
    ReplicaSet: 'ReplicaSet(apps/v1): 셀렉터에 맞는 Pod를 spec.replicas개로 유지합니다. 모자라면 템플릿으로 Pod를 만들고, 남으면 일부를 지웁니다. 보통 Deployment가 만들고 스케일하며 소유합니다.',
    Service: 'Service(v1): 셀렉터에 맞는 Pod들 앞에 놓이는 고정된 가상 IP(clusterIP)와 포트입니다. EndpointSlice 컨트롤러가 그 Pod들의 목록을 만들고, 모든 노드의 kube-proxy가 그 목록을 패킷 전달 규칙으로 바꿉니다.',
    Endpoints: 'Endpoints(v1): Service가 가리키는 Pod 주소를 담는 예전 방식의 목록입니다. 예전 클라이언트를 위해 계속 동기화되지만, kube-proxy가 읽는 것은 EndpointSlice입니다.',
    EndpointSlice: 'EndpointSlice(discovery.k8s.io/v1): Service 엔드포인트의 한 조각으로, Pod의 주소를 ready 조건과 함께 담습니다(컨트롤러는 한 조각에 최대 100개를 넣습니다). EndpointSlice 컨트롤러가 쓰고 kube-proxy가 읽습니다.',
    ConfigMap: 'ConfigMap(v1): 키와 값으로 된 설정 데이터(data, binaryData)입니다. Pod가 환경 변수나 파일로 읽어 씁니다.',
    Secret: 'Secret(v1): 민감한 값을 담는, ConfigMap과 비슷한 오브젝트입니다. data에는 base64로 인코딩한 값을 넣습니다(stringData에는 평문). base64는 암호화가 아니어서, 저장 시 암호화를 설정하지 않으면 etcd에 값이 그대로 저장됩니다.',
    ServiceAccount: 'ServiceAccount(v1): Pod 안에서 실행되는 프로세스의 신원입니다. Pod는 ServiceAccount 하나로 실행되며(기본값 "default") 그 토큰을 받고, RBAC 바인딩으로 권한을 얻습니다.',
    Lease: 'Lease(coordination.k8s.io/v1): 주인이 계속 갱신하는 기록입니다. 노드의 heartbeat(kube-node-lease 네임스페이스)나, kube-system 네임스페이스에서 kube-controller-manager와 kube-scheduler가 리더를 선출할 때 쓰는 잠금이 Lease입니다.',
    Event: 'Event(v1): 오브젝트에 일어난 일(Pod 스케줄링, 이미지 pull 등)을 그것을 본 컴포넌트가 남긴 보고입니다. API 서버가 1시간짜리 lease를 붙여 저장하므로, 시간이 지나면 etcd가 지웁니다.',
    Role: 'Role(rbac.authorization.k8s.io/v1): 한 네임스페이스 안에서 쓰는 권한(리소스에 대한 동사)의 묶음입니다. RoleBinding으로 부여합니다.',
    RoleBinding: 'RoleBinding(rbac.authorization.k8s.io/v1): Role이나 ClusterRole의 권한을 자기 네임스페이스 안에서 사용자, 그룹, ServiceAccount에게 부여합니다.',
    ClusterRole: 'ClusterRole(rbac.authorization.k8s.io/v1): 네임스페이스에 묶이지 않는 권한의 묶음입니다. 클러스터 범위 리소스에 쓰거나, ClusterRoleBinding으로 모든 네임스페이스에 걸쳐 부여합니다. 클러스터 범위 오브젝트입니다.',
    ClusterRoleBinding: 'ClusterRoleBinding(rbac.authorization.k8s.io/v1): ClusterRole의 권한을 클러스터 전체에 걸쳐 사용자, 그룹, ServiceAccount에게 부여합니다. 클러스터 범위 오브젝트입니다.',
  },
};
