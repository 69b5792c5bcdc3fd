#!/bin/bash
# Records what the real kubectl 1.32 prints, and the writes it sends, for `kubectl rollout`
# over every Deployment of a namespace (TYPE alone: the builder selects them all), with
# -o name, and with `history -o` (which prints the ReplicaSets):
# label-stub.mjs serves real-1.32-requests/scenario.json (see capture-requests.sh: Deployment
# web at revision 2 with ReplicaSets of revisions 1 and 2, multi, held (paused) and api), a
# fresh stub and $HOME for each recording, in capture-requests.sh's format (the recording, then
# `--- requests` and the stub's log). Replayed by run/rollout-recordings.test.ts.
# Run by hand with kubectl 1.32 and node:  bash capture-rollout.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28443
STUB=label-stub.mjs
# lists in name order, as a real API server (and the simulated one) lists them
export LIST_SORTED=1
source "$here/capture-lib.sh"
mkdir -p "$here/real-1.32-rollout"
cd "$here/real-1.32-rollout"
log=$(mktemp)

# TYPE alone: every Deployment, in the order the server lists them; their errors after
capr history-all rollout history deployment
capr undo-all rollout undo deployment
capr restart-all rollout restart deployment
capr pause-all rollout pause deployment
capr resume-all rollout resume deployment
# every ReplicaSet: a kind these commands cannot handle, one failure each
capr pause-replicasets rollout pause rs
capr undo-replicasets rollout undo rs
# status over every Deployment: each in turn (a rollout not done is watched until --timeout),
# the failures after; none found is said on stderr
capr status-all-no-watch rollout status deployment --watch=false
capr status-all-timeout rollout status deployment --timeout=1s
capr status-all-revision rollout status deployment --revision=2 --watch=false
capr status-replicasets rollout status rs --watch=false
capr status-none rollout status deployment -n empty
capr status-selector rollout status deployment -l app=web --watch=false
capr status-selector-none rollout status deployment -l app=nope
# -o: the object as the command leaves it, by name
capr undo-output-name rollout undo deployment/web -o name
capr undo-dry-run-output-name rollout undo deployment/web --dry-run=client -o name
capr restart-output-name rollout restart deployment/web -o name
capr pause-output-name rollout pause deployment/web -o name
capr resume-output-name rollout resume deployment/held -o name
# history -o: the ReplicaSets, in revision order, or the one of --revision
capr history-output-name rollout history deployment/web -o name
capr history-revision-output-name rollout history deployment/web --revision=1 -o name
capr history-no-replicasets-output-name rollout history deployment/multi -o name
rm -f "$log"
