"""tablegames.env: the PettingZoo-shaped environment, played at random and
by a small information-set MCTS, with numpy and without."""

import math
import random
import unittest
from array import array

from hide_numpy import NUMPY

import tablegames
from tablegames.env import AECEnv, env as make_env
from tablegames.errors import IllegalMove
from tablegames.spaces import Box, Discrete


def play_random(e, seed, max_iter=100_000):
    """One episode through agent_iter/last/step; returns the rewards each
    agent collected and the decisions made."""
    rng = random.Random(seed)
    collected = {a: 0.0 for a in e.possible_agents}
    decisions = 0
    for agent in e.agent_iter(max_iter):
        obs, reward, termination, truncation, info = e.last()
        collected[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = info["action_mask"]
        legal = [i for i in range(len(mask)) if mask[i]]
        e.step(rng.choice(legal))
        decisions += 1
    return collected, decisions


class EnvTest(unittest.TestCase):
    def test_an_episode_pays_the_returns(self):
        for info in tablegames.games():
            with self.subTest(game=info.id):
                e = AECEnv(info.id, players=2)
                e.reset(seed=11)
                state = e.state
                collected, decisions = play_random(e, 11)
                self.assertGreater(decisions, 0)
                self.assertEqual(e.agents, [])
                self.assertEqual([collected[a] for a in e.possible_agents], state.returns)
                self.assertTrue(state.is_terminal)

    def test_reset_with_a_seed_repeats_the_game(self):
        e = make_env("witches_dance", players=3)
        runs = []
        for _ in range(2):
            e.reset(seed=5)
            play_random(e, 1)
            runs.append(e.state.history)
        self.assertEqual(runs[0], runs[1])

    def test_masks_observations_and_the_selection(self):
        e = AECEnv("bewitched", players=2)
        e.reset(seed=3)
        n = e.game.player_move_count
        self.assertEqual(e.action_space("player_0"), Discrete(n))
        space = e.observation_space("player_1")
        self.assertIsInstance(space, Box)
        self.assertEqual(space.shape, (e.game.observation_tensor_size,))
        rng = random.Random(3)
        for _ in range(300):
            agent = e.agent_selection
            state = e.state
            self.assertFalse(state.is_chance)  # chance is played inside step
            self.assertEqual(agent, "player_%d" % state.current_player)
            mask = e.infos[agent]["action_mask"]
            self.assertEqual([i for i in range(n) if mask[i]],
                             [e.game.move_action(m) for m in state.legal_move_ids()])
            for other in e.agents:
                if other != agent:
                    self.assertEqual(sum(e.infos[other]["action_mask"]), 0)
            obs = e.observe(agent)
            self.assertEqual(list(obs), list(state.observation_tensor(state.current_player)))
            self.assertTrue(space.contains(obs))
            if NUMPY is not None:
                self.assertEqual(obs.dtype, NUMPY.float32)
            else:
                self.assertIsInstance(obs, array)
            illegal = next(i for i in range(n) if not mask[i])
            history = state.history
            with self.assertRaises(IllegalMove):
                e.step(illegal)
            self.assertEqual(state.history, history)
            e.step(e.action_space(agent).sample(mask))
            if e.terminations[e.agent_selection]:
                break

    def test_done_agents_step_with_none_and_leave(self):
        e = AECEnv("witches_dance", players=2, max_steps=30)
        e.reset(seed=2)
        while not any(e.truncations.values()):
            e.step(e.action_space(e.agent_selection).sample(e.infos[e.agent_selection]
                                                             ["action_mask"]))
        self.assertGreaterEqual(e.steps, 30)
        self.assertEqual(e.rewards, {"player_0": 0.0, "player_1": 0.0})
        with self.assertRaises(ValueError):
            e.step(0)
        e.step(None)
        self.assertEqual(e.agents, ["player_1"])
        self.assertEqual(e.agent_selection, "player_1")
        e.step(None)
        self.assertEqual(e.agents, [])
        self.assertEqual(list(e.agent_iter()), [])

    def test_the_chance_agent(self):
        e = AECEnv("witches_dance", players=2, chance_agent=True)
        e.reset(seed=8)
        self.assertEqual(e.possible_agents, ["player_0", "player_1", "chance"])
        saw_chance = 0
        rng = random.Random(8)
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            if termination or truncation:
                e.step(None)
                continue
            if agent == "chance":
                saw_chance += 1
                outcomes = info["chance_outcomes"]
                self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
                self.assertEqual(sorted(m for m, _ in outcomes),
                                 [i for i, b in enumerate(info["action_mask"]) if b])
                self.assertEqual(sorted(m for m, _ in outcomes),
                                 [e.game.move_action(m) for m in e.state.legal_move_ids()])
                self.assertEqual(e.action_space(agent).n, e.game.chance_outcome_count)
                self.assertEqual(list(obs), list(e.state.observation_tensor(tablegames.PUBLIC)))
                ids, probs = zip(*outcomes)
                e.step(rng.choices(ids, probs)[0])
            else:
                e.step(e.action_space(agent).sample(info["action_mask"]))
        self.assertGreater(saw_chance, 0)

    def test_spaces_describe_what_the_env_gives(self):
        e = AECEnv("spinning_wishes", players=3)
        e.reset(seed=9)
        self.assertIs(e.unwrapped, e)
        self.assertEqual(set(e.action_spaces), set(e.possible_agents))
        space = e.action_spaces["player_2"]
        self.assertEqual(space, Discrete(e.game.player_move_count))
        self.assertTrue(space.contains(0) and not space.contains(space.n))
        self.assertFalse(space.contains(True) or space.contains(1.0) or space.contains("1"))
        mask = e.infos[e.agent_selection]["action_mask"]
        for _ in range(20):
            self.assertEqual(mask[space.sample(mask)], 1)
        self.assertEqual(space.sample(bytearray(space.n)), space.start)  # as gymnasium
        with self.assertRaises(ValueError):
            space.sample(bytearray(space.n + 1))
        box = e.observation_spaces["player_0"]
        self.assertEqual(box.shape, tuple(e.game.observation_tensor_shape))
        self.assertEqual(box.dtype, "float32")
        self.assertFalse(box.contains([0.0] * (box.size + 1)))

    def test_the_mask_can_travel_in_the_observation(self):
        e = AECEnv("creepy_cauldron", players=2, mask_in_observation=True)
        e.reset(seed=1)
        obs = e.observe(e.agent_selection)
        self.assertEqual(set(obs), {"observation", "action_mask"})
        self.assertTrue(e.observation_space(e.agent_selection).contains(obs))


class ISMCTS:
    """Single-observer information-set MCTS (Cowling et al. 2012): each
    iteration redraws what the searching player cannot see (resample),
    descends a tree whose nodes are the searcher's information sets (keyed
    by the information key of the player to move), expands one node and
    finishes with a random playout."""

    def __init__(self, iterations, seed, c=1.4):
        self.iterations, self.rng, self.c = iterations, random.Random(seed), c
        self.nodes = {}  # key -> {move: [visits, total reward]} of the player to move

    def choose(self, state, player):
        root = state.information_key(player)
        for i in range(self.iterations):
            world = state.clone()
            world.seed(self.rng.getrandbits(63))
            world.resample(player)
            assert world.information_key(player) == root  # resampling keeps the set
            self._iterate(world)
        stats = self.nodes[root]
        return max(stats, key=lambda m: stats[m][0])

    def _iterate(self, world):
        path = []
        while not world.is_terminal:
            if world.is_chance:
                world.apply_chance(notation=False)
                continue
            mover = world.current_player
            key = world.information_key(mover)
            legal = world.legal_move_ids()
            stats = self.nodes.get(key)
            if stats is None:
                self.nodes[key] = {m: [0, 0.0] for m in legal}
                move = self.rng.choice(legal)
                path.append((key, move, mover))
                world.apply_id(move)
                break
            for m in legal:  # moves available in this world only
                stats.setdefault(m, [0, 0.0])
            total = sum(stats[m][0] for m in legal) or 1
            move = max(legal, key=lambda m: math.inf if stats[m][0] == 0 else
                       stats[m][1] / stats[m][0]
                       + self.c * math.sqrt(math.log(total) / stats[m][0]))
            path.append((key, move, mover))
            world.apply_id(move)
        world.playout()
        returns = world.returns
        for key, move, mover in path:
            entry = self.nodes[key][move]
            entry[0] += 1
            entry[1] += returns[mover]


class ISMCTSTest(unittest.TestCase):
    def test_ismcts_plays_a_whole_episode_through_the_env(self):
        e = AECEnv("witches_dance", players=2, witches=1)
        e.reset(seed=4)
        search = ISMCTS(iterations=8, seed=4)
        rng = random.Random(4)
        collected = {a: 0.0 for a in e.possible_agents}
        searched = 0
        for agent in e.agent_iter(10_000):
            obs, reward, termination, truncation, info = e.last()
            collected[agent] += reward
            if termination or truncation:
                e.step(None)
                continue
            mask = info["action_mask"]
            if agent == "player_0":
                move = e.game.move_action(search.choose(e.state, 0))
                searched += 1
            else:
                move = e.action_space(agent).sample(mask)
            self.assertEqual(mask[move], 1)
            e.step(move)
        self.assertGreater(searched, 0)
        self.assertEqual(e.agents, [])
        self.assertEqual([collected[a] for a in e.possible_agents], e.state.returns)
        # Every node's moves are the legal moves of some state of its set.
        for stats in search.nodes.values():
            self.assertTrue(stats)
            self.assertTrue(all(v >= 0 for v, _ in stats.values()))


if __name__ == "__main__":
    unittest.main()
