#!/usr/bin/env bash
# The Java toolkit against the JavaScript dynamodb-toolkit on the same server, in the same minute, through the
# shared peer harness (JavaToolkitBench.java, toolkit-js-bench.mjs, latency-proxy.mjs): the two sides alternate,
# RUNS times, each run timing ROUNDS rounds of putItems, listUnder, cloneAllUnder and deleteAllUnder over N items.
# Per run and operation, each side's figure is the best of its rounds after the first (which warms the JVM and V8);
# the ratio Java / JS of each run is printed, then per operation the median and the range over the runs.
#
# usage: benchmarks/peer/run-peer.sh SERVER DELAY_MS [N] [ROUNDS] [RUNS]   (defaults: 2000, 40, 3)
#   SERVER   embedded (the embedded engine in a JVM of its own) or dynalite
#   DELAY_MS 0, or the delay the latency proxy adds to every call (5: a DynamoDB call in the same region)
# environment:
#   PEER_BENCH  the shared harness folder                       (default: ../shared/peer-bench beside the repository)
#   JS_TOOLKIT  a checkout of uhop/dynamodb-toolkit, with @aws-sdk/client-dynamodb@3 and @aws-sdk/lib-dynamodb@3
#               installed in it                                  (default: /work/scratch/js-toolkit)
#   DYNALITE    a folder with dynalite@4.0.0 installed           (default: /work/scratch/dynalite)
#   REPO        the repository (default: the one this script is in)
#   LATENCY_AT  proxy (default): the shared latency proxy adds DELAY_MS; engine (embedded only): the embedded engine
#               holds each answer until DELAY_MS after its request, no proxy (and none of its own cost per call)
# needs benchmarks/target/benchmarks.jar: mvn -B -pl benchmarks -am -Pjmh -DskipTests package
set -euo pipefail
SERVER=${1:?embedded or dynalite}; DELAY=${2:?delay in ms}; N=${3:-2000}; ROUNDS=${4:-40}; RUNS=${5:-3}
. "$(dirname "$0")/processes.sh"
DYNALITE=${DYNALITE:-/work/scratch/dynalite}
# The harness's Java side writes the facility row "TX|Dallas" but not its parent, the state row "TX". Its adapter
# declares cascades, so the parent guard is on (the default since the guard exists) and refuses the facility row.
# Compile a copy that writes the state row first; nothing else differs (the diff is printed).
mkdir -p "$OUT/src"
FACILITY_LINE='        rentals.putForce(new HashMap<>(Map.of("state", "TX", "facility", "Dallas")));'
grep -qxF "$FACILITY_LINE" "$PEER_BENCH/JavaToolkitBench.java" \
  || { echo "JavaToolkitBench.java changed: check whether it still needs the state row" >&2; exit 1; }
awk -v line="$FACILITY_LINE" '$0 == line { print "        rentals.putForce(new HashMap<>(Map.of(\"state\", \"TX\")));" } { print }' \
  "$PEER_BENCH/JavaToolkitBench.java" > "$OUT/src/JavaToolkitBench.java"
# dynalite (4.0.0) has no TransactWriteItems, which the guarded insert of the facility row under its state row is; on
# dynalite the copy turns the guard off (the JavaScript toolkit has none), so both sides do the same work there.
if [ "$SERVER" = dynalite ]; then
  GUARDED='                .table(table).keys(keys).cascades(true).build(), client);'
  grep -qxF "$GUARDED" "$OUT/src/JavaToolkitBench.java" \
    || { echo "JavaToolkitBench.java changed: check how its adapter is declared" >&2; exit 1; }
  sed -i 's/\.cascades(true)\.build(), client);$/.cascades(true).parentGuard(false).build(), client);/' \
    "$OUT/src/JavaToolkitBench.java"
fi
diff "$PEER_BENCH/JavaToolkitBench.java" "$OUT/src/JavaToolkitBench.java" || true
javac -cp "$JAR" -d "$OUT/classes" "$OUT/src/JavaToolkitBench.java"

case "$SERVER" in
  embedded) start_embedded "$DELAY" ;;
  dynalite)
    [ "$LATENCY_AT" = engine ] && { echo "LATENCY_AT=engine needs the embedded server" >&2; exit 2; }
    PORT=$(free_port)
    "$DYNALITE/node_modules/.bin/dynalite" --port "$PORT" --createTableMs 0 > "$OUT/server.log" 2>&1 & PIDS+=($!)
    wait_port "$PORT"
    behind_proxy "$PORT" "$DELAY" ;;
  *) echo "unknown server $SERVER" >&2; exit 2 ;;
esac
cp "$PEER_BENCH/toolkit-js-bench.mjs" "$JS_TOOLKIT/toolkit-js-bench.mjs"
echo "server $SERVER, +$DELAY ms (latency at the $LATENCY_AT), N=$N, $ROUNDS rounds a side, $RUNS runs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$RUNS"); do
  # alternate which side goes first
  if [ $((run % 2)) = 1 ]; then order="java js"; else order="js java"; fi
  for side in $order; do
    if [ "$side" = java ]; then
      java -cp "$JAR:$OUT/classes" JavaToolkitBench "$ENDPOINT" "$N" "$ROUNDS" 2>"$OUT/java-$run.err" > "$OUT/java-$run.txt" &
    else
      (cd "$JS_TOOLKIT" && exec env TOOLKIT="$JS_TOOLKIT/src/index.js" ENDPOINT="$ENDPOINT" N="$N" ROUNDS="$ROUNDS" \
        node toolkit-js-bench.mjs 2>"$OUT/js-$run.err" > "$OUT/js-$run.txt") &
    fi
    SIDE=$!; PIDS+=("$SIDE")
    wait "$SIDE" || { echo "the $side side of run $run failed:" >&2; grep -v '^\s*at ' "$OUT/$side-$run.err" | tail -5 >&2; exit 1; }
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$HERE/summarize.py" "$OUT" "$RUNS"
