"""Summarizes run-peer.sh output: per run, each side's best items/s over its rounds after the first, and the ratio
Java / JS; per operation, the median and the range of the ratios over the runs."""
import json
import statistics
import sys

OPS = ["putItems", "listUnder", "cloneAllUnder", "deleteAllUnder"]


def best_after_first_round(path):
    rounds, best = 0, {}
    for line in open(path):
        if line.startswith("round"):
            rounds += 1
        elif line.startswith("{") and rounds > 1:
            result = json.loads(line)
            best[result["op"]] = max(best.get(result["op"], 0), result["itemsPerSecond"])
    return best


folder, runs = sys.argv[1], int(sys.argv[2])
ratios = {op: [] for op in OPS}
print("run  " + "".join(f"{op:>30}" for op in OPS))
for run in range(1, runs + 1):
    java, js = best_after_first_round(f"{folder}/java-{run}.txt"), best_after_first_round(f"{folder}/js-{run}.txt")
    cells = []
    for op in OPS:
        ratio = java[op] / js[op]
        ratios[op].append(ratio)
        cells.append(f"{java[op]:>7} / {js[op]:>7} = {ratio:5.2f}")
    print(f"{run:<5}" + "".join(f"{cell:>30}" for cell in cells))
print("Java / JS, median [min, max] over the runs:")
for op in OPS:
    print(f"  {op:<15} {statistics.median(ratios[op]):5.2f}  [{min(ratios[op]):.2f}, {max(ratios[op]):.2f}]")
