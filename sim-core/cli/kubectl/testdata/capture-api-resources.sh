#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl api-resources` and `api-versions` (run/api-resources.ts,
# checked by run/api-resources.test.ts) when a server's discovery lists exactly what the
# simulated API server serves (apiserver/discovery.ts, written to real-1.32-api-resources/
# discovery.json by this script). Run by hand with kubectl 1.32, node and the repository's
# dependencies installed:  bash capture-api-resources.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28423
source "$here/capture-lib.sh"
cd "$here/real-1.32-api-resources"
(cd "$here/../../../.." && npx tsx -e "import('./sim-core/apiserver/index.ts').then((m) => console.log(JSON.stringify(m.discoveryDocuments('127.0.0.1:$port'), null, 1)))") >discovery.json
DISCOVERY=discovery.json start_stub
cap default api-resources
cap wide api-resources -o wide
cap name api-resources -o name
cap cluster-scoped api-resources --namespaced=false
cap namespaced api-resources --namespaced=true
cap apps api-resources --api-group=apps
cap core api-resources --api-group=
cap by-kind api-resources --sort-by=kind
cap by-name api-resources --sort-by=name
cap verbs api-resources --verbs=create,watch
cap create-only api-resources --verbs=create -o wide
cap category api-resources --categories=all
cap no-headers api-resources --no-headers
cap bad-sort api-resources --sort-by=age
cap bad-output api-resources -o yaml
cap extra-argument api-resources pods
cap nothing-matches api-resources --api-group=batch
# kubectl api-versions (run/api-versions.ts): the group versions of the same discovery
cap versions api-versions
cap versions-extra-argument api-versions foo
cap versions-unknown-flag api-versions -o json
