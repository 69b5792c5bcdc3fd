#!/bin/bash
# Records what the real kubectl 1.32 does for `kubectl edit` (run/edit.ts, checked by
# run/edit-recordings.test.ts): label-stub.mjs serves real-1.32-requests/scenario.json (a fresh
# stub and $HOME for each recording), and EDITOR is edit-editor.sh, which logs each file kubectl
# opens and changes it as the recording's EDIT_MODE says, one word per time the editor opens
# (none: saved as it is; replicas3, replicas-1: spec.replicas 3, -1; empty; name; … see the
# script; a file kubectl reopens gets the next word, and a run with no word left is the
# editor failing). Each NAME.txt is a recording as capture-lib.sh writes it, then `--- requests` (the
# stub's log, as in capture-requests.sh), then each file the editor was given
# (`--- editor N kubectl-edit-N.yaml` and the text; a temporary file's random digits read N).
# Run by hand with kubectl 1.32 and node:  bash capture-edit.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28441
STUB=label-stub.mjs
source "$here/capture-lib.sh"
cd "$here/real-1.32-edit"
log=$(mktemp)
export EDITOR="$here/edit-editor.sh"
unset KUBE_EDITOR

# cape NAME MODES KUBECTL-ARGS…
cape() {
  local name=$1 modes=$2; shift 2
  local home=$HOME
  HOME=$(mktemp -d)
  export EDIT_LOG=$(mktemp) EDIT_MODE=$modes
  rm -f "$EDIT_LOG.count"
  STUB_STDERR=$log cap_fresh "$name" "$here/real-1.32-requests/scenario.json" "$@"
  rm -rf "$HOME"; HOME=$home
  # the temporary file's random name, wherever kubectl printed it
  sed -i -E 's#/tmp/kubectl-edit-[0-9]+\.(yaml|json)#/tmp/kubectl-edit-N.\1#g' "$name.txt"
  { echo '--- requests'; sed -E -e '1{/^GET \/version\?timeout=5s$/d}' "$log"; cat "$EDIT_LOG"; } >>"$name.txt"
  rm -f "$EDIT_LOG" "$EDIT_LOG.count"
}

# what the editor opens, and a save of it unchanged
cape unchanged none edit deploy/web
cape unchanged-pod none edit pod web-1
cape unchanged-json none edit deploy/web -o json
cape two 'none none' edit deploy/web deploy/multi
cape all-deployments 'none none' edit deployments
cape windows-line-endings none edit deploy/web --windows-line-endings
cape show-managed-fields none edit deploy/web --show-managed-fields
cape file none edit -f web.yaml
# saves that change something
cape replicas replicas3 edit deploy/web
cape replicas-output-patch replicas3 edit deploy/web --output-patch
cape replicas-output-name replicas3 edit deploy/web -o name
cape replicas-json replicas3 edit deploy/web -o json
cape replicas-save-config replicas3 edit deploy/web --save-config
cape replicas-field-manager replicas3 edit deploy/web --field-manager=me
cape replicas-validate-false replicas3 edit deploy/web --validate=false
cape image image edit deploy/web --output-patch
cape label label edit deploy/web --output-patch
cape drop-field drop-history edit deploy/web --output-patch
cape resource-version rv edit deploy/web --output-patch
cape status-only status-only edit deploy/web --output-patch
cape status-subresource status-only edit deploy/web --subresource=status --output-patch
cape two-one-changed 'multi-image none' edit deploy/web deploy/multi --output-patch
cape reorder reorder edit deploy/web
cape compact-json compact edit deploy/web -o json
# saves kubectl refuses or the server rejects
cape empty 'empty none' edit deploy/web
cape empty-validate-false empty edit deploy/web --validate=false
cape comments-only 'comments none' edit deploy/web
cape comments-only-validate-false comments edit deploy/web --validate=false
cape name name edit deploy/web
cape kind kind edit deploy/web
cape api-version 'apiversion none' edit deploy/web
cape namespace namespace edit deploy/web
cape no-kind 'no-kind none' edit deploy/web
cape syntax 'syntax none' edit deploy/web
cape syntax-fixed 'syntax fix-syntax' edit deploy/web
cape tab 'tab none' edit deploy/web
cape invalid 'replicas-1 none' edit deploy/web
cape invalid-then-fixed 'replicas-1 replicas3' edit deploy/web
cape invalid-twice 'replicas-1 replicas-2 none' edit deploy/web
cape invalid-then-empty 'replicas-1 empty none' edit deploy/web
cape invalid-json 'replicas-1 none' edit deploy/web -o json
cape editor-fails fail edit deploy/web
cape syntax-validate-false 'syntax none' edit deploy/web --validate=false
cape no-kind-validate-false 'no-kind none' edit deploy/web --validate=false
cape api-version-validate-false 'apiversion none' edit deploy/web --validate=false
cape syntax-validate-warn 'syntax none' edit deploy/web --validate=warn
cape uid uid edit deploy/web
cape replicas-record replicas3 edit deploy/web --record
cape replicas-output-yaml replicas3 edit deploy/web -o yaml
# errors before the editor opens
cape no-args none edit
cape not-found none edit deploy/nope
cape bad-type none edit foo/x
cape type-only-missing none edit deploy nope
cape selector none edit services -l app=none
cape no-objects none edit deployments -n other
cape bad-output none edit deploy/web -o wide
cape output-jsonpath none edit deploy/web -o jsonpath='{.metadata.name}'
cape bad-validate none edit deploy/web --validate=maybe
cape subresource-scale 'none none' edit deploy/web --subresource=scale
cape subresource-foo none edit deploy/web --subresource=foo
cape subresource-scale-change 'replicas3 none' edit deploy/web --subresource=scale --validate=false
cape missing-file none edit -f nope.yaml
cape name-and-file none edit deploy/web -f web.yaml
