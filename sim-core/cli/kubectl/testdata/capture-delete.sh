#!/bin/bash
# Records what the real kubectl 1.32 prints for the checks and warnings of `kubectl delete`,
# and for `kubectl set image` (run/delete.ts, run/set-image.ts, checked by
# run/delete.test.ts): scenario-stub.mjs serves the objects of
# real-1.32-delete/scenario.json (Pods web-1, web-2, other, sys; Deployments web, api; a
# ConfigMap; a Node n1), a fresh stub for each recording.
# Run by hand with kubectl 1.32 and node:  bash capture-delete.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28425
STUB=scenario-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-delete"

capd() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-delete/scenario.json" "$@"
}

capd d-o-yaml delete pod web-1 -o yaml
capd d-o-json delete pod web-1 -o json
capd d-interactive-none delete pod web-1 --force --grace-period=5
capd d-now-force delete pod web-1 --now --force
capd d-all-label delete pod --all -l app=web
capd d-A-name delete pod web-1 -A
capd d-cascade-bad delete deploy web --cascade=sideways
capd d-cascade-false delete deploy web --cascade=false
capd d-cascade-true delete deploy web --cascade=true
capd d-dry-client-missing delete pod nope --dry-run=client
capd d-node-ns delete node n1 -n default
capd d-node-ns-o-name delete node n1 -n default -o name
capd set-image-unknown-container set image deployment/web nginx=nginx:1.28 nope=x
capd set-image-output-name set image deployment/web nginx=nginx:1.28 -o name
