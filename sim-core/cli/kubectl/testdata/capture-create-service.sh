#!/bin/bash
# Records what the real kubectl 1.32 prints, and which HTTP requests it sends, for
# `kubectl create service clusterip|nodeport|loadbalancer|externalname` (and its alias `svc`),
# so that the simulated kubectl can be checked against it: label-stub.mjs serves the objects of
# real-1.32-create-service/scenario.json, a copy of real-1.32-set/scenario.json (Pods web-1 and
# web-2; Deployments web, multi, held, api, envd, refs, limited; ReplicaSets; Service web in
# namespace default, which gives the AlreadyExists case; Nodes; ConfigMaps cfg and cfg-keys).
# A fresh stub and a fresh $HOME (so no discovery or HTTP cache) for each recording.
# Each NAME.txt is a recording as capture-lib.sh writes it, then `--- requests` and one line per
# request kubectl sent, in order (discovery requests to /api, /apis, /api/v1 and /apis/apps/v1
# are not logged; /version and /openapi/v3… are):
#   METHOD URL [CONTENT-TYPE] BODY
# as in capture-requests.sh (the first request, `GET /version?timeout=5s`, that of
# /usr/bin/kubectl, Google Cloud SDK's dispatcher, is left out).
# `kubectl create service` creates through client-go's typed core/v1 client, which always sends
# its body as protobuf (Content-Type application/vnd.kubernetes.protobuf: the bytes "k8s\0" and a
# runtime.Unknown wrapping the v1.Service), which label-stub.mjs cannot read. So kubectl talks to
# a small proxy (the node program below, on $port) in front of label-stub.mjs (on $port+1): the
# proxy writes the log lines and forwards every request unchanged, but for a protobuf body, which
# it decodes (the fields of a v1.Service only) and forwards as application/json. The log line of
# such a request keeps the content type kubectl sent, [application/vnd.kubernetes.protobuf], and
# shows the body as the JSON that kubectl's own encoding of the same object gives: Go's field
# order, omitempty fields left out when empty (wire fields gogo-protobuf always writes, such as
# spec.clusterIP "" or status, are dropped when Go's JSON would drop them), the zero
# creationTimestamp as null; so it reads as the stdout of the same command with
# --dry-run=client -o json, compacted (clusterip.txt against clusterip-dry-run-client-json.txt).
# The stub is no API server's validation: it stores whatever kubectl POSTs (a name such as
# Web_2, port 0…) and answers 201 with the body it was sent plus uid, creationTimestamp and
# resourceVersion (so it assigns no clusterIP and no nodePort), or 409 AlreadyExists for the
# Service web of namespace default. So the stdout of a create sent to the server with -o yaml or
# -o json is the stub's echo, not what a real cluster would return; what kubectl decides itself
# (its errors, the request, the client dry run's output, `service/NAME created`) is real.
# Note (real 1.32 behaviour, not the stub's): --save-config adds no last-applied annotation,
# neither to the POST body nor to a client dry run's output (ServiceOptions never reads the flag).
# Run by hand with kubectl 1.32 and node:  bash capture-create-service.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
port=28435
source "$here/capture-lib.sh"
cd "$here/real-1.32-create-service"
log=$(mktemp)
proxy=$(mktemp --suffix=.cjs)
cat >"$proxy" <<'JS'
// node PROXY.cjs PORT UPSTREAM-PORT LOG: see the header of capture-create-service.sh.
const http = require('node:http'), fs = require('node:fs');
const [port, up, logFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const discovery = new Set(['/api', '/apis', '/api/v1', '/apis/apps/v1']);
// Protobuf reading: a message is a list of [field number, wire type, value].
function fields(buf) {
  const out = []; let i = 0;
  const varint = () => { let v = 0n, s = 0n, b; do { b = buf[i++]; v |= BigInt(b & 0x7f) << s; s += 7n; } while (b & 0x80); return v; };
  while (i < buf.length) {
    const key = Number(varint()), no = key >> 3, wt = key & 7;
    if (wt === 0) out.push([no, wt, varint()]);
    else if (wt === 2) { const n = Number(varint()); out.push([no, wt, buf.subarray(i, i + n)]); i += n; }
    else if (wt === 1) { out.push([no, wt, buf.subarray(i, i + 8)]); i += 8; }
    else if (wt === 5) { out.push([no, wt, buf.subarray(i, i + 4)]); i += 4; }
    else throw new Error('wire type ' + wt);
  }
  return out;
}
const int = (v) => Number(BigInt.asIntN(64, v));
// [json name, field number, type, omitempty], in the order of the Go struct (of its JSON).
const S = {
  Service: [['metadata', 1, 'ObjectMeta', false], ['spec', 2, 'ServiceSpec', false], ['status', 3, 'ServiceStatus', false]],
  ObjectMeta: [['name', 1, 's', true], ['generateName', 2, 's', true], ['namespace', 3, 's', true], ['selfLink', 4, 's', true], ['uid', 5, 's', true], ['resourceVersion', 6, 's', true], ['generation', 7, 'i', true], ['creationTimestamp', 8, 'Time', false], ['deletionTimestamp', 9, 'Time', true], ['deletionGracePeriodSeconds', 10, 'i', true], ['labels', 11, 'map', true], ['annotations', 12, 'map', true], ['finalizers', 14, 's[]', true]],
  ServiceSpec: [['ports', 1, 'ServicePort[]', true], ['selector', 2, 'map', true], ['clusterIP', 3, 's', true], ['clusterIPs', 18, 's[]', true], ['type', 4, 's', true], ['externalIPs', 5, 's[]', true], ['sessionAffinity', 7, 's', true], ['loadBalancerIP', 8, 's', true], ['loadBalancerSourceRanges', 9, 's[]', true], ['externalName', 10, 's', true], ['externalTrafficPolicy', 11, 's', true], ['healthCheckNodePort', 12, 'i', true], ['publishNotReadyAddresses', 13, 'b', true], ['ipFamilies', 19, 's[]', true], ['ipFamilyPolicy', 17, 's*', true], ['allocateLoadBalancerNodePorts', 20, 'b*', true], ['loadBalancerClass', 21, 's*', true], ['internalTrafficPolicy', 22, 's*', true], ['trafficDistribution', 23, 's*', true]],
  ServicePort: [['name', 1, 's', true], ['protocol', 2, 's', true], ['appProtocol', 6, 's*', true], ['port', 3, 'i', false], ['targetPort', 4, 'IntOrString', false], ['nodePort', 5, 'i', true]],
  ServiceStatus: [['loadBalancer', 1, 'LoadBalancerStatus', false], ['conditions', 2, 'unknown[]', true]],
  LoadBalancerStatus: [['ingress', 1, 'unknown[]', true]],
};
function decode(type, buf) {
  const fs_ = fields(buf), out = {}, known = new Set(S[type].map((d) => d[1]));
  for (const [no] of fs_) if (!known.has(no)) throw new Error(`unknown field ${type}.${no}`);
  for (const [name, no, t, omit] of S[type]) {
    const got = fs_.filter((f) => f[0] === no).map((f) => f[2]);
    let v;
    if (t.endsWith('[]')) { const et = t.slice(0, -2); v = got.map((b) => (et === 's' ? b.toString() : et === 'unknown' ? '?' : decode(et, b))); if (!v.length && omit) continue; }
    else if (t === 'map') { v = {}; for (const b of got) { const e = fields(b); v[(e.find((f) => f[0] === 1)?.[2] ?? '').toString()] = (e.find((f) => f[0] === 2)?.[2] ?? '').toString(); } if (!Object.keys(v).length && omit) continue; }
    else if (!got.length) { if (t === 'Time' && !omit) v = null; else if (omit || t.endsWith('*')) continue; else v = t === 's' ? '' : t === 'i' ? 0 : t === 'b' ? false : {}; }
    else {
      const b = got[got.length - 1];
      if (t === 's' || t === 's*') v = b.toString();
      else if (t === 'i') v = int(b);
      else if (t === 'b' || t === 'b*') v = b !== 0n;
      else if (t === 'Time') { v = b.length ? new Date(int(fields(b).find((f) => f[0] === 1)?.[2] ?? 0n) * 1000).toISOString().replace('.000', '') : null; if (v === null && omit) continue; }
      else if (t === 'IntOrString') { const e = fields(b), g = (n) => e.find((f) => f[0] === n)?.[2]; v = int(g(1) ?? 0n) === 1 ? (g(3) ?? '').toString() : int(g(2) ?? 0n); }
      else v = decode(t, b);
      if (omit && (v === '' || v === 0 || v === false)) continue;
    }
    out[name] = v;
  }
  return out;
}
function unwrap(buf) {
  if (buf.subarray(0, 4).toString('latin1') !== 'k8s\0') throw new Error('no k8s protobuf magic');
  const u = fields(buf.subarray(4)), tm = fields(u.find((f) => f[0] === 1)[2]), g = (n) => tm.find((f) => f[0] === n)?.[2]?.toString();
  if (g(2) !== 'Service') throw new Error('cannot decode a ' + g(2));
  return { kind: g(2), apiVersion: g(1), ...decode('Service', u.find((f) => f[0] === 2)[2]) };
}
http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = Buffer.concat(chunks);
    const ct = req.headers['content-type'];
    const headers = { ...req.headers };
    let shown = body.toString().replace(/\n$/, '').replace(/\n/g, '\\n');
    if (ct && ct.startsWith('application/vnd.kubernetes.protobuf') && body.length) {
      try { shown = JSON.stringify(unwrap(body)); } catch (e) { shown = 'UNDECODED(' + e.message + ') ' + body.toString('base64'); }
      body = Buffer.from(shown); headers['content-type'] = 'application/json'; headers['content-length'] = String(body.length);
    }
    const path = new URL(req.url, 'http://x').pathname;
    if (!discovery.has(path)) fs.appendFileSync(logFile, `${req.method} ${req.url}${ct && req.method !== 'GET' ? ' [' + ct + ']' : ''}${shown ? ' ' + shown : ''}\n`);
    const fwd = http.request({ host: '127.0.0.1', port: up, method: req.method, path: req.url, headers }, (r) => { res.writeHead(r.statusCode, r.headers); r.pipe(res); });
    fwd.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
    fwd.end(body);
  });
}).listen(port, '127.0.0.1');
JS

# One recording: label-stub.mjs on $port+1 and the proxy on $port, both started afresh (so no
# recording sees another's writes), and a fresh $HOME.
capr() {
  local name=$1; shift
  local home=$HOME
  HOME=$(mktemp -d)
  : >"$log"
  node "$here/label-stub.mjs" $((port + 1)) "$here/real-1.32-create-service/scenario.json" 2>/dev/null &
  local stub=$!
  node "$proxy" "$port" $((port + 1)) "$log" &
  local prox=$!
  sleep 1
  cap "$name" "$@"
  kill "$prox" "$stub"; wait "$prox" "$stub" 2>/dev/null
  rm -rf "$HOME"; HOME=$home
  { echo '--- requests'; sed -E -e '1{/^GET \/version\?timeout=5s$/d}' "$log"; } >>"$name.txt"
}

# the parent command, unknown subcommands, help
capr service-alone create service
capr svc-alone create svc
capr service-unknown create service foo bar
capr service-help create service -h
capr clusterip-help create service clusterip -h
capr nodeport-help create service nodeport -h
capr loadbalancer-help create service loadbalancer -h
capr externalname-help create service externalname -h

# clusterip: ports
capr clusterip create service clusterip web2 --tcp=80:8080
capr clusterip-svc-alias create svc clusterip web2 --tcp=80:8080
capr clusterip-port-only create service clusterip web2 --tcp=80
capr clusterip-two-ports create service clusterip web2 --tcp=80:8080,443:8443
capr clusterip-two-tcp-flags create service clusterip web2 --tcp=80:8080 --tcp=443:8443
capr clusterip-named-target create service clusterip web2 --tcp=80:http
capr clusterip-three-parts create service clusterip web2 --tcp=80:8080:9090
capr clusterip-no-tcp create service clusterip web2
capr clusterip-bad-port create service clusterip web2 --tcp=abc
capr clusterip-empty-target create service clusterip web2 --tcp=80:
capr clusterip-port-zero create service clusterip web2 --tcp=0
capr clusterip-port-too-big create service clusterip web2 --tcp=70000
capr clusterip-target-zero create service clusterip web2 --tcp=80:0
capr clusterip-target-too-big create service clusterip web2 --tcp=80:70000
capr clusterip-target-bad-name create service clusterip web2 --tcp=80:HTTP
capr clusterip-target-long-name create service clusterip web2 --tcp=80:abcdefghijklmnop
capr clusterip-empty-port create service clusterip web2 --tcp=:8080
capr clusterip-protocol create service clusterip web2 --tcp=80/UDP
capr clusterip-negative create service clusterip web2 --tcp=-1
capr clusterip-second-bad create service clusterip web2 --tcp=80:8080,abc
# clusterip: --clusterip
capr clusterip-headless create service clusterip web2 --clusterip=None
capr clusterip-headless-tcp create service clusterip web2 --clusterip=None --tcp=80:8080
capr clusterip-headless-lower create service clusterip web2 --clusterip=none
capr clusterip-ip create service clusterip web2 --clusterip=10.96.0.50 --tcp=80:8080
capr clusterip-ip-no-tcp create service clusterip web2 --clusterip=10.96.0.50
# clusterip: names and namespaces
capr clusterip-exists create service clusterip web --tcp=80:8080
capr clusterip-exists-dry-run-server create service clusterip web --tcp=80:8080 --dry-run=server
capr clusterip-namespace create service clusterip web2 --tcp=80:8080 -n other
capr clusterip-namespace-exists create service clusterip web --tcp=80:8080 -n other
capr clusterip-invalid-name create service clusterip Web_2 --tcp=80:8080
capr clusterip-no-name create service clusterip --tcp=80:8080
capr clusterip-two-names create service clusterip a b --tcp=80:8080
# clusterip: output and dry runs
capr clusterip-dry-run-client create service clusterip web2 --tcp=80:8080 --dry-run=client
capr clusterip-dry-run-client-yaml create service clusterip web2 --tcp=80:8080 --dry-run=client -o yaml
capr clusterip-dry-run-client-json create service clusterip web2 --tcp=80:8080 --dry-run=client -o json
capr clusterip-dry-run-client-name create service clusterip web2 --tcp=80:8080 --dry-run=client -o name
capr clusterip-dry-run-client-namespace-yaml create service clusterip web2 --tcp=80:8080 --dry-run=client -o yaml -n other
capr clusterip-dry-run-client-headless-yaml create service clusterip web2 --clusterip=None --dry-run=client -o yaml
capr clusterip-dry-run-client-named-target-yaml create service clusterip web2 --tcp=80:http,443 --dry-run=client -o yaml
capr clusterip-dry-run-client-exists create service clusterip web --tcp=80:8080 --dry-run=client
capr clusterip-dry-run-server create service clusterip web2 --tcp=80:8080 --dry-run=server
capr clusterip-dry-run-server-yaml create service clusterip web2 --tcp=80:8080 --dry-run=server -o yaml
capr clusterip-dry-run-bad create service clusterip web2 --tcp=80:8080 --dry-run=bogus
capr clusterip-dry-run-bare create service clusterip web2 --tcp=80:8080 --dry-run
capr clusterip-output-name create service clusterip web2 --tcp=80:8080 -o name
capr clusterip-output-yaml create service clusterip web2 --tcp=80:8080 -o yaml
capr clusterip-output-wide create service clusterip web2 --tcp=80:8080 -o wide
capr clusterip-output-jsonpath create service clusterip web2 --tcp=80:8080 --dry-run=client '-o=jsonpath={.spec.ports[0].name}'
capr clusterip-save-config-dry-run-yaml create service clusterip web2 --tcp=80:8080 --save-config --dry-run=client -o yaml
capr clusterip-save-config create service clusterip web2 --tcp=80:8080 --save-config
capr clusterip-field-manager create service clusterip web2 --tcp=80:8080 --field-manager=me
capr clusterip-validate-false create service clusterip web2 --tcp=80:8080 --validate=false
capr clusterip-validate-warn create service clusterip web2 --tcp=80:8080 --validate=warn
capr clusterip-node-port-flag create service clusterip web2 --tcp=80:8080 --node-port=30080

# nodeport
capr nodeport create service nodeport web2 --tcp=80:8080
capr nodeport-node-port create service nodeport web2 --tcp=80:8080 --node-port=30080
capr nodeport-node-port-two-ports create service nodeport web2 --tcp=80:8080,443:8443 --node-port=30080
capr nodeport-no-tcp create service nodeport web2
capr nodeport-headless create service nodeport web2 --clusterip=None --tcp=80
capr nodeport-dry-run-client-yaml create service nodeport web2 --tcp=80:8080 --node-port=30080 --dry-run=client -o yaml
capr nodeport-bad-node-port create service nodeport web2 --tcp=80:8080 --node-port=abc

# loadbalancer
capr loadbalancer create service loadbalancer web2 --tcp=80:8080
capr loadbalancer-no-tcp create service loadbalancer web2
capr loadbalancer-dry-run-client-yaml create service loadbalancer web2 --tcp=80:8080 --dry-run=client -o yaml
capr loadbalancer-node-port create service loadbalancer web2 --tcp=80:8080 --node-port=30080

# externalname
capr externalname create service externalname ext --external-name=example.com
capr externalname-space create service externalname ext --external-name example.com
capr externalname-missing create service externalname ext
capr externalname-empty create service externalname ext --external-name=
capr externalname-tcp create service externalname ext --external-name=example.com --tcp=80
capr externalname-invalid create service externalname ext --external-name=Example_Com
capr externalname-upper create service externalname ext --external-name=Example.com
capr externalname-trailing-dot create service externalname ext --external-name=example.com.
capr externalname-dry-run-client-yaml create service externalname ext --external-name=example.com --dry-run=client -o yaml
capr externalname-no-name create service externalname --external-name=example.com
capr externalname-clusterip create service externalname ext --external-name=example.com --clusterip=None
rm -f "$log" "$proxy"
