#!/bin/bash
# Records the order the real kubectl 1.32 prints for `get pods --sort-by=FIELD -o name`
# (sort/sortBy.ts, checked by sort/sortBy.test.ts): discovery-stub.mjs lists the Pods of
# real-1.32-sort-by/pods.json — 9 Pods in namespace `small` (insertion sort) and 40 in `big`
# (the quicksort), full of equal keys, missing fields and quantities. Run by hand with
# kubectl 1.32 and node:  bash capture-sort-by.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28419
source "$here/capture-lib.sh"
start_stub "$here/real-1.32-sort-by/pods.json"
cd "$here/real-1.32-sort-by"
for ns in small big; do
  cap "$ns-created" get pods -n $ns --sort-by=.metadata.creationTimestamp -o name
  cap "$ns-priority" get pods -n $ns --sort-by=.spec.priority -o name
  cap "$ns-tier-some-missing" get pods -n $ns --sort-by=.metadata.labels.tier -o name
  cap "$ns-pod-ip" get pods -n $ns --sort-by=.status.podIP -o name
  cap "$ns-cpu-quantity" get pods -n $ns '--sort-by={.spec.containers[0].resources.requests.cpu}' -o name
  cap "$ns-name-relaxed" get pods -n $ns --sort-by=metadata.name -o name
  cap "$ns-phase" get pods -n $ns --sort-by=.status.phase -o name
  cap "$ns-node" get pods -n $ns --sort-by=.spec.nodeName -o name
done
cap missing-field get pods -n small --sort-by=.nothing -o name
cap bad-path get pods -n small '--sort-by={{' -o name
cap unsortable-list get pods -n small --sort-by=.spec.containers -o name
cap unsortable-table get pods -n small --sort-by=.spec.containers
