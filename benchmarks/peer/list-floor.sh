#!/usr/bin/env bash
# The floor of the peer benchmark's listUnder: one Query per page of 100, the caller asking for each page, so every
# page costs a round trip whatever the client. Starts the embedded engine (a JVM of its own) behind the shared
# latency proxy and, RUNS times, times the walk of 2,000 rows in pages of 100 four ways: the Java toolkit's
# Adapter.list and the bare Java SDK loop (ListFloor, alternating in one JVM), then, alternating in one Node process
# (list-floor.mjs), the bare JavaScript SDK loop and the calls the JS toolkit makes for it (a COUNT Query before
# each page after the first). The last two's ratio bounds what any one-call-per-page client can reach against the
# JS toolkit (whose own listUnder run-peer.sh times).
#
# usage: benchmarks/peer/list-floor.sh DELAY_MS [LOOPS] [RUNS]
# environment: PEER_BENCH, JS_TOOLKIT, REPO, LATENCY_AT as for run-peer.sh
# needs benchmarks/target/benchmarks.jar: mvn -B -pl benchmarks -am -Pjmh -DskipTests package
set -euo pipefail
DELAY=${1:?delay in ms}; LOOPS=${2:-40}; RUNS=${3:-3}
. "$(dirname "$0")/processes.sh"

start_embedded "$DELAY"
echo "embedded engine, +$DELAY ms (latency at the $LATENCY_AT), $LOOPS loops, $RUNS runs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$RUNS"); do
  java -cp "$JAR" io.dynamodbtoolkit.benchmarks.peer.ListFloor "$ENDPOINT" "$LOOPS" 2>/dev/null
  JS_TOOLKIT=$JS_TOOLKIT node --no-warnings "$HERE/list-floor.mjs" "$ENDPOINT" "$LOOPS"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
