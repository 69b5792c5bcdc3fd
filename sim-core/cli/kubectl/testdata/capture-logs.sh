#!/bin/bash
# Records what the real kubectl 1.32 prints when `kubectl logs` refuses after it has read the
# object (logs.go Complete reads it, wrapping a NotFound with the namespace; Validate then
# checks the options, in its order): label-stub.mjs serves real-1.32-requests/scenario.json
# (Pods web-1 and web-2 with one container, nginx; Deployment web), a fresh stub for each
# recording; none gets as far as the log itself. Replayed by run/logs-recordings.test.ts.
# Then which containers' logs it prints, and how (capc); then what it asks of the kubelet
# (capq: the recording, then the requests the stub received, the log's query among them) and
# how it prints the answer: the log options, -l over several Pods, -f.
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
# the same scenario (with Pod starting, whose log request the stub refuses as a kubelet
# would while its container waits), the requests logged after the recording (capture-lib's capr)
log=$(mktemp)
capq() {
  CAPR_SCENARIO="$here/real-1.32-logs/scenario.json" capr "$@"
}
# the same against real-1.32-requests' scenario (Deployment web, its Pods web-1 and web-2)
capd() {
  CAPR_SCENARIO="$here/real-1.32-requests/scenario.json" capr "$@"
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
# the log options: what kubectl sends (the kubelet applies them), and how it prints the answer
capq timestamps logs solo --timestamps
capq timestamps-prefix logs duo -c app --timestamps --prefix
capq since logs solo --since=1h
capq since-rounded logs solo --since=1500ms
capq since-below-half-second logs solo --since=400ms
capq since-time logs solo --since-time=2026-01-01T00:00:01Z
capq since-time-offset-fraction logs solo --since-time=2026-01-01T01:00:01.75+01:00
capq limit-bytes logs solo --limit-bytes=20
capq limit-bytes-zero logs solo --limit-bytes=0
capq limit-bytes-prefix logs solo --limit-bytes=20 --prefix
capq limit-bytes-timestamps logs solo --limit-bytes=40 --timestamps
capq tail-zero logs solo --tail=0
capq previous logs solo -p
capq follow logs solo -f
capq annotated-container-missing logs misnamed
capq selector-annotated-container-missing logs -l app=misnamed
capq pod-error logs starting
capq pod-error-ignore-errors logs starting --ignore-errors
# -l: every Pod it selects (the last 10 lines of each unless --tail says otherwise)
capq selector logs -l demo=yes
capq selector-tail logs -l demo=yes --tail=1
capq selector-tail-all logs -l demo=yes --tail=-1
capq selector-prefix logs -l demo=yes --prefix
capq selector-all-containers logs -l demo=yes --all-containers --prefix
capq selector-container logs -l demo=yes -c app
capq selector-all-pods logs -l demo=yes --all-pods
capq selector-none logs -l demo=maybe
capq selector-none-namespace logs -l demo=yes -n other
capq selector-error logs -l demo=no
capq selector-ignore-errors logs -l demo=no --ignore-errors
capq selector-ignore-errors-prefix logs -l demo --ignore-errors --prefix
# -f over several streams: at most --max-log-requests of them, read in parallel
capq selector-follow-too-many logs -l demo=yes -f --max-log-requests=2
capq selector-follow logs -l demo=yes -f --prefix
# a Deployment: the first of its Pods, or with --all-pods each of them
capd deployment logs deploy/web
capd deployment-all-pods logs deploy/web --all-pods
capd deployment-all-pods-timestamps logs deploy/web --all-pods --timestamps --tail=1
rm -f "$log"
