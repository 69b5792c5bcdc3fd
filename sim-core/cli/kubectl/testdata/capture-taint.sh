#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl taint` (run/taint.ts, checked by
# run/taint.test.ts): discovery-stub.mjs serves the Nodes of real-1.32-taint/nodes.json
# (node-1 tainted dedicated=db:NoSchedule, node-2 untainted, node-3 with two taints) and
# answers a PATCH with the Node unchanged; patches.log keeps what each PATCH sent. Run by
# hand with kubectl 1.32 and node:  bash capture-taint.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28421
source "$here/capture-lib.sh"
cd "$here/real-1.32-taint"
STUB_STDERR=patches.log start_stub - nodes.json
cap add taint nodes node-2 dedicated=db:NoSchedule
cap add-no-value taint node node-2 gpu:NoExecute
cap add-second taint nodes node-1 gpu:PreferNoSchedule
cap add-exists taint nodes node-1 dedicated=web:NoSchedule
cap add-overwrite taint nodes node-1 dedicated=web:NoSchedule --overwrite
cap remove-key-effect taint nodes node-1 dedicated:NoSchedule-
cap remove-key taint nodes node-3 dedicated-
cap remove-missing taint nodes node-2 dedicated:NoSchedule-
cap remove-missing-key taint nodes node-2 dedicated-
cap add-and-remove taint nodes node-3 gpu:NoExecute- team=a:NoSchedule
cap two-nodes taint nodes node-1 node-2 zone=x:PreferNoSchedule
cap selector taint nodes -l pool=a extra=y:NoSchedule
cap all taint nodes --all spare:NoSchedule
cap dry-run taint nodes node-2 dedicated=db:NoSchedule --dry-run=client
cap output-name taint nodes node-2 dedicated=db:NoSchedule -o name
cap no-resource taint
cap no-taint taint nodes node-1
cap no-name taint nodes dedicated=db:NoSchedule
cap bad-effect taint nodes node-1 dedicated=db:NoRun
cap no-effect taint nodes node-1 dedicated=db
cap bad-key taint nodes node-1 'bad key=db:NoSchedule'
cap bad-value taint nodes node-1 'dedicated=a b:NoSchedule'
cap two-equals taint nodes node-1 a=b=c:NoSchedule
cap two-colons taint nodes node-1 a:b:NoSchedule
cap duplicate taint nodes node-1 a=1:NoSchedule a=2:NoSchedule
cap conflict taint nodes node-1 a=1:NoSchedule a-
cap resource-after-taint taint nodes node-1 a=1:NoSchedule node-2
cap not-a-node taint pods web a=1:NoSchedule
cap unknown-type taint widgets web a=1:NoSchedule
cap all-and-selector taint nodes --all -l pool=a a=1:NoSchedule
cap missing-node taint nodes nope a=1:NoSchedule
cap all-some-missing taint nodes --all gpu-
cap names-one-missing taint nodes node-1 nope node-2 x=1:NoSchedule
cap two-already-tainted taint nodes node-1 node-3 dedicated=x:NoSchedule
cap names-and-selector taint nodes node-3 -l pool=a zz=1:NoSchedule
