# Sourced by run-peer.sh, list-floor.sh and batch-limit.sh: the folders they use (overridable from the environment),
# free loopback ports, waiting for a server's port, starting the embedded engine, and stopping every process started
# (PIDS) when the script exits.
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd); REPO=${REPO:-$(cd "$HERE/../.." && pwd)}
PEER_BENCH=${PEER_BENCH:-$REPO/../shared/peer-bench}
JS_TOOLKIT=${JS_TOOLKIT:-/work/scratch/js-toolkit}
JAR=$REPO/benchmarks/target/benchmarks.jar
OUT=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
wait_port() { for _ in $(seq 100); do (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 never opened" >&2; exit 1; }
# Points ENDPOINT at the server on port $1: through the shared latency proxy (PEER_BENCH) adding $2 ms to every call,
# or straight at it for 0.
behind_proxy() {
  local proxy
  ENDPOINT=http://127.0.0.1:$1
  if [ "$2" != 0 ]; then
    proxy=$(free_port)
    node "$PEER_BENCH/latency-proxy.mjs" "$proxy" "$1" "$2" > "$OUT/proxy.log" 2>&1 & PIDS+=($!)
    wait_port "$proxy"
    ENDPOINT=http://127.0.0.1:$proxy
  fi
}
# Starts the embedded engine (a JVM of its own, from JAR) and, for a delay other than 0, the shared latency proxy in
# front of it, or with LATENCY_AT=engine the engine's own latency instead (each answer held until the delay after its
# request, no proxy and none of its cost); sets ENDPOINT to the address the clients call. Logs go to OUT.
LATENCY_AT=${LATENCY_AT:-proxy}
start_embedded() {
  local port engine_delay=0 proxy_delay=$1
  [ "$LATENCY_AT" = engine ] && { engine_delay=$1; proxy_delay=0; }
  port=$(free_port)
  java -cp "$JAR" io.dynamodbtoolkit.benchmarks.peer.EmbeddedServer "$port" "$engine_delay" > "$OUT/server.log" 2>&1 & PIDS+=($!)
  wait_port "$port"
  behind_proxy "$port" "$proxy_delay"
}
