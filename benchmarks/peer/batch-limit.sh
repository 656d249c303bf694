#!/usr/bin/env bash
# The part of a batch operation's limit (c x 25 items / r) that any client reaches through the shared latency proxy:
# starts the embedded engine (a JVM of its own) behind latency-proxy.mjs and runs batch-limit.mjs, a bare
# BatchWriteItem loop of the JavaScript SDK with C calls in flight and no reads. MassBenchmark's fractions of the limit
# (which include the reads a mass operation needs) read against it.
#
# usage: benchmarks/peer/batch-limit.sh DELAY_MS [N] [C] [ROUNDS]
# environment: PEER_BENCH, JS_TOOLKIT, REPO, LATENCY_AT as for run-peer.sh
# needs benchmarks/target/benchmarks.jar: mvn -B -pl benchmarks -am -Pjmh -DskipTests package
set -euo pipefail
DELAY=${1:?delay in ms}; N=${2:-10000}; C=${3:-4}; ROUNDS=${4:-8}
. "$(dirname "$0")/processes.sh"

start_embedded "$DELAY"
echo "embedded engine, +$DELAY ms (latency at the $LATENCY_AT); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
JS_TOOLKIT=$JS_TOOLKIT node --no-warnings "$HERE/batch-limit.mjs" "$ENDPOINT" "$DELAY" "$N" "$C" "$ROUNDS"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
