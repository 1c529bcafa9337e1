"""tablegames.openspiel: the pyspiel names, and outcome-sampling MCCFR
(Lanctot et al. 2009, as open_spiel/python/algorithms/outcome_sampling_mccfr.py
writes it) run over them on a small option set."""

import random
import re
import unittest

from hide_numpy import NUMPY  # noqa: F401  (the no-numpy run hides it)

from tablegames import openspiel as pyspiel
from tablegames.errors import IllegalMove, InvalidArgument

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
                self.assertFalse(t.provides_information_state_tensor)
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

    def test_what_is_not_offered_says_so(self):
        state = pyspiel.load_game(SMALL).new_initial_state()
        with self.assertRaises(NotImplementedError):
            state.information_state_tensor()
        random_game(state, random.Random(1))
        with self.assertRaises(InvalidArgument):
            state.information_state_string()  # terminal: no player to default to


class OutcomeSamplingMCCFR:
    """Outcome-sampling MCCFR with epsilon exploration for the updating
    player, tables keyed by information_state_string."""

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
        solver = OutcomeSamplingMCCFR(game, seed=3)
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


if __name__ == "__main__":
    unittest.main()
