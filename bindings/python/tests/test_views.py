"""The 1.2 views: the public viewer, observation tensors as array('f')
(new or in a caller's buffer) and information states."""

import unittest
from array import array

import tablegames
from tablegames.errors import InvalidArgument


def played(game_id, players, seed, decisions):
    state = tablegames.State(tablegames.Game(game_id, players=players), seed)
    state.playout(decisions)
    return state


class TensorTest(unittest.TestCase):
    def test_tensor_is_an_array_of_the_documented_size(self):
        for info in tablegames.games():
            state = played(info.id, info.min_players, 3, 40)
            t = state.observation_tensor(0)
            self.assertIsInstance(t, array)
            self.assertEqual(t.typecode, "f")
            self.assertEqual(len(t), state.tensor_size())
            # The core's slots: exactly one "whose turn" flag is set.
            n = state.players
            self.assertEqual(sum(t[:n + 2]), 1.0)

    def test_a_callers_buffer_is_filled_in_place(self):
        state = played("witches_dance", 3, 5, 60)
        buf = array("f", [7.0] * (state.tensor_size() + 3))
        self.assertIs(state.observation_tensor(tablegames.PUBLIC, out=buf), buf)
        self.assertEqual(list(buf), list(state.observation_tensor(tablegames.PUBLIC))
                         + [7.0] * 3)
        with self.assertRaises(InvalidArgument):
            state.observation_tensor(0, out=array("f", [0.0]))
        with self.assertRaises(InvalidArgument):
            state.observation_tensor(9)


class PublicViewTest(unittest.TestCase):
    def test_public_view_hides_a_peek(self):
        state = tablegames.State.from_json(
            '{"game":"witches_dance","options":"players=3","position":{"phase":"choose",'
            '"player":0,"die":6,"circle":{"yellow":[1,2,3,4],"red":[8,9,10,11],'
            '"lightblue":[30,31,32,33]}}}')
        state.apply("peek9")
        self.assertEqual(state.observation(0)["known_color"][9], "red")
        self.assertIsNone(state.observation(tablegames.PUBLIC)["known_color"][9])
        self.assertNotIn("color", state.events(tablegames.PUBLIC)[0])
        self.assertIn("@", state.to_text(tablegames.PUBLIC))


class InformationTest(unittest.TestCase):
    def test_key_is_128_bits_of_the_json(self):
        state = played("spinning_wishes", 2, 8, 50)
        key = state.information_key(1)
        self.assertTrue(0 <= key < 2 ** 128)
        self.assertEqual(key, state.clone().information_key(1))
        text = state.information_json(1)
        self.assertTrue(text.startswith('{"observation":'))
        with self.assertRaises(InvalidArgument):
            state.information_key(tablegames.PUBLIC)


if __name__ == "__main__":
    unittest.main()
