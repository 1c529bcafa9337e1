#!/usr/bin/env python3
"""One JSON line of counts per decision from a callgrind profile of a
`tablegames bench GAME --json` run: instructions, branches (conditional
and indirect) and the branch simulator's mispredictions of both kinds.

    scripts/bench_callgrind.py CALLGRIND.OUT BENCH.json
"""
import json
import sys


def main():
    events, totals = [], []
    with open(sys.argv[1]) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith(("summary:", "totals:")):
                totals = [int(x) for x in line.split()[1:]]
    count = dict(zip(events, totals))
    with open(sys.argv[2]) as f:
        run = json.load(f)

    def per(*names):
        return round(sum(count.get(n, 0) for n in names) / run["decisions"], 1)

    print(json.dumps({"callgrind": run["game"], "players": run["players"],
                      "instructions_per_decision": round(count["Ir"] / run["decisions"]),
                      "branches_per_decision": per("Bc", "Bi"),
                      "mispredicted_per_decision": per("Bcm", "Bim")}))


if __name__ == "__main__":
    main()
