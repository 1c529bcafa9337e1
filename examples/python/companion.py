#!/usr/bin/env python3
"""A companion for a real board: the library referees a game whose dice are
rolled, wheels spun and creatures fished at a real table.

Everything chance does is typed in the words a person at the table uses
("a four", "double 3", "apple and rose", "a spider"), never as a move id;
every decision is typed in the game's notation. After each step the
referee says what everyone saw and, separately, what only one seat may
know, so a host can show each player their own screen.

Here the table is simulated so the transcript can be reproduced: the
"physical" outcomes come from a seeded random.Random and the players are
the easy computer player. With --show (and --last) the transcript is
shortened to the decisions named.

    TABLEGAMES_LIBRARY=build/libtablegames.so PYTHONPATH=bindings/python \\
        python3 examples/python/companion.py creepy_cauldron --players 2 --seed 4
"""

import argparse
import itertools
import json
import random
import sys

import tablegames

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six"]
PICTURE = {"snow": "apple", "cinder": "slipper", "belle": "rose", "beauty": "crown"}
CC_WORDS = {"frog": "the frog", "witch": "Kalmorda", "snap": "the handle snapped",
            "nothing": "nothing, empty-handed", "key": "the key is free",
            "nokey": "no key"}


def a_number(n):
    return NUMBER_WORDS[n] if n == 1 else "a " + NUMBER_WORDS[n]


def holder_words(items, with_slots):
    """'two apples and a rose', or with slots 'apple on slot 3 and rose on slot 4'."""
    if not items:
        return "nothing in my ray"
    if with_slots:
        parts = ["%s on slot %s" % (PICTURE[name], slot) for name, slot in items]
    else:
        names = [name for name, _ in items]
        parts = []
        for name in dict.fromkeys(names):
            n = names.count(name)
            parts.append(("an " if PICTURE[name][0] in "aeiou" else "a ") + PICTURE[name]
                         if n == 1 else
                         "%s %ss" % (NUMBER_WORDS[n], PICTURE[name]))
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def ray_items(text):
    """'ray:snow3,belle4' -> [('snow', '3'), ('belle', '4')]."""
    body = text.split(":", 1)[1]
    if body == "none":
        return []
    out = []
    for item in body.split(","):
        name = item.rstrip("0123456789")
        out.append((name, item[len(name):]))
    return out


def table_words(game_id, outcome_text):
    """What a person at the table says for the outcome the table produced;
    a list of tries, the later ones more precise."""
    t = outcome_text
    if game_id == "witches_dance":                      # roll4
        return [a_number(int(t[4:]))]
    if game_id == "creepy_cauldron":
        if t.isdigit():
            return [NUMBER_WORDS[int(t)]]
        return [CC_WORDS.get(t, "a " + t)]
    if game_id == "bewitched":
        if t.startswith("roll:"):                       # roll:3-5
            a, b = (int(x) for x in t[5:].split("-"))
            return ["double %d" % a if a == b else "%d and %d" % (b, a)]
        if t.startswith("escape:"):
            return [a_number(int(t[7:]))]
        return [t]
    if game_id == "spinning_wishes":
        if t.startswith("roll:"):
            return [a_number(int(t[5:]))]
        if t.startswith("ray:"):
            items = ray_items(t)
            return [holder_words(items, False), holder_words(items, True)]
        if t.startswith("deal:"):                       # the presents, towers 0..3
            order = list(itertools.permutations(["snow", "cinder", "belle", "beauty"]))
            return [" ".join(PICTURE[p] for p in order[int(t[5:])])]
        return [t]
    return [t]


def event_text(ev):
    kind = ev.get("type", "?")
    rest = " ".join("%s=%s" % (k, json.dumps(v, separators=(",", ":")))
                    for k, v in sorted(ev.items()) if k not in ("type", "text"))
    return (kind + " " + rest).strip()


class Transcript:
    """Collects the steps of the game (a decision, or the referee's draws)
    and prints those whose decision number `show` keeps, marking the gaps;
    show=None prints all, "last" in show means the last steps."""

    def __init__(self, show):
        self.show, self.steps = show, []

    def step(self, number, lines):
        self.steps.append((number, lines))

    def close(self, last):
        left_out = 0
        for i, (number, lines) in enumerate(self.steps):
            keep = self.show is None or any(lo <= number <= hi for lo, hi in self.show) or \
                i >= len(self.steps) - last
            if not keep:
                left_out += 1
                continue
            if left_out:
                print("   ... (%d steps left out) ..." % left_out)
                left_out = 0
            print("\n".join(lines))
        if left_out:
            print("   ... (%d steps left out) ..." % left_out)


def seen_lines(state, players):
    """The last decision's events: what everyone saw, then what only one seat saw."""
    views = [[event_text(e) for e in state.events(p)] for p in range(players)]
    public = [e for e in views[0] if all(e in v for v in views)]
    lines = ["        everyone: " + e for e in public]
    for p, view in enumerate(views):
        for e in view:
            if e not in public:
                lines.append("        only player %d: %s" % (p, e))
    return lines


def referee_draws(game_id, state):
    """Chance points the table leaves to the referee: Bewitched's hidden
    setup (nobody at the table can see magnets), the wheel=random holders."""
    text = state.legal_moves()[0].text
    return game_id == "bewitched" and not text.startswith(("roll:", "escape:"))


def play(game_id, players, seed, show, last, options):
    game = tablegames.Game(game_id, options, players=players)
    state = game.new_state(seed=seed)
    table = random.Random(seed)
    bots = [tablegames.Bot(game, p, "easy", seed=seed * 10 + p) for p in range(players)]
    out = Transcript(show)
    print("%s, %d players (%s), table seed %d" % (game.name, players, game.options_string, seed))
    hidden_setup = 0
    while not state.is_terminal:
        n = state.move_number + 1
        seat = state.current_player
        if seat == tablegames.CHANCE and referee_draws(game_id, state):
            state.apply_chance()
            hidden_setup += 1
            continue
        if hidden_setup:
            out.step(n - 1, ["%5s  referee  drew the hidden setup (%d draws); no seat sees it"
                             % ("", hidden_setup)])
            hidden_setup = 0
        if seat == tablegames.CHANCE:
            happened = state.sample_chance(table)     # the real die, wheel or cauldron
            tries = table_words(game_id, happened.text)
            for i, words in enumerate(tries):
                try:
                    played = state.apply(words)
                    break
                except tablegames.TableGamesError as err:
                    if i + 1 == len(tries):
                        raise
                    out.step(n, ["%5d  table    %-34s -> refused: %s"
                                 % (n, '"%s"' % words, err)])
            assert int(played) == int(happened), (words, happened.text)
            line = "%5d  table    %-34s -> %s" % (n, '"%s"' % words, happened.text)
        else:
            move = bots[seat].choose(state)
            state.apply(move.text)                    # typed in the notation
            line = "%5d  player %d %s" % (n, seat, move.text)
        out.step(n, [line] + seen_lines(state, players))
    out.close(last)
    winners = list(state.winners)
    print("result: %s after %d decisions" % (
        "winner player %s" % ", ".join(map(str, winners)) if winners else "no winner",
        state.move_number))
    for bot in bots:
        bot.close()
    return winners


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default=None)
    ap.add_argument("--show", default=None,
                    help="only these decision numbers, e.g. 1-20,95-101 (default: all)")
    ap.add_argument("--last", type=int, default=0, help="with --show: and the last N steps")
    a = ap.parse_args(argv)
    show = None
    if a.show is not None:
        show = [tuple(int(x) for x in (r.split("-") + [r])[:2]) for r in a.show.split(",") if r]
    play(a.game, a.players, a.seed, show, a.last, a.options)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
