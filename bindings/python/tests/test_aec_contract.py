"""PettingZoo's AEC contract held against tablegames.env.AECEnv on every
game and player count, written from PettingZoo's documentation (the AEC
API page, pettingzoo.utils.env.AECEnv's helpers) and what
pettingzoo.test.api_test asserts, since pettingzoo itself is not
installable here:

- rewards are the last step's only: every step, a finished agent's
  step(None) included, clears them, so summing env.rewards after each
  step gives each agent's return once (api_test's accumulated-reward check,
  and the loop of issue 34 that double-counted);
- last() gives the agent's cumulative reward since it last acted, its
  termination, truncation and the very info dict of infos;
- rewards, terminations, truncations and infos have exactly the live agents
  as keys; a finished agent steps None and leaves; no agent comes back;
- the selection follows the turn, finished agents leave in agents order;
- spaces are cached per agent, gymnasium-shaped (sample, seed, shape,
  dtype, contains), the observation lies in its space with its dtype;
- infos[agent]["action_mask"] (int8, as gymnasium's Discrete.sample(mask)
  requires) marks exactly the legal actions of the agent to act.
"""

import unittest

from hide_numpy import NUMPY
from support import every_setup

from tablegames.env import AECEnv
from tablegames.spaces import Box, Dict, Discrete

SEEDS = (1, 2)


def legal_actions(env):
    """The selected agent's legal actions, from the library's own calls
    (its legal move ids and tg_game_move_action), not from the env."""
    return [env.game.move_action(m) for m in env.state.legal_move_ids()]


def play_like_api_test(test, env, seed):
    """One episode as api_test's play_test walks it, with its checks;
    returns {agent: sum of env.rewards after each step}."""
    env.reset(seed=seed)
    live = set(env.agents)
    finished, generated = set(), set()
    accumulated = {a: 0.0 for a in env.possible_agents}
    summed = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        generated.add(agent)
        test.assertNotIn(agent, finished, "an agent came back")
        info = env.infos[agent]
        test.assertIsInstance(info, dict)
        obs, reward, terminated, truncated, info_last = env.last()
        test.assertIs(info_last, info)
        test.assertIs(terminated, env.terminations[agent])
        test.assertIs(truncated, env.truncations[agent])
        test.assertIsInstance(terminated, bool)
        space = env.observation_space(agent)
        test.assertTrue(space.contains(obs), "observation outside its space")
        if NUMPY is not None:
            test.assertEqual(space.dtype, obs.dtype)
        test.assertEqual(accumulated[agent], reward,
                         "last() is not the rewards accumulated since the agent acted")
        accumulated[agent] = 0.0
        if terminated or truncated:
            action = None
            live.discard(agent)
            finished.add(agent)
        else:
            action = env.action_space(agent).sample(info["action_mask"])
        test.assertIsNone(env.step(action))
        for a, r in env.rewards.items():
            accumulated[a] += r
            summed[a] += r
        test.assertEqual(env.num_agents, len(env.agents))
        for table in (env.rewards, env.terminations, env.truncations, env.infos):
            test.assertEqual(set(table), set(env.agents))
        test.assertTrue(live <= set(env.agents))
        test.assertTrue(set(env.agents) <= set(env.possible_agents))
    test.assertEqual(env.agents, [])
    test.assertEqual(finished, generated, "some agent was skipped over")
    return summed


class ContractTest(unittest.TestCase):
    def test_every_game_plays_the_contract_and_pays_each_return_once(self):
        for game, players in every_setup():
            for seed in SEEDS:
                with self.subTest(game=game, players=players, seed=seed):
                    env = AECEnv(game, players=players)
                    summed = play_like_api_test(self, env, seed)
                    returns = env.state.returns
                    self.assertEqual([summed[a] for a in env.possible_agents], returns)

    def test_reset_takes_seed_and_options_and_starts_clean(self):
        env = AECEnv("bewitched", players=3)
        env.reset(seed=0, options={"options": 1})
        self.assertFalse(any(env.terminations.values()))
        self.assertFalse(any(env.truncations.values()))
        self.assertIsInstance(env.num_agents, int)
        self.assertEqual(env.agents, env.possible_agents)
        self.assertEqual(env.rewards, {a: 0.0 for a in env.agents})
        obs, *_ = env.last(observe=False)
        self.assertIsNone(obs)
        self.assertEqual(str(env), "tablegames_bewitched")

    def test_a_finished_agents_step_clears_the_rewards(self):
        env = AECEnv("witches_dance", players=3, witches=1)
        env.reset(seed=4)
        while not env.terminations[env.agent_selection]:
            env.step(env.action_space(env.agent_selection).sample(
                env.infos[env.agent_selection]["action_mask"]))
        returns = env.state.returns
        self.assertEqual(list(env.rewards.values()), returns)
        self.assertEqual(sum(returns), 1.0)
        order = list(env.agents)
        for i, agent in enumerate(order):
            self.assertEqual(env.agent_selection, agent, "finished agents leave in order")
            self.assertEqual(env.last(observe=False)[1], returns[i])
            env.step(None)
            self.assertEqual(set(env.rewards.values()) - {0.0}, set(),
                             "a dead step left the last step's rewards")
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])

    def test_a_finished_agent_must_step_none_and_nothing_changes_otherwise(self):
        env = AECEnv("creepy_cauldron", players=2, max_steps=10)
        env.reset(seed=3)
        while not env.truncations[env.agent_selection]:
            env.step(env.action_space(env.agent_selection).sample(
                env.infos[env.agent_selection]["action_mask"]))
        self.assertEqual(env.rewards, {"player_0": 0.0, "player_1": 0.0})
        self.assertTrue(all(env.truncations.values()))
        self.assertFalse(any(env.terminations.values()))
        before = (list(env.agents), env.agent_selection, dict(env.rewards))
        with self.assertRaises(ValueError):
            env.step(0)
        self.assertEqual((list(env.agents), env.agent_selection, dict(env.rewards)), before)
        env.step(None)
        env.step(None)
        self.assertEqual(env.agents, [])

    def test_a_live_agent_may_not_step_none(self):
        env = AECEnv("spinning_wishes", players=2)
        env.reset(seed=1)
        with self.assertRaises(ValueError):
            env.step(None)

    def test_the_selection_follows_the_turn(self):
        for chance_agent in (False, True):
            with self.subTest(chance_agent=chance_agent):
                env = AECEnv("witches_dance", players=4, chance_agent=chance_agent)
                env.reset(seed=7)
                for _ in range(200):
                    player = env.state.current_player
                    expected = "chance" if player == -1 else "player_%d" % player
                    self.assertEqual(env.agent_selection, expected)
                    mask = env.infos[env.agent_selection]["action_mask"]
                    env.step(env.action_space(env.agent_selection).sample(mask))
                    if env.terminations[env.agent_selection]:
                        break

    def test_spaces_are_cached_and_gymnasium_shaped(self):
        env = AECEnv("bewitched", players=2, mask_in_observation=True)
        env.reset(seed=2)
        for agent in env.possible_agents:
            a, o = env.action_space(agent), env.observation_space(agent)
            self.assertIs(env.action_space(agent), a)
            self.assertIs(env.action_spaces[agent], a)
            self.assertIs(env.observation_space(agent), o)
            self.assertIs(env.observation_spaces[agent], o)
            self.assertIsInstance(a, Discrete)
            self.assertIsInstance(o, Dict)
            self.assertIsNone(o.shape)
            self.assertIsNone(o.dtype)
            box = o["observation"]
            self.assertIsInstance(box, Box)
            self.assertEqual(a.shape, ())
            if NUMPY is not None:
                self.assertEqual(a.dtype, NUMPY.dtype("int64"))
                self.assertEqual(box.dtype, NUMPY.dtype("float32"))
                self.assertEqual(box.low.shape, box.shape)
                self.assertEqual(box.high.shape, box.shape)
            else:
                self.assertEqual((a.dtype, box.dtype), ("int64", "float32"))
            self.assertTrue(box.contains(box.sample()))
            self.assertTrue(o.contains(env.observe(agent)))
        a0, a1 = env.action_space("player_0"), env.action_space("player_1")
        self.assertIsNot(a0, a1)
        self.assertEqual(a0.seed(5), [5])
        first = [a0.sample() for _ in range(10)]
        a0.seed(5)
        self.assertEqual([a0.sample() for _ in range(10)], first)
        self.assertTrue(all(a0.contains(x) and x in a0 for x in first))
        self.assertFalse(a0.contains(a0.n) or a0.contains(-1) or a0.contains(1.0))

    def test_the_action_mask_marks_the_legal_actions(self):
        for game, players in every_setup():
            with self.subTest(game=game, players=players):
                env = AECEnv(game, players=players, mask_in_observation=True)
                env.reset(seed=5)
                for _ in range(60):
                    agent = env.agent_selection
                    if env.terminations[agent]:
                        break
                    mask = env.infos[agent]["action_mask"]
                    n = env.action_space(agent).n
                    self.assertEqual(len(mask), n)
                    if NUMPY is not None:
                        self.assertEqual(mask.dtype, NUMPY.int8)
                    self.assertEqual([i for i in range(n) if mask[i]], legal_actions(env))
                    obs = env.observe(agent)
                    self.assertIs(obs["action_mask"], mask)
                    for other in env.agents:
                        if other != agent:
                            self.assertEqual(sum(env.infos[other]["action_mask"]), 0)
                    sample = env.action_space(agent).sample(mask)
                    self.assertEqual(mask[sample], 1)
                    env.step(sample)

    def test_an_action_may_be_a_numpy_integer(self):
        if NUMPY is None:
            self.skipTest("numpy is hidden")
        env = AECEnv("witches_dance", players=2)
        env.reset(seed=0)
        action = env.action_space(env.agent_selection).sample(
            env.infos[env.agent_selection]["action_mask"])
        env.step(action)
        after = env.state.history
        env.reset(seed=0)
        env.step(NUMPY.int32(action))
        self.assertEqual(env.state.history, after)


if __name__ == "__main__":
    unittest.main()
