#!/usr/bin/env python3
"""Mutation testing of the rules, knowledge and validator code, on demand.

Each mutant is a plausible wrong implementation: one exact snippet of one
file replaced by another. The script copies the committed tree (HEAD, or
--rev) into a scratch folder with `git archive`, never touching the working
tree, builds the test programs a mutant needs once, then for each mutant in
turn writes the change, rebuilds incrementally, runs a focused set of
ctests (the rule tests of the mutant's game and the conformance suite in
quick mode kept to that game; for lib/core, the rule tests of every game,
the core tests and the whole quick conformance suite) and puts the file
back. A mutant is killed when a test fails; one whose tests all pass
survived, which shows a gap in the tests (or a change that is no bug: say
so beside it in MUTANTS).

    nice -n 10 python3 scripts/mutate.py              # every mutant
    python3 scripts/mutate.py --list                  # the mutants, checked against the tree
    python3 scripts/mutate.py --only wd-crush-marks,core-step-list
    python3 scripts/mutate.py --strict                # exit 1 if any mutant survives

Standard library only; any python3. Not part of the CI: a whole run took
17 to 23 minutes on the shared, loaded 2-core machine (docs/robustness.md,
"Mutation testing").
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

GAMES = ("witches_dance", "spinning_wishes", "creepy_cauldron", "bewitched")
WD = "lib/games/witches_dance/"
SW = "lib/games/spinning_wishes/"
CC = "lib/games/creepy_cauldron/"
BW = "lib/games/bewitched/"

# (id, file, original snippet, replacement, why it is a plausible bug).
# The snippet must occur exactly once in the file; a mutant whose snippet
# is gone is reported as stale (the code moved on: update or drop it).
MUTANTS = [
    # --- lib/core: information states, the step call, the dead-end check
    ("core-info-all-moves", "lib/core/handles.h",
     "    if (who >= 0)\n        tgH_own_add(&st->own[who], m);",
     "    for (int q = 0; q < TG_MAX_PLAYERS; q++)\n        tgH_own_add(&st->own[q], m);",
     "every player's information state takes in every decision and chance outcome, the hidden deal included"),
    ("core-info-referee-view", "lib/core/information.c",
     "    tgH_write_tensor(state, player, tensor);",
     "    tgH_write_tensor(state, TG_VIEW_OMNISCIENT, tensor);",
     "the information key is built from the referee's view"),
    ("core-info-json-referee-view", "lib/core/information.c",
     "json_t *obs = tgH_observation(st, player), *mine",
     "json_t *obs = tgH_observation(st, TG_VIEW_OMNISCIENT), *mine",
     "the information JSON is built from the referee's view"),
    ("core-info-no-own-moves", "lib/core/information.c",
     "    put32(b + 12, own->count);\n    put64(b + 16, own->sum[0]);\n    put64(b + 24, own->sum[1]);",
     "    put32(b + 12, 0);\n    put64(b + 16, 0);\n    put64(b + 24, (uint64_t)(own != NULL));",
     "the information key forgets the player's own decisions"),
    ("core-step-list-before", "lib/core/step.c",
     "    if (s == TG_OK)\n        s = tgH_apply_checked(state, move);\n"
     "    if (s == TG_OK)\n        report(state, player, moves, count);",
     "    tg_move before[TG_CORE_MAX_LEGAL];\n"
     "    size_t nb = s == TG_OK ? next_list(state, before) : 0;\n"
     "    if (s == TG_OK)\n        s = tgH_apply_checked(state, move);\n"
     "    if (s == TG_OK) {\n        for (size_t i = 0; i < nb; i++)\n"
     "            moves[i] = before[i];\n        *count = nb;\n        *player = state->cur;\n    }",
     "tg_state_step reports the move list of the position before the move"),
    ("core-step-chance-player-before", "lib/core/step.c",
     "    if (s == TG_OK)\n        s = tgH_apply_chance(state, applied);\n"
     "    if (s == TG_OK)\n        report(state, player, moves, count);",
     "    int was = state->cur;\n"
     "    if (s == TG_OK)\n        s = tgH_apply_chance(state, applied);\n"
     "    if (s == TG_OK) {\n        report(state, player, moves, count);\n        *player = was;\n    }",
     "tg_state_step_chance reports the chance point as the next player"),
    ("core-step-short-buffer", "lib/core/step.c",
     "if (cap < need) {",
     "if (cap + 1 < need) {",
     "a step accepts a buffer one entry shorter than the longest list"),
    ("core-dead-end", "lib/core/play_check.c",
     "    if (n == 0) {",
     "    if (0 && n == 0) {",
     "the shared check no longer refuses an unfinished position with no decision"),
    ("core-zero-weight", "lib/core/play_check.c",
     "        if (weights[i] == 0) {",
     "        if (0 && weights[i] == 0) {",
     "a chance outcome of weight zero is accepted on load"),
    # --- Witches' Dance: knowledge marks, crushes, resampling, validation
    ("wd-crush-marks", WD + "witches_dance.h",
     "    b->known[to] = known;",
     "    b->known[to] |= known;",
     "a moving hat takes on the knowledge marks of the hat it crushed"),
    ("wd-crush-hidden", WD + "witches_dance.h",
     "    b->known[at] = cfg->all_known;",
     "    b->known[at] = 0;",
     "a crushed hat's colour is not shown to the table"),
    ("wd-peek-public", WD + "rules.c",
     "        b->known[at] |= (uint8_t)(1u << b->player);",
     "        b->known[at] |= cfg->all_known;",
     "a peek shows the colour to the whole table"),
    ("wd-marks-stay", WD + "witches_dance.h",
     "    b->known[from] = 0;",
     "    b->known[from] = b->known[from];",
     "the marks stay on the space a hat left"),
    ("wd-recall-peek-public", WD + "knowledge.c",
     "            at = e[1], who = (uint8_t)(1u << b->actor);",
     "            at = e[1];",
     "a position of unknown past makes its last peek public"),
    ("wd-resample-redraws-known", WD + "resample.c",
     "            pinned[s] = (uint8_t)((b->known[s] >> player) & 1u);",
     "            pinned[s] = 0;",
     "resampling redraws hats the player knows"),
    ("wd-validate-implied", WD + "validate.c",
     "        if ((implied.known[s] & b->known[s]) != implied.known[s]) {",
     "        if (0 && (implied.known[s] & b->known[s]) != implied.known[s]) {",
     "a save may know less than its last decision showed"),
    ("wd-validate-empty-marks", WD + "validate.c",
     "        if (k && !b->circle[s]) {",
     "        if (0 && k && !b->circle[s]) {",
     "knowledge marks on an empty space load"),
    ("wd-two-player-strip", WD + "movement.c",
     "    return cfg->colour_of[1 - mover];",
     "    return cfg->colour_of[mover];",
     "two players: a witch taken off at a wrong exit counts for the mover"),
    # --- Spinning Wishes: presents, looks, resampling, validation
    ("sw-resample-look-record", SW + "resample.c",
     "        else if (e->type == SW_E_LOOK)\n            e->c = b->present[e->b];",
     "",
     "a redraw leaves the look's record naming the old present"),
    ("sw-resample-own-look", SW + "resample.c",
     "        if ((b->seen[player] & (1u << t)) && deal[t] != b->present[t])",
     "        if (0 && (b->seen[player] & (1u << t)) && deal[t] != b->present[t])",
     "a redraw moves a present the player has seen"),
    ("sw-resample-others-looks", SW + "resample.c",
     "            if (q != player && (b->seen[q] & (1u << t)) && deal[t] == b->princess[q] &&",
     "            if (0 && q != player && (b->seen[q] & (1u << t)) && deal[t] == b->princess[q] &&",
     "a redraw forgets that another's look found no present of hers"),
    ("sw-look-before-deal", SW + "validate.c",
     "if (b->seen[p] > 15 || (!dealt && b->seen[p]))",
     "if (b->seen[p] > 15)",
     "a look under a present before the deal loads"),
    ("sw-look-record-unchecked", SW + "validate.c",
     "        return dealt && ((b->seen[e->a] >> e->b) & 1u) && b->present[e->b] == e->c;",
     "        return dealt && ((b->seen[e->a] >> e->b) & 1u);",
     "a look record naming another present than the tower's loads"),
    ("sw-own-present-seen", SW + "validate.c",
     "            if ((b->seen[p] & (1u << t)) && b->present[t] == b->princess[p] && b->winner != p + 1)",
     "            if (0 && (b->seen[p] & (1u << t)) && b->present[t] == b->princess[p] && b->winner != p + 1)",
     "a player who saw her own present without winning loads"),
    ("sw-trade-nothing", SW + "validate.c",
     "    if (b->phase == SW_PH_TRADE && !sw_can_trade(b))",
     "    if (0 && b->phase == SW_PH_TRADE && !sw_can_trade(b))",
     "a trade with nothing to trade loads"),
    ("sw-look-seen-by-all", SW + "view.c",
     "    if (viewer >= 0 && viewer < SW_PRINCESSES && (b->seen[viewer] & (1u << tower)))",
     "    if (viewer >= 0 && viewer < SW_PRINCESSES && b->seen[viewer])",
     "a player who looked anywhere sees every present"),
    ("sw-relook", SW + "movement.c",
     "    return c->relook || !(b->seen[player] & (1u << tower));",
     "    return 1;",
     "relook=no: a tower already looked at stops her again"),
    ("sw-look-not-remembered", SW + "movement.c",
     "    b->seen[p] |= (uint8_t)(1u << tower);",
     "    b->seen[p] = (uint8_t)(1u << tower);",
     "a new look makes her forget the earlier ones"),
    # --- Creepy Cauldron: the key, invisibility, validation
    ("cc-pickup-auto", CC + "validate.c",
     "    if (cfg->pickup != CC_PICKUP_CHOOSE)",
     "    if (0 && cfg->pickup != CC_PICKUP_CHOOSE)",
     "a key pick-up question loads under pickup=auto"),
    ("cc-pickup-no-key", CC + "validate.c",
     "    if (pos->key_space == CC_NONE || pos->roller_due)",
     "    if (0 && (pos->key_space == CC_NONE || pos->roller_due))",
     "a key pick-up question loads with no key lying on the board"),
    ("cc-fish-invisible", CC + "validate.c",
     "    if (fishing && (here != CC_SP_CAULDRON || !visible))",
     "    if (fishing && here != CC_SP_CAULDRON)",
     "an invisible pawn may fish in a loaded position"),
    ("cc-empty-cauldron", CC + "validate.c",
     "        if (cc_cauldron_total(pos) == 0)",
     "        if (0 && cc_cauldron_total(pos) == 0)",
     "fishing in an empty cauldron loads"),
    ("cc-caught-keeps-key", CC + "witch_flight.c",
     "    if (pos->key_player == p) {\n        pos->key_player = CC_NONE;",
     "    if (0 && pos->key_player == p) {\n        pos->key_player = CC_NONE;",
     "a carrier caught by Kalmorda keeps the key"),
    ("cc-invisible-stays", CC + "witch_flight.c",
     "        pos->flags[p] &= (uint8_t)~CC_FL_INVISIBLE;\n        cc_event(pos, CC_EV_APPEAR, p, CC_CAUSE_WITCH, 0);",
     "        cc_event(pos, CC_EV_APPEAR, p, CC_CAUSE_WITCH, 0);",
     "Kalmorda's catch leaves the pawn invisible"),
    ("cc-auto-pickup-offers", CC + "movement.c",
     "    if (pos->key_space == s && cfg->pickup == CC_PICKUP_CHOOSE) {",
     "    if (pos->key_space == s) {",
     "pickup=auto still asks whether to take the key"),
    # --- Bewitched: books read, the prince, resampling, validation
    ("bw-book-unread", BW + "movement.c",
     "    b->seen[player] = (uint8_t)(b->seen[player] | (1u << book));",
     "    (void)player;",
     "a frog takes a book without its player reading it"),
    ("bw-not-prince-unsaid", BW + "movement.c",
     "            b->not_prince = (uint8_t)(b->not_prince | (1u << fb));",
     "            (void)fb;",
     "no win after reaching the prince does not tell the table that book is a frog page"),
    ("bw-bite-unseen", BW + "movement.c",
     "    bw_set_bit(b->magnetic_known, f, 1);",
     "    (void)0;",
     "a snake's bite does not show the table the frog is magnetic"),
    ("bw-page-seen-by-all", BW + "view.c",
     "           (viewer >= 0 && viewer < BW_MAX_PLAYERS && ((b->seen[viewer] >> book) & 1u)) ||",
     "           (viewer >= 0 && viewer < BW_MAX_PLAYERS && b->seen[viewer]) ||",
     "a player who read any book sees every page"),
    ("bw-resample-prince-seen", BW + "resample.c",
     "    if (!((b->seen[player] >> b->prince) & 1u)) {",
     "    if (1) {",
     "resampling moves the prince although the player has read its book"),
    ("bw-carried-unread", BW + "validate.c",
     "        if (!((b->seen[p] >> k) & 1u))\n            BW_FAIL(\"book %d is carried",
     "        if (0)\n            BW_FAIL(\"book %d is carried",
     "a carried book its player never read loads"),
]


def group_of(path):
    for g in GAMES:
        if path.startswith("lib/games/%s/" % g):
            return g
    return "core"


def ctest_regex(group):
    if group == "core":
        return "^(conformance|test_core|test_core_edges|test_(%s)_.*)$" % "|".join(GAMES)
    return "^(conformance|test_%s_.*)$" % group


def targets_of(group):
    if group == "core":
        return ["conformance", "test_core", "test_core_edges"] + ["test_" + g for g in GAMES]
    return ["conformance", "test_" + group]


def run(cmd, cwd, env=None, timeout=None, log=None):
    """Runs cmd; returns (exit status or None on timeout, output)."""
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, timeout=timeout, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) \
            else (e.stdout or ""), None
    if log:
        with open(log, "a") as f:
            f.write("$ %s\n%s\n" % (" ".join(cmd), out))
    return rc, out


def check_snippets(tree):
    """Mutant id -> None when its snippet occurs exactly once, else why not."""
    problems = {}
    for mid, path, orig, _new, _why in MUTANTS:
        full = os.path.join(tree, path)
        if not os.path.exists(full):
            problems[mid] = "file %s is gone" % path
            continue
        with open(full) as f:
            n = f.read().count(orig)
        if n != 1:
            problems[mid] = "snippet found %d times in %s" % (n, path)
    return problems


def failed_tests(output):
    names = []
    for line in output.splitlines():
        # ctest: "  1 - conformance (Failed)" in its summary
        line = line.strip()
        if " - " in line and line.endswith(")") and line[0].isdigit():
            names.append(line.split(" - ", 1)[1].rsplit(" (", 1)[0])
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="HEAD", help="the commit to mutate (default HEAD)")
    ap.add_argument("--only", default="", help="comma-separated mutant ids")
    ap.add_argument("--list", action="store_true", help="list the mutants and check them")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 when a mutant survives or is stale")
    ap.add_argument("--work", default="", help="scratch folder (default: a new one in /tmp)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    ap.add_argument("--jobs", type=int, default=2, help="build and ctest jobs (default 2)")
    args = ap.parse_args()

    repo = subprocess.check_output(["git", "rev-parse", "--show-toplevel"],
                                   universal_newlines=True).strip()
    commit = subprocess.check_output(["git", "-C", repo, "rev-parse", "--short", args.rev],
                                     universal_newlines=True).strip()
    chosen = [m for m in MUTANTS if not args.only or m[0] in args.only.split(",")]
    if args.only and len(chosen) != len(set(args.only.split(","))):
        sys.exit("mutate.py: unknown mutant id in --only")

    work = args.work or tempfile.mkdtemp(prefix="tg-mutate-")
    tree, build = os.path.join(work, "src"), os.path.join(work, "build")
    os.makedirs(tree, exist_ok=True)
    archive = subprocess.Popen(["git", "-C", repo, "archive", commit], stdout=subprocess.PIPE)
    # -m: the files get the time of extraction, so a build folder kept from
    # an earlier run (--work) rebuilds what changed since.
    subprocess.check_call(["tar", "-x", "-m", "-C", tree], stdin=archive.stdout)
    if archive.wait() != 0:
        sys.exit("mutate.py: git archive failed")
    problems = check_snippets(tree)
    if args.list:
        for mid, path, _o, _n, why in chosen:
            state = problems.get(mid, "ok")
            print("%-32s %-42s %s  [%s]" % (mid, path, why, state))
        if not args.keep:
            shutil.rmtree(work)
        return 1 if problems and args.strict else 0

    log = os.path.join(work, "mutate.log")
    print("mutate.py: commit %s, %d mutants, scratch %s (log %s)" %
          (commit, len(chosen), work, log), flush=True)
    # No -Werror: a mutant that leaves a variable unused is still a mutant.
    rc, out = run(["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                   "-DTG_BUILD_LUA=OFF", "-DTG_BUILD_PYTHON=OFF", "-DTG_BUILD_DOCS=OFF"],
                  work, log=log)
    if rc != 0:
        sys.exit("mutate.py: configure failed, see %s" % log)
    env = dict(os.environ, TG_CONFORMANCE_QUICK="1")

    def build_and_test(group):
        """(ok, failed test names or a reason, seconds of the tests)."""
        rc, out = run(["cmake", "--build", build, "-j%d" % args.jobs, "--target"] +
                      targets_of(group), work, log=log)
        if rc != 0:
            return None, "does not build", 0.0
        tenv = dict(env)
        if group != "core":
            tenv["TG_CONFORMANCE_ONLY"] = group
        start = time.monotonic()
        timeout = baseline.get(group)
        rc, out = run(["ctest", "-j%d" % args.jobs, "-R",
                       ctest_regex(group), "--output-on-failure"],
                      build, env=tenv, timeout=timeout, log=log)
        took = time.monotonic() - start
        if rc is None:
            return False, ["timeout after %.0f s" % took], took
        if "No tests were found" in out:
            return None, "no tests matched %s" % ctest_regex(group), took
        return rc == 0, failed_tests(out), took

    # The unmutated tree must pass; its times bound the mutants' (ten times
    # the clean run and a minute more, so that a mutant that loops is
    # stopped by something measured on this machine, not a guess).
    baseline = {}
    for group in sorted({group_of(m[1]) for m in chosen}):
        ok, failed, took = build_and_test(group)
        if ok is not True:
            sys.exit("mutate.py: the unmutated tree fails %s: %s (see %s)" % (group, failed, log))
        baseline[group] = took * 10 + 60
        print("baseline %-16s passes in %.0f s" % (group, took), flush=True)

    results = []
    for mid, path, orig, new, why in chosen:
        if mid in problems:
            results.append((mid, "stale", problems[mid]))
            print("%-32s STALE     %s" % (mid, problems[mid]), flush=True)
            continue
        full = os.path.join(tree, path)
        with open(full) as f:
            text = f.read()
        with open(full, "w") as f:
            f.write(text.replace(orig, new, 1))
        try:
            ok, failed, took = build_and_test(group_of(path))
        finally:
            with open(full, "w") as f:
                f.write(text)
        if ok is None:
            state, detail = "invalid", failed
        elif ok:
            state, detail = "SURVIVED", why
        else:
            state, detail = "killed", "by " + ", ".join(failed or ["a failing test"])
        results.append((mid, state, detail))
        print("%-32s %-9s %s (%.0f s)" % (mid, state, detail, took), flush=True)

    killed = sum(1 for r in results if r[1] == "killed")
    counted = sum(1 for r in results if r[1] in ("killed", "SURVIVED"))
    survivors = [r for r in results if r[1] == "SURVIVED"]
    others = [r for r in results if r[1] not in ("killed", "SURVIVED")]
    print("\nmutate.py: commit %s: %d of %d mutants killed, %d survived%s" %
          (commit, killed, counted, len(survivors),
           ", %d stale or invalid" % len(others) if others else ""))
    for r in survivors + others:
        print("  %-32s %s: %s" % r)
    if not args.keep:
        shutil.rmtree(work)
    return 1 if args.strict and (survivors or others) else 0


if __name__ == "__main__":
    sys.exit(main())
