#!/usr/bin/env python3
"""Play a game of libtablegames at the terminal against computer opponents.

    python3 play.py                        # witches_dance, you are player 0
    python3 play.py --game GAME --players 3 --seat 1
    python3 play.py --auto                 # every seat plays randomly
    python3 play.py --opponents medium     # computer players instead of dice

The loop is the one a user interface runs: after every decision, read the
events as your seat saw them and redraw the board from your observation;
on your turn, offer the legal moves by their text. Opponents are bots
(random by default). With --auto, or when standard input is not a
terminal, the computer plays every seat.

Needs the tablegames package (bindings/python) and the library (set
TABLEGAMES_LIBRARY to its path if it is not installed). The program is
fully typed: `python3 -m mypy --strict play.py` checks it against the
package's type hints (ctest runs that as python_types_strict).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, List, Optional, Sequence

import tablegames


def describe(event: Dict[str, Any]) -> str:
    """One line for an event dict, e.g. "player 1: roll value=5"."""
    fields = " ".join("%s=%s" % (k, v) for k, v in sorted(event.items())
                      if k not in ("type", "player"))
    who = "player %s: " % event["player"] if "player" in event else ""
    return "  %s%s %s" % (who, event.get("type", "event"), fields)


def ask(state: tablegames.State,
        moves: List[tablegames.Move]) -> Optional[tablegames.Move]:
    """Reads the human's choice: a move's text, its number in the list, or q."""
    for i, move in enumerate(moves, 1):
        print("  %2d) %s" % (i, move.text))
    while True:
        try:
            answer = input("your move (number or text, q to quit): ").strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        try:
            return state.parse_move(answer)
        except tablegames.ParseError as exc:
            print("  not a legal move here:", exc.message)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="witches_dance",
                        help="game id (see --list)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seat", type=int, default=0, help="your player number")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game's dice")
    parser.add_argument("--auto", action="store_true", help="play every seat at random")
    parser.add_argument("--opponents", default="random", choices=list(tablegames.BOT_LEVELS),
                        help="strength of the computer players")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    args = parser.parse_args(argv)

    if args.list:
        for info in tablegames.games():
            print("%-18s %d-%d players  %s" % (info.id, info.min_players,
                                                info.max_players, info.summary))
        return 0
    auto = args.auto or not sys.stdin.isatty()
    players = args.players or tablegames.game_info(args.game).min_players
    seat = args.seat

    with tablegames.Game(args.game, players=players) as game, \
            game.new_state(args.seed) as state:
        print("%s, %d players; you are player %d%s" % (
            game.name, players, seat, " (played by the computer)" if auto else ""))
        bots = [tablegames.Bot(game, p, args.opponents, seed=args.seed + p)
                for p in range(players)]
        while not state.is_terminal:
            player = state.current_player
            if player == tablegames.CHANCE:
                state.apply_chance()
            elif player == seat and not auto:
                print(state.to_text(seat))
                move = ask(state, state.legal_moves())
                if move is None:
                    print("bye")
                    return 0
                state.apply(move)
            else:
                move = state.apply(bots[player].choose(state))
                print("player %d plays %s" % (player, move.text))
            for event in state.events(seat):
                print(describe(event))
        print(state.to_text(seat))
        winners = state.winners
        print("game over after %d decisions; winners: %s" % (
            state.move_number, ", ".join(map(str, winners)) or "none"))
        print("your observation at the end has: %s" % ", ".join(sorted(state.observation(seat))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
