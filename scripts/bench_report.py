#!/usr/bin/env python3
"""Turns the JSON lines of scripts/bench.sh into the Markdown tables of
docs/performance.md: the load the run had, the C loop per game and player
count (wall clock and CPU time), the per-call costs, the binding loops
with their ratio to C, callgrind's counts per decision, and the issue's
targets checked against this one run.

    scripts/bench_report.py BENCH.jsonl [--runs N] [--seconds T]
"""
import argparse
import os
import platform

from bench_rows import read_rows

# The targets of docs/performance.md, checked against one run; each reads
# the figures it needs and says "met" or "not met" with them.
BEWITCHED_RATE = 5.8e6
WITCHES_DANCE_INSTRUCTIONS = 220
BEWITCHED_INSTRUCTIONS = 1200
RACE_SHARE = 0.9
# Issue 37: the two race games at 4 players, against Witches' Dance in the
# same interleaved run, and their instructions per decision.
RACE_SHARE_4P = 0.8
RACE_INSTRUCTIONS = {"creepy_cauldron": 240, "spinning_wishes": 250}
PYTHON_STEP_RATE = 1e6
LUA_STEP_RATIO = 4.0
COPY_NS = 20.0

# OpenSpiel, the anchor docs/performance.md compares with. It cannot be built
# here (no network beyond Debian's packages), so its figures are the ones
# issue 21 measured on this machine: commit 112b7770, g++ -std=c++20 -O3
# -DNDEBUG, random playouts with LegalActions() at each decision and chance
# sampled from ChanceOutcomes(), interleaved with our C loop, 7 passes,
# decisions per CPU second. (ours, players, anchor, its players, its rate,
# its instructions per decision or None.)
ANCHORS = [
    ("witches_dance", 4, "maedn", 4, 10.0e6, 1299),
    ("creepy_cauldron", 4, "maedn", 4, 10.0e6, 1299),
    ("spinning_wishes", 4, "maedn", 4, 10.0e6, 1299),
    ("witches_dance", 2, "maedn", 2, 9.4e6, None),
    ("bewitched", 2, "backgammon", 2, 200e3, 52923),
]


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


# The kinds of the bench's JSON lines, by the fields that mark them.
KINDS = (
    ("load", ("load",)),
    ("calls", ("ns_per_call",)),
    ("bindings", ("binding", "game")),
    ("bare", ("binding",)),
    ("grind", ("callgrind",)),
    ("loops", ("decisions_per_second",)),
)


def mega(rate):
    return "%.2f M" % (rate / 1e6) if rate >= 1e6 else "%.0f k" % (rate / 1e3)


def cpu_rate(row):
    """Decisions per CPU second; wall-clock rate for rows that lack it."""
    return row.get("decisions_per_cpu_second", row.get("decisions_per_second", 0.0))


def print_load(rows):
    loads = {r["load"]: r for r in rows["load"]}
    if not loads:
        return
    parts = ["%s %.2f / %.2f / %.2f" % (when, r["load_1"], r["load_5"], r["load_15"])
             for when, r in loads.items()]
    cores = next(iter(loads.values()))["cores"]
    print("Load average (1 / 5 / 15 min) on %d cores: %s.\n" % (cores, "; ".join(parts)))


def print_loops(rows):
    print("| game | players | games/s | decisions/s (wall) | decisions per CPU s | CPU share "
          "| decisions/game | legal moves/choice | bytes/state | allocations (per decision) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows["loops"]:
        print("| %s | %d | %.0f | %s | %s | %.0f%% | %.1f | %.2f | %d | %d (%.6f) |"
              % (r["game"], r["players"], r["games_per_second"],
                 mega(r["decisions_per_second"]), mega(cpu_rate(r)),
                 100 * r.get("cpu_share", 1.0), r["decisions_per_game"],
                 r["legal_moves_per_choice"], r["bytes_per_state"], r["allocations"],
                 r["allocations_per_decision"]))


def print_calls(rows):
    if not rows["calls"]:
        return
    print("\nPer call, CPU time (wall clock in the JSON lines):\n")
    print("| game | players | clone | tg_state_copy | binary save + load "
          "| observation (one player) | resample |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows["calls"]:
        ns = r.get("cpu_ns_per_call", r["ns_per_call"])
        print("| %s | %d | %.0f ns | %s | %.0f ns | %.0f ns | %.0f ns |"
              % (r["game"], r["players"], ns["clone"],
                 "%.1f ns" % ns["copy"] if "copy" in ns else "n/a", ns["save_load"],
                 ns["observation"], ns["resample"]))
    keyed = [r for r in rows["calls"] if "key_10" in r.get("cpu_ns_per_call", r["ns_per_call"])]
    if not keyed:
        return
    print("\nInformation key of the player to move (tg_state_information_key), CPU time "
          "per call, by decisions of history:\n")
    print("| game | players | 10 decisions | 100 | 1,000 |")
    print("|---|---:|---:|---:|---:|")
    for r in keyed:
        ns = r.get("cpu_ns_per_call", r["ns_per_call"])
        print("| %s | %d | %.0f ns | %.0f ns | %.0f ns |"
              % (r["game"], r["players"], ns["key_10"], ns["key_100"], ns["key_1000"]))


def print_bindings(rows, c_cpu):
    if not rows["bindings"]:
        return
    for r in rows["bare"]:
        print("\n%sone bare ctypes call: %.0f ns of CPU time.%s"
              % ("Python: %s; " % r["interpreter"] if "interpreter" in r else "",
                 r["bare_call_ns"],
                 {"c": " The step loop ran in the C module (tablegames._cstep), step-ctypes"
                       " on the ctypes fallback.",
                  "python": " The step loop ran on the ctypes fallback (no C module)."}
                 .get(r.get("step_implementation"), "")))
    print("\n| binding | game | players | loop | crossings per decision | decisions per CPU s "
          "| C decisions per CPU s | slower than C |")
    print("|---|---|---:|---|---|---:|---:|---:|")
    for r in rows["bindings"]:
        c = c_cpu.get((r["game"], r["players"]))
        mine = cpu_rate(r)
        print("| %s | %s | %d | %s | %s | %s | %s | %s |"
              % (r["binding"], r["game"], r["players"], r["loop"], r.get("crossings", "?"),
                 mega(mine), mega(c) if c else "n/a",
                 "%.1fx" % (c / mine) if c and mine else "n/a"))


def print_grind(rows):
    if not rows["grind"]:
        return
    print("\n| game | players | instructions per decision | branches per decision "
          "| mispredicted per decision (simulated) |")
    print("|---|---:|---:|---:|---:|")
    for r in rows["grind"]:
        print("| %s | %d | %d | %s | %s |"
              % (r["callgrind"], r["players"], r["instructions_per_decision"],
                 r.get("branches_per_decision", "n/a"),
                 r.get("mispredicted_per_decision", "n/a")))


def print_anchors(rows, c_cpu):
    """Our C loop of this run beside OpenSpiel's figures from issue 21."""
    grind = {(r["callgrind"], r["players"]): r["instructions_per_decision"]
             for r in rows["grind"]}
    found = [a for a in ANCHORS if (a[0], a[1]) in c_cpu]
    if not found:
        return
    print("\nAgainst OpenSpiel (its figures measured for issue 21, not in this run):\n")
    print("| ours (C loop) | anchor | ours, per CPU s | anchor, per CPU s | ratio "
          "| instructions per decision, ours / anchor |")
    print("|---|---|---:|---:|---:|---:|")
    for game, players, anchor, their_players, rate, their_ir in found:
        mine = c_cpu[(game, players)]
        ir = grind.get((game, players))
        print("| %s %d p | %s %d p | %s | %s | %.1fx | %s |"
              % (game, players, anchor, their_players, mega(mine), mega(rate), mine / rate,
                 "%s / %s" % ("%d" % ir if ir else "n/a", "{:,}".format(their_ir) if their_ir
                                                          else "n/a")))


def verdict(ok):
    return "met" if ok else "**not met**"


def targets(rows, c_cpu):
    """(target, figures, verdict) for each target the run has figures for."""
    out = []
    # Witches' Dance's instruction target is at 4 players (the issue's 281
    # against maedn at 4); Bewitched's at 2, where the issue counted its
    # 1,767 against backgammon. Both player counts are shown for Bewitched.
    counts = {(r["callgrind"], r["players"]): r["instructions_per_decision"]
              for r in rows["grind"]}
    grind = {g: n for (g, p), n in counts.items() if p == 4}
    for game in ("creepy_cauldron", "spinning_wishes"):
        pairs = [(p, c_cpu[(game, p)] / c_cpu[("witches_dance", p)])
                 for (g, p) in sorted(c_cpu) if g == game and ("witches_dance", p) in c_cpu]
        if pairs:
            worst = min(share for _p, share in pairs)
            out.append(("%s >= %.1fx Witches' Dance (per CPU s, same players)"
                        % (game, RACE_SHARE),
                        ", ".join("%d p %.2fx" % pair for pair in pairs),
                        verdict(worst >= RACE_SHARE)))
    for game, most in RACE_INSTRUCTIONS.items():
        share = c_cpu.get((game, 4), 0) / c_cpu.get(("witches_dance", 4), float("inf"))
        if share:
            out.append(("%s 4 p >= %.1fx Witches' Dance (per CPU s; issue 37)"
                        % (game, RACE_SHARE_4P), "%.2fx" % share, verdict(share >= RACE_SHARE_4P)))
        if game in grind:
            out.append(("%s <= %d instructions per decision (4 p; issue 37)" % (game, most),
                        "%d" % grind[game], verdict(grind[game] <= most)))
    if "witches_dance" in grind:
        n = grind["witches_dance"]
        out.append(("witches_dance <= %d instructions per decision" % WITCHES_DANCE_INSTRUCTIONS,
                    "%d" % n, verdict(n <= WITCHES_DANCE_INSTRUCTIONS)))
    bw = [(p, rate) for (g, p), rate in sorted(c_cpu.items()) if g == "bewitched"]
    if bw:
        out.append(("bewitched >= %s decisions per CPU s" % mega(BEWITCHED_RATE),
                    ", ".join("%d p %s" % (p, mega(r)) for p, r in bw),
                    verdict(min(r for _p, r in bw) >= BEWITCHED_RATE)))
    if ("bewitched", 2) in counts:
        n = counts[("bewitched", 2)]
        shown = ", ".join("%d p %d" % (p, counts[("bewitched", p)]) for p in (2, 4)
                          if ("bewitched", p) in counts)
        out.append(("bewitched 2 p <= %d instructions per decision" % BEWITCHED_INSTRUCTIONS,
                    shown, verdict(n <= BEWITCHED_INSTRUCTIONS)))
    for r in rows["bindings"]:
        if r["loop"] != "step" or r["game"] != "witches_dance":
            continue
        mine = cpu_rate(r)
        if r["binding"] == "python":
            out.append(("Python step loop >= %s decisions/s on witches_dance"
                        % mega(PYTHON_STEP_RATE), mega(mine), verdict(mine >= PYTHON_STEP_RATE)))
        c = c_cpu.get((r["game"], r["players"]))
        if r["binding"] == "lua" and c:
            out.append(("Lua step loop within %gx of the C loop on witches_dance"
                        % LUA_STEP_RATIO, "%.1fx" % (c / mine), verdict(c / mine <= LUA_STEP_RATIO)))
    allocs = [r["allocations"] for r in rows["loops"]]
    if allocs:
        # The one allocation a run may show is the history buffer doubling
        # for a game longer than every game before it on that state.
        out.append(("no allocation per decision (at most the history's one doubling per run)",
                    "%d to %d in a whole timed run" % (min(allocs), max(allocs)),
                    verdict(max(allocs) <= 1)))
    copies = [r.get("cpu_ns_per_call", r["ns_per_call"]).get("copy") for r in rows["calls"]]
    copies = [c for c in copies if c is not None]
    if copies:
        out.append(("tg_state_copy under %.0f ns" % COPY_NS,
                    "%.1f to %.1f ns" % (min(copies), max(copies)), verdict(max(copies) < COPY_NS)))
    return out


def print_targets(rows, c_cpu):
    found = targets(rows, c_cpu)
    if not found:
        return
    print("\n| target | this run | status |")
    print("|---|---|---|")
    for target, figures, status in found:
        print("| %s | %s | %s |" % (target, figures, status))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jsonl")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    rows = read_rows(args.jsonl, KINDS)
    c_cpu = {(r["game"], r["players"]): cpu_rate(r) for r in rows["loops"]}

    print("Machine: %s. Median of %d runs of %g s each, one thread.\n"
          % (machine(), args.runs, args.seconds))
    print_load(rows)
    print_loops(rows)
    print_calls(rows)
    print_bindings(rows, c_cpu)
    print_grind(rows)
    print_anchors(rows, c_cpu)
    print_targets(rows, c_cpu)


if __name__ == "__main__":
    main()
