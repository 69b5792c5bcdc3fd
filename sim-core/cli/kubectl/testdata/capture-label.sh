#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl label`, `kubectl annotate` and
# `kubectl scale` (run/metadata.ts, run/scale.ts, checked by run/metadata.test.ts):
# label-stub.mjs serves the objects of real-1.32-label/scenario.json (Pod web-1 labelled
# app=web, tier=fe and annotated note=x; Pod web-2 app=web; Deployment web; …), a fresh stub
# for each recording.
# Run by hand with kubectl 1.32 and node:  bash capture-label.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28427
STUB=label-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-label"

capl() {
  local name=$1; shift
  cap_fresh "$name" "$here/real-1.32-label/scenario.json" "$@"
}

capl list label pods web-1 --list
capl list-change label pods web-1 --list env=a
capl list-several label pods web-1 web-2 --list
capl list-output label pods web-1 --list -o name
capl annotations-list-several annotate pods web-1 web-2 --list
capl remove label pods web-1 tier-
capl remove-add label pods web-1 tier- e=1
capl remove-add-longer label pods web-1 tier- env=production
capl remove-overwrite label pods web-1 tier- --overwrite
capl remove-dry-run label pods web-1 tier- --dry-run=client
capl two-conflicts label pods web-1 tier=be app=x
capl annotate-add-and-remove annotate pods web-1 a=1 a-
capl scale-missing scale deployment nope --replicas=1
capl scale-missing-some scale deployment web nope --replicas=1
capl scale-selector-none scale deployment -l app=zzz --replicas=1
capl scale-configmap-missing scale cm nope --replicas=1
capl scale-pod scale pod web-1 --replicas=1
capl scale-current-below-minus-one scale deployment web --replicas=3 --current-replicas=-5
capl output-name label pods web-1 env=a -o name
capl annotate-output-name annotate pods web-1 a=1 -o name
capl scale-output-name scale deployment web --replicas=3 -o name
capl bad-value label pods web-1 'env=a b'
capl bad-value-dash label pods web-1 env=-x
capl long-value label pods web-1 env=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
