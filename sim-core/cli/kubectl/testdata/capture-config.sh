#!/bin/bash
# Records what the real kubectl 1.32 prints for `kubectl config` (run/config.ts, checked by
# run/config.test.ts) with no cluster needed: against real-1.32-config/admin.conf, the
# kubeconfig kubeadm writes for this simulation's cluster (cluster `kubernetes`, user
# `kubernetes-admin`, server https://kube-apiserver:6443, stand-in certificates), and with
# no kubeconfig at all (the etcd-only topology's kubectl). Run by hand: bash capture-config.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/real-1.32-config"
HOME=$(mktemp -d)
export HOME
cap() {
  local name=$1 config=$2; shift 2
  local out err code
  out=$(mktemp); err=$(mktemp)
  KUBECONFIG=$config kubectl "$@" >"$out" 2>"$err"; code=$?
  { printf '$ kubectl'; printf ' %q' "$@"; printf '\n'; echo '--- stdout'; cat "$out"; echo '--- stderr'; cat "$err"; echo "--- exit $code"; } >"$name.txt"
  rm -f "$out" "$err"
}
for c in admin none; do
  if [ $c = admin ]; then config="$here/real-1.32-config/admin.conf"; else config=/nonexistent/kubeconfig; fi
  cap $c-view $config config view
  cap $c-view-json $config config view -o json
  cap $c-view-minify $config config view --minify
  cap $c-view-raw $config config view --raw
  cap $c-view-jsonpath $config config view -o 'jsonpath={.clusters[0].cluster.server}'
  cap $c-current-context $config config current-context
  cap $c-get-contexts $config config get-contexts
  cap $c-get-contexts-name $config config get-contexts -o name
  cap $c-get-contexts-missing $config config get-contexts nope
  cap $c-get-clusters $config config get-clusters
  cap $c-get-users $config config get-users
done
cap admin-get-contexts-named "$here/real-1.32-config/admin.conf" config get-contexts kubernetes-admin@kubernetes --no-headers
cap admin-use-context "$here/real-1.32-config/admin.conf" config use-context kubernetes-admin@kubernetes
cap admin-use-context-missing "$here/real-1.32-config/admin.conf" config use-context nope
cap admin-use-context-no-name "$here/real-1.32-config/admin.conf" config use-context
cap config-alone /nonexistent/kubeconfig config
cap config-unknown /nonexistent/kubeconfig config foo
cap config-view-bad-output /nonexistent/kubeconfig config view -o table
