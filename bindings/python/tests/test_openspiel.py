"""tablegames.openspiel: the pyspiel names, OpenSpiel's own
ResampleInfostateTest property on every game, the information-state
tensor, pickling and copies, the draw parameter, and outcome-sampling
MCCFR (Lanctot et al. 2009, as open_spiel/python/algorithms/
outcome_sampling_mccfr.py writes it, recursively) against the iterative
one of examples/python/mccfr.py."""

import copy
import os
import pickle
import random
import re
import sys
import unittest

from hide_numpy import NUMPY  # noqa: F401  (the no-numpy run hides it)

from support import every_setup

from tablegames import openspiel as pyspiel
from tablegames.errors import IllegalMove, InvalidArgument

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "examples", "python"))
import mccfr  # noqa: E402  (examples/python/mccfr.py)

SMALL = "witches_dance(players=2,witches=1)"


def random_game(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


class AdapterTest(unittest.TestCase):
    def test_load_game_reads_both_spellings(self):
        a = pyspiel.load_game(SMALL)
        b = pyspiel.load_game("witches_dance", {"players": 2, "witches": 1})
        self.assertEqual(a.native, b.native)
        self.assertEqual(a.num_players(), 2)
        self.assertEqual(a.get_parameters()["witches"], "1")
        with self.assertRaises(InvalidArgument):
            pyspiel.load_game("witches_dance(players)")

    def test_game_type_and_sizes(self):
        for name in ("witches_dance", "bewitched", "creepy_cauldron", "spinning_wishes"):
            with self.subTest(game=name):
                game = pyspiel.load_game(name + "(players=2)")
                t = game.get_type()
                self.assertEqual(t.short_name, name)
                self.assertEqual(t.dynamics, pyspiel.GameType.Dynamics.SEQUENTIAL)
                self.assertEqual(t.chance_mode, pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
                self.assertEqual(t.reward_model, pyspiel.GameType.RewardModel.TERMINAL)
                self.assertIn(t.information, tuple(pyspiel.GameType.Information))
                self.assertTrue(t.provides_information_state_string)
                self.assertTrue(t.provides_information_state_tensor)
                self.assertEqual(t.utility, pyspiel.GameType.Utility.GENERAL_SUM)
                self.assertIsNone(game.utility_sum())
                self.assertEqual(game.information_state_tensor_shape(),
                                 [game.information_state_tensor_size()])
                self.assertEqual(game.policy_tensor_shape(), [game.num_distinct_actions()])
                self.assertEqual(game.max_move_number(), game.native.max_length)
                self.assertEqual(game.observation_tensor_layout(), pyspiel.TensorLayout.CHW)
                self.assertEqual(game.num_distinct_actions(), game.native.player_move_count)
                self.assertEqual(game.num_distinct_actions() + game.max_chance_outcomes(),
                                 game.native.move_count)
                self.assertLessEqual(game.min_utility(), 0.0)
                self.assertGreaterEqual(game.max_utility(), 1.0)
                self.assertEqual(game.observation_tensor_shape(),
                                 [game.observation_tensor_size()])
                self.assertGreater(game.max_game_length(), 0)

    def test_a_random_game_through_the_names(self):
        game = pyspiel.load_game("bewitched(players=2)")
        rng = random.Random(6)
        state = game.new_initial_state(6)
        root = state.clone()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                self.assertEqual(player, pyspiel.PlayerId.CHANCE)
                outcomes = state.chance_outcomes()
                self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
                self.assertTrue(all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes))
                self.assertEqual(state.legal_actions(), sorted(a for a, _ in outcomes))
                action = rng.choices(*zip(*outcomes))[0]
            else:
                legal = state.legal_actions()
                mask = state.legal_actions_mask()
                self.assertEqual(len(mask), game.num_distinct_actions())
                self.assertEqual([a for a, b in enumerate(mask) if b], legal)
                self.assertEqual(state.legal_actions(1 - player), [])
                self.assertTrue(re.fullmatch("[0-9a-f]{32}", state.information_state_string()))
                self.assertEqual(len(state.observation_tensor()),
                                 game.observation_tensor_size())
                action = rng.choice(legal)
                text = state.action_to_string(player, action)
                self.assertEqual(state.string_to_action(text), action)
                with self.assertRaises(IllegalMove):
                    state.apply_action(game.num_distinct_actions())
            child = state.child(action)
            self.assertEqual(child.history(), state.history() + [action])
            state.apply_action(action)
            steps += 1
        self.assertEqual(state.current_player(), pyspiel.PlayerId.TERMINAL)
        self.assertEqual(state.returns(), state.native.returns)
        self.assertEqual(len(state.history()), steps)
        self.assertEqual(root.history(), [])
        full = state.full_history()
        self.assertEqual([a for _, a in full], state.history())
        replay = game.new_initial_state(6)
        for player, action in full:
            self.assertEqual(replay.current_player(), player)
            replay.apply_action(action)
        self.assertEqual(replay.returns(), state.returns())

    def test_resampling_stays_in_the_information_set(self):
        game = pyspiel.load_game("witches_dance(players=3)")
        rng = random.Random(2)
        state = game.new_initial_state(2)
        for _ in range(40):
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        p = state.current_player()
        before = state.history()
        for i in range(5):
            other = state.resample_from_infostate(p, random.Random(i).random)
            self.assertEqual(other.information_state_string(p), state.information_state_string(p))
            self.assertEqual(other.legal_actions(), state.legal_actions())
        self.assertEqual(state.history(), before)

    def test_a_terminal_state_has_no_player_to_default_to(self):
        state = pyspiel.load_game(SMALL).new_initial_state()
        random_game(state, random.Random(1))
        with self.assertRaises(InvalidArgument):
            state.information_state_string()  # terminal: no player to default to


class NamesTest(unittest.TestCase):
    """The names issue 34 found missing, as pyspiel has them."""

    def play(self, state, rng, decisions):
        for _ in range(decisions):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(pyspiel.random_outcome(state.chance_outcomes(), rng.random()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state

    def assertSameState(self, a, b):
        self.assertEqual(a.history(), b.history())
        self.assertEqual(str(a), str(b))
        self.assertEqual(a.current_player(), b.current_player())
        self.assertEqual(a.legal_actions(), b.legal_actions())
        # The same RNG: both draw the same outcomes from here.
        a.native.playout()
        b.native.playout()
        self.assertEqual(a.native.history, b.native.history)

    def test_serialize_pickle_and_copies_keep_the_state_and_its_rng(self):
        game = pyspiel.load_game("bewitched(players=3)")
        state = self.play(game.new_initial_state(4), random.Random(4), 300)
        copies = [game.deserialize_state(state.serialize()),
                  pickle.loads(pickle.dumps(state)),
                  copy.deepcopy(state), copy.copy(state), state.clone(),
                  pyspiel.deserialize_game_and_state(
                      pyspiel.serialize_game_and_state(game, state))[1]]
        for c in copies:
            with self.subTest(copy=copies.index(c)):
                self.assertSameState(state.clone(), c)
        self.assertEqual(pickle.loads(pickle.dumps(game)), game)
        self.assertIs(copy.deepcopy(game), game)
        with self.assertRaises(InvalidArgument):
            pyspiel.load_game("witches_dance(players=2)").deserialize_state(state.serialize())

    def test_undo_history_and_the_kind_of_node(self):
        game = pyspiel.load_game("witches_dance(players=3)")
        state = game.new_initial_state(1)
        self.assertTrue(state.is_initial_state())
        self.assertEqual(state.get_type(), pyspiel.StateType.CHANCE if state.is_chance_node()
                         else pyspiel.StateType.DECISION)
        self.play(state, random.Random(1), 40)
        self.assertFalse(state.is_initial_state())
        full = state.full_history()
        self.assertEqual([h.action for h in full], state.history())
        self.assertTrue(all(h.player == pyspiel.PlayerId.CHANCE or 0 <= h.player < 3
                            for h in full))
        self.assertEqual(full[-1], (full[-1].player, full[-1].action))
        before = state.clone()
        legal_before = before.legal_actions()
        last = full[-1]
        with self.assertRaises(InvalidArgument):
            state.undo_action(last.player, last.action + 1)
        state.undo_action(last.player, last.action)
        self.assertEqual(state.full_history(), full[:-1])
        self.assertIn(last.action, state.legal_actions())
        state.apply_action(last.action)
        self.assertEqual(state.legal_actions(), legal_before)
        if state.is_player_node():
            self.assertEqual(state.get_type(), pyspiel.StateType.DECISION)
            bad = next(a for a in range(game.num_distinct_actions())
                       if a not in state.legal_actions())
            with self.assertRaises(IllegalMove):
                state.apply_action_with_legality_check(bad)
            for wrong in (-1, game.num_distinct_actions()):
                with self.assertRaises(IllegalMove):
                    state.apply_action(wrong)
            self.assertEqual(state.history(), before.history())
            self.assertEqual(state.legal_actions_mask(),
                             [1 if a in state.legal_actions() else 0
                              for a in range(game.num_distinct_actions())])
        random_game(state, random.Random(2))
        self.assertEqual(state.get_type(), pyspiel.StateType.TERMINAL)
        self.assertEqual([state.player_reward(p) for p in range(3)], state.rewards())
        self.assertEqual([state.player_return(p) for p in range(3)], state.returns())
        with self.assertRaises(InvalidArgument):
            state.player_reward(3)

    def test_observers(self):
        game = pyspiel.load_game("creepy_cauldron(players=2)")
        state = self.play(game.new_initial_state(3), random.Random(3), 30)
        plain = game.make_observer()
        recall = pyspiel.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
        for p in range(2):
            plain.set_from(state, p)
            recall.set_from(state, p)
            self.assertEqual(list(plain.tensor), state.observation_tensor(p))
            self.assertEqual(list(recall.dict["info_state"]), state.information_state_tensor(p))
            self.assertEqual(recall.string_from(state, p), state.information_state_string(p))
        with self.assertRaises(InvalidArgument):
            game.make_observer(params={"x": 1})

    def test_a_game_with_no_winner_is_a_shared_draw_with_draw_shared(self):
        shared = pyspiel.load_game("bewitched(players=2,hat_put=no,draw=shared)")
        zero = pyspiel.load_game("bewitched", {"players": 2, "hat_put": "no"})
        self.assertEqual(shared.get_type().utility, pyspiel.GameType.Utility.CONSTANT_SUM)
        self.assertEqual(shared.utility_sum(), 1.0)
        self.assertEqual(shared.get_parameters()["draw"], "shared")
        self.assertEqual(pickle.loads(pickle.dumps(shared)).utility_sum(), 1.0)
        with self.assertRaises(InvalidArgument):
            pyspiel.load_game("bewitched(draw=half)")
        drawn = 0
        for seed in range(60):
            a = random_game(shared.new_initial_state(seed), random.Random(seed))
            b = random_game(zero.new_initial_state(seed), random.Random(seed))
            self.assertEqual(a.history(), b.history())
            self.assertAlmostEqual(sum(a.returns()), 1.0)
            if not a.native.winners:
                drawn += 1
                self.assertEqual(a.returns(), [0.5, 0.5])
                self.assertEqual(b.returns(), [0.0, 0.0])
            else:
                self.assertEqual(a.returns(), b.returns())
        self.assertGreater(drawn, 0, "no game without a winner: the draw went untested")


class InformationStateTest(unittest.TestCase):
    def test_resample_infostate_as_openspiel_tests_it_on_every_game(self):
        # OpenSpiel's testing::ResampleInfostateTest: at every player node
        # of random games, each player's resampled state has the same
        # information state string and tensor, and the same player to move.
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = pyspiel.load_game(game_id, {"players": players})
                rng = random.Random(players)
                state = game.new_initial_state(players)
                node = 0
                while not state.is_terminal():
                    if not state.is_chance_node() and node % 25 == 0:
                        for p in range(players):
                            other = state.resample_from_infostate(p, rng.random)
                            self.assertEqual(state.information_state_string(p),
                                             other.information_state_string(p))
                            self.assertEqual(state.information_state_tensor(p),
                                             other.information_state_tensor(p))
                            self.assertEqual(state.current_player(), other.current_player())
                    node += 1
                    state.apply_action(rng.choice(state.legal_actions()))

    def test_the_tensor_is_equal_exactly_when_the_player_cannot_tell_states_apart(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = pyspiel.load_game(game_id, {"players": players})
                by_key, by_tensor = {}, {}
                for seed in range(3):
                    rng = random.Random(seed)
                    state = game.new_initial_state(seed)
                    states = [state]
                    while not state.is_terminal():
                        state.apply_action(rng.choice(state.legal_actions()))
                        if len(states) < 200 and rng.random() < 0.2:
                            states.append(state.clone())
                            # a state the player cannot tell from this one
                            states.append(state.resample_from_infostate(
                                rng.randrange(players), rng.random))
                    for s in states:
                        for p in range(players):
                            key = (p, s.information_state_string(p))
                            tensor = (p, tuple(s.information_state_tensor(p)))
                            self.assertEqual(by_key.setdefault(key, tensor), tensor)
                            self.assertEqual(by_tensor.setdefault(tensor, key), key)
                self.assertGreater(len(by_key), 50)


class RecursiveOSMCCFR:
    """Outcome-sampling MCCFR with epsilon exploration for the updating
    player, tables keyed by information_state_string, recursive as
    OpenSpiel's outcome_sampling_mccfr.py is: the reference the loop of
    examples/python/mccfr.py is held to."""

    def __init__(self, game, seed, epsilon=0.6):
        self.game, self.rng, self.epsilon = game, random.Random(seed), epsilon
        self.n = game.num_distinct_actions()
        self.regrets, self.average, self.legal = {}, {}, {}

    def iteration(self, seed):
        for player in range(self.game.num_players()):
            self._episode(self.game.new_initial_state(seed), player, 1.0, 1.0, 1.0)

    def _policy(self, key, legal):
        regrets = self.regrets[key]
        positive = [max(regrets[a], 0.0) for a in legal]
        total = sum(positive)
        return [r / total for r in positive] if total > 0 else [1 / len(legal)] * len(legal)

    def _episode(self, state, update, my_reach, opp_reach, sample_reach):
        if state.is_terminal():
            return state.player_return(update)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            i = self.rng.choices(range(len(actions)), probs)[0]
            return self._episode(state.child(actions[i]), update, my_reach,
                                 opp_reach * probs[i], sample_reach * probs[i])
        cur = state.current_player()
        key = state.information_state_string(cur)
        legal = state.legal_actions()
        if key not in self.regrets:
            self.regrets[key] = [0.0] * self.n
            self.average[key] = [0.0] * self.n
            self.legal[key] = legal
        assert self.legal[key] == legal, "one information set, two sets of legal actions"
        policy = self._policy(key, legal)
        if cur == update:
            sample = [self.epsilon / len(legal) + (1 - self.epsilon) * p for p in policy]
        else:
            sample = policy
        i = self.rng.choices(range(len(legal)), sample)[0]
        child = self._episode(
            state.child(legal[i]), update,
            my_reach * policy[i] if cur == update else my_reach,
            opp_reach * policy[i] if cur != update else opp_reach,
            sample_reach * sample[i])
        values = [0.0] * len(legal)
        values[i] = child / sample[i]
        estimate = sum(p * v for p, v in zip(policy, values))
        if cur == update:
            for j, a in enumerate(legal):
                self.regrets[key][a] += (values[j] - estimate) * opp_reach / sample_reach
        else:
            for j, a in enumerate(legal):
                self.average[key][a] += my_reach * policy[j] / sample_reach
        return estimate

    def average_policy(self, key):
        legal = self.legal[key]
        weights = self.average[key]
        total = sum(weights[a] for a in legal)
        if total <= 0:
            return {a: 1 / len(legal) for a in legal}
        return {a: weights[a] / total for a in legal}


class MCCFRTest(unittest.TestCase):
    def test_outcome_sampling_mccfr_runs_and_keeps_its_tables_consistent(self):
        game = pyspiel.load_game(SMALL)
        solver = RecursiveOSMCCFR(game, seed=3)
        for it in range(25):
            solver.iteration(seed=it)
        self.assertGreater(len(solver.regrets), 50)
        for key, legal in solver.legal.items():
            self.assertTrue(re.fullmatch("[0-9a-f]{32}", key))
            self.assertEqual(len(solver.regrets[key]), game.num_distinct_actions())
            self.assertTrue(legal and all(0 <= a < game.num_distinct_actions() for a in legal))
            illegal = set(range(game.num_distinct_actions())) - set(legal)
            self.assertTrue(all(solver.regrets[key][a] == 0.0 for a in illegal))
            policy = solver.average_policy(key)
            self.assertEqual(sorted(policy), legal)
            self.assertAlmostEqual(sum(policy.values()), 1.0)
            self.assertTrue(all(p >= 0 for p in policy.values()))
        # Some regret was learned: the tables are not all zero.
        self.assertTrue(any(any(r) for r in solver.regrets.values()))

    def test_the_loop_computes_what_the_recursion_computes(self):
        game = pyspiel.load_game(SMALL)
        recursive, loop = RecursiveOSMCCFR(game, seed=5), mccfr.OutcomeSamplingMCCFR(game, 5)
        for it in range(25):
            recursive.iteration(seed=it)
            loop.iteration(seed=it)
        self.assertEqual(recursive.legal, loop.legal)
        for key in recursive.regrets:
            for a, b in zip(recursive.regrets[key], loop.regrets[key].real()):
                self.assertAlmostEqual(a, b, delta=1e-9 * max(1.0, abs(a)))
            for a, p in recursive.average_policy(key).items():
                self.assertAlmostEqual(p, loop.average_policy(key)[a], places=9)

    def test_the_loop_runs_games_longer_than_the_recursion_limit(self):
        game = pyspiel.load_game("bewitched(players=4)")
        # The recursion fails on Bewitched: deeper than the stack allows,
        # or (first, in most episodes) its reach probabilities underflow
        # to 0 some 200 decisions down and it divides by them.
        with self.assertRaises((RecursionError, ZeroDivisionError)):
            RecursiveOSMCCFR(game, seed=2).iteration(seed=2)
        solver = mccfr.OutcomeSamplingMCCFR(game, 2)
        longest = 0
        for seed in range(20):
            state = game.new_initial_state(seed)
            solver.episode(state, seed % 4)  # plays the sampled episode in state
            longest = max(longest, len(state.history()))
            if longest > sys.getrecursionlimit():
                break
        self.assertGreater(longest, sys.getrecursionlimit())
        self.assertGreater(len(solver.regrets), 500)
        rows = list(solver.regrets.values()) + list(solver.average.values())
        self.assertTrue(all(all(v == v and abs(v) != float("inf") for v in r.values)
                            for r in rows), "a weight overflowed")
        self.assertTrue(any(any(r.values) for r in solver.regrets.values()))


if __name__ == "__main__":
    unittest.main()
