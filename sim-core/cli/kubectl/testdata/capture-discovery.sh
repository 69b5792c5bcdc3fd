#!/bin/bash
# Records what the real kubectl 1.32 prints for commands that build their objects
# client-side but need the server's discovery first (kubectl run, create namespace, create
# deployment's -- COMMAND and --save-config, patch's checks and its client-side JSON patches): discovery-stub.mjs answers
# discovery and reads of the Nodes in real-1.32-taint/nodes.json, and no recorded command
# sends a write. Run by hand on a machine with
# kubectl 1.32 and node:  bash capture-discovery.sh
# Each case becomes real-1.32-discovery/<name>.txt in capture.sh's format.
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28417
source "$here/capture-lib.sh"
start_stub - "$here/real-1.32-taint/nodes.json"
mkdir -p "$here/real-1.32-discovery"
cd "$here/real-1.32-discovery"
cap run-dry-run-yaml run web --image=nginx:1.27 --dry-run=client -o yaml
cap run-dry-run-everything run web --image=nginx:1.27 --port=80 --labels=app=web,tier=fe --env=A=1 --env=B=two --restart=Never --annotations=team=a=b --image-pull-policy=IfNotPresent --privileged --dry-run=client -o yaml
cap run-dry-run-args run web --image=busybox --dry-run=client -o yaml -- sleep 3600
cap run-dry-run-command-json run web --image=busybox --command --dry-run=client -o json -- sleep 3600
cap run-dry-run-namespace run web --image=nginx --restart=OnFailure -n prod --dry-run=client -o yaml
cap run-dry-run-default run web --image=nginx --dry-run=client
cap run-dry-run-name run web --image=nginx --dry-run=client -o name
cap run-dry-run-extra-word run a b --image=nginx --dry-run=client -o json
cap run-expose-yaml run web --image=nginx --expose --port=80 --dry-run=client -o yaml
cap run-expose-json-labels run web --image=nginx --labels=app=x --expose --port=8080 --dry-run=client -o json
cap run-expose-default run web --image=nginx --expose --port=80 --dry-run=client
cap run-no-name run --image=nginx
cap run-no-image run web
cap run-empty-image run web --image=
cap run-bad-image run web --image=NGINX
cap run-bad-image-digest run web --image=nginx@sha256:abc
cap run-tty-without-stdin run web --image=nginx -t
cap run-expose-no-port run web --image=nginx --expose
cap run-bad-restart run web --image=nginx --restart=never
cap run-rm-unattached run web --image=nginx --rm
cap run-dry-run-attached run web --image=nginx -i --dry-run=client
cap run-bad-pull-policy run web --image=nginx --image-pull-policy=Bogus
cap run-bad-label run web --image=nginx --labels=bad
cap run-empty-label-key run web --image=nginx --labels==b
cap run-bad-env run web --image=nginx --env=1A=x
cap run-bad-annotation run web --image=nginx --annotations==b
cap run-bad-port run web --image=nginx --port=abc
cap run-expose-named-port run web --image=nginx --expose --port=http
cap create-namespace-dry-run-yaml create namespace prod --dry-run=client -o yaml
cap create-namespace-save-config create ns prod --save-config --dry-run=client -o json
cap create-namespace-no-name create namespace
cap create-namespace-two-names create namespace a b
cap create-deployment-command create deployment web --image=busybox --dry-run=client -o yaml -- sleep 3600
cap create-deployment-save-config create deployment web --image=nginx --save-config -n prod --dry-run=client -o json
cap version-bad-output version -o bogus
cap version-extra version extra
cap version-short version --short
cap patch-no-patch patch nodes node-1
cap patch-both patch nodes node-1 -p {} --patch-file x.json
cap patch-bad-type patch nodes node-1 --type=foo -p {}
cap patch-no-resource patch -p {}
cap patch-type-only patch nodes -p {}
cap patch-local-and-names patch nodes node-1 --local -p {}
cap patch-local-server-dry-run patch --local -f x.yaml --dry-run=server -p {}
cap patch-missing patch nodes nope -p {}
cap patch-dry-run-name patch nodes node-1 -p '{"spec":{"unschedulable":true}}' --dry-run=client -o name
cap patch-dry-run-default patch nodes node-1 -p '{"spec":{"unschedulable":true}}' --dry-run=client
cap patch-dry-run-no-change patch nodes node-1 --type=merge -p '{"metadata":{"name":"node-1"}}' --dry-run=client
cap patch-json-remove-missing patch nodes node-1 --type=json -p '[{"op":"remove","path":"/spec/nope"}]' --dry-run=client
cap patch-json-replace-missing patch nodes node-1 --type=json -p '[{"op":"replace","path":"/spec/nope","value":1}]' --dry-run=client
cap patch-json-test-fails patch nodes node-1 --type=json -p '[{"op":"test","path":"/metadata/name","value":"x"}]' --dry-run=client
cap patch-json-add-out-of-range patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/l","value":[]},{"op":"add","path":"/spec/l/5","value":{}}]' --dry-run=client
cap patch-json-negative-index patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/l","value":["a","b"]},{"op":"remove","path":"/spec/l/-1"},{"op":"test","path":"/spec/l","value":["a"]}]' --dry-run=client
cap patch-json-not-an-index patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/l","value":[]},{"op":"add","path":"/spec/l/x","value":1}]' --dry-run=client
cap patch-json-replace-past-end patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/l","value":[]},{"op":"replace","path":"/spec/l/0","value":1}]' --dry-run=client
cap patch-json-no-op patch nodes node-1 --type=json -p '[{"path":"/spec"}]' --dry-run=client
cap patch-json-no-path patch nodes node-1 --type=json -p '[{"op":"remove"}]' --dry-run=client
cap patch-json-not-a-list patch nodes node-1 --type=json -p '{"op":"remove"}' --dry-run=client
cap patch-json-add-no-parent patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/a/b","value":1}]' --dry-run=client
cap patch-json-move-missing patch nodes node-1 --type=json -p '[{"op":"move","from":"/spec/nope","path":"/spec/x"}]' --dry-run=client
cap patch-json-copy-missing patch nodes node-1 --type=json -p '[{"op":"copy","from":"/spec/nope","path":"/spec/x"}]' --dry-run=client
cap patch-json-bad-op patch nodes node-1 --type=json -p '[{"op":"bogus","path":"/spec"}]' --dry-run=client
cap patch-json-second-fails patch nodes node-1 --type=json -p '[{"op":"add","path":"/spec/x","value":1},{"op":"remove","path":"/spec/nope"}]' --dry-run=client
cap run-name-after-dash run --image=busybox --dry-run=client -o yaml -- web sleep 1
cap run-empty-restart run web --image=nginx --restart= --dry-run=client -o yaml
cap run-bad-annotations run web --image=nginx --annotations=a --annotations=x=1 --annotations=b
cap run-env-dotdot run web --image=nginx --env=..a=1
cap run-port-overflow run web --image=nginx --port=4294967376 --dry-run=client -o yaml
