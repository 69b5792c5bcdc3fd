#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl describe pod` of the sections the
# simulation's own Pods do not produce — runtime class, seccomp profiles (Pod and container),
# Pod-level resources, ephemeral containers, readiness gates, topology spread constraints
# (also in a Deployment's Pod template), more than 12 tolerations (Go's unstable sort) — checked by ../describe/pod-recorded.test.ts. The
# hand-written objects of real-1.32-describe-pod/crafted.json are served by object-stub.mjs
# with the simulated API server's discovery (real-1.32-describe/discovery.json) and no events.
# Run by hand with kubectl 1.32 and node installed:  bash capture-describe-pod.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28432
out_dir="$here/real-1.32-describe-pod"
export TZ=UTC
source "$here/capture-lib.sh"
STUB=object-stub.mjs start_stub "$here/real-1.32-describe/discovery.json" "$out_dir/crafted.json"
cd "$out_dir"
rm -f -- *.txt
cap pod-gated describe pod gated
cap pod-bare describe pod bare
cap pod-spread describe pod spread
cap pod-tolerant describe pod tolerant
cap deployment-spread describe deployment spread
