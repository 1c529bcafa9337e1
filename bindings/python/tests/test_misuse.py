"""Whatever a script does, the interpreter survives: wrong types, bad moves,
closed handles and corrupted save data all end in a Python exception."""

import ctypes
import gc
import os
import random
import subprocess
import sys
import unittest

import tablegames
from tablegames import (BadOption, ClosedError, Game, IllegalMove, InvalidArgument,
                        LibraryError, LibraryVersionError, NothingToUndo, ParseError,
                        State, TableGamesError, UnknownGame, WrongPhase, _loader)

from support import play_out, random_step, run_threads, seeded


def first_setup():
    info = tablegames.games()[0]
    return info.id, info.min_players


def player_turn(state, rng):
    """Advances state to a decision of a player (or the end)."""
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    return state


class BadGameTest(unittest.TestCase):
    def test_unknown_game(self):
        with self.assertRaises(UnknownGame) as ctx:
            Game("no_such_game")
        self.assertEqual(ctx.exception.name, "TG_E_UNKNOWN_GAME")
        self.assertTrue(ctx.exception.message)
        with self.assertRaises(UnknownGame):
            tablegames.game_info("no_such_game")

    def test_wrong_types(self):
        game_id, _ = first_setup()
        for bad in (None, 3, b"\xff", ["x"]):
            with self.subTest(id=bad), self.assertRaises((TypeError, TableGamesError)):
                Game(bad)
        with self.assertRaises(TypeError):
            Game(game_id, players=[2])
        with self.assertRaises(TypeError):
            Game(game_id, 42)
        with self.assertRaises(InvalidArgument):
            Game("bad\0id")

    def test_bad_options(self):
        game_id, _ = first_setup()
        info = tablegames.game_info(game_id)
        for kwargs in ({"players": info.max_players + 1}, {"players": 0},
                       {"players": "many"}, {"no_such_option": 1},
                       {"players": "2,players=3"}, {"players": "2\0"}):
            with self.subTest(options=kwargs), self.assertRaises(BadOption) as ctx:
                Game(game_id, **kwargs)
            self.assertTrue(str(ctx.exception))
        for text in ("garbage", "players", "=3", "players=2,,nonsense=1"):
            with self.subTest(options=text), self.assertRaises(BadOption):
                Game(game_id, text)
        # A string reaches C as given: the C API's refusals and messages.
        players = "players=%d" % info.min_players
        for text, kwargs, words in (
                (players + "," + players, {}, "given twice"),
                (players, {"players": info.min_players}, "given twice"),
                (players + ",", {}, "no '=value'"),
                ("," + players, {}, "no '=value'"),
                (" " * 2000, {}, "longer than")):
            with self.subTest(options=text, kwargs=kwargs), \
                    self.assertRaises(BadOption) as ctx:
                Game(game_id, text, **kwargs)
            self.assertIn(words, str(ctx.exception))


class BadMoveTest(unittest.TestCase):
    def setUp(self):
        game_id, players = first_setup()
        self.game = Game(game_id, players=players)
        self.state = player_turn(self.game.new_state(1), seeded(game_id, players, 1))

    def assert_unchanged(self, call, exc):
        before = self.state.save()
        with self.assertRaises(exc) as ctx:
            call()
        self.assertEqual(self.state.save(), before)
        return ctx.exception

    def test_illegal_ids(self):
        s = self.state
        legal = set(s.legal_move_ids())
        illegal = [m for m in range(self.game.move_count) if m not in legal]
        for m in illegal[:20] + [self.game.move_count, 2 ** 32 - 1, -1, 2 ** 32, 2 ** 40]:
            with self.subTest(move=m):
                err = self.assert_unchanged(lambda: s.apply(m), IllegalMove)
                self.assertTrue(err.message)
                self.assertFalse(s.is_legal(m) if 0 <= m < 2 ** 32 else False)

    def test_bad_texts(self):
        s = self.state
        for text in ("", "   ", "no such move", "#", "#-1", "#99999999999",
                     "\u00e9\u00e9", "enter\0x"):
            with self.subTest(text=text):
                self.assert_unchanged(lambda: s.apply(text), ParseError)
                self.assertFalse(s.is_legal(text))

    def test_viewer_out_of_range_is_named(self):
        s = self.state
        players = s.players
        for call in ("observation", "events", "to_text"):
            with self.subTest(call=call):
                with self.assertRaises(InvalidArgument) as caught:
                    getattr(s, call)(players + 4)
                message = str(caught.exception)
                self.assertIn("%s: viewer %d" % (call, players + 4), message)
                self.assertIn("%d-player game (0..%d, OMNISCIENT -1 or PUBLIC -2)"
                              % (players, players - 1), message)

    def test_read_only_calls_say_what_was_wrong(self):
        s = self.state
        err = self.assert_unchanged(lambda: s.parse_move("  no such move "), ParseError)
        self.assertIn("'no such move' is not a legal move here", err.message)
        err = self.assert_unchanged(lambda: s.apply("no such move"), ParseError)
        self.assertIn("no such move", err.message)
        err = self.assert_unchanged(lambda: s.observation(99), InvalidArgument)
        self.assertIn("viewer 99", err.message)
        err = self.assert_unchanged(lambda: s.move_text(self.game.move_count), IllegalMove)
        self.assertIn("not legal", err.message)

    def test_wrong_types(self):
        s = self.state
        for bad in (None, 1.5, True, [1], {"move": 1}, object()):
            with self.subTest(move=bad):
                self.assert_unchanged(lambda: s.apply(bad), TypeError)
        for bad in ("0", None, 1.0):
            with self.subTest(viewer=bad), self.assertRaises(TypeError):
                s.observation(bad)
        for bad in (-5, 99, 2 ** 40):
            with self.subTest(viewer=bad), self.assertRaises(InvalidArgument):
                s.observation(bad)
            with self.assertRaises(InvalidArgument):
                s.events(bad)
        for bad in (-1, 2 ** 64):
            with self.subTest(seed=bad), self.assertRaises(InvalidArgument):
                s.seed(bad)
        with self.assertRaises(TypeError):
            State("not a game")
        with self.assertRaises(TypeError):
            s.copy_from("not a state")

    def test_wrong_phase(self):
        s = self.state
        if not s.is_terminal:
            self.assert_unchanged(s.chance_outcomes, WrongPhase)
            self.assert_unchanged(s.apply_chance, WrongPhase)
            self.assert_unchanged(s.sample_chance, WrongPhase)
        play_out(s, seeded("end", 0, 0))
        before = s.save()
        with self.assertRaises(TableGamesError):
            s.apply(0)
        with self.assertRaises(WrongPhase):
            s.chance_outcomes()
        self.assertEqual(s.legal_move_ids(), [])
        self.assertEqual(s.save(), before)

    def test_nothing_to_undo(self):
        fresh = self.game.new_state(0)
        with self.assertRaises(NothingToUndo) as ctx:
            fresh.undo()
        self.assertEqual(ctx.exception.status, -12)

    def test_copy_between_different_games(self):
        info = tablegames.games()
        pairs = [(i.id, n) for i in info for n in (i.min_players, i.max_players)]
        other = next(((g, n) for g, n in pairs if (g, n) != first_setup()), None)
        if other is None:
            self.skipTest("the catalogue has a single setup")
        foreign = Game(other[0], players=other[1]).new_state(0)
        self.assert_unchanged(lambda: self.state.copy_from(foreign), tablegames.Mismatch)


class ClosedHandleTest(unittest.TestCase):
    def test_closed_state_raises(self):
        game_id, players = first_setup()
        game = Game(game_id, players=players)
        with game.new_state(1) as s:
            self.assertFalse(s.closed)
        self.assertTrue(s.closed)
        s.close()  # a second close is harmless
        calls = [lambda: s.current_player, lambda: s.is_terminal, lambda: s.winners,
                 s.legal_moves, lambda: s.apply(0), s.undo, s.clone, s.save, s.to_json,
                 lambda: s.observation(0), lambda: s.events(0), s.to_text,
                 lambda: s.resample(0), lambda: s.seed(1), lambda: s == s,
                 lambda: s.game, s.apply_chance, lambda: s.copy_from(game.new_state(0)),
                 lambda: game.new_state(0).copy_from(s)]
        for i, call in enumerate(calls):
            with self.subTest(call=i), self.assertRaises(ClosedError):
                call()
        self.assertIn("closed", repr(s))

    def test_closed_game_raises_but_its_states_live_on(self):
        game_id, players = first_setup()
        game = Game(game_id, players=players)
        state = game.new_state(2)
        game.close()
        for call in (lambda: game.id, lambda: game.players, game.board,
                     lambda: game.new_state(0), lambda: State(game)):
            with self.assertRaises(ClosedError):
                call()
        # The C state holds its own reference to the game.
        play_out(state, seeded(game_id, players, 2))
        self.assertTrue(state.is_terminal)
        self.assertEqual(state.game.id, game_id)

    def test_state_keeps_game_alive_without_python_references(self):
        game_id, players = first_setup()
        state = Game(game_id, players=players).new_state(3)
        gc.collect()
        play_out(state, seeded(game_id, players, 3))
        self.assertTrue(state.is_terminal)

    def test_many_handles_are_released_by_the_collector(self):
        game_id, players = first_setup()
        for seed in range(200):
            g = Game(game_id, players=players)
            s = g.new_state(seed)
            s.clone()
            del g, s
        gc.collect()


class ThreadsTest(unittest.TestCase):
    def test_threads_sharing_handles_cannot_crash(self):
        # The C API lets one thread at a time use a state; the binding must
        # enforce that, since ctypes releases the GIL during every call.
        game_id, players = first_setup()
        game = Game(game_id, players=players)
        state = game.new_state(9)
        other = game.new_state(10)

        def worker(k):
            rng = random.Random(k)
            for i in range(400):
                try:
                    if k == 3 and i == 300:
                        state.close()
                        game.close()
                    op = rng.randrange(6)
                    if op == 0:
                        random_step(state, rng)
                    elif op == 1:
                        state.undo()
                    elif op == 2:
                        state.clone().close()
                    elif op == 3:
                        state.observation(tablegames.OMNISCIENT)
                        State.load(state.save())
                    elif op == 4:
                        (state if k % 2 else other).copy_from(other if k % 2 else state)
                    else:
                        state.reset(i)
                except TableGamesError:
                    pass  # a move another thread made stale, a closed handle

        run_threads(self, worker)
        self.assertTrue(state.closed)
        play_out(other, seeded("after threads", 0, 0))  # still sound
        self.assertTrue(other.is_terminal)


class CorruptDataTest(unittest.TestCase):
    def setUp(self):
        game_id, players = first_setup()
        self.state = Game(game_id, players=players).new_state(4)
        play_out(self.state, seeded(game_id, players, 4), limit=12)
        self.data = self.state.save()

    def survivor(self, data):
        """Loads data; a state that loads must be fully usable."""
        try:
            s = State.load(data)
        except TableGamesError as exc:
            self.assertTrue(exc.message)
            return None
        play_out(s, seeded("survivor", len(data), 0))
        self.assertTrue(s.is_terminal)
        return s

    def test_truncated_saves_are_refused(self):
        for n in range(len(self.data)):
            with self.subTest(length=n), self.assertRaises(TableGamesError):
                State.load(self.data[:n])

    def test_flipped_bytes_never_crash(self):
        step = max(1, len(self.data) // 150)
        for i in range(0, len(self.data), step):
            for mask in (0x01, 0x80, 0xFF):
                bad = bytearray(self.data)
                bad[i] ^= mask
                self.survivor(bytes(bad))

    def test_junk_and_wrong_types(self):
        for junk in (b"", b"\0" * 64, b"\xff" * 1000, self.data + b"extra"):
            self.survivor(junk)
        for bad in ("text", None, 42, [1, 2]):
            with self.subTest(data=bad), self.assertRaises(TypeError):
                State.load(bad)

    def test_bad_json(self):
        text = self.state.to_json()
        for bad in ("", "{", "[]", "null", "{}", '{"game": "no_such_game"}',
                    text[: len(text) // 2], text.replace('"position"', '"pos"'),
                    "\0" + text):
            with self.subTest(json=bad[:40]), self.assertRaises(TableGamesError) as ctx:
                State.from_json(bad)
            self.assertTrue(ctx.exception.message)
        with self.assertRaises(TypeError):
            State.from_json(42)


class LoadedGameTest(unittest.TestCase):
    def test_a_loaded_state_keeps_the_very_game_it_was_made_with(self):
        game_id, players = first_setup()
        state = State.load(Game(game_id, players=players).new_state(3).save())
        game = state.game
        lib = tablegames._library().dll
        self.assertEqual(ctypes.cast(game._handle(), ctypes.c_void_p).value,
                         ctypes.cast(lib.tg_state_game(state._handle()), ctypes.c_void_p).value)
        state.close()  # the game holds its own reference
        self.assertEqual(game.players, players)
        self.assertEqual(game.new_state(1).players, players)


class LibraryLookupTest(unittest.TestCase):
    def test_other_major_version_is_refused_clearly(self):
        with self.assertRaises(LibraryVersionError) as ctx:
            _loader.check_version(2, 0, 0, "/x/libtablegames.so.2")
        self.assertIn("major version 1", str(ctx.exception))
        self.assertIn("/x/libtablegames.so.2", str(ctx.exception))
        _loader.check_version(1, 99, 0, "/x/libtablegames.so.1")

    def test_not_a_tablegames_library(self):
        with self.assertRaises(LibraryError) as ctx:
            _loader.open_library("libm.so.6")
        self.assertIn("not libtablegames", str(ctx.exception))
        with self.assertRaises(LibraryError):
            _loader.open_library("/nonexistent/libtablegames.so.1")

    def test_missing_library_fails_on_use_not_on_import(self):
        env = dict(os.environ, TABLEGAMES_LIBRARY="/nonexistent/libtablegames.so.1")
        code = ("import tablegames\n"
                "try:\n    tablegames.games()\n"
                "except tablegames.LibraryError as e:\n    print('refused:', e)\n")
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=False)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("refused:", out.stdout)
        self.assertIn("TABLEGAMES_LIBRARY", out.stdout)

    def test_loaded_library_is_the_right_one(self):
        self.assertTrue(tablegames.library_version().startswith("1."))


if __name__ == "__main__":
    unittest.main()
