#!/bin/bash
# Records which HTTP requests the real kubectl 1.32 sends for its writing commands (label,
# annotate, scale, set image, cordon/uncordon, taint, rollout, apply, patch), so that the
# simulated kubectl can send the same verbs, paths, patch types and patch bodies:
# label-stub.mjs serves the objects of real-1.32-requests/scenario.json (Pods web-1 labelled
# app=web,tier=fe and annotated note=x, and web-2; Deployment web applied from web.yaml, with
# ReplicaSets of revisions 1 and 2; Deployment multi applied from multi.yaml, with containers
# app and sidecar; Deployment held, paused; Deployment api, never applied; Service web applied
# from svc.yaml; Node node-1, and node-2 cordoned), a fresh stub and a fresh $HOME (so no
# discovery or HTTP cache) for each recording. The stub gives the objects resourceVersions
# 11, 12, … in the scenario's order: web-1 11, web 13, web-5c6f8d7b9 18.
# Each NAME.txt is a recording as capture-lib.sh writes it, then `--- requests` and the lines
# the stub logged for it, one per request kubectl sent, in order (discovery requests to /api,
# /apis, /api/v1 and /apis/apps/v1 are not logged; /version and /openapi/v3… are):
#   METHOD URL [CONTENT-TYPE] BODY
# e.g. PATCH /api/v1/namespaces/default/pods/web-1?fieldManager=kubectl-label [application/merge-patch+json] {"metadata":{"labels":{"env":"a"}}}
# ` [CONTENT-TYPE]` is left out for a GET, ` BODY` when there is none; the body is as kubectl
# sent it, but for one trailing newline dropped (other newlines would read \n), and the time
# in a `kubectl rollout restart` annotation, which reads TIME. Left out too: the first request,
# `GET /version?timeout=5s`, which is not kubectl's but that of /usr/bin/kubectl, Google Cloud
# SDK's dispatcher, choosing which kubectl to run (kubectl.1.32 for the stub's v1.32.4).
# The manifests used by `kubectl apply` are the *.yaml files of real-1.32-requests/.
# Run by hand with kubectl 1.32 and node:  bash capture-requests.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28431
STUB=label-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-requests"
log=$(mktemp)

# label
capr label-add label pods web-1 env=a
capr label-remove label pods web-1 tier-
capr label-overwrite label pods web-1 tier=be --overwrite
capr label-unchanged label pods web-1 app=web
capr label-resource-version label pods web-1 env=a --resource-version=11
capr label-resource-version-stale label pods web-1 env=a --resource-version=5
capr label-deployment label deployment web env=a
capr label-dry-run-server label pods web-1 env=a --dry-run=server
capr label-dry-run-client label pods web-1 env=a --dry-run=client
capr label-selector label pods -l app=web env=a
capr label-two label pods web-1 web-2 env=a
capr label-constructor label pods web-1 constructor=x
capr label-output-json label pods web-1 env=a -o json
capr annotate-output-yaml annotate pods web-1 a=1 -o yaml
# annotate
capr annotate-add annotate pods web-1 a=1
capr annotate-remove annotate pods web-1 note-
capr annotate-resource-version annotate pods web-1 a=1 --resource-version=11
capr annotate-overwrite annotate pods web-1 note=y --overwrite
capr annotate-unchanged annotate pods web-1 note=x --overwrite
capr annotate-deployment annotate deployment web a=1
# scale
capr scale-deployment scale deployment web --replicas=3
capr scale-same scale deployment web --replicas=2
capr scale-replicaset scale replicaset web-5c6f8d7b9 --replicas=3
capr scale-current-replicas scale deployment web --current-replicas=2 --replicas=3
capr scale-current-replicas-wrong scale deployment web --current-replicas=5 --replicas=3
capr scale-resource-version scale deployment web --resource-version=13 --replicas=3
capr scale-resource-version-stale scale deployment web --resource-version=5 --replicas=3
capr scale-dry-run-server scale deployment web --replicas=3 --dry-run=server
capr scale-two scale deployment web multi --replicas=3
capr scale-output-json scale deployment web --replicas=3 -o json
capr scale-timeout scale deployment web --replicas=3 --timeout=2s
capr scale-timeout-synced scale deployment web --replicas=2 --timeout=2s
capr get-scale get deployment web --subresource=scale -o json
capr patch-scale patch deployment web --subresource=scale -p '{"spec":{"replicas":4}}'
# set image
capr set-image-deployment set image deployment/web nginx=nginx:1.28
capr set-image-pod set image pod/web-1 nginx=nginx:1.28
capr set-image-second-container set image deployment/multi sidecar=busybox:1.37
capr set-image-all set image deployment/web '*=nginx:1.28'
capr set-image-all-multi set image deployment/multi '*=nginx:1.28'
capr set-image-unchanged set image deployment/web nginx=nginx:1.27
capr set-image-dry-run-server set image deployment/web nginx=nginx:1.28 --dry-run=server
# cordon, uncordon, taint
capr cordon cordon node-1
capr cordon-already cordon node-2
capr cordon-missing cordon node-1 node-9
capr cordon-dry-run-server cordon node-1 --dry-run=server
capr uncordon uncordon node-2
capr uncordon-already uncordon node-1
capr taint taint nodes node-1 k=v:NoSchedule
capr taint-remove taint nodes node-2 node.kubernetes.io/unschedulable:NoSchedule-
# rollout
capr rollout-restart rollout restart deployment/web
capr rollout-pause rollout pause deployment/web
capr rollout-pause-already rollout pause deployment/held
capr rollout-resume rollout resume deployment/held
capr rollout-resume-not-paused rollout resume deployment/web
capr rollout-undo rollout undo deployment/web
capr rollout-undo-to-revision rollout undo deployment/web --to-revision=1
capr rollout-undo-current rollout undo deployment/web --to-revision=2
capr rollout-undo-dry-run-server rollout undo deployment/web --dry-run=server
capr rollout-undo-paused rollout undo deployment/held
capr rollout-undo-dry-run-client rollout undo deployment/web --dry-run=client
capr rollout-undo-dry-run-client-to-revision rollout undo deployment/web --to-revision=1 --dry-run=client
capr rollout-restart-pod rollout restart pod/web-1
capr rollout-undo-pod rollout undo pod/web-1
# apply
capr apply-create apply -f fresh.yaml
capr apply-create-null apply -f fresh-null.yaml
capr apply-dry-run-client apply -f web.yaml --dry-run=client
capr apply-no-annotation-dry-run-client apply -f api.yaml --dry-run=client
capr apply-output-name apply -f web-image.yaml -o name
capr apply-service-dns-ports apply -f svc-dns-ports.yaml
capr apply-env-duplicate apply -f web-env-duplicate.yaml
capr apply-unchanged apply -f web.yaml
capr apply-image apply -f web-image.yaml
capr apply-replicas apply -f web-replicas.yaml
capr apply-label-removed apply -f web-label-removed.yaml
capr apply-container-added apply -f web-container-added.yaml
capr apply-container-removed apply -f multi-container-removed.yaml
capr apply-env-added apply -f web-env-added.yaml
capr apply-env-changed apply -f web-env-changed.yaml
capr apply-strategy apply -f web-strategy.yaml
capr apply-null apply -f web-null.yaml
capr apply-replicas-null apply -f web-replicas-null.yaml
capr apply-service-ports apply -f svc-ports.yaml
capr apply-no-annotation apply -f api.yaml
capr apply-dry-run-server apply -f web-image.yaml --dry-run=server
capr apply-server-side apply -f web-image.yaml --server-side
# patch
capr patch-strategic-no-change patch deployment web -p '{"spec":{"replicas":2}}'
capr patch-strategic patch deployment web -p '{"spec":{"replicas":3}}'
capr patch-merge patch deployment web --type merge -p '{"spec":{"replicas":3}}'
capr patch-json patch deployment web --type json -p '[{"op":"replace","path":"/spec/replicas","value":3}]'
capr patch-strategic-containers patch deployment multi -p '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox:1.37"}]}}}}'
capr patch-dry-run-server patch deployment web -p '{"spec":{"replicas":3}}' --dry-run=server
rm -f "$log"
