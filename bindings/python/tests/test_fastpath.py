"""The calls meant for loops that play many decisions: playout(), apply_id(),
apply_chance(notation=False) and the reused buffer of legal_move_ids()."""

import unittest

import tablegames
from support import every_setup
from tablegames.errors import IllegalMove, InvalidArgument


class PlayoutTest(unittest.TestCase):
    def test_plays_every_game_to_the_end_and_records_it(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = tablegames.Game(game_id, players=players)
                state = tablegames.State(game, 11)
                made = state.playout()
                self.assertTrue(state.is_terminal)
                self.assertEqual(made, state.move_number)
                self.assertEqual(made, len(state.history))
                # A save replays every recorded decision and checks it.
                self.assertEqual(tablegames.State.load(state.save()), state)
                self.assertEqual(state.playout(), 0)

    def test_limit_and_seed_give_the_same_decisions(self):
        game = tablegames.Game("witches_dance", players=3)
        one, two = tablegames.State(game, 99), tablegames.State(game, 99)
        self.assertEqual(one.playout(0), 0)
        self.assertEqual(one.playout(40), 40)
        self.assertEqual(two.playout(1) + two.playout(39), 40)
        self.assertEqual(one.history, two.history)
        self.assertEqual(one.save(), two.save())

    def test_refuses_bad_limits(self):
        state = tablegames.State(tablegames.Game("creepy_cauldron", players=2), 1)
        for bad in (-1, 2 ** 32):
            with self.assertRaises(InvalidArgument):
                state.playout(bad)
        for bad in (1.5, "3", True):
            with self.assertRaises(TypeError):
                state.playout(bad)
        self.assertEqual(state.move_number, 0)


class PlainIdsTest(unittest.TestCase):
    def test_the_id_loop_plays_the_same_game_as_the_move_loop(self):
        game = tablegames.Game("spinning_wishes", players=4)
        fast, slow = tablegames.State(game, 5), tablegames.State(game, 5)
        while not fast.is_terminal:
            if fast.is_chance:
                outcome = fast.apply_chance(notation=False)
                self.assertIsInstance(outcome, int)
                self.assertEqual(slow.apply_chance(), outcome)
            else:
                ids = fast.legal_move_ids()
                self.assertEqual(ids, [int(m) for m in slow.legal_moves()])
                pick = ids[len(ids) // 2]
                self.assertIsNone(fast.apply_id(pick))
                slow.apply(pick)
        self.assertEqual(fast, slow)
        self.assertEqual(fast.history, slow.history)

    def test_apply_id_refuses_what_apply_refuses(self):
        state = tablegames.State(tablegames.Game("witches_dance", players=2), 1)
        before = state.save()
        with self.assertRaises(IllegalMove):
            state.apply_id(10 ** 6)
        with self.assertRaises(IllegalMove):
            state.apply_id(2 ** 32)
        with self.assertRaises(TypeError):
            state.apply_id("1")
        self.assertEqual(state.save(), before)

    def test_each_list_is_a_new_list(self):
        # The buffer is reused; the lists handed out must not change with it.
        state = tablegames.State(tablegames.Game("witches_dance", players=2), 3)
        first = state.legal_move_ids()
        kept = list(first)
        while state.legal_move_ids() == kept:
            state.playout(1)
        self.assertEqual(first, kept)


if __name__ == "__main__":
    unittest.main()
