#!/usr/bin/env bash
# The mass operations' fraction of a batch operation's limit (c x 25 items / r): starts the embedded engine (a JVM of
# its own) with a round trip of DELAY_MS, behind the shared latency proxy or, with LATENCY_AT=engine, in the engine
# itself (each answer held until DELAY_MS after its request, no proxy's own cost per call), and runs MassBenchmark
# against it: deleteAllUnder and cloneAllUnder over ITEMS rows, 4 calls in flight, ROUNDS timed rounds after WARMUPS
# untimed runs of each side. batch-limit.sh gives what a bare JavaScript batch loop reaches on the same set-up.
#
# usage: benchmarks/peer/mass-limit.sh DELAY_MS [ITEMS] [ROUNDS] [WARMUPS]   (defaults: 10000, 7, 10)
# environment: REPO, LATENCY_AT as for run-peer.sh
# needs benchmarks/target/benchmarks.jar: mvn -B -pl benchmarks -am -Pjmh -DskipTests package
set -euo pipefail
DELAY=${1:?delay in ms}; ITEMS=${2:-10000}; ROUNDS=${3:-7}; WARMUPS=${4:-10}
. "$(dirname "$0")/processes.sh"

start_embedded "$DELAY"
echo "embedded engine, +$DELAY ms (latency at the $LATENCY_AT); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
java -Ddynamodb.toolkit.test.backend=external -Ddynamodb.toolkit.test.endpoint="$ENDPOINT" -cp "$JAR" \
  io.dynamodbtoolkit.benchmarks.mass.MassBenchmark "$ITEMS" "$ROUNDS" 4 "$DELAY" "$WARMUPS" 2>/dev/null
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
