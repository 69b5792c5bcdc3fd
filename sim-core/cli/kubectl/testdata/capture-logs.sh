#!/bin/bash
# Records what the real kubectl 1.32 prints when `kubectl logs` refuses after it has read the
# object (logs.go Complete reads it, wrapping a NotFound with the namespace; Validate then
# checks the options, in its order): label-stub.mjs serves real-1.32-requests/scenario.json
# (Pods web-1 and web-2 with one container, nginx; Deployment web), a fresh stub for each
# recording; none gets as far as the log itself. Replayed by run/logs-recordings.test.ts.
# Then which containers' logs it prints, and how (capc).
# Run by hand with kubectl 1.32 and node:  bash capture-logs.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28445
STUB=label-stub.mjs
source "$here/capture-lib.sh"
mkdir -p "$here/real-1.32-logs"
cd "$here/real-1.32-logs"

capl() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-requests/scenario.json" "$@"
}
# against real-1.32-logs/scenario.json: Pod duo (init container setup; app, sidecar), Pod
# picked (app, sidecar; default-container sidecar), Pod solo (nginx); the stub answers each
# container's log with two lines, `POD/CONTAINER line N`
capc() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-logs/scenario.json" "$@"
}

# the object is read first
capl missing-pod logs nope
capl missing-pod-slash logs pod/nope
capl missing-deployment logs deploy/nope
capl missing-pod-before-options logs nope -c a b
# then Validate, each check and the one it comes before
capl since-and-since-time logs web-1 --since=1h --since-time=2026-01-01T00:00:00Z
capl since-and-since-time-before-limit-bytes logs web-1 --since=1h --since-time=2026-01-01T00:00:00Z --limit-bytes=-1
capl since-and-since-time-before-all-containers logs web-1 --all-containers -c nginx --since=1h --since-time=2026-01-01T00:00:00Z
capl all-containers-and-container logs web-1 --all-containers -c nginx
capl all-containers-and-inline-container logs web-1 -c x y --all-containers
capl container-twice logs web-1 -c a b
capl container-twice-before-limit-bytes logs web-1 x -c y --limit-bytes=-1
capl negative-limit-bytes logs web-1 --limit-bytes=-1
capl negative-limit-bytes-before-since logs web-1 --limit-bytes=-1 --since=-1h
capl negative-since logs web-1 --since=-1h
capl negative-since-before-tail logs web-1 --since=-1h --tail=-5
capl tail-below-minus-one logs web-1 --tail=-5
capl deployment-tail-below-minus-one logs deploy/web --tail=-5
# which containers, and how
capc default-container logs duo
capc annotated-default-container logs picked
capc one-container logs solo
capc named-container logs duo -c sidecar
capc inline-container logs duo sidecar
capc init-container logs duo -c setup
capc all-containers logs duo --all-containers
capc all-containers-prefix logs duo --all-containers --prefix
capc all-containers-tail logs duo --all-containers --tail=1
capc prefix logs solo --prefix
capc prefix-named-container logs duo -c sidecar --prefix
capc tail logs duo --tail=1
