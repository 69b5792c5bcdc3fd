#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl get --server-print=false`: no Table
# asked of the server, so the objects are printed by cli-runtime's default table handler
# (NAME and AGE, from the object's metadata; the namespace, kind, labels and label columns
# as for any table). label-stub.mjs serves real-1.32-requests/scenario.json, listing in name
# order as an API server does. Replayed by run/get-client-side.test.ts.
# Run by hand with kubectl 1.32 and node:  bash capture-get-client-side.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28447
STUB=label-stub.mjs
export LIST_SORTED=1
source "$here/capture-lib.sh"
mkdir -p "$here/real-1.32-get-client-side"
cd "$here/real-1.32-get-client-side"
start_stub "$here/real-1.32-requests/scenario.json"
cap pods get pods --server-print=false
cap pods-wide get pods -o wide --server-print=false
cap pods-show-labels get pods --show-labels --server-print=false
cap pods-label-columns get pods -L app -L team --server-print=false
cap pods-no-headers get pods --no-headers --server-print=false
cap pods-show-kind get pods --show-kind --server-print=false
cap pods-all-namespaces get pods -A --server-print=false
cap pods-none get pods -l app=nope --server-print=false
cap pod-named get pod web-1 --server-print=false
cap two-types get deployments,services --server-print=false
cap two-types-no-headers get deployments,services --no-headers --server-print=false
cap two-types-all-namespaces get pods,nodes -A --server-print=false
cap pods-sort-by get pods --sort-by=.metadata.name --server-print=false
cap nodes get nodes --server-print=false
cap pods-name get pods -o name --server-print=false
cap server-print-bad get pods --server-print=maybe
