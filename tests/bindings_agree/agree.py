#!/usr/bin/env python3
"""One game, four languages: the same seeds and move plans played through C,
Python, Lua and JavaScript (the WebAssembly build), compared after every
decision (the move, the binary save's length and its CRC-32) and at the end
(the whole save); and the C suite's golden saves (tests/golden/data) played
on from where they stand in all four, compared with C's. Any difference
fails.

    agree.py BUILD      BUILD: a release build tree (libtablegames.so and
                        bindings/lua/tablegames.so); bindings/js/dist built
                        by bindings/js/build.sh.
"""
import glob
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# Every game at its fewest and most players, two seeds each.
TABLES = [("witches_dance", 2), ("witches_dance", 6), ("spinning_wishes", 2),
          ("spinning_wishes", 4), ("creepy_cauldron", 2), ("creepy_cauldron", 4),
          ("bewitched", 2), ("bewitched", 4)]
SEEDS = [1, 2 ** 64 - 3]


def languages(build, tmp):
    program = os.path.join(tmp, "agree_play")
    subprocess.run(["cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror",
                    "-I" + os.path.join(REPO, "include"), "-I" + os.path.join(build, "include"),
                    os.path.join(HERE, "agree_play.c"), "-L" + build, "-ltablegames",
                    "-Wl,-rpath," + build, "-o", program], check=True)
    env = dict(os.environ, TABLEGAMES_LIBRARY=os.path.join(build, "libtablegames.so"),
               PYTHONPATH=os.path.join(REPO, "bindings", "python"),
               LUA_CPATH=os.path.join(build, "bindings", "lua", "?.so"))
    return env, {
        "C": [program],
        "Python": ["/usr/bin/python3", os.path.join(HERE, "agree_play.py")],
        "Lua": ["lua5.4", os.path.join(HERE, "agree_play.lua")],
        "JavaScript": ["node", os.path.join(HERE, "agree_play.mjs")],
    }


def run(env, command, args):
    done = subprocess.run(command + args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        return ["exit %d: %s" % (done.returncode, done.stderr.strip())]
    return done.stdout.splitlines()


def compare(what, outputs):
    """Fails on the first line where a language differs from C."""
    c_lines = outputs["C"]
    problems = 0
    for name, lines in outputs.items():
        if lines == c_lines:
            continue
        problems += 1
        for i in range(max(len(lines), len(c_lines))):
            mine = lines[i] if i < len(lines) else "(nothing)"
            theirs = c_lines[i] if i < len(c_lines) else "(nothing)"
            if mine != theirs:
                print("%s: %s differs from C at line %d: %.80s vs %.80s"
                      % (what, name, i + 1, mine, theirs))
                break
    return problems


def main():
    build = os.path.abspath(sys.argv[1])
    failures = 0
    decisions = 0
    with tempfile.TemporaryDirectory(prefix="tablegames-agree.") as tmp:
        env, langs = languages(build, tmp)
        for game, players in TABLES:
            for seed in SEEDS:
                plan = os.path.join(tmp, "plan")
                picks = random.Random("%s %d %d" % (game, players, seed))
                with open(plan, "w") as f:
                    f.write(" ".join(str(picks.randrange(2 ** 31)) for _ in range(5000)))
                args = ["plan", game, "players=%d" % players, str(seed), plan]
                outputs = {name: run(env, cmd, args) for name, cmd in langs.items()}
                failures += compare("%s players=%d seed %d" % (game, players, seed), outputs)
                decisions += len(outputs["C"]) - 1
        saves = sorted(glob.glob(os.path.join(REPO, "tests", "golden", "data", "*.mid.*")))
        for save in saves:
            outputs = {name: run(env, cmd, ["replay", save]) for name, cmd in langs.items()}
            failures += compare(os.path.basename(save), outputs)
    print("%d decisions in %d games and %d golden saves played on, in C, Python, Lua and"
          " JavaScript: %d differences" % (decisions, len(TABLES) * len(SEEDS), len(saves), failures))
    return 1 if failures or not saves else 0


if __name__ == "__main__":
    sys.exit(main())
