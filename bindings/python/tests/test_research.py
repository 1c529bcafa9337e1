"""The research surface's protections and calls: tensor buffers must be
float32, the player sentinels are no viewers, a Move of another position is
refused, the legal mask, State.observe(), batches of tensors, with numpy
and without (ctest runs this module again with TG_TEST_HIDE_NUMPY=1)."""

import os
import random
import unittest
from array import array

from hide_numpy import NUMPY

import tablegames
from tablegames import CHANCE, OMNISCIENT, PUBLIC, TERMINAL
from tablegames.errors import IllegalMove, InvalidArgument
from support import every_setup, random_step, seeded


def at_chance(game_id="witches_dance", players=3, seed=1):
    state = tablegames.Game(game_id, players=players).new_state(seed)
    while not state.is_chance:
        state.apply(state.legal_move_ids()[0])
    return state


def at_decision(game_id="witches_dance", players=3, seed=1, skip=10):
    state = tablegames.Game(game_id, players=players).new_state(seed)
    rng = random.Random(seed)
    made = 0
    while state.is_chance or made < skip:
        if state.is_chance:
            state.apply_chance()
        else:
            state.apply(rng.choice(state.legal_move_ids()))
            made += 1
    return state


class TensorBufferTest(unittest.TestCase):
    def test_wrong_buffers_are_refused_by_name(self):
        state = at_decision()
        n = state.tensor_size()
        cases = [(array("d", [0.0] * n), "array('d')"), (array("i", [0] * n), "array('i')"),
                 (bytearray(4 * n), "format 'B'")]
        if NUMPY is not None:
            cases += [(NUMPY.zeros(n, NUMPY.float64), "float64"),
                      (NUMPY.zeros(n, NUMPY.float16), "float16"),
                      (NUMPY.zeros(n, NUMPY.int32), "int32")]
        for buf, named in cases:
            with self.subTest(buf=named):
                before = bytes(memoryview(buf).cast("B"))
                with self.assertRaises(TypeError) as caught:
                    state.observation_tensor(0, buf)
                self.assertIn(named, str(caught.exception))
                self.assertIn("float32", str(caught.exception))
                self.assertEqual(bytes(memoryview(buf).cast("B")), before)
        with self.assertRaises(TypeError) as caught:
            state.observation_tensor(0, memoryview(array("f", [0.0] * n)).toreadonly())
        self.assertIn("read-only", str(caught.exception))
        with self.assertRaises(TypeError):
            state.observation_tensor(0, [0.0] * n)  # no buffer at all

    @unittest.skipIf(NUMPY is None, "numpy not available")
    def test_numpy_float32_in_and_out(self):
        state = at_decision()
        n = state.tensor_size()
        got = state.observation_tensor(1, numpy=True)
        self.assertIsInstance(got, NUMPY.ndarray)
        self.assertEqual((got.dtype, got.shape), (NUMPY.dtype("float32"), (n,)))
        self.assertEqual(got.tolist(), list(state.observation_tensor(1)))
        out = NUMPY.full(n, 9.0, NUMPY.float32)
        self.assertIs(state.observation_tensor(1, out), out)
        self.assertEqual(out.tolist(), got.tolist())
        strided = NUMPY.zeros(2 * n, NUMPY.float32)[::2]
        with self.assertRaises(TypeError) as caught:
            state.observation_tensor(1, strided)
        self.assertIn("C-contiguous", str(caught.exception))

    @unittest.skipIf(NUMPY is None, "numpy not available")
    def test_a_batch_fills_one_row_per_state(self):
        states = [at_decision(seed=s) for s in range(4)]
        players = [0, 1, 2, 0]
        n = states[0].tensor_size()
        out = NUMPY.full((6, n), -7.0, NUMPY.float32)
        self.assertIs(tablegames.observation_tensors(states, players, out), out)
        for i, (s, p) in enumerate(zip(states, players)):
            self.assertEqual(out[i].tolist(), list(s.observation_tensor(p)))
        self.assertTrue((out[4:] == -7.0).all())
        new = tablegames.observation_tensors(states, players, numpy=True)
        self.assertEqual(new.tolist(), out[:4].tolist())
        with self.assertRaises(TypeError) as caught:
            tablegames.observation_tensors(states, players, NUMPY.zeros((4, n)))
        self.assertIn("float64", str(caught.exception))
        with self.assertRaises(InvalidArgument):
            tablegames.observation_tensors(states, players, NUMPY.zeros((4, n + 1), "float32"))
        with self.assertRaises(InvalidArgument):
            tablegames.observation_tensors(states, players, NUMPY.zeros((3, n), "float32"))

    def test_a_batch_without_numpy_is_flat(self):
        states = [at_decision(seed=s) for s in range(3)]
        flat = tablegames.observation_tensors(states, [0, 1, 2])
        n = states[0].tensor_size()
        self.assertEqual(len(flat), 3 * n)
        self.assertEqual(list(flat[n:2 * n]), list(states[1].observation_tensor(1)))

    @unittest.skipIf(NUMPY is not None, "numpy is available")
    def test_numpy_true_says_numpy_is_missing(self):
        state = at_decision()
        for call in (lambda: state.observation_tensor(0, numpy=True),
                     lambda: state.legal_mask(numpy=True)):
            with self.assertRaises(ModuleNotFoundError) as caught:
                call()
            self.assertIn("python3-numpy", str(caught.exception))


class SentinelTest(unittest.TestCase):
    CALLS = ("observation", "events", "to_text", "observation_tensor", "information_key",
             "information_json", "resample")

    def test_current_player_at_chance_is_no_viewer(self):
        state = at_chance()
        player = state.current_player
        self.assertIs(player, CHANCE)
        self.assertTrue(player == -1 and player == tablegames.CHANCE)  # old code still works
        for call in self.CALLS:
            with self.subTest(call=call):
                copy = state.clone()
                with self.assertRaises(InvalidArgument) as caught:
                    getattr(copy, call)(player)
                message = str(caught.exception)
                self.assertIn("%s: viewer CHANCE (-1)" % call, message)
                self.assertIn("at a chance point", message)
                self.assertEqual(copy, state)
        self.assertIn("by name, tablegames.OMNISCIENT", message_of(
            lambda: state.observation_tensor(player)))

    def test_plain_numbers_and_terminal_are_refused(self):
        state = at_chance()
        view = state.step_view()
        self.assertEqual(view.player, -1)
        self.assertIn("a plain number", message_of(lambda: state.observation_tensor(view.player)))
        self.assertIn("a plain number", message_of(lambda: state.observation(-2)))
        self.assertIn("TERMINAL (-2)", message_of(lambda: state.events(TERMINAL)))

    def test_the_named_viewers_still_work(self):
        state = at_chance()
        self.assertEqual(len(state.observation_tensor(OMNISCIENT)), state.tensor_size())
        self.assertIsInstance(state.observation(PUBLIC), dict)
        self.assertIsInstance(state.to_text(), str)

    def test_the_end_of_a_game(self):
        state = tablegames.Game("witches_dance", players=2).new_state(4)
        state.playout()
        self.assertIs(state.current_player, TERMINAL)
        self.assertIn("when the game is over",
                      message_of(lambda: state.observation_tensor(state.current_player)))


def message_of(call):
    try:
        call()
    except InvalidArgument as exc:
        return str(exc)
    raise AssertionError("no InvalidArgument")


class ForeignMoveTest(unittest.TestCase):
    def foreign_pair(self):
        """A Move of one Bewitched position and a later position of the
        same game where its id means another move."""
        state = tablegames.Game("bewitched", players=2).new_state(0)
        rng = random.Random(0)
        first = {}
        while not state.is_terminal:
            if state.is_chance:
                state.apply_chance()
                continue
            for move in state.legal_moves():
                old = first.setdefault(int(move), move)
                if old.text != move.text:
                    return old, move, state
            state.apply(rng.choice(state.legal_move_ids()))
        self.fail("no id changed its meaning in a whole game")

    def test_a_move_of_another_position_is_refused(self):
        old, here, state = self.foreign_pair()
        before = state.clone()
        with self.assertRaises(IllegalMove) as caught:
            state.apply(old)
        message = str(caught.exception)
        self.assertIn("apply: Move %r (id %d)" % (old.text, int(old)), message)
        self.assertIn("id %d means %r" % (int(old), here.text), message)
        self.assertIn("at move %d" % old.origin.move_number, message)
        self.assertEqual(state, before)
        self.assertEqual(state.history, before.history)
        with self.assertRaises(IllegalMove) as caught:
            state.step(old)
        self.assertIn("step: Move %r" % old.text, str(caught.exception))
        self.assertEqual(state.history, before.history)
        # The raw API: a plain int is the id it is.
        self.assertEqual(state.apply(int(old)).text, here.text)

    def test_a_move_of_this_position_or_with_the_same_meaning_is_taken(self):
        old, here, state = self.foreign_pair()
        self.assertEqual(here.origin.history_length, state.history_length)
        copy = state.clone()
        self.assertEqual(copy.apply(here).text, here.text)  # same meaning in a copy
        made_by_hand = tablegames.Move(int(here), here.text)
        self.assertEqual(state.clone().apply(made_by_hand), here)
        with self.assertRaises(IllegalMove) as caught:
            state.clone().apply(tablegames.Move(int(here), old.text))
        self.assertIn("made by hand", str(caught.exception))


class MaskTest(unittest.TestCase):
    def test_the_mask_is_the_legal_moves(self):
        for game_id, players in every_setup():
            if players != 2:
                continue
            with self.subTest(game=game_id):
                state = tablegames.Game(game_id, players=players).new_state(5)
                rng = seeded(game_id, players, 5)
                for _ in range(200):
                    mask = state.legal_mask()
                    self.assertIsInstance(mask, bytearray)
                    self.assertEqual(len(mask), state.game.move_count)
                    self.assertEqual([i for i, b in enumerate(mask) if b],
                                     state.legal_move_ids())
                    self.assertTrue(set(mask) <= {0, 1})
                    if state.is_terminal:
                        break
                    state.apply(rng.choice(state.legal_move_ids()))
                state.playout()
                self.assertEqual(sum(state.legal_mask()), 0)

    def test_mask_buffers(self):
        state = at_decision()
        n = state.game.move_count
        out = array("B", [7] * (n + 2))
        self.assertIs(state.legal_mask(out), out)
        self.assertEqual(list(out[n:]), [7, 7])
        self.assertEqual(bytes(out[:n]), bytes(state.legal_mask()))
        for bad, named in ((array("f", [0.0] * n), "array('f')"), (array("H", [0] * n), "'H'")):
            with self.assertRaises(TypeError) as caught:
                state.legal_mask(bad)
            self.assertIn(named, str(caught.exception))
        with self.assertRaises(InvalidArgument):
            state.legal_mask(bytearray(n - 1))
        if NUMPY is not None:
            for dtype in (NUMPY.uint8, NUMPY.int8, NUMPY.bool_):
                got = state.legal_mask(NUMPY.zeros(n, dtype))
                self.assertEqual(NUMPY.flatnonzero(got).tolist(), state.legal_move_ids())
            self.assertEqual(state.legal_mask(numpy=True).dtype, NUMPY.uint8)


class GameFactsTest(unittest.TestCase):
    def test_the_13_facts_of_every_game(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = tablegames.Game(game_id, players=players)
                chance = [m for m in range(game.move_count) if game.move_is_chance(m)]
                self.assertEqual(len(chance), game.chance_outcome_count)
                self.assertEqual(game.player_move_count + game.chance_outcome_count,
                                 game.move_count)
                self.assertEqual(game.observation_tensor_shape,
                                 (game.observation_tensor_size,))
                self.assertTrue(0 < game.length_bound <= game.max_length)
                self.assertEqual(game.utility_range, (0.0, 1.0))
                self.assertIsInstance(game.has_hidden_information, bool)
                versions = game.format_versions
                self.assertEqual(set(versions), {"observation_tensor", "information_key",
                                                 "observation_json", "information_tensor"})
                self.assertTrue(all(v >= 1 for v in versions.values()))
                self.assertEqual(game.format_version(tablegames.FORMAT_INFORMATION_KEY),
                                 versions["information_key"])
                with self.assertRaises(InvalidArgument):
                    game.move_is_chance(game.move_count)
                with self.assertRaises(InvalidArgument):
                    game.format_version(7)
                state = game.new_state(2)
                rng = seeded(game_id, players, 2)
                for _ in range(60):
                    if state.is_terminal:
                        break
                    if not state.is_chance:
                        self.assertFalse(any(game.move_is_chance(m)
                                             for m in state.legal_move_ids()))
                    state.apply(rng.choice(state.legal_move_ids()))
                whose = state.history_players()
                self.assertEqual(len(whose), state.history_length)
                replay = game.new_state(2)
                for move, player in zip(state.history, whose):
                    self.assertEqual(replay.current_player, player)
                    self.assertEqual(replay.any_move_text(move), replay.move_text(move))
                    replay.apply_id(move)
                self.assertIsInstance(state.any_move_text(game.move_count - 1), str)
                with self.assertRaises(InvalidArgument):
                    state.any_move_text(game.move_count)


class ObserveTest(unittest.TestCase):
    def test_observe_is_tensor_mask_and_key_in_one_call(self):
        state = at_decision("bewitched", 2, 3)
        p = state.current_player
        tensor = array("f", bytes(4 * state.tensor_size()))
        mask = bytearray(state.game.move_count)
        key = state.observe(p, tensor, mask)
        self.assertEqual(key, state.information_key(p))
        self.assertEqual(list(tensor), list(state.observation_tensor(p)))
        self.assertEqual(mask, state.legal_mask())
        self.assertEqual(state.observe(1 - p), state.information_key(1 - p))
        for _ in range(30):  # after steps too (the C view's buffers)
            view = state.step(None if state.is_chance else state.legal_move_ids()[0])
            if view.player >= 0:
                self.assertEqual(state.observe(view.player, tensor, mask),
                                 state.information_key(view.player))
                self.assertEqual(mask, state.legal_mask())

    def test_observe_runs_in_the_c_module_where_the_step_does(self):
        want = os.environ.get("TG_TEST_STEP_IMPLEMENTATION")
        if want is None:
            self.skipTest("TG_TEST_STEP_IMPLEMENTATION not set (run by ctest)")
        state = at_decision()
        state.observe(state.current_player)
        self.assertEqual(state._c_observe is not None, want == "c")

    def test_observe_refuses_what_the_single_calls_refuse(self):
        state = at_chance()
        n = state.tensor_size()
        self.assertIn("observe: viewer CHANCE (-1)",
                      message_of(lambda: state.observe(state.current_player)))
        self.assertIn("a plain number", message_of(lambda: state.observe(-1)))
        for viewer in (OMNISCIENT, PUBLIC, 3, 99):
            with self.assertRaises(InvalidArgument):
                state.observe(viewer)
        with self.assertRaises(TypeError) as caught:
            state.observe(0, array("d", [0.0] * n))
        self.assertIn("array('d')", str(caught.exception))
        with self.assertRaises(TypeError):
            state.observe(0, None, array("f", [0.0] * 200))
        with self.assertRaises(InvalidArgument):
            state.observe(0, array("f", [0.0] * (n - 1)))
        with self.assertRaises(TypeError):
            state.observe("0")
        state.close()
        with self.assertRaises(tablegames.ClosedError):
            state.observe(0)


class ActionNumberingTest(unittest.TestCase):
    """The 1.4 calls: one numbering of actions and outcomes, its mask, the
    information tensor, utilities with shared draws."""

    def test_the_numbering_and_its_mask_on_every_game(self):
        from tablegames.actions import Actions
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = tablegames.Game(game_id, players=players)
                actions = Actions(game)
                self.assertEqual(actions.action_count, game.player_move_count)
                self.assertEqual(actions.outcome_count, game.chance_outcome_count)
                for a, m in enumerate(actions.action_moves):
                    self.assertEqual(game.action_move(0, a), m)
                    self.assertEqual(game.action_move(players - 1, a), m)
                    self.assertEqual(game.move_action(m), a)
                for o, m in enumerate(actions.outcome_moves):
                    self.assertEqual(game.action_move(tablegames.CHANCE, o), m)
                    self.assertEqual(game.move_action(m), o)
                self.assertEqual(sorted(actions.action_moves + actions.outcome_moves),
                                 list(range(game.move_count)))
                for bad in ((0, actions.action_count), (players, 0),
                            (tablegames.CHANCE, actions.outcome_count)):
                    with self.assertRaises(InvalidArgument):
                        game.action_move(*bad)
                with self.assertRaises(InvalidArgument):
                    game.move_action(game.move_count)
                state = game.new_state(3)
                rng = random.Random(3)
                for _ in range(150):
                    if state.is_terminal:
                        break
                    mask = state.action_mask()
                    self.assertEqual(len(mask), actions.action_count)
                    expected = [] if state.is_chance else \
                        [game.move_action(m) for m in state.legal_move_ids()]
                    self.assertEqual([a for a, b in enumerate(mask) if b], expected)
                    random_step(state, rng)
                self.assertEqual(len(state.information_tensor(0)), game.information_tensor_size)

    def test_utilities_and_draws(self):
        game = tablegames.Game("bewitched", players=2, hat_put="no")
        self.assertIsNone(game.utility_sum("zero"))
        self.assertEqual(game.utility_sum("shared"), 1.0)
        with self.assertRaises(InvalidArgument):
            game.utility_sum("half")
        drawn = 0
        for seed in range(40):
            state = game.new_state(seed)
            self.assertEqual(state.utilities("shared"), [0.0, 0.0])  # not over yet
            state.playout()
            self.assertFalse(state.is_truncated)
            self.assertEqual(state.utilities(), state.returns)
            if not state.winners:
                drawn += 1
                self.assertEqual(state.utilities("shared"), [0.5, 0.5])
            else:
                self.assertEqual(state.utilities("shared"), state.returns)
        self.assertGreater(drawn, 0)


if __name__ == "__main__":
    unittest.main()
