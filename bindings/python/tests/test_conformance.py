"""The conformance checks, from Python, for every game and player count:
random games to the end, save/load, clone, undo and hidden-information
views. They exercise the binding as much as the games: every value crosses
the ctypes layer in both directions."""

import copy
import math
import pickle
import unittest

import tablegames
from tablegames import CHANCE, OMNISCIENT, TERMINAL, Game, State

from support import every_setup, play_out, random_step, seeded, walk


class CatalogueTest(unittest.TestCase):
    def test_catalogue_is_consistent(self):
        infos = tablegames.games()
        self.assertGreater(len(infos), 0)
        self.assertEqual(len({i.id for i in infos}), len(infos))
        for info in infos:
            with self.subTest(game=info.id):
                self.assertTrue(info.name and info.summary)
                self.assertLessEqual(1, info.min_players)
                self.assertLessEqual(info.min_players, info.max_players)
                self.assertLessEqual(info.max_players, tablegames.MAX_PLAYERS)
                self.assertEqual(info.options[0].name, "players")
                self.assertEqual(tablegames.game_info(info.id), info)
                for opt in info.options:
                    self.assertIn(opt.type, ("int", "bool", "choice", "number"))
                    if opt.type == "choice":
                        self.assertIn(opt.default, opt.choices)

    def test_game_reports_its_options(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players), \
                    Game(game_id, players=players) as game:
                self.assertEqual(game.id, game_id)
                self.assertEqual(game.players, players)
                self.assertEqual(game.options["players"], str(players))
                self.assertEqual(Game(game_id, game.options_string), game)
                self.assertEqual(Game(game_id, game.options), game)
                self.assertGreater(game.move_count, 0)
                self.assertGreater(game.max_legal_moves, 0)
                self.assertGreater(game.state_size, 0)
                self.assertIsInstance(game.board(), dict)
                self.assertIn(game_id, repr(game))


class RandomGameTest(unittest.TestCase):
    """Every decision of a random game checked through the binding."""

    def check_decision_point(self, game, state):
        player = state.current_player
        moves = state.legal_move_ids()
        if player == TERMINAL:
            self.assertTrue(state.is_terminal)
            self.assertEqual(moves, [])
            return
        self.assertFalse(state.is_terminal)
        self.assertTrue(player == CHANCE or 0 <= player < game.players)
        self.assertTrue(moves, "no legal move in a live state")
        self.assertEqual(moves, sorted(set(moves)))
        self.assertLessEqual(len(moves), game.max_legal_moves)
        self.assertLess(moves[-1], game.move_count)
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            self.assertEqual([int(m) for m, _p in outcomes], moves)
            self.assertLessEqual(len(outcomes), game.max_chance_outcomes)
            self.assertTrue(all(0 < p <= 1 for _m, p in outcomes))
            self.assertTrue(math.isclose(sum(p for _m, p in outcomes), 1.0, abs_tol=1e-9))
            # The exact weights behind those probabilities.
            weighted, total = state.chance_weights()
            self.assertEqual([int(m) for m, _w in weighted], moves)
            self.assertEqual(sum(w for _m, w in weighted), total)
            for (_m, w), (_m2, p) in zip(weighted, outcomes):
                self.assertGreaterEqual(w, 1)
                self.assertEqual(w / total, p)  # both the correctly rounded quotient
        else:
            with self.assertRaises(tablegames.WrongPhase):
                state.chance_outcomes()
            with self.assertRaises(tablegames.WrongPhase):
                state.chance_weights()
            texts = [m.text for m in state.legal_moves()]
            self.assertEqual(len(set(t.lower() for t in texts)), len(texts))
            for m, text in zip(moves, texts):
                self.assertTrue(text)
                self.assertEqual(state.parse_move(text), m)
                self.assertEqual(state.parse_move(" %s " % text.upper()), m)
                self.assertEqual(state.parse_move("#%d" % m), m)
                self.assertTrue(state.is_legal(m))

    def test_random_games_to_the_end(self):
        for game_id, players in every_setup():
            for seed in (1, 2):
                with self.subTest(game=game_id, players=players, seed=seed):
                    game = Game(game_id, players=players)
                    state = game.new_state(seed)
                    rng = seeded(game_id, players, seed)
                    while not state.is_terminal:
                        self.check_decision_point(game, state)
                        before = state.move_number
                        random_step(state, rng)
                        self.assertEqual(state.move_number, before + 1)
                        self.assertIsInstance(state.events(OMNISCIENT), list)
                    self.check_decision_point(game, state)
                    self.assertLessEqual(state.move_number, game.max_length)
                    winners = state.winners
                    returns = state.returns
                    self.assertEqual(len(returns), players)
                    self.assertTrue(all(0 <= w < players for w in winners))
                    if winners:
                        self.assertTrue(math.isclose(sum(returns), 1.0))
                        for p in range(players):
                            self.assertEqual(returns[p] > 0, p in winners)
                    else:
                        self.assertEqual(sum(returns), 0)
                    self.assertIn("over", repr(state))

    def test_same_seed_same_game(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = Game(game_id, players=players)
                a, b = game.new_state(9), game.new_state(9)
                while not a.is_terminal:
                    ma = a.apply_chance() if a.is_chance else a.apply(a.legal_move_ids()[0])
                    mb = b.apply_chance() if b.is_chance else b.apply(b.legal_move_ids()[0])
                    self.assertEqual(ma, mb)
                self.assertEqual(a, b)
                self.assertEqual(a.history, b.history)


class CopySaveUndoTest(unittest.TestCase):
    def test_save_load_clone_and_json_round_trip_everywhere(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                state = Game(game_id, players=players).new_state(3)
                walk(state, seeded(game_id, players, 3), 7, self.assert_copies_equal)

    def assert_copies_equal(self, state):
        data = state.save()
        self.assertIsInstance(data, bytes)
        copies = [State.load(data), State.from_json(state.to_json()),
                  State.from_json(state.to_json().encode()), state.clone(),
                  copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
        for other in copies:
            self.assertEqual(other, state)
            self.assertEqual(other.history, state.history)
            self.assertEqual(other.current_player, state.current_player)
            self.assertEqual(other.observation(OMNISCIENT), state.observation(OMNISCIENT))
            self.assertEqual(other.events(OMNISCIENT), state.events(OMNISCIENT))
            self.assertEqual(other.to_text(), state.to_text())
            self.assertEqual(other.save(), data)
            self.assertEqual(other.game, state.game)
        target = state.game.new_state(0)
        target.copy_from(state)
        self.assertEqual(target, state)

    def test_clone_is_independent(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                state = Game(game_id, players=players).new_state(4)
                rng = seeded(game_id, players, 4)
                play_out(state, rng, limit=5)
                twin = state.clone()
                snapshot = state.save()
                play_out(twin, rng)
                self.assertTrue(twin.is_terminal)
                self.assertEqual(state.save(), snapshot)

    def test_undo_walks_back_through_every_position(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                state = Game(game_id, players=players).new_state(5)
                rng = seeded(game_id, players, 5)
                seen = [state.clone()]
                while not state.is_terminal:
                    random_step(state, rng)
                    seen.append(state.clone())
                self.assertEqual(state.history_length, len(seen) - 1)
                loaded = State.load(state.save())  # undo survives a save
                for here in (state, loaded):
                    for expected in reversed(seen[:-1]):
                        here.undo()
                        self.assertEqual(here, expected)
                        self.assertEqual(here.observation(OMNISCIENT),
                                         expected.observation(OMNISCIENT))
                    with self.assertRaises(tablegames.NothingToUndo):
                        here.undo()
                    self.assertEqual(here, seen[0])

    def test_reset_returns_to_the_start(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = Game(game_id, players=players)
                state = game.new_state(6)
                play_out(state, seeded(game_id, players, 6), limit=10)
                state.reset(6)
                self.assertEqual(state, game.new_state(6))
                self.assertEqual(state.history, [])


class HiddenInformationTest(unittest.TestCase):
    def test_views_and_resampling(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                state = Game(game_id, players=players).new_state(8)
                walk(state, seeded(game_id, players, 8), 5,
                     lambda st: self.check_views(st, players))

    def check_views(self, state, players):
        for p in range(players):
            obs = state.observation(p)
            events = state.events(p)
            self.assertIsInstance(obs, dict)
            self.assertIsInstance(events, list)
            self.assertTrue(all(isinstance(e, dict) for e in events))
            self.assertIsInstance(state.to_text(p), str)
            other = state.clone()
            other.seed(1000 + p)
            other.resample(p)
            self.assertEqual(other.observation(p), obs,
                             "resampling changed what player %d sees" % p)
            self.assertEqual(other.events(p), events)
            self.assertEqual(other.history, [])
            self.assertEqual(other.current_player, state.current_player)
            # The resampled position must be playable; a few decisions show it.
            before = other.move_number
            made = play_out(other, seeded("resampled", p, 0), limit=12)
            self.assertEqual(other.move_number, before + len(made))


if __name__ == "__main__":
    unittest.main()
