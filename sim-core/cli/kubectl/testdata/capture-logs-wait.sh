#!/bin/bash
# Records what the real kubectl 1.32 does when `kubectl logs` names an object whose selector
# matches no Pod yet (polymorphichelpers GetFirstPod: it lists the Pods, then watches from
# the list's resourceVersion for one to be added or modified, for --pod-running-timeout,
# default 20s), and how it checks --pod-running-timeout (logs.go Complete, before it reads
# the object). scenario-stub.mjs serves one scenario of real-1.32-logs-wait/scenarios/ per
# recording, a fresh stub each time, its timeline starting at the first request: none
# (Deployment web and Service web, selector app=web, no Pod), later (Pod web-1 Running on
# node-1 after 800 ms, web-2 after 900 ms), later-unscheduled (web-1 after 800 ms, not yet
# scheduled: the stub answers its log as the API server does, 204 and nothing). Each
# recording ends with the requests the stub received (discovery left out) and its timeline.
# Replayed by run/logs-wait.test.ts. Run by hand with kubectl 1.32 and node:  bash capture-logs-wait.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28446
STUB=scenario-stub.mjs
source "$here/capture-lib.sh"
mkdir -p "$here/real-1.32-logs-wait"
cd "$here/real-1.32-logs-wait"
log=$(mktemp)

# capw NAME SCENARIO KUBECTL-ARGS…
capw() {
  local name=$1 scenario=$2; shift 2
  STUB_STDERR=$log cap_fresh "$name" "$here/real-1.32-logs-wait/scenarios/$scenario.json" "$@"
  { echo '--- requests'; grep -vE '^GET /(api|apis|api/v1|apis/apps/v1)(\?timeout=32s)? *$|^GET /version' "$log"; } >>"$name.txt"
}

# no Pod comes: the watch runs out
capw deployment-timeout none logs deploy/web --pod-running-timeout=2s
capw service-timeout none logs svc/web --pod-running-timeout=1500ms
capw all-pods-timeout none logs deploy/web --all-pods --pod-running-timeout=1s
capw follow-timeout none logs deploy/web -f --pod-running-timeout=1s
# a Pod comes during the wait: the first one added is read (and no "Found N pods")
capw pod-appears later logs deploy/web
capw pod-appears-all-pods later logs deploy/web --all-pods
capw pod-appears-unscheduled later-unscheduled logs deploy/web
# --pod-running-timeout is parsed as a duration and checked before the object is read
capw timeout-zero none logs deploy/nope --pod-running-timeout=0
capw timeout-negative none logs deploy/web --pod-running-timeout=-1s
capw timeout-no-unit none logs deploy/web --pod-running-timeout=5
capw timeout-word none logs deploy/web --pod-running-timeout=soon
capw timeout-zero-before-since-time none logs deploy/web --pod-running-timeout=0s --since-time=yesterday
rm -f "$log"
