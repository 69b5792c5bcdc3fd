#!/bin/bash
# Records what the real kubectl 1.32 prints for flag and argument errors of label, annotate,
# scale, drain, rollout, logs, get and apply --prune that it finds before it reads or writes any
# object: discovery-stub.mjs answers discovery only (so the errors kubectl finds once it can
# map a type are reached too), and every recorded line stops before its first read.
# Replayed by run/flag-errors.test.ts in a simulated cluster, which must not change.
# Run by hand with kubectl 1.32 and node:  bash capture-flags.sh
# Each case becomes real-1.32-flags/<name>.txt in capture-lib.sh's format.
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28441
source "$here/capture-lib.sh"
start_stub
mkdir -p "$here/real-1.32-flags"
cd "$here/real-1.32-flags"
# label/annotate Validate: --all with a selector; the builder: names with a selector
cap label-all-and-selector label pods --all -l app=web env=a
cap annotate-all-and-selector annotate pods --all -l app=web a=1
cap label-name-and-selector label pods web -l app=web env=a
cap label-type-name-and-selector label pod/web -l app=web env=a
cap annotate-name-and-field-selector annotate pods web --field-selector=metadata.name=web a=1
cap label-all-and-field-selector label pods --all --field-selector=metadata.name=web env=a
# scale: the builder's errors are returned as they are (scale.go RunScale's r.Err())
cap scale-type-only scale deployment --replicas=3
cap scale-name-and-selector scale deployment web -l app=web --replicas=3
cap scale-type-name-and-selector scale deployment/web -l app=web --replicas=3
cap scale-selector-no-type scale -l app=web --replicas=3
# drain: --pod-selector is parsed as a label selector first
cap drain-bad-pod-selector drain node-1 --pod-selector='a=(('
# rollout history and status: --revision must not be negative (their Validate)
cap rollout-history-negative-revision rollout history deployment/web --revision=-1
cap rollout-status-negative-revision rollout status deployment/web --revision=-1
cap rollout-history-name-and-selector rollout history deployment web -l app=web
cap rollout-restart-type-name-and-selector rollout restart deployment/web -l app=web
# logs Complete/Validate: --since-time in RFC 3339, a selector or a Pod name
cap logs-bad-since-time logs web-1 --since-time=abc
cap logs-bad-since-time-date logs web-1 --since-time=2026-01-01
cap logs-since-time-no-zone logs web-1 --since-time=2026-01-01T00:00:00
cap logs-since-time-space logs web-1 --since-time='2026-01-01 00:00:00'
cap logs-since-time-bad-month logs web-1 --since-time=2026-13-01T00:00:00Z
cap logs-since-time-bad-day logs web-1 --since-time=2026-02-29T00:00:00Z
cap logs-since-time-bad-hour logs web-1 --since-time=2026-01-01T24:00:00Z
cap logs-since-time-extra-text logs web-1 --since-time=2026-01-01T00:00:00Zjunk
cap logs-since-time-offset-without-colon logs web-1 --since-time=2026-01-01T00:00:00+0100
cap logs-selector-and-name logs -l app=web web-1
# get: --output-watch-events needs --watch (Validate), but a missing type comes first
cap get-output-watch-events get pods --output-watch-events
cap get-output-watch-events-no-type get --output-watch-events
cap get-show-labels-yaml-no-type get --show-labels -o yaml
# apply --prune: ApplyFlags.ToOptions parses --prune-allowlist with the REST mapper (each
# entry GROUP/VERSION/KIND, `core` for the core group) before Validate looks at --all
cap apply-prune-allowlist-not-gvk apply -f x.yaml --prune --all --prune-allowlist=foo
cap apply-prune-allowlist-two-parts apply -f x.yaml --prune --all --prune-allowlist=v1/Pod
cap apply-prune-allowlist-unknown-kind apply -f x.yaml --prune --all --prune-allowlist=core/v1/Foo
cap apply-prune-allowlist-lowercase-kind apply -f x.yaml --prune --all --prune-allowlist=core/v1/pod
cap apply-prune-allowlist-unknown-version apply -f x.yaml --prune --all --prune-allowlist=apps/v2/Deployment
cap apply-prune-allowlist-empty-group apply -f x.yaml --prune --all --prune-allowlist=/v1/Pod
cap apply-prune-allowlist-second-bad apply -f x.yaml --prune --all --prune-allowlist=core/v1/Pod --prune-allowlist=apps/v1/Deployment/x
cap apply-prune-allowlist-before-all apply -f x.yaml --prune --prune-allowlist=foo
cap apply-prune-allowlist-before-all-and-selector apply -f x.yaml --prune --all -l a=b --prune-allowlist=core/v1/Foo
cap apply-prune-allowlist-good-without-all apply -f x.yaml --prune --prune-allowlist=core/v1/Pod --prune-allowlist=apps/v1/Deployment
cap apply-prune-allowlist-without-prune apply -f x.yaml --prune-allowlist=foo --all
cap apply-prune-allowlist-after-validate apply -f x.yaml --prune --all --prune-allowlist=foo --validate=bogus
cap apply-prune-allowlist-uppercase-kind apply -f x.yaml --prune --all --prune-allowlist=core/v1/POD
cap apply-prune-allowlist-uppercase-version apply -f x.yaml --prune --all --prune-allowlist=core/V1/Pod
cap apply-prune-allowlist-uppercase-group apply -f x.yaml --prune --all --prune-allowlist=Apps/v1/Deployment
cap apply-prune-allowlist-plural apply -f x.yaml --prune --all --prune-allowlist=core/v1/pods
