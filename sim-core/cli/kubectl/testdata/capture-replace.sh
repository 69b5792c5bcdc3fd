#!/bin/bash
# Records what the real kubectl 1.32 prints, and the requests it sends, for `kubectl replace`
# (run/replace.ts, checked by run/replace.test.ts): scenario-stub.mjs serves
# real-1.32-replace/scenario.json (Pod web-1 and ConfigMap cfg of the delete scenario), a
# fresh stub for each recording; the manifests are the folder's .yaml files (cfg.yaml: cfg
# with other data; cfg-stale.yaml: with resourceVersion "1"; nope.yaml: a ConfigMap the stub
# does not hold; cfg-other-ns.yaml: cfg in namespace other; pod.yaml: web-1 with another
# image). Each NAME.txt is a recording as capture-lib.sh writes it, then `--- requests` and
# the stub's log of the requests after discovery (`METHOD URL BODY CT content-type`). The
# stub serves no OpenAPI, so each line but the --validate ones says --validate=false.
# Run by hand with kubectl 1.32 and node:  bash capture-replace.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28439
STUB=scenario-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-replace"
log=$(mktemp)

capr() {
  local name=$1; shift
  STUB_STDERR=$log cap_fresh "$name" "$here/real-1.32-replace/scenario.json" "$@"
  { echo '--- requests'; grep -v -E '^GET /(api|apis|api/v1|apis/apps/v1|version|openapi/.*)(\?.*)?$' "$log"; } >>"$name.txt"
}

capr replace replace -f cfg.yaml --validate=false
capr output-name replace -f cfg.yaml -o name --validate=false
capr output-yaml replace -f cfg.yaml -o yaml --validate=false
capr stale replace -f cfg-stale.yaml --validate=false
capr missing replace -f nope.yaml --validate=false
capr two-files replace -f nope.yaml -f cfg.yaml --validate=false
capr other-namespace replace -f cfg-other-ns.yaml -n default --validate=false
capr dry-run-client replace -f cfg.yaml --dry-run=client --validate=false
capr dry-run-server replace -f cfg.yaml --dry-run=server --validate=false
capr save-config replace -f cfg.yaml --save-config --validate=false
capr no-file replace
capr extra-args replace -f cfg.yaml web-1 --validate=false
capr grace-without-force replace -f cfg.yaml --grace-period=5 --validate=false
capr grace-zero-without-force replace -f cfg.yaml --grace-period=0 --validate=false
capr timeout-without-force replace -f cfg.yaml --timeout=5s --validate=false
capr force-dry-run replace -f cfg.yaml --force --dry-run=server --validate=false
capr bad-cascade replace -f cfg.yaml --cascade=sideways --validate=false
capr bad-cascade-no-file replace --cascade=sideways
capr bool-cascade replace -f cfg.yaml --force --cascade=true --validate=false
capr bad-validate replace -f cfg.yaml --validate=maybe
capr bad-output replace -f cfg.yaml -o wide --validate=false
capr force replace -f cfg.yaml --force --validate=false
capr force-missing replace -f nope.yaml --force --validate=false
capr force-name replace -f cfg.yaml --force -o name --validate=false
capr force-pod replace -f pod.yaml --force --grace-period=0 --validate=false
capr force-pod-grace replace -f pod.yaml --force --grace-period=5 --cascade=orphan --validate=false
capr now replace -f cfg.yaml --now --validate=false
capr edit-flag replace -f cfg.yaml --edit --validate=false
