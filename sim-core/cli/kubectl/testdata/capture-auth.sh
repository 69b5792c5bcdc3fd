#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl auth can-i` (run/auth.ts): label-stub.mjs
# with real-1.32-requests/scenario.json answers a SelfSubjectAccessReview `allowed` for
# kubectl's own user and denied for one it impersonates (--as jane: in the simulated cluster,
# a user no binding names), a fresh stub for each recording. Its discovery has pods, services,
# nodes, deployments and replicasets, nothing of rbac.authorization.k8s.io. Replayed by
# run/auth-recordings.test.ts. Run by hand with kubectl 1.32 and node:  bash capture-auth.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28447
STUB=label-stub.mjs
source "$here/capture-lib.sh"
mkdir -p "$here/real-1.32-auth"
cd "$here/real-1.32-auth"
# --list: the SelfSubjectRulesReview statuses of the simulated API server itself for the
# scenario's cluster with rbac.yaml applied (kubectl's admin, and jane), written to rules.json
(cd "$here/../../../.." && npx tsx -e "
const fs = require('node:fs'), d = 'sim-core/cli/kubectl/testdata/';
import('./' + d + 'auth-rules.ts').then((m) => console.log(JSON.stringify(m.rulesReviews(fs.readFileSync(d + 'real-1.32-requests/scenario.json', 'utf8'), fs.readFileSync(d + 'real-1.32-auth/rbac.yaml', 'utf8')), null, 1)))") >rules.json
export RULES=$PWD/rules.json

capa() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-requests/scenario.json" "$@"
}

capa yes auth can-i get pods
capa no auth can-i get pods --as jane
capa quiet-yes auth can-i get pods -q
capa quiet-no auth can-i get pods -q --as jane
capa name auth can-i get pods/web-1
capa group auth can-i get deployments.apps
capa short-name auth can-i list deploy
capa subresource auth can-i create pods --subresource=log
capa all-namespaces auth can-i get pods -A
capa everything auth can-i '*' '*'
capa non-resource-url auth can-i get /healthz
# kubectl's warnings, each followed by an empty line
capa unknown-resource auth can-i get foo
capa unknown-resource-no auth can-i get foo --as jane
capa unknown-resource-quiet auth can-i get foo -q
capa unknown-verb auth can-i fly pods
capa unknown-non-resource-verb auth can-i fly /healthz
capa cluster-scoped auth can-i get nodes
capa cluster-scoped-namespace auth can-i get nodes -n default
capa cluster-scoped-all-namespaces auth can-i get nodes -A
capa unknown-verb-and-resource auth can-i fly foo
# --list: the rules, broken down, compacted and sorted by kubectl's rbac printer
capa list auth can-i --list
capa list-no-headers auth can-i --list --no-headers
capa list-impersonated auth can-i --list --as jane
