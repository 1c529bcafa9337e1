"""tablegames.vector.VectorEnv: the batch plays the same games as single
states (a digest of everything each path reports, and row by row), with
its seeds, rewards, done flags, refusals and arrays as documented.
VectorEnv needs numpy: without it, it says so."""

import hashlib
import unittest

from hide_numpy import NUMPY

import tablegames
from tablegames.errors import IllegalMove, InvalidArgument

if NUMPY is not None:
    from tablegames.vector import ENDED, TRUNCATED, VectorEnv


# A seed whose games include one with no winner (Bewitched, hat_put=no).
SHARED_SEED = 2


def single_row(state, game, observation):
    """What the batch writes for a state at a player's decision, computed
    with the single-state calls."""
    player = state.current_player
    tensor = state.information_tensor(player, numpy=True) if observation == "information" \
        else state.observation_tensor(player, numpy=True)
    return player, state.action_mask(numpy=True), tensor


def to_decision(state):
    while state.is_chance:
        state.step(None)


@unittest.skipIf(NUMPY is None, "VectorEnv needs numpy")
class VectorTest(unittest.TestCase):
    def play_both(self, game_id, players, slots, steps, observation="observation", seed=10,
                  draw="zero", dtype="float32", mask="bytes", **options):
        """Steps a VectorEnv and one single State per slot with the same
        random actions; checks every row; returns (batch digest, single
        digest, games ended, games ended with no winner)."""
        np = NUMPY
        env = VectorEnv(game_id, slots, players=players, seed=seed, draw=draw,
                        observation=observation, dtype=dtype, mask=mask, **options)
        game = env.game
        rng = np.random.default_rng(seed)
        obs, info = env.reset()
        n_actions = env.single_action_space.n

        def mask_rows(info):
            if mask == "bytes":
                return info["action_mask"]
            packed = info["action_mask"]
            self.assertEqual(packed.shape, (slots, (n_actions + 7) // 8))
            full = np.unpackbits(packed, axis=1, bitorder="little")
            # The bits past the last action are zero.
            self.assertFalse(full[:, n_actions:].any())
            return full[:, :n_actions]
        states = []
        for i in range(slots):
            self.assertEqual(env.seed_of(i), seed + i)
            s = game.new_state(env.seed_of(i))
            to_decision(s)
            states.append(s)
        batch, single = hashlib.sha256(), hashlib.sha256()
        ended = drawn = 0
        games = [0] * slots
        for _ in range(steps):
            masks = mask_rows(info)
            for i, s in enumerate(states):
                player, want, tensor = single_row(s, game, observation)
                if dtype == "uint8":
                    # Exact: every value a whole number 0..255.
                    self.assertTrue(((tensor >= 0) & (tensor <= 255)
                                     & (tensor == np.floor(tensor))).all())
                    tensor = tensor.astype(np.uint8)
                self.assertEqual(obs[i].dtype, tensor.dtype)
                self.assertEqual(info["player"][i], player)
                np.testing.assert_array_equal(masks[i], want)
                np.testing.assert_array_equal(obs[i], tensor)
                single.update(np.int32(player).tobytes() + want.tobytes() + tensor.tobytes())
            batch.update(b"".join(info["player"][i].tobytes() + masks[i].tobytes()
                                  + obs[i].tobytes() for i in range(slots)))
            weights = rng.random(masks.shape) * masks
            actions = weights.argmax(axis=1)
            obs, rewards, terminated, truncated, info = env.step(actions)
            for i, s in enumerate(states):
                s.step(game.action_move(s.current_player, int(actions[i])))
                to_decision(s)
                if s.is_terminal:
                    ended += 1
                    drawn += not s.winners
                    games[i] += 1
                    np.testing.assert_array_equal(rewards[i], s.utilities(draw))
                    self.assertEqual(bool(terminated[i]), not s.is_truncated)
                    self.assertEqual(bool(truncated[i]), s.is_truncated)
                    self.assertEqual(env.seed_of(i), seed + i + games[i] * slots)
                    states[i] = s = game.new_state(env.seed_of(i))
                    to_decision(s)
                else:
                    self.assertFalse(terminated[i] or truncated[i])
                    self.assertFalse(rewards[i].any())
                single.update(rewards[i].tobytes())
            batch.update(rewards.tobytes())
        env.close()
        return batch.hexdigest(), single.hexdigest(), ended, drawn

    def test_the_batch_plays_the_games_single_states_play(self):
        for game_id, players, options in (("witches_dance", 4, {}),
                                          ("witches_dance", 2, {"witches": 1}),
                                          ("creepy_cauldron", 3, {}),
                                          ("spinning_wishes", 2, {}),
                                          ("bewitched", 2, {"hat_put": "no"})):
            with self.subTest(game=game_id, players=players):
                steps = 700 if game_id != "bewitched" else 1200
                b, s, ended, _ = self.play_both(game_id, players, 4, steps, **options)
                self.assertEqual(b, s)
                self.assertGreater(ended, 0, "no game ended: the auto-reset went untested")

    def test_uint8_observations_are_the_float_ones(self):
        for game_id, players, options in (("witches_dance", 4, {}),
                                          ("creepy_cauldron", 4, {}),
                                          ("spinning_wishes", 4, {}),
                                          ("bewitched", 4, {})):
            with self.subTest(game=game_id):
                b, s, ended, _ = self.play_both(game_id, players, 3, 600, dtype="uint8",
                                                **options)
                self.assertEqual(b, s)
        env = VectorEnv("bewitched", 2, players=2, dtype="uint8")
        self.assertEqual(env.single_observation_space.dtype, NUMPY.uint8)
        self.assertEqual(env.observation.dtype, NUMPY.uint8)
        env.close()
        with self.assertRaisesRegex(InvalidArgument, "no uint8 form"):
            VectorEnv("bewitched", 2, observation="information", dtype="uint8")
        with self.assertRaisesRegex(InvalidArgument, "dtype must be"):
            VectorEnv("bewitched", 2, dtype="float64")

    def test_bit_masks_are_the_byte_ones(self):
        for game_id, players, options in (("witches_dance", 2, {}),
                                          ("creepy_cauldron", 4, {}),
                                          ("spinning_wishes", 3, {}),
                                          ("bewitched", 4, {})):
            with self.subTest(game=game_id):
                b, s, ended, _ = self.play_both(game_id, players, 3, 600, dtype="uint8",
                                                mask="bits", **options)
                self.assertEqual(b, s)
        env = VectorEnv("bewitched", 2, players=4, mask="bits")
        self.assertEqual(env.action_mask.shape, (2, 355))
        env.close()
        with self.assertRaisesRegex(InvalidArgument, "mask must be"):
            VectorEnv("bewitched", 2, mask="packed")

    def test_information_tensors_and_shared_draws(self):
        b, s, ended, drawn = self.play_both("bewitched", 2, 4, 2500, observation="information",
                                            draw="shared", hat_put="no", seed=SHARED_SEED)
        self.assertEqual(b, s)
        self.assertGreater(drawn, 0, "no game without a winner: the shared draw went untested")

    def test_arrays_are_the_envs_own_unless_copied(self):
        env = VectorEnv("witches_dance", 8, players=2)
        obs, info = env.reset(seed=3)
        obs2, _, _, _, info2 = env.step(info["action_mask"].argmax(axis=1))
        self.assertIs(obs2, obs)
        self.assertIs(info2["action_mask"], info["action_mask"])
        copied = VectorEnv("witches_dance", 8, players=2, copy=True)
        o1, i1 = copied.reset(seed=3)
        o2, *_ = copied.step(i1["action_mask"].argmax(axis=1))
        self.assertIsNot(o1, o2)
        self.assertEqual(o1.dtype, NUMPY.float32)
        self.assertEqual(o1.shape, (8,) + copied.single_observation_space.shape)
        self.assertEqual(i1["action_mask"].shape, (8, copied.single_action_space.n))

    def test_reset_with_a_seed_repeats_the_run(self):
        env = VectorEnv("creepy_cauldron", 5, players=2, seed=1)
        runs = []
        for _ in range(2):
            obs, info = env.reset(seed=42)
            seen = [obs.copy()]
            for _ in range(30):
                obs, *_, info = env.step(info["action_mask"].argmax(axis=1))
                seen.append(obs.copy())
            runs.append(NUMPY.stack(seen))
        NUMPY.testing.assert_array_equal(runs[0], runs[1])
        self.assertEqual(env.seed_of(4), 46)

    def test_an_illegal_action_refuses_the_whole_step(self):
        env = VectorEnv("witches_dance", 4, players=3)
        obs, info = env.reset(seed=2)
        before = (obs.copy(), info["action_mask"].copy(), info["player"].copy())
        actions = info["action_mask"].argmax(axis=1)
        bad = actions.copy()
        bad[2] = int(NUMPY.flatnonzero(info["action_mask"][2] == 0)[0])
        with self.assertRaisesRegex(IllegalMove, "2"):
            env.step(bad)
        for a, b in zip(before, (obs, info["action_mask"], info["player"])):
            NUMPY.testing.assert_array_equal(a, b)
        for wrong in (actions[:3], actions.astype(NUMPY.float64), -actions - 1):
            with self.assertRaises(InvalidArgument):
                env.step(wrong)
        env.step(actions)  # the env still works
        with self.assertRaises(InvalidArgument):
            env.seed_of(4)
        with self.assertRaises(InvalidArgument):
            VectorEnv("witches_dance", 0)
        with self.assertRaises(InvalidArgument):
            VectorEnv("witches_dance", 2, draw="half")

    def test_a_slots_state_can_be_searched_from(self):
        env = VectorEnv("bewitched", 2, players=2, seed=5)
        obs, info = env.reset()
        for _ in range(40):
            obs, *_, info = env.step(info["action_mask"].argmax(axis=1))
        s = env.clone_state(1)
        player = s.current_player
        self.assertEqual(player, info["player"][1])
        NUMPY.testing.assert_array_equal(s.observation_tensor(player, numpy=True), obs[1])
        s.playout()  # an owned copy: playing it leaves the slot alone
        self.assertTrue(s.is_terminal)
        NUMPY.testing.assert_array_equal(env.clone_state(1).observation_tensor(
            player, numpy=True), obs[1])
        env.close()
        with self.assertRaises(tablegames.ClosedError):
            env.reset()


class WithoutNumpyTest(unittest.TestCase):
    @unittest.skipIf(NUMPY is not None, "numpy is installed")
    def test_vectorenv_says_it_needs_numpy(self):
        from tablegames.vector import VectorEnv as V
        with self.assertRaisesRegex(ModuleNotFoundError, "numpy"):
            V("witches_dance", 2)


if __name__ == "__main__":
    unittest.main()
