#!/bin/bash
# Records what the real kubectl 1.32 prints for `-o jsonpath=…`, `-o jsonpath-as-json=…` and
# `-o custom-columns=…` (checked by ../jsonpath/jsonpath.test.ts). Run by hand on a machine
# with kubectl 1.32 and node (no cluster needed):
#   bash capture-jsonpath.sh
# Each case becomes real-1.32-jsonpath/<name>.txt: `$ kubectl …` (arguments quoted for a POSIX
# shell: '…' or $'…'), `--- stdout`, `--- stderr`, `--- exit N`.
# - `annotate --local -f FILE x=y -o …` prints one object from a file with no cluster at all
#   (annotate adds the annotation x=y);
# - `create deployment web --image=nginx … --dry-run=client -o …` prints a typed object (the JSON
#   round trip makes every number a float64); its `-o json` is kept as create-deployment-*.json;
# - `get pods -o …` (custom-columns is only offered by `get`) asks a tiny fake API server, started
#   below, that answers discovery and serves the Pods of namespace NS from pods-NS.json (none: an
#   empty list). kubectl wraps them in a `List` for jsonpath, and prints one row per Pod for
#   custom-columns.
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/real-1.32-jsonpath" || exit 1
HOME=$(mktemp -d)
export HOME
tmp=$(mktemp -d)
server=

# one argument quoted for the `$ kubectl …` line
q() {
  local a=$1
  if [[ $a == *$'\n'* || $a == *$'\t'* ]]; then
    a=${a//\\/\\\\}
    a=${a//\'/\\\'}
    a=${a//$'\n'/\\n}
    a=${a//$'\t'/\\t}
    printf "\$'%s'" "$a"
  elif [[ -z $a || $a =~ [^A-Za-z0-9_./:=,@%+-] ]]; then
    printf "'%s'" "${a//\'/\'\\\'\'}"
  else
    printf '%s' "$a"
  fi
}

cap() {
  local name=$1; shift
  local out err code line='$ kubectl' a
  for a in "$@"; do line+=" $(q "$a")"; done
  out=$(mktemp); err=$(mktemp)
  kubectl "$@" >"$out" 2>"$err"; code=$?
  { printf '%s\n' "$line"; echo '--- stdout'; cat "$out"; echo '--- stderr'; cat "$err"; echo "--- exit $code"; } >"$name.txt"
  rm -f "$out" "$err"
}

rm -f ./*.txt

# ---------------------------------------------------------------- one object, no cluster
export KUBECONFIG=/dev/null
P=(annotate --local -f pod.yaml x=y)
W=(annotate --local -f widget.yaml x=y)
STRICT=--allow-missing-template-keys=false

cap jp-name-images "${P[@]}" -o 'jsonpath={.metadata.name} {.spec.containers[*].image}{"\n"}'
cap jp-literal-only "${P[@]}" -o 'jsonpath=hello world'
cap jp-empty-template "${P[@]}" -o 'jsonpath='
cap jp-empty-action "${P[@]}" -o 'jsonpath={}'
cap jp-at "${P[@]}" -o 'jsonpath={@}'
cap jp-dollar "${P[@]}" -o 'jsonpath={$.metadata.name}'
cap jp-spaces "${P[@]}" -o 'jsonpath={ .metadata.name }|{.metadata .namespace}|{ @ }'
cap jp-dot-only "${P[@]}" -o 'jsonpath=[{.}]'
cap jp-close-brace-text "${P[@]}" -o 'jsonpath=a}b{.kind}'
cap jp-map "${P[@]}" -o 'jsonpath={.metadata.labels}'
cap jp-array-of-maps "${P[@]}" -o 'jsonpath={.spec.containers[0].ports}'
cap jp-annotations-html "${P[@]}" -o 'jsonpath={.metadata.annotations} {.metadata.annotations.note} {.metadata.annotations.greeting}'
cap jp-index-0 "${P[@]}" -o 'jsonpath={.spec.containers[0].name}'
cap jp-index-negative "${P[@]}" -o 'jsonpath={.spec.containers[-1].name} {.spec.containers[-3].name}'
cap jp-index-negative-out "${P[@]}" -o 'jsonpath={.spec.containers[-4].name}'
cap jp-index-out "${P[@]}" -o 'jsonpath={.spec.containers[3].name}'
cap jp-index-not-number "${P[@]}" -o 'jsonpath={.spec.containers[99999999999999999999]}'
cap jp-index-invalid "${P[@]}" -o 'jsonpath={.spec.containers[x]}'
cap jp-index-dash "${P[@]}" -o 'jsonpath={.spec.containers[-]}'
cap jp-index-spaces "${P[@]}" -o 'jsonpath={.spec.containers[ 0 ]}'
cap jp-slice "${P[@]}" -o 'jsonpath={.spec.containers[0:2].name}'
cap jp-slice-open-end "${P[@]}" -o 'jsonpath={.spec.containers[1:].name}'
cap jp-slice-open-start "${P[@]}" -o 'jsonpath={.spec.containers[:2].name}'
cap jp-slice-negative "${P[@]}" -o 'jsonpath={.spec.containers[-2:].name}'
cap jp-slice-step "${W[@]}" -o 'jsonpath={.spec.nums[0:10:3]}|{.spec.nums[::4]}|{.spec.nums[1::2]}'
cap jp-slice-empty "${W[@]}" -o 'jsonpath=[{.spec.nums[3:3]}][{.spec.nums[12:12]}]'
cap jp-slice-reverse "${W[@]}" -o 'jsonpath={.spec.nums[5:2]}'
cap jp-slice-end-out "${W[@]}" -o 'jsonpath={.spec.nums[2:11]}'
cap jp-slice-step-zero "${W[@]}" -o 'jsonpath={.spec.nums[0:4:0]}'
cap jp-slice-step-negative "${W[@]}" -o 'jsonpath={.spec.nums[0:4:-1]}'
cap jp-slice-negative-end "${W[@]}" -o 'jsonpath={.spec.nums[:-7]}'
cap jp-wildcard-array "${P[@]}" -o 'jsonpath={.spec.containers[*].name}'
cap jp-wildcard-dot "${P[@]}" -o 'jsonpath={.spec.containers.*.name}'
cap jp-wildcard-map-one-key "${W[@]}" -o 'jsonpath={.spec.single.*}'
cap jp-wildcard-string "${W[@]}" -o 'jsonpath={.metadata.name.*}'
cap jp-wildcard-empty-array "${W[@]}" -o 'jsonpath=[{.spec.emptyList[*]}]'
cap jp-recursive-image "${P[@]}" -o 'jsonpath={..image}'
cap jp-recursive-port "${P[@]}" -o 'jsonpath={..containerPort}'
cap jp-recursive-index "${W[@]}" -o 'jsonpath={.spec.nested..[0]}'
cap jp-recursive-only "${W[@]}" -o 'jsonpath={.spec.nested..}'
cap jp-recursive-star "${P[@]}" -o 'jsonpath={..*}'
cap jp-recursive-twice "${P[@]}" -o 'jsonpath={....name}'
cap jp-quoted-key "${P[@]}" -o "jsonpath={.metadata.labels['tier']}"
cap jp-quoted-key-dotted "${P[@]}" -o "jsonpath=[{.metadata.labels['app.kubernetes.io/name']}]"
cap jp-quoted-key-escaped "${P[@]}" -o "jsonpath={.metadata.labels['app\.kubernetes\.io/name']}"
cap jp-escaped-dots "${P[@]}" -o 'jsonpath={.metadata.labels.app\.kubernetes\.io/name}'
cap jp-double-quoted-key "${P[@]}" -o 'jsonpath={.metadata.labels["tier"]}'
cap jp-union-index "${P[@]}" -o 'jsonpath={.spec.containers[2,0].name}'
cap jp-union-keys "${P[@]}" -o "jsonpath={.metadata['name','namespace']}"
cap jp-union-spaces "${P[@]}" -o 'jsonpath={.spec.containers[ 2 , 0 ].name}'
cap jp-union-bad "${P[@]}" -o 'jsonpath={.spec.containers[0,x].name}'
cap jp-filter-eq "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name=="sidecar")].image}'
cap jp-filter-single-quote "${P[@]}" -o "jsonpath={.spec.containers[?(@.name=='metrics')].image}"
cap jp-filter-exists "${P[@]}" -o 'jsonpath={.spec.containers[?(@.ports)].name}'
cap jp-filter-gt "${P[@]}" -o 'jsonpath={.status.containerStatuses[?(@.restartCount>2)].name}'
cap jp-filter-ops "${P[@]}" -o 'jsonpath={.status.containerStatuses[?(@.restartCount<3)].name}|{.status.containerStatuses[?(@.restartCount<=3)].name}|{.status.containerStatuses[?(@.restartCount>=3)].name}|{.status.containerStatuses[?(@.restartCount!=0)].name}'
cap jp-filter-bool "${P[@]}" -o 'jsonpath={.status.containerStatuses[?(@.ready==true)].name}|{.status.containerStatuses[?(@.ready==false)].name}'
cap jp-filter-string-less "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name<"n")].name}'
cap jp-filter-spaces "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name == "nginx")].image}'
cap jp-filter-int-vs-float "${W[@]}" -o 'jsonpath={.spec.entries[?(@.value==2.5)].name}'
cap jp-filter-int-then-float "${W[@]}" -o 'jsonpath={.spec.entries[?(@.value==1)].name}'
cap jp-filter-nested-missing "${P[@]}" -o 'jsonpath={.spec.containers[?(@.ports[0].containerPort==80)].name}'
cap jp-filter-several-values "${P[@]}" -o 'jsonpath={.spec.containers[?(@.ports[*].containerPort==80)].name}'
cap jp-filter-bad-operator "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name="nginx")].name}'
cap jp-filter-regex "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name=~"ng")].name}'
cap jp-filter-not-array "${P[@]}" -o 'jsonpath={.metadata.labels[?(@.tier)]}'
cap jp-filter-on-null "${W[@]}" -o 'jsonpath={.spec.nothing[?(@.a)]}'
cap jp-filter-null-item "${W[@]}" -o 'jsonpath={.spec.mixed[4][?(@.a)]}'
cap jp-filter-unterminated "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name=="x"}'
cap jp-filter-unclosed "${P[@]}" -o 'jsonpath={.spec.containers[?(@.name)x]}'
cap jp-filter-map-compare "${P[@]}" -o 'jsonpath={.spec.containers[?(@.resources=="x")].name}'
cap jp-filter-scalars "${W[@]}" -o 'jsonpath={.spec.words[?(@=="alpha")]}|{.spec.nums[?(@>6)]}'
cap jp-filter-both-paths "${P[@]}" -o 'jsonpath={.status.containerStatuses[?(@.name==@.name)].restartCount}'
cap jp-filter-strict-missing "${P[@]}" "$STRICT" -o 'jsonpath={.spec.containers[?(@.ports[0].containerPort==80)].name}'
cap jp-filter-exists-ignores-errors "${W[@]}" -o 'jsonpath={.spec.entries[?(@.value[5])].name}'
cap jp-filter-right-missing "${P[@]}" -o 'jsonpath=[{.status.containerStatuses[?(@.restartCount==@.nope)].name}]'
cap jp-filter-literals "${P[@]}" -o 'jsonpath={.spec.containers[?("x"=="x")].name}'
cap jp-empty-array-ends-step "${W[@]}" -o 'jsonpath=[{.spec.gaps[*][*]}] [{.spec.nested[*][*]}]'
cap jp-recursive-strings "${W[@]}" -o 'jsonpath={.spec.single..}|{.metadata.name..}|{.spec.words..}'
cap jp-range "${P[@]}" -o 'jsonpath={range .spec.containers[*]}{.name}{"\t"}{.image}{"\n"}{end}'
cap jp-range-nested "${P[@]}" -o 'jsonpath={range .spec.containers[*]}{.name}:{range .ports[*]}{.containerPort},{end};{end}'
cap jp-range-no-end "${P[@]}" -o 'jsonpath={range .spec.containers[*]}[{.name}]'
cap jp-range-empty "${W[@]}" -o 'jsonpath={range .spec.emptyList[*]}x{.a}{end}done'
cap jp-range-empty-strict "${W[@]}" "$STRICT" -o 'jsonpath={range .spec.emptyList[*]}{.a}{end}done'
cap jp-range-map "${P[@]}" -o 'jsonpath={range .metadata.labels}{@}{end}'
cap jp-range-missing "${P[@]}" -o 'jsonpath={range .nope[*]}{.x}{end}after'
cap jp-range-null-item "${W[@]}" -o 'jsonpath={range .spec.mixed[*]}<{@}>{end}'
cap jp-range-null-item-filter "${W[@]}" -o 'jsonpath={range .spec.mixed[4:5]}{[?(@.a)]}{end}done'
cap jp-range-then-text "${P[@]}" -o 'jsonpath={range .spec.containers[*]}{.name} {end}/{.kind}'
cap jp-range-twice "${P[@]}" -o 'jsonpath={range .spec.containers[*]}{.name},{end}|{range .status.containerStatuses[*]}{.restartCount},{end}|{.kind}'
cap jp-range-empty-nested "${W[@]}" -o 'jsonpath={range .spec.emptyList[*]}{range .x[*]}{.y}{end}{.z}{end}after'
cap jp-range-bare "${P[@]}" -o 'jsonpath={range}{.kind}{end}'
cap jp-end-without-range "${P[@]}" -o 'jsonpath={.metadata.name}{end}'
cap jp-literals "${P[@]}" -o "jsonpath={\"tab\\there\"}|{'single'}|{\"q\\\"uote\"}|{\"\\u00e9\\x41\\101\"}|{\"\"}"
cap jp-literal-bad-escape "${P[@]}" -o 'jsonpath={"\q"}'
cap jp-literal-unterminated "${P[@]}" -o 'jsonpath={"abc}'
cap jp-literal-single-escaped-double "${P[@]}" -o "jsonpath={'a\\\"b'}"
cap jp-numbers "${P[@]}" -o 'jsonpath={1} {-2} {+3} {1.5} {007} {1.}'
cap jp-number-bad "${P[@]}" -o 'jsonpath={1.2.3}'
cap jp-number-sign-only "${P[@]}" -o 'jsonpath={-}'
cap jp-bool "${P[@]}" -o 'jsonpath={true} {false}'
cap jp-identifier-unknown "${P[@]}" -o 'jsonpath={foo}'
cap jp-unclosed-action "${P[@]}" -o 'jsonpath={.metadata.name'
cap jp-unclosed-action-newline "${P[@]}" -o $'jsonpath={.metadata.name\n}'
cap jp-unrecognized-char "${P[@]}" -o 'jsonpath={#}'
cap jp-unrecognized-tab "${P[@]}" -o $'jsonpath={\t.metadata.name}'
cap jp-unrecognized-unicode "${P[@]}" -o 'jsonpath={.metadata.name €}'
cap jp-unterminated-array "${P[@]}" -o 'jsonpath={.spec.containers[0}'
cap jp-nested-braces "${P[@]}" -o 'jsonpath={{.metadata.name}}'
cap jp-not-array-string "${P[@]}" -o 'jsonpath={.metadata.name[0]}'
cap jp-not-array-map "${P[@]}" -o 'jsonpath={.metadata[0]}'
cap jp-not-array-int "${W[@]}" -o 'jsonpath={.spec.count[0]}'
cap jp-not-array-float "${W[@]}" -o 'jsonpath={.spec.ratio[0]}'
cap jp-not-array-bool "${W[@]}" -o 'jsonpath={.spec.enabled[*]}'
cap jp-array-on-null "${W[@]}" -o 'jsonpath=[{.spec.nothing[0]}]'
cap jp-field-on-array "${P[@]}" -o 'jsonpath=[{.spec.containers.name}]'
cap jp-field-on-array-strict "${P[@]}" "$STRICT" -o 'jsonpath={.spec.containers.name}'
cap jp-missing-strict "${P[@]}" "$STRICT" -o 'jsonpath={.metadata.nope}'
cap jp-missing-strict-partial "${P[@]}" "$STRICT" -o 'jsonpath={.spec.containers[*].ports[*].containerPort}'
cap jp-strict-ok "${P[@]}" "$STRICT" -o 'jsonpath={.metadata.name}'
cap jp-values "${W[@]}" -o 'jsonpath={.spec.ratio} {.spec.negative} {.spec.big} {.spec.huge} {.spec.tiny} {.spec.tinier} {.spec.count} {.spec.large} {.spec.enabled} {.spec.disabled} {.spec.nothing}'
cap jp-values-json "${W[@]}" -o 'jsonpath={.spec.emptyList} {.spec.emptyMap} {.spec.nested} {.spec.mixed} {.spec.single}'
cap jp-strings-raw "${W[@]}" -o 'jsonpath={.spec.html}|{.spec.text}|{.spec.escape}|{.spec.unicode}'
cap jp-whole-spec "${W[@]}" -o 'jsonpath={.spec}'
cap jp-exec-error-widget "${W[@]}" -o 'jsonpath={.spec.entries[7]}'

cap ja-labels-names "${P[@]}" -o 'jsonpath-as-json={.metadata.labels}{.spec.containers[*].name}x'
cap ja-scalar "${P[@]}" -o 'jsonpath-as-json={.metadata.name}'
cap ja-missing "${P[@]}" -o 'jsonpath-as-json={.nope}'
cap ja-range "${P[@]}" -o 'jsonpath-as-json={range .spec.containers[*]}{.name}{end}'
cap ja-values "${W[@]}" -o 'jsonpath-as-json={.spec.ratio}{.spec.huge}{.spec.tinier}{.spec.tiny}{.spec.count}{.spec.nothing}{.spec.enabled}{.spec.emptyList}{.spec.emptyMap}'
cap ja-strings "${W[@]}" -o 'jsonpath-as-json={.spec.html}{.spec.escape}{.spec.text}{.spec.unicode}'
cap ja-nested "${P[@]}" -o 'jsonpath-as-json={.spec.containers[0]}{.spec.containers[1].args}'
cap ja-literal "${P[@]}" -o 'jsonpath-as-json=plain'
cap ja-literals "${P[@]}" -o 'jsonpath-as-json={1}{2.5}{true}{"s"}'
cap ja-wildcard-string "${W[@]}" -o 'jsonpath-as-json={.spec.unicode.*}'
cap ja-parse-error "${P[@]}" -o 'jsonpath-as-json={.a[}'
cap ja-exec-error "${P[@]}" -o 'jsonpath-as-json={.spec.containers[9]}'
cap ja-empty-template "${P[@]}" -o 'jsonpath-as-json='

C=(create deployment web --image=nginx --dry-run=client)
kubectl "${C[@]}" -o json >create-deployment-web.json
cap cr-values "${C[@]}" -o 'jsonpath={.spec.replicas} {.metadata.creationTimestamp} {.spec.template.spec.containers[0].resources} {.status}'
cap cr-exec-error "${C[@]}" -o 'jsonpath={.spec.template.spec.containers[2]}'
cap cr-as-json "${C[@]}" -o 'jsonpath-as-json={.spec.replicas}{.metadata}'
cap cr-range "${C[@]}" -o 'jsonpath={range .spec.template.spec.containers[*]}{.name}={.image}{"\n"}{end}'
M=(create deployment web --image=nginx --replicas=1000000 --port=80 --dry-run=client)
kubectl "${M[@]}" -o json >create-deployment-million.json
cap cr-float64-text "${M[@]}" -o 'jsonpath={.spec.replicas} {.spec.template.spec.containers[0].ports[0].containerPort} {.spec.template.spec.containers[0].ports}'
cap cr-float64-vs-int "${M[@]}" -o 'jsonpath={.spec.template.spec.containers[?(@.ports[0].containerPort==80)].name}'
cap cr-float64-vs-float "${M[@]}" -o 'jsonpath={.spec.template.spec.containers[?(@.ports[0].containerPort==80.0)].name}'

# ---------------------------------------------------------------- kubectl get, fake API server
cat >"$tmp/server.mjs" <<'EOF'
import http from 'node:http';
import fs from 'node:fs';
const [dir, port] = process.argv.slice(2);
const send = (res, code, obj) => {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(obj));
};
http
  .createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/version') return send(res, 200, { major: '1', minor: '32', gitVersion: 'v1.32.4' });
    if (path === '/api') return send(res, 200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
    if (path === '/apis') return send(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
    if (path === '/api/v1') return send(res, 200, { kind: 'APIResourceList', groupVersion: 'v1', resources: [{ name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list'], shortNames: ['po'] }] });
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+))?$/.exec(path);
    if (!m) return send(res, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 });
    const file = `${dir}/pods-${m[1]}.json`;
    const items = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).items : [];
    if (m[2] === undefined) return send(res, 200, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items });
    const item = items.find((i) => i.metadata.name === m[2]);
    if (item) return send(res, 200, item);
    send(res, 404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `pods "${m[2]}" not found`, reason: 'NotFound', details: { name: m[2], kind: 'pods' }, code: 404 });
  })
  .listen(Number(port), '127.0.0.1');
EOF
port=18473
node "$tmp/server.mjs" "$PWD" "$port" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$tmp" "$HOME"' EXIT
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
cat >"$tmp/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: fake
  cluster:
    server: http://127.0.0.1:$port
contexts:
- name: fake
  context:
    cluster: fake
    user: fake
    namespace: default
current-context: fake
users:
- name: fake
  user: {}
EOF
export KUBECONFIG=$tmp/kubeconfig

cap gp-names get pods -o 'jsonpath={.items[*].metadata.name}'
cap gp-list-wrapper get pods -o 'jsonpath={.kind} {.apiVersion} {.metadata}'
cap gp-range get pods -o 'jsonpath={range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}'
cap gp-range-nested get pods -o 'jsonpath={range .items[*]}{.metadata.name}:{range .spec.containers[*]}{" "}{.image}{end}{"\n"}{end}'
cap gp-filter-running get pods -o 'jsonpath={.items[?(@.status.phase=="Running")].metadata.name}'
cap gp-filter-exists get pods -o 'jsonpath={.items[?(@.status.podIP)].metadata.name}'
cap gp-last-item get pods -o 'jsonpath={.items[-1:].metadata.name}'
cap gp-recursive get pods -o 'jsonpath={..containerPort}'
cap gp-restarts get pods -o 'jsonpath={.items[*].status.containerStatuses[*].restartCount}'
cap gp-as-json get pods -o 'jsonpath-as-json={.items[*].metadata.name}'
cap gp-single get pods db -o 'jsonpath={.metadata.name} {.kind} {.spec.containers[0].ports}'
cap gp-exec-error get pods -o 'jsonpath={.items[5]}'
cap gp-empty get pods -n empty -o 'jsonpath={.items[*].metadata.name}'
cap gp-empty-wrapper get pods -n empty -o 'jsonpath={.kind}|{.items}'
cap gp-odd-values get pods -n odd -o 'jsonpath={range .items[*]}{.spec.ratio} {.spec.big} {.spec.count} {.spec.nothing} {.spec.emptyList} {.spec.emptyMap}{"\n"}{end}'
cap gp-empty-containers get pods -n odd -o 'jsonpath={.items[*].spec.containers[*].name}|{.items[1].spec.containers[*].name}'

cap cc-basic get pods -o 'custom-columns=NAME:.metadata.name,IMAGES:.spec.containers[*].image,PHASE:.status.phase'
cap cc-relaxed get pods -o 'custom-columns=A:metadata.name,B:{metadata.name},C:{.metadata.name},D:.metadata.name'
cap cc-headers-as-given get pods -o 'custom-columns=name:.metadata.name,Node Name:.spec.nodeName'
cap cc-none get pods -o 'custom-columns=NAME:.metadata.name,IP:.status.podIP,TIER:.metadata.labels.tier'
cap cc-labels-map get pods -o 'custom-columns=NAME:.metadata.name,LABELS:.metadata.labels'
cap cc-escaped-dots get pods -o 'custom-columns=NAME:.metadata.name,APP:.metadata.labels.app\.kubernetes\.io/name'
cap cc-no-headers get pods --no-headers -o 'custom-columns=NAME:.metadata.name,NODE:.spec.nodeName'
cap cc-filter get pods -o 'custom-columns=NAME:.metadata.name,NGINX:.spec.containers[?(@.name=="nginx")].image'
cap cc-ready get pods -o 'custom-columns=NAME:.metadata.name,READY:.status.containerStatuses[*].ready,RESTARTS:.status.containerStatuses[*].restartCount'
cap cc-recursive get pods -o 'custom-columns=NAME:.metadata.name,PORTS:..containerPort'
cap cc-at get pods -o 'custom-columns=NAME:.metadata.name,AT:@'
cap cc-whole-status get pods -o 'custom-columns=STATUS:.status'
cap cc-empty-expression get pods -o 'custom-columns=NAME:.metadata.name,EMPTY:'
cap cc-colon-in-expression get pods -o 'custom-columns=A:.metadata.name:x'
cap cc-single get pods db -o 'custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image'
cap cc-empty-spec get pods -o 'custom-columns='
cap cc-no-colon get pods -o 'custom-columns=NAME'
cap cc-no-colon-second get pods -o 'custom-columns=NAME:.metadata.name,IMAGE'
cap cc-union-split get pods -o 'custom-columns=N:.spec.containers[0,1].name'
cap cc-bad-relaxed get pods -o 'custom-columns=A:{.a}{.b}'
cap cc-brace-inside get pods -o 'custom-columns=A:.metadata.name}'
cap cc-parse-error get pods -o 'custom-columns=NAME:.metadata.name,X:.spec.containers['
cap cc-parse-error-no-headers get pods --no-headers -o 'custom-columns=NAME:.metadata.name,X:.spec.containers['
cap cc-exec-error get pods -o 'custom-columns=NAME:.metadata.name,SECOND:.spec.containers[1].name'
cap cc-empty-list get pods -n empty -o 'custom-columns=NAME:.metadata.name'
cap cc-odd-values get pods -n odd -o 'custom-columns=NAME:.metadata.name,RATIO:.spec.ratio,BIG:.spec.big,COUNT:.spec.count,FLAG:.spec.flag,NOTHING:.spec.nothing,EL:.spec.emptyList,EM:.spec.emptyMap,NESTED:.spec.nested,MIXED:.spec.mixed'
cap cc-odd-strings get pods -n odd -o 'custom-columns=NAME:.metadata.name,ESC:.spec.escape,WIDE:.spec.wide,HTML:.spec.html,ANN:.metadata.annotations'
cap cc-odd-containers get pods -n odd -o 'custom-columns=NAME:.metadata.name,C:.spec.containers[*].name,L:.metadata.labels.*'
