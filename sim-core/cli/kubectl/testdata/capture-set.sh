#!/bin/bash
# Records what the real kubectl 1.32 prints, and which HTTP requests it sends, for
# `kubectl set env` and `kubectl set resources`, so that the simulated kubectl can be checked
# against it: label-stub.mjs serves the objects of real-1.32-set/scenario.json, which is
# real-1.32-requests/scenario.json (Pods web-1 and web-2; Deployment web, container nginx with
# env MODE=prod; Deployment multi, containers app and sidecar; Deployments held and api;
# ReplicaSets; Service web; Nodes) plus, at its end: Deployment envd (container app with env
# FOO=old and BAR=1, init container init), Deployment refs (container app with env PLAIN=v, A
# from configmap cfg key a, Z from cfg key zzz, N from configmap nocm key x, POD from fieldRef
# metadata.name), Deployment limited (container app with limits cpu=200m,memory=512Mi and
# requests cpu=100m), ConfigMap cfg (a=1, b=2) and ConfigMap cfg-keys (my.key=x,
# other-key=y). A fresh stub and a fresh $HOME (so no discovery or HTTP cache) for each
# recording; the stub gives the objects resourceVersions 11, 12, … in the scenario's order.
# Each NAME.txt is a recording as capture-lib.sh writes it, then `--- requests` and the lines
# the stub logged for it, one per request kubectl sent, in order (discovery requests to /api,
# /apis, /api/v1 and /apis/apps/v1 are not logged; /version and /openapi/v3… are):
#   METHOD URL [CONTENT-TYPE] BODY
# as in capture-requests.sh (the first request, `GET /version?timeout=5s`, that of
# /usr/bin/kubectl, Google Cloud SDK's dispatcher, is left out).
# kubectl takes the keys of a --from ConfigMap in Go's map order, which changes from run to run:
# with two or more keys (env-from-configmap, -prefix, -and-var, -transfer) the order of the
# variables in the patch and of the `Warning: key … transferred to …` lines is one of several
# that the real kubectl prints (re-running sometimes gives the other order); --keys=a is stable.
# The stub serves no Secrets (its discovery lists none), so `set env --from=secret/…` is not
# recorded. `env-stdin` reads its standard input from real-1.32-set/env-stdin.env; the
# manifest used with -f is real-1.32-set/web.yaml (a copy of real-1.32-requests/web.yaml).
# Run by hand with kubectl 1.32 and node:  bash capture-set.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28433
STUB=label-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-set"
log=$(mktemp)

CAPR_SCENARIO=$here/real-1.32-set/scenario.json

# set env: adding, changing, removing
capr env-add set env deployment/web FOO=bar
capr env-add-two set env deployment/web FOO=bar BAZ=qux
capr env-flag set env deployment/web -e FOO=bar
capr env-flag-and-arg set env deployment/web -e FOO=bar BAZ=qux
capr env-type-name set env deployment web FOO=bar
capr env-change set env deployment/envd FOO=new
capr env-remove set env deployment/envd FOO-
capr env-remove-all set env deployment/envd FOO- BAR-
capr env-remove-absent set env deployment/web NOPE-
capr env-add-remove set env deployment/envd BAZ=1 FOO-
capr env-add-remove-same set env deployment/envd FOO=1 FOO-
capr env-unchanged set env deployment/web MODE=prod
capr env-overwrite-false set env deployment/envd FOO=new --overwrite=false
capr env-overwrite-false-same set env deployment/envd FOO=old --overwrite=false
capr env-overwrite-false-new set env deployment/envd BAZ=1 --overwrite=false
capr env-value-spaces set env deployment/web 'FOO=a b=c'
capr env-value-empty set env deployment/web FOO=
capr env-stdin set env deployment/web -e - <env-stdin.env
# set env: containers
capr env-multi-container set env deployment/multi -c app FOO=bar
capr env-multi-all set env deployment/multi FOO=bar
capr env-containers-star set env deployment/multi '--containers=*' FOO=bar
capr env-containers-wildcard set env deployment/multi '--containers=side*' FOO=bar
capr env-containers-nope set env deployment/web --containers=nope FOO=bar
capr env-init-container set env deployment/envd -c init FOO=bar
capr env-with-init set env deployment/envd X=1
# set env: --list and --resolve
capr env-list set env deployment/web --list
capr env-list-multi set env deployment/multi --list
capr env-list-container set env deployment/multi --list -c sidecar
capr env-list-change set env deployment/web --list FOO=bar
capr env-list-refs set env deployment/refs --list
capr env-list-resolve set env deployment/refs --list --resolve
capr env-list-pods set env pods --all --list
capr env-list-output set env deployment/web --list -o yaml
# set env: --from, --keys, --prefix
capr env-from-configmap set env deployment/web --from=configmap/cfg
capr env-from-configmap-prefix set env deployment/web --from=configmap/cfg --prefix=P_
capr env-from-configmap-keys set env deployment/web --keys=a --from=configmap/cfg
capr env-from-configmap-keys-absent set env deployment/web --keys=zzz --from=configmap/cfg
capr env-from-configmap-and-var set env deployment/web --from=configmap/cfg C=3
capr env-from-configmap-transfer set env deployment/web --from=configmap/cfg-keys
capr env-from-configmap-missing set env deployment/web --from=configmap/nope
capr env-from-deployment set env deployment/web --from=deployment/multi
capr env-keys-without-from set env deployment/web --keys=a
capr env-prefix-only set env deployment/web --prefix=P_ FOO=bar
# set env: output and dry runs
capr env-dry-run-client-yaml set env deployment/web FOO=bar --dry-run=client -o yaml
capr env-dry-run-client set env deployment/web FOO=bar --dry-run=client
capr env-dry-run-server set env deployment/web FOO=bar --dry-run=server
capr env-output-json set env deployment/web FOO=bar -o json
capr env-output-name set env deployment/web FOO=bar -o name
capr env-unchanged-output-name set env deployment/web MODE=prod -o name
capr env-local-file set env -f web.yaml --local -o yaml FOO=bar
capr env-local-file-default-output set env -f web.yaml --local FOO=bar
capr env-local-resource set env deployment/web --local FOO=bar
capr env-local-dry-run-server set env -f web.yaml --local --dry-run=server FOO=bar
capr env-file set env -f web.yaml FOO=bar
# set env: selecting objects
capr env-pod set env pods/web-1 FOO=bar
capr env-selector set env deployments -l app=web FOO=bar
capr env-all set env deployments --all FOO=bar
capr env-all-selector set env deployments --all -l app=web FOO=bar
capr env-two set env deployment/web deployment/multi FOO=bar
capr env-missing set env deployment/nope FOO=bar
capr env-missing-and-present set env deployment/nope deployment/web FOO=bar
capr env-service set env service/web FOO=bar
capr env-configmap set env configmap/cfg FOO=bar
# set env: errors in the arguments
capr env-no-equals set env deployment/web FOO
capr env-no-equals-after set env deployment/web FOO=bar BAZ
capr env-none set env deployment/web
capr env-no-resource set env FOO=bar
capr env-invalid-digit set env deployment/web 1FOO=bar
capr env-underscore set env deployment/web FOO_BAR=x
capr env-dot set env deployment/web foo.bar=x
capr env-dash set env deployment/web foo-bar=x
capr env-invalid-char set env deployment/web 'FOO BAR=x'
capr env-empty-name set env deployment/web =x

# set resources
capr resources-limits set resources deployment/web --limits=cpu=200m,memory=512Mi
capr resources-requests set resources deployment/web --requests=cpu=100m
capr resources-both set resources deployment/web --limits=cpu=200m,memory=512Mi --requests=cpu=100m,memory=256Mi
capr resources-type-name set resources deployment web --limits=cpu=200m
capr resources-container set resources deployment/multi -c app --limits=cpu=200m
capr resources-multi-all set resources deployment/multi --limits=cpu=200m
capr resources-containers-wildcard set resources deployment/multi '--containers=side*' --limits=cpu=200m
capr resources-containers-nope set resources deployment/web --containers=nope --limits=cpu=200m
capr resources-init-container set resources deployment/envd -c init --limits=cpu=200m
capr resources-with-init set resources deployment/envd --limits=cpu=200m
capr resources-none set resources deployment/web
capr resources-invalid-quantity set resources deployment/web --limits=cpu=abc
capr resources-invalid-syntax set resources deployment/web --limits=cpu
capr resources-invalid-syntax-two set resources deployment/web --limits=cpu=1=2
capr resources-other-name set resources deployment/web --limits=nvidia.com/gpu=1
capr resources-zero set resources deployment/web --limits=cpu=0
capr resources-zero-existing set resources deployment/limited --limits=cpu=0
capr resources-unchanged set resources deployment/limited --limits=cpu=200m,memory=512Mi
capr resources-unchanged-spelling set resources deployment/limited --limits=cpu=0.2,memory=0.5Gi
capr resources-change-existing set resources deployment/limited --limits=cpu=1 --requests=memory=128Mi
capr resources-normalized set resources deployment/web --limits=cpu=1000m,memory=1024Mi --requests=cpu=0.1
capr resources-dry-run-client-yaml set resources deployment/web --limits=cpu=200m --dry-run=client -o yaml
capr resources-dry-run-client set resources deployment/web --limits=cpu=200m --dry-run=client
capr resources-dry-run-server set resources deployment/web --limits=cpu=200m --dry-run=server
capr resources-output-json set resources deployment/web --limits=cpu=200m -o json
capr resources-output-name set resources deployment/web --limits=cpu=200m -o name
capr resources-selector set resources deployments -l app=web --limits=cpu=200m
capr resources-all set resources deployments --all --limits=cpu=200m
capr resources-all-selector set resources deployments --all -l app=web --limits=cpu=200m
capr resources-local-file set resources --local -f web.yaml -o yaml --limits=cpu=1
capr resources-local-file-default-output set resources --local -f web.yaml --limits=cpu=1
capr resources-local-resource set resources deployment/web --local --limits=cpu=1
capr resources-file set resources -f web.yaml --limits=cpu=1
capr resources-pod set resources pods/web-1 --limits=cpu=1
capr resources-missing set resources deployment/nope --limits=cpu=1
capr resources-missing-and-present set resources deployment/nope deployment/web --limits=cpu=1
capr resources-service set resources service/web --limits=cpu=1
capr resources-no-resource set resources --limits=cpu=1
rm -f "$log"
