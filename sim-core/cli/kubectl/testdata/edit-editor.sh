#!/bin/bash
# The EDITOR of capture-edit.sh: appends what kubectl opened to $EDIT_LOG (`--- editor N`,
# then the file, its temporary name's digits read N), then changes the file as the Nth word of
# $EDIT_MODE says (one word per time kubectl opens the editor).
set -u
f=$1
count=$EDIT_LOG.count
n=$(( $(cat "$count" 2>/dev/null || echo 0) + 1 ))
echo "$n" >"$count"
{ echo "--- editor $n $(basename "$f" | sed -E 's/[0-9]+/N/')"; cat "$f"; } >>"$EDIT_LOG"
read -ra modes <<<"$EDIT_MODE"
mode=${modes[$((n - 1))]:-}
case "$mode" in
  none) ;;
  empty) : >"$f" ;;
  comments) sed -i -n '/^#/p' "$f" ;;
  # spec.replicas only: the first `  replicas:` line (YAML) or `"replicas":` member (JSON)
  replicas3) sed -i -E '0,/^(  replicas: |        "replicas": )[0-9-]+(,?)$/s//\13\2/' "$f" ;;
  replicas-1) sed -i -E '0,/^(  replicas: |        "replicas": )[0-9-]+(,?)$/s//\1-1\2/' "$f" ;;
  replicas-2) sed -i -E '0,/^(  replicas: |        "replicas": )[0-9-]+(,?)$/s//\1-2\2/' "$f" ;;
  image) sed -i -E 's/image: nginx:1.27/image: nginx:1.28/' "$f" ;;
  label) sed -i -E '0,/^    team: a$/s//    team: a\n    tier: front/' "$f" ;;
  drop-history) sed -i -E '/^  revisionHistoryLimit: /d' "$f" ;;
  name) sed -i -E 's/^  name: web$/  name: web2/' "$f" ;;
  namespace) sed -i -E 's/^  namespace: default$/  namespace: other/' "$f" ;;
  kind) sed -i -E 's/^kind: Deployment$/kind: ReplicaSet/' "$f" ;;
  apiversion) sed -i -E 's/^apiVersion: apps\/v1$/apiVersion: apps\/v1beta1/' "$f" ;;
  uid) sed -i -E '/^  uid: /d' "$f" ;;
  no-kind) sed -i -E '/^kind: /d' "$f" ;;
  syntax) echo 'spec: [' >>"$f" ;;
  fix-syntax) sed -i -E '/^spec: \[$/d' "$f"; sed -i -E '0,/^  replicas: [0-9-]+$/s//  replicas: 3/' "$f" ;;
  tab) sed -i -E 's/^  replicas: ([0-9]+)$/\treplicas: \1/' "$f" ;;
  status-only) sed -i -E '/^status:$/,$ s/^  replicas: 2$/  replicas: 7/' "$f" ;;
  rv) sed -i -E 's/^  resourceVersion: "[0-9]+"$/  resourceVersion: "5"/' "$f" ;;
  reorder) python3 - "$f" <<'PY'
import sys
p = sys.argv[1]
lines = open(p).read().split('\n')
i = lines.index('kind: Deployment')
lines[0:i+1] = [l for l in lines[0:i+1] if l.startswith('#')] + ['kind: Deployment'] + [l for l in lines[0:i] if not l.startswith('#')]
open(p, 'w').write('\n'.join(lines))
PY
    ;;
  compact) python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); open(p,"w").write(json.dumps(d))' "$f" ;;
  multi-image) sed -i -E '0,/image: nginx:1.27/s//image: nginx:1.28/' "$f" ;;
  fail) exit 3 ;;
  *) echo "edit-editor.sh: unknown mode $mode" >&2; exit 1 ;;
esac
