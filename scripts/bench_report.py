#!/usr/bin/env python3
"""Turns the JSON lines of scripts/bench.sh into the Markdown tables of
docs/performance.md: the C loop per game and player count, the per-call
costs, the binding loops with their ratio to C, and callgrind's
instructions per decision.

    scripts/bench_report.py BENCH.jsonl [--runs N] [--seconds T]
"""
import argparse
import json
import os
import platform


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores, %s %s" % (model, os.cpu_count() or 0, platform.system(),
                                     platform.release())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    loops, calls, bindings, grind = [], [], [], []
    with open(args.jsonl) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            row = json.loads(line)
            if "decisions_per_second" in row and "binding" not in row:
                loops.append(row)
            elif "ns_per_call" in row:
                calls.append(row)
            elif "binding" in row and "game" in row:
                bindings.append(row)
            elif "callgrind" in row:
                grind.append(row)

    print("Machine: %s. Median of %d runs of %g s each, one thread.\n"
          % (machine(), args.runs, args.seconds))
    print("| game | players | games/s | decisions/s | decisions/game | legal moves/choice "
          "| bytes/state | allocations in the timed run |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    c_rate = {}
    for r in loops:
        c_rate[(r["game"], r["players"])] = r["decisions_per_second"]
        print("| %s | %d | %.0f | %.2f M | %.1f | %.2f | %d | %d |"
              % (r["game"], r["players"], r["games_per_second"],
                 r["decisions_per_second"] / 1e6, r["decisions_per_game"],
                 r["legal_moves_per_choice"], r["bytes_per_state"],
                 r["allocations"]))

    print("\n| game | players | clone | binary save + load | observation (one player) | resample |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in calls:
        ns = r["ns_per_call"]
        print("| %s | %d | %s ns | %s ns | %s ns | %s ns |"
              % (r["game"], r["players"], ns["clone"], ns["save_load"], ns["observation"],
                 ns["resample"]))

    if bindings:
        print("\n| binding | game | players | loop | decisions/s | C decisions/s | slower than C |")
        print("|---|---|---:|---|---:|---:|---:|")
        for r in bindings:
            c = c_rate.get((r["game"], r["players"]))
            ratio = "%.1fx" % (c / r["decisions_per_second"]) if c else "n/a"
            print("| %s | %s | %d | %s | %.0f | %s | %s |"
                  % (r["binding"], r["game"], r["players"], r["loop"],
                     r["decisions_per_second"], "%.0f" % c if c else "n/a", ratio))

    if grind:
        print("\n| game | players | instructions per decision (callgrind) |")
        print("|---|---:|---:|")
        for r in grind:
            print("| %s | %d | %d |" % (r["callgrind"], r["players"],
                                        r["instructions_per_decision"]))


if __name__ == "__main__":
    main()
