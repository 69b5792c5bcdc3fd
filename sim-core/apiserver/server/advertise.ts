// Where the API server listens: the cluster's bootstrap objects (the kubernetes Service's
// endpoints) and the server's own discovery documents (serverAddressByClientCIDRs) read
// the same two values.

/** the control-plane node's InternalIP, where the API server listens (kind's first address) */
export const APISERVER_ADVERTISE_ADDRESS = '172.18.0.2';
/** kube-apiserver --secure-port, kubeadm's default: the kubernetes Service's targetPort */
export const APISERVER_SECURE_PORT = 6443;
