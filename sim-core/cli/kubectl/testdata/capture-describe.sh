#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl describe` of the kinds with their
# own describers here — Endpoints, EndpointSlice, ServiceAccount, Role, ClusterRole,
# RoleBinding, ClusterRoleBinding — and of the kinds it describes generically (Lease,
# Event), checked by ../describe/recorded.test.ts. describe-objects.mjs builds a simulated
# cluster and writes the objects (real-1.32-describe/objects.json) and the simulated API
# server's discovery (discovery.json); object-stub.mjs serves them to kubectl, with no
# events; with them, the hand-written objects of crafted.json, which pin down corners the
# simulation does not produce (floats, nulls and odd keys for the generic describer; rules
# kubectl merges or drops; ports and endpoints with fields unset). Run by hand with kubectl
# 1.32, node and the repository's dependencies installed:  bash capture-describe.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28431
out_dir="$here/real-1.32-describe"
mkdir -p "$out_dir"
(cd "$here/../../../.." && npx tsx sim-core/cli/kubectl/testdata/describe-objects.mjs "$out_dir" $port) || exit 1
source "$here/capture-lib.sh"
STUB=object-stub.mjs start_stub "$out_dir/discovery.json" "$out_dir/objects.json" "$out_dir/crafted.json"
cd "$out_dir"
rm -f -- *.txt
cap endpoints-kubernetes describe endpoints kubernetes
cap endpoints-web describe endpoints web
cap endpoints-two describe endpoints kubernetes web
cap endpointslice-web describe endpointslice "$(node -e "console.log(require('./objects.json').find((o) => o.kind === 'EndpointSlice' && o.metadata.name.startsWith('web-')).metadata.name)")"
cap endpointslice-kubernetes describe endpointslices.discovery.k8s.io kubernetes
cap serviceaccount-default describe serviceaccount default
cap serviceaccount-builder describe sa builder
cap serviceaccount-no-events describe sa builder --show-events=false
cap clusterrole-view describe clusterrole view
cap clusterrole-system-node describe clusterrole system:node
cap clusterrole-system-discovery describe clusterrole system:discovery
cap clusterrole-system-kube-scheduler describe clusterrole system:kube-scheduler
cap clusterrole-cluster-admin describe clusterrole cluster-admin
cap clusterrole-ops-reader describe clusterrole ops-reader
cap clusterrolebinding-cluster-admin describe clusterrolebinding cluster-admin
cap clusterrolebinding-ops-readers describe clusterrolebinding ops-readers
cap role-pod-reader describe role pod-reader
cap rolebinding-read-pods describe rolebinding read-pods
cap role-and-binding describe role/pod-reader rolebinding/read-pods
cap lease-kube-controller-manager describe lease -n kube-system kube-controller-manager
cap lease-kube-scheduler describe leases.coordination.k8s.io -n kube-system kube-scheduler
cap lease-node-1 describe lease -n kube-node-lease node-1
cap lease-demo-lock describe lease demo-lock
cap lease-two-nodes describe lease -n kube-node-lease node-1 node-2
cap lease-no-events describe lease -n kube-system kube-controller-manager --show-events=false
cap event-leader-election describe event -n kube-system "$(node -e "console.log(require('./objects.json').find((o) => o.kind === 'Event' && o.metadata.namespace === 'kube-system').metadata.name)")"
cap event-pulled describe event "$(node -e "console.log(require('./objects.json').find((o) => o.kind === 'Event' && o.metadata.namespace === 'default').metadata.name)")"
cap lease-odd-fields describe lease odd-fields
cap clusterrole-edge-rules describe clusterrole edge-rules
cap clusterrole-no-rules describe clusterrole no-rules
cap rolebinding-no-subjects describe rolebinding no-subjects
cap endpoints-mixed describe endpoints mixed
cap endpoints-empty describe endpoints empty
cap endpointslice-mixed describe endpointslice mixed-abcde
cap endpointslice-empty describe endpointslice empty-abcde
cap serviceaccount-pull-only describe sa -n kube-public pull-only
