#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl wait` (run/wait-command.ts,
# checked by run/wait-recordings.test.ts): scenario-stub.mjs serves the objects of one scenario
# of real-1.32-wait/scenarios/ per recording, changing them on the scenario's timeline
# (ready: Pods a and b Ready; notready: both not Ready; mixed: a not Ready, b Ready;
# slow: a Ready after 2 s, b after 4 s; blip: a Ready for 200 ms only; empty and create2:
# ConfigMaps that appear later; json: a Pod with odd status fields for JSONPath).
# Run by hand with kubectl 1.32 and node:  bash capture-wait.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28423
STUB=scenario-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-wait"

# capw NAME SCENARIO KUBECTL-ARGS…: a fresh stub for each recording (its timeline starts anew)
capw() {
  local name=$1 scenario=$2; shift 2
  cap_fresh "$name" "$here/real-1.32-wait/scenarios/$scenario.json" "$@"
}

capw single-timeout notready wait --for=condition=Ready pod/a --timeout=2s
capw two-timeouts notready wait --for=condition=Ready pod/a pod/b --timeout=2s
capw one-deadline slow wait --for=condition=Ready pod/a pod/b --timeout=3s
capw ms-timeout notready wait --for=condition=Ready pod/a --timeout=1500ms
capw zero-not-met notready wait --for=condition=Ready pod/a --timeout=0
capw zero-met ready wait --for=condition=Ready pod/a pod/b --timeout=0
capw zero-mixed mixed wait --for=condition=Ready pod/a pod/b --timeout=0
capw zero-mixed-reversed mixed wait --for=condition=Ready pod/b pod/a --timeout=0
capw zero-missing ready wait --for=condition=Ready pod/nope --timeout=0
capw zero-delete ready wait --for=delete pod/a --timeout=0
capw zero-delete-all ready wait --for=delete pods --all --timeout=0
capw met-then-missing ready wait --for=condition=Ready pod/a pod/nope
capw missing-then-met ready wait --for=condition=Ready pod/nope pod/a
capw missing-then-timeout notready wait --for=condition=Ready pod/nope pod/a --timeout=1s
capw after-deadline mixed wait --for=condition=Ready pod/a pod/b --timeout=2s
capw delete-missing ready wait --for=delete pod/nope
capw delete-after-deadline ready wait --for=delete pod/a pod/b --timeout=1s
capw create-timeout empty wait --for=create configmap/never --timeout=1s
capw create-zero empty wait --for=create configmap/never --timeout=0
capw create-later empty wait --for=create configmap/later --timeout=5s
capw create-two-missing create2 wait --for=create configmap/x configmap/y --timeout=5s
capw blip blip wait --for=condition=Ready pod/a --timeout=3s
capw named-all-namespaces ready wait --for=condition=Ready pod/a -A
capw named-and-selector ready wait --for=condition=Ready pod/a -l app=web
capw named-and-all ready wait --for=condition=Ready pod/a --all
capw selector-none ready wait --for=condition=Ready pod -l app=none
capw jsonpath-zero-not-met notready wait '--for=jsonpath={.status.phase}=Pending' pod/a --timeout=0
capw jsonpath-many-no-value json wait '--for=jsonpath={.spec.containers[*].name}' pod/a --timeout=1s
capw jsonpath-many-value json wait '--for=jsonpath={.spec.containers[*].name}=c1' pod/a --timeout=1s
capw jsonpath-two-lists json wait '--for=jsonpath={.status.phase}{.status.phase}' pod/a --timeout=1s
capw jsonpath-spaces json wait '--for=jsonpath={.status.s}=x' pod/a --timeout=1s
capw jsonpath-spaces-value json wait '--for=jsonpath={.status.s}= x' pod/a --timeout=1s
capw jsonpath-null json wait '--for=jsonpath={.status.nul}' pod/a --timeout=1s
capw jsonpath-empty json wait '--for=jsonpath={.status.empty}' pod/a --timeout=1s
capw jsonpath-map json wait '--for=jsonpath={.status}' pod/a --timeout=1s
capw jsonpath-map-value json wait '--for=jsonpath={.status}=x' pod/a --timeout=1s
capw jsonpath-missing json wait '--for=jsonpath={.status.nothing}=x' pod/a --timeout=1s
capw jsonpath-number json wait '--for=jsonpath={.status.n}=3' pod/a --timeout=1s
capw jsonpath-big json wait '--for=jsonpath={.status.big}=1e+21' pod/a --timeout=1s
