#!/bin/bash
# Records what the real kubectl 1.32 prints when `kubectl drain` fails (run/drain.ts, checked
# by run/drain.test.ts): scenario-stub.mjs serves real-1.32-drain/scenario.json (Nodes n1 and
# n2, each with a bare Pod solo-1|solo-2 and a ReplicaSet's Pod web-a|web-b; n3 and n4 with
# one ReplicaSet's Pod each, web-c|web-d), a fresh stub for each recording, with pods/eviction in its discovery (EVICTION=1); an evicted Pod stays,
# marked for deletion, for a minute (DELETE_DELAY_MS), so that --timeout runs out.
# Run by hand with kubectl 1.32 and node:  bash capture-drain.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28437
STUB=scenario-stub.mjs
export EVICTION=1 DELETE_DELAY_MS=60000
source "$here/capture-lib.sh"
cd "$here/real-1.32-drain"

capd() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-drain/scenario.json" "$@"
}

capd refused drain n1
capd refused-two drain n1 n2
capd timeout drain n3 --timeout=2s
capd timeout-two drain n3 n4 --timeout=2s
# two Pods on a node: kubectl waits for each in a goroutine of its own, so the order of their
# errors (and of their `evicting pod` lines) changes from run to run
capd timeout-two-pods drain n1 --force --timeout=2s
# --pod-selector: only the Pods it matches (none here) are looked at, so n1's unmanaged Pods refuse nothing
capd pod-selector-none drain n1 --pod-selector=app=web
