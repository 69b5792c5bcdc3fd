# Shared by the capture-*.sh scripts that record the real kubectl 1.32 against
# discovery-stub.mjs. Source it with `here` and `port` set, then:
#   start_stub [stub arguments…]   (STUB=object-stub.mjs for another stub than discovery-stub.mjs;
#                                   STUB_STDERR=FILE keeps its standard error)
#   cap NAME KUBECTL-ARGS…                        (writes NAME.txt in the current folder)
#   cap_fresh NAME SCENARIO KUBECTL-ARGS…         (cap against a stub started afresh on SCENARIO)
# A recording is `$ kubectl` and the arguments with bash's %q quoting (so it replays as the
# same words), then `--- stdout`, `--- stderr`, `--- exit N`.
export KUBECONFIG=/nonexistent/kubeconfig
HOME=$(mktemp -d)
export HOME

start_stub() {
  node "$here/${STUB:-discovery-stub.mjs}" "$port" "$@" 2>"${STUB_STDERR:-/dev/null}" &
  stub_pid=$!
  trap 'kill $stub_pid' EXIT
  sleep 1
}

cap() {
  local name=$1; shift
  local out err code
  out=$(mktemp); err=$(mktemp)
  kubectl -s "http://127.0.0.1:$port" "$@" >"$out" 2>"$err"; code=$?
  { printf '$ kubectl'; printf ' %q' "$@"; printf '\n'; echo '--- stdout'; cat "$out"; echo '--- stderr'; cat "$err"; echo "--- exit $code"; } >"$name.txt"
  rm -f "$out" "$err"
}

# A recording against a stub of its own, started on SCENARIO (a path) and stopped after it,
# so that a scenario's timeline starts anew and no recording sees another's writes.
cap_fresh() {
  local name=$1 scenario=$2; shift 2
  start_stub "$scenario"
  cap "$name" "$@"
  kill "$stub_pid"; wait "$stub_pid" 2>/dev/null
  trap - EXIT
}

# cap_fresh on CAPR_SCENARIO (default real-1.32-requests/scenario.json) with a HOME of its
# own (no discovery cache carried over), then the requests the stub received under
# `--- requests` (the caller sets `log` to a file for the stub's log): capture-requests.sh,
# capture-rollout.sh and capture-set.sh.
capr() {
  local name=$1; shift
  local home=$HOME
  HOME=$(mktemp -d)
  STUB_STDERR=$log cap_fresh "$name" "${CAPR_SCENARIO:-$here/real-1.32-requests/scenario.json}" "$@"
  rm -rf "$HOME"; HOME=$home
  { echo '--- requests'; sed -E -e '1{/^GET \/version\?timeout=5s$/d}' -e 's/("kubectl\.kubernetes\.io\/restartedAt":")[^"]*"/\1TIME"/g' "$log"; } >>"$name.txt"
}
