#!/usr/bin/env python3
"""Turns the JSON lines of scripts/bench_baseline.sh into before/after
Markdown tables: the C loop per CPU second and by the wall clock (medians
over the passes), the race games against Witches' Dance on each side,
callgrind's counts per decision, tg_state_copy and allocations, the
medium and hard bots, and issue 21's speed targets checked against the run.

    scripts/bench_compare.py BASELINE.jsonl [--seconds T]
"""
import argparse
import statistics

from bench_report import (COPY_NS, RACE_INSTRUCTIONS, RACE_SHARE, RACE_SHARE_4P, machine, mega,
                          verdict)
from bench_rows import read_rows

WITCHES_DANCE_GAIN = 1.3
BEWITCHED_GAIN = 1.5
WITCHES_DANCE_INSTRUCTIONS = 220
BEWITCHED_INSTRUCTIONS = 1200
SIDES = ("baseline", "current")


# The kinds of bench_baseline.sh's JSON lines, by the fields that mark them.
KINDS = (
    ("load", ("load",)),
    ("refs", ("baseline",)),
    ("grind", ("callgrind",)),
    ("calls", ("ns_per_call",)),
    ("bots", ("positions",)),
    ("loops", ("decisions_per_second",)),
)


def read(path):
    rows = read_rows(path, KINDS)
    # The commits of the two sides, from the run's one line that names them.
    rows["refs"] = rows["refs"][-1] if rows["refs"] else {}
    return rows


def medians(rows, field):
    """{(side, game, players): median of field over the passes}."""
    found = {}
    for r in rows:
        found.setdefault((r["tree"], r["game"], r["players"]), []).append(r[field])
    return {k: statistics.median(v) for k, v in found.items()}


def cases(table):
    seen = []
    for _side, game, players in table:
        if (game, players) not in seen:
            seen.append((game, players))
    return seen


def ratio(after, before):
    return "%.2fx" % (after / before) if before else "n/a"


def print_loops(rows):
    cpu = medians(rows["loops"], "decisions_per_cpu_second")
    wall = medians(rows["loops"], "decisions_per_second")
    share = medians(rows["loops"], "cpu_share")
    print("| game | players | before, per CPU s | after, per CPU s | after/before "
          "| before, wall | after, wall | CPU share before / after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game, p in cases(cpu):
        b, a = cpu.get(("baseline", game, p), 0), cpu.get(("current", game, p), 0)
        print("| %s | %d | %s | %s | %s | %s | %s | %.0f%% / %.0f%% |"
              % (game, p, mega(b), mega(a), ratio(a, b),
                 mega(wall.get(("baseline", game, p), 0)),
                 mega(wall.get(("current", game, p), 0)),
                 100 * share.get(("baseline", game, p), 0),
                 100 * share.get(("current", game, p), 0)))
    return cpu


def print_shares(cpu):
    print("\nThe race games against Witches' Dance at the same player count, per CPU s:\n")
    print("| game | players | before | after |")
    print("|---|---:|---:|---:|")
    for game, p in cases(cpu):
        if game in ("witches_dance", "bewitched") or ("current", "witches_dance", p) not in cpu:
            continue
        print("| %s | %d | %s | %s |"
              % (game, p, *(ratio(cpu[(s, game, p)], cpu[(s, "witches_dance", p)])
                            for s in SIDES)))


def print_grind(rows):
    if not rows["grind"]:
        return {}
    g = {(r["tree"], r["callgrind"], r["players"]): r for r in rows["grind"]}
    print("\nPer decision in the playout loop (callgrind, branch simulator):\n")
    print("| game | players | instructions before | after | branches before | after "
          "| mispredicted before | after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game, p in cases(g):
        b, a = g.get(("baseline", game, p)), g.get(("current", game, p))
        if not (a and b):
            continue
        print("| %s | %d | %d | %d | %s | %s | %s | %s |"
              % (game, p, b["instructions_per_decision"], a["instructions_per_decision"],
                 b["branches_per_decision"], a["branches_per_decision"],
                 b["mispredicted_per_decision"], a["mispredicted_per_decision"]))
    return g


def copies(rows):
    found = {}
    for r in rows["calls"]:
        ns = r.get("cpu_ns_per_call", r["ns_per_call"])
        found.setdefault(r["tree"], []).append(ns["copy"])
    return found


def print_costs(rows):
    copy = copies(rows)
    allocs = {}
    for r in rows["loops"]:
        allocs.setdefault(r["tree"], []).append(r["allocations"])
    print("\n| figure | before | after |")
    print("|---|---:|---:|")
    print("| tg_state_copy, CPU ns per call (range over games and passes) | %s | %s |"
          % tuple("%.1f to %.1f" % (min(copy[s]), max(copy[s])) if copy.get(s) else "n/a"
                  for s in SIDES))
    print("| allocations in a timed run (most of any run) | %s | %s |"
          % tuple("%d" % max(allocs[s]) if allocs.get(s) else "n/a" for s in SIDES))
    bytes_ = {(r["tree"], r["game"]): r["bytes_per_state"] for r in rows["loops"]}
    for game in sorted({g for _s, g in bytes_}):
        print("| bytes per state, %s | %s | %s |"
              % (game, bytes_.get(("baseline", game), "n/a"), bytes_.get(("current", game), "n/a")))


def print_bots(rows):
    if not rows["bots"]:
        return
    # The median of the passes, level by level.
    passes = {}
    for r in rows["bots"]:
        passes.setdefault((r["tree"], r["game"]), []).append(r["decisions_per_second"])
    bots = {key: {level: statistics.median(p[level] for p in found) for level in found[0]}
            for key, found in passes.items()}
    count = max(len(found) for found in passes.values())
    print("\nBot decisions per CPU second (scripts/bot_speed.py, two players, the same "
          "positions; the median of %d pass%s):\n" % (count, "" if count == 1 else "es"))
    print("| game | medium before | medium after | after/before | hard before | hard after "
          "| after/before |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game in dict.fromkeys(g for _s, g in bots):
        b, a = bots.get(("baseline", game)), bots.get(("current", game))
        if not (a and b):
            continue
        print("| %s | %.1f | %.1f | %s | %.1f | %.1f | %s |"
              % (game, b["medium"], a["medium"], ratio(a["medium"], b["medium"]),
                 b["hard"], a["hard"], ratio(a["hard"], b["hard"])))


def print_targets(rows, cpu, grind):
    out = []
    for game, p in (("witches_dance", 4), ("bewitched", 2)):
        gain = WITCHES_DANCE_GAIN if game == "witches_dance" else BEWITCHED_GAIN
        b, a = cpu.get(("baseline", game, p)), cpu.get(("current", game, p))
        if a and b:
            out.append(("%s %d p >= %.1fx the baseline per CPU s" % (game, p, gain),
                        ratio(a, b), verdict(a / b >= gain)))
    for game, p in (("creepy_cauldron", 4), ("spinning_wishes", 4)):
        a, wd = cpu.get(("current", game, p)), cpu.get(("current", "witches_dance", p))
        if a and wd:
            for share in (RACE_SHARE, RACE_SHARE_4P):
                out.append(("%s %d p >= %.1fx Witches' Dance" % (game, p, share),
                            ratio(a, wd), verdict(a / wd >= share)))
        r = grind.get(("current", game, p))
        if r:
            n = r["instructions_per_decision"]
            out.append(("%s %d p <= %d instructions per decision (playout loop)"
                        % (game, p, RACE_INSTRUCTIONS[game]), "%d" % n,
                        verdict(n <= RACE_INSTRUCTIONS[game])))
    for game, p, most in (("witches_dance", 4, WITCHES_DANCE_INSTRUCTIONS),
                          ("bewitched", 2, BEWITCHED_INSTRUCTIONS)):
        r = grind.get(("current", game, p))
        if r:
            n = r["instructions_per_decision"]
            out.append(("%s %d p <= %d instructions per decision" % (game, p, most), "%d" % n,
                        verdict(n <= most)))
    # As in bench_report.py: the one allocation a run may show is the
    # history buffer doubling for a game longer than any before it.
    allocs = [r["allocations"] for r in rows["loops"] if r["tree"] == "current"]
    if allocs:
        out.append(("no allocation per decision (at most the history's one doubling per run)",
                    "%d to %d in a whole timed run" % (min(allocs), max(allocs)),
                    verdict(max(allocs) <= 1)))
    copy = copies(rows).get("current")
    if copy:
        out.append(("tg_state_copy < %.0f ns" % COPY_NS, "%.1f ns at most" % max(copy),
                    verdict(max(copy) < COPY_NS)))
    print("\n| target | this run | status |")
    print("|---|---|---|")
    for row in out:
        print("| %s | %s | %s |" % row)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl")
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    rows = read(args.jsonl)
    passes = max([r.get("pass", 1) for r in rows["loops"]] or [0])
    refs = rows["refs"]
    print("Machine: %s. Before: %s; after: %s. Medians of %d passes of %g s per game "
          "and side, the sides in turn.\n"
          % (machine(), refs.get("baseline", "?")[:10], refs.get("current", "?")[:10],
             passes, args.seconds))
    loads = ["%s %.2f / %.2f / %.2f" % (r["load"], r["load_1"], r["load_5"], r["load_15"])
             for r in rows["load"]]
    if loads:
        print("Load average (1 / 5 / 15 min): %s.\n" % "; ".join(loads))
    cpu = print_loops(rows)
    print_shares(cpu)
    grind = print_grind(rows)
    print_costs(rows)
    print_bots(rows)
    print_targets(rows, cpu, grind)


if __name__ == "__main__":
    main()
