#!/bin/bash
# Records what the real kubectl 1.32 prints for command lines that fail before any request
# is sent (usage and flag errors). Run by hand on a machine with kubectl 1.32 and no cluster:
#   bash capture.sh
# Each case becomes real-1.32/<name>.txt: `$ kubectl …`, `--- stdout`, `--- stderr`, `--- exit N`.
set -u
export KUBECONFIG=/nonexistent/kubeconfig
cd "$(dirname "$0")/real-1.32"
cap() {
  local name=$1; shift
  local out err code
  out=$(mktemp); err=$(mktemp)
  kubectl "$@" >"$out" 2>"$err"; code=$?
  { printf '$ kubectl %s\n' "$*"; echo '--- stdout'; cat "$out"; echo '--- stderr'; cat "$err"; echo "--- exit $code"; } >"$name.txt"
  rm -f "$out" "$err"
}
cap get-no-resource get
cap get-unknown-flag get --foo
cap get-unknown-shorthand get pods -x
cap get-flag-of-other-command get pods --replicas=3
cap get-output-needs-argument get pods -o
cap get-bad-bool get pods --show-labels=maybe
cap scale-no-replicas scale deployment web
cap scale-bad-replicas scale --replicas=abc deployment/web
cap rollout-unknown rollout foo
cap rollout-status-no-resource rollout status
cap rollout-history-no-resource rollout history
cap rollout-undo-no-resource rollout undo
cap rollout-restart-no-resource rollout restart
cap cordon-no-node cordon
cap uncordon-no-node uncordon
cap drain-no-node drain
cap cordon-two-nodes cordon node-1 node-2
cap label-no-update label pods web
cap label-nothing label
cap annotate-no-update annotate pods web
cap logs-nothing logs
cap delete-nothing delete
cap apply-nothing apply
cap apply-f-needs-argument apply -f
cap create-deployment-no-image create deployment web
cap create-deployment-no-name create deployment --image=nginx
cap create-deployment-bad-dry-run create deployment web --image=nginx --dry-run=bogus
cap create-deployment-dry-run-yaml create deployment web --image=nginx:1.27 --replicas=3 --dry-run=client -o yaml
cap create-deployment-dry-run-name create deployment web --image=nginx --dry-run=client -o name
cap create-deployment-dry-run-default create deployment web --image=nginx --dry-run=client
cap set-image-nothing set image
cap set-image-no-pairs set image deployment/web
cap describe-nothing describe
cap unknown-command foo
cap unknown-command-close gett
cap scale-no-resource scale --replicas=3
cap delete-type-only delete deployment
cap get-name-all-namespaces get pods web -A
cap get-type-and-slash get pods pods/web
cap label-resource-after-pair label pods web app=x foo
cap label-bad-spec label pods web 'a=b=c'
cap logs-too-many logs a b c
cap rollout-undo-bad-revision rollout undo deployment/web --to-revision=abc
cap create-deployment-bad-replicas create deployment web --image=nginx --replicas=x
cap create-deployment-two-names create deployment web web2 --image=nginx
cap drain-two-nodes-selector drain node-1 -l a=b
cap delete-name-and-all delete pods web --all
cap scale-negative scale deployment web --replicas=-1
cap create-deployment-bare-dry-run create deployment web --image=nginx --dry-run -o name
cap create-deployment-dry-run-true create deployment web --image=nginx --dry-run=true -o name
cap create-deployment-bad-output create deployment web --image=nginx --dry-run=client -o foo
cap create-nothing create
cap create-unexpected-args create foo
cap rollout-alone rollout
cap help-root --help
# cobra's help command: a command's page, the root's for none, an unknown topic on stderr (exit 0)
cap help-help help -h
cap helpcmd-root help
cap helpcmd-get help get
cap helpcmd-get-with-args help get pods web
cap helpcmd-rollout-status help rollout status
cap helpcmd-create-alias help create deploy web
cap helpcmd-unknown-subcommand help create nosuch
cap helpcmd-unknown-topic help nosuch
cap helpcmd-unknown-topics help deploy web
cap helpcmd-unknown-flag help --foo
cap helpcmd-unknown-shorthand help get -x
cap helpcmd-help help help
cap helpcmd-help-get help help get
cap helpcmd-options help options
cap help-get get --help
cap help-describe describe --help
cap help-rollout-status rollout status --help
cap help-create-deployment create deployment -h
cap expose-nothing expose
cap expose-bad-output expose deployment web --port=80 -o foo
cap expose-bad-dry-run expose deployment web --port=80 --dry-run=bogus
cap expose-deployment expose deployment web --port=80
cap help-expose expose -h
cap wait-no-condition wait pod/x
cap wait-unknown-condition wait pod/x --for=foo
cap wait-empty-jsonpath wait pod/x --for=jsonpath=
cap wait-jsonpath-no-value wait pod/x --for=jsonpath={.a}=
cap wait-jsonpath-two-values wait pod/x --for=jsonpath={.a}=1=2
cap wait-jsonpath-bad-path wait pod/x --for=jsonpath={{
cap wait-no-resource wait --for=delete
cap wait-bad-timeout wait pod/x --for=delete --timeout=abc
cap help-run run -h
cap help-create-namespace create namespace -h
cap help-version version -h
cap help-taint taint -h
cap help-patch patch -h
cap help-api-resources api-resources -h
cap help-wait wait -h
cap help-config config -h
cap help-config-use-context config use-context -h
# the help pages of the other commands the simulation runs
cap help-apply apply -h
cap help-create create -h
cap help-create-configmap create configmap -h
cap help-create-secret-generic create secret generic -h
cap help-create-serviceaccount create serviceaccount -h
cap help-config-view config view -h
cap help-config-current-context config current-context -h
cap help-config-get-contexts config get-contexts -h
cap help-config-get-clusters config get-clusters -h
cap help-config-get-users config get-users -h
cap help-delete delete -h
cap help-scale scale -h
cap help-set-image set image -h
cap help-set-env set env -h
cap help-set-resources set resources -h
cap help-rollout-history rollout history -h
cap help-rollout-undo rollout undo -h
cap help-rollout-restart rollout restart -h
cap help-rollout-pause rollout pause -h
cap help-rollout-resume rollout resume -h
cap help-label label -h
cap help-annotate annotate -h
cap help-cordon cordon -h
cap help-uncordon uncordon -h
cap help-drain drain -h
cap help-logs logs -h
cap help-auth-can-i auth can-i -h
cap help-replace replace -h
cap help-api-versions api-versions -h
cap help-edit edit -h
cap edit-nothing edit
cap edit-bad-output edit deploy/web -o foo
cap edit-selector edit pods -l app=web
# With no cluster at all (what the etcd-only topology answers; run/no-server.ts), kept apart
# from the parser's recordings in ../real-1.32-no-server/
cd ../real-1.32-no-server
cap no-server-get-pods get pods
cap no-server-get-two-kinds get pods,svc
cap no-server-describe describe pod web
cap no-server-cordon cordon node-1
cap no-server-create-deployment create deployment web --image=nginx:1.27
cap no-server-expose expose deployment web --port=80
cap no-server-run run web --image=nginx
cap no-server-run-dry-run run web --image=nginx --dry-run=client -o yaml
cap no-server-create-namespace create namespace prod
cap no-server-create-namespace-dry-run create namespace prod --dry-run=client
cap no-server-api-resources api-resources
cap no-server-api-versions api-versions
cap no-server-edit edit deploy/web
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n' >web.yaml
cap no-server-apply apply -f web.yaml
mkdir -p manifests && cp web.yaml manifests/web.yaml && printf 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello\n' >manifests/pod.yaml
cap no-server-apply-folder apply -f manifests
rm -rf web.yaml manifests
# kubectl version with no cluster: the client's half, then the refusal (../real-1.32-version/;
# run/version.test.ts swaps the recorded client build for the simulated cluster's release)
cd ../real-1.32-version
cap version version
cap version-json version -o json
cap version-yaml version -o yaml
cap version-client version --client
cap version-client-json version --client -o json
cap version-client-yaml version --client -o yaml
# with --client, Complete returns before it looks at the arguments (Validate never sees them)
cap version-client-extra-args version --client extra
cap version-client-json-extra-args version --client -o json extra
cap create-deployment-bad-validate create deployment x --image=nginx --validate=bad --dry-run=client
cap create-configmap-bad-validate create configmap x --validate=bad --dry-run=client
cap create-service-bad-validate create service clusterip x --tcp=80 --validate=bad --dry-run=client
cap create-sa-bad-validate create sa x --validate=bad --dry-run=client
cap apply-bad-validate apply -f x.yaml --validate=maybe
cap create-bad-validate-case create deployment x --image=nginx --validate=Strict --dry-run=client
cap help-set set -h
cap help-auth auth -h
cap set-alone set
cap auth-alone auth
cap create-service-unknown-help create service foo -h
cap create-secret-unknown-help create secret foo -h
cap rollout-unknown-help rollout foo -h
cap set-unknown-help set foo --help
cap config-unknown-help config foo -h
cap auth-unknown-help auth foo -h
# --validate, --dry-run and -o are checked in each command's own order (apply.go ToOptions,
# create.go Complete, the create subcommands' Complete after their NAME, taint.go Complete)
cap apply-validate-after-files apply --validate=bogus
cap apply-output-after-files apply -o bad --validate=bogus
cap apply-unexpected-args-first apply x --dry-run=bad --validate=bogus
cap create-unexpected-args-first create x --dry-run=bad --validate=bogus
cap create-deployment-validate-after-name create deployment --image=nginx --validate=bogus
cap create-deployment-dry-run-after-name create deployment --image=nginx --dry-run=bad
cap create-deployment-output-before-validate create deployment x --image=nginx -o bad --validate=bogus
cap create-deployment-warning-then-validate create deployment x --image=nginx --dry-run --validate=bogus
cap create-namespace-validate-after-name create namespace --validate=bogus
cap create-sa-validate-after-name create sa --validate=bogus
cap create-configmap-output-before-validate create configmap x -o bad --validate=bogus
cap create-secret-validate-after-name create secret generic --validate=bogus -o bad
cap create-service-validate-after-name create service nodeport --validate=bogus
cap create-service-output-before-validate create service clusterip x --tcp=80 -o bad --validate=bogus
cap taint-output-after-changes taint nodes -o bad
cap apply-bad-cascade-before-files apply --cascade=sideways
cap apply-bool-cascade-warning apply --cascade=false
cap delete-bad-cascade-before-resources delete --cascade=sideways
# apply.go Validate, after ToOptions (its --validate), before any file is read
cap apply-prune-without-selector apply -f x.yaml --prune
cap apply-prune-all-and-selector apply -f x.yaml --prune -l a=b --all
cap apply-all-and-selector apply -f x.yaml --all -l a=b
cap apply-force-conflicts-without-server-side apply -f x.yaml --force-conflicts
cap apply-server-side-dry-run-client apply -f x.yaml --server-side --dry-run=client
cap apply-server-side-force apply -f x.yaml --server-side --force
cap apply-dry-run-server-force apply -f x.yaml --dry-run=server --force
cap apply-validate-before-prune apply -f x.yaml --prune --validate=bogus
