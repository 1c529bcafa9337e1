"""Moves know what they were made for: a Move a state hands out is refused
in another position (IllegalMove: a stale list after a roll, a clone that
went its own way) or game (Mismatch), with words and the state unchanged;
plain ids stay unchecked. And undo that forbids re-rolls."""

import json
import pickle
import random
import unittest

import tablegames
from tablegames import (CHANCE, IllegalMove, Mismatch, Move, NothingToUndo, State,
                        TERMINAL)

GAMES = [info.id for info in tablegames.games()]


def to_choice(state, rng, at_least=0):
    """Random decisions until a player with two moves or more is to move."""
    for i in range(5000):
        if state.current_player == TERMINAL:
            return False
        if state.is_chance:
            state.apply_chance(notation=False)
        elif i >= at_least and len(state.legal_move_ids()) >= 2:
            return True
        else:
            state.apply_id(rng.choice(state.legal_move_ids()))
    return False


class Refusals(unittest.TestCase):
    def refused(self, state, call, error):
        before = state.save()
        with self.assertRaises(error) as caught:
            call()
        self.assertEqual(state.save(), before, "a refused move changes nothing")
        return str(caught.exception)

    def test_stale_moves_in_every_game(self):
        for game_id in GAMES:
            with self.subTest(game=game_id):
                state = tablegames.Game(game_id).new_state(5)
                self.assertTrue(to_choice(state, random.Random(1), 12))
                moves = state.legal_moves()
                self.assertIs(state.apply(moves[0]), moves[0])
                words = self.refused(state, lambda: state.apply(moves[1]), IllegalMove)
                self.assertRegex(words, r"^TG_E_ILLEGAL_MOVE: apply: Move '.+' \(id \d+\) was "
                                        r"made for the position at move \d+; here, at move \d+,"
                                        r" id \d+ (means '.*'|is not a legal move)\.")
                self.refused(state, lambda: state.step(moves[1]), IllegalMove)
                self.assertFalse(state.is_legal(moves[1]))
                self.assertNotIn(moves[1], state.legal_moves())
                # the id is the unchecked fast path
                if int(moves[1]) in state.legal_move_ids():
                    state.apply(int(moves[1]))

    def test_bewitched_moves_of_one_roll_after_another(self):
        state = tablegames.Game("bewitched").new_state(9)
        same_id = 0
        for tries in range(200):
            self.assertTrue(to_choice(state, random.Random(tries), 1))
            moves = state.legal_moves()
            while state.history_player(state.history_length - 1) != CHANCE:
                state.undo()
            rolled = state.history[-1]
            state.undo()
            other = next(m for m, _ in state.chance_outcomes() if m != rolled)
            state.apply(other)
            if state.current_player < 0:
                continue
            for move in moves:
                same_id += state.is_legal(int(move))
                words = self.refused(state, lambda: state.apply(move), IllegalMove)
                self.assertIn("Move %r (id %d) was made for" % (move.text, move), words)
            if same_id:
                return
        self.fail("no id was legal after two different rolls")

    def test_moves_of_other_games(self):
        states = {}
        for game_id in GAMES:
            state = tablegames.Game(game_id).new_state(3)
            self.assertTrue(to_choice(state, random.Random(2)))
            states[game_id] = state
        for a in GAMES:
            move = states[a].legal_moves()[0]
            for b in GAMES:
                if a != b:
                    words = self.refused(states[b], lambda: states[b].apply(move), Mismatch)
                    self.assertIn("was made for %s; this state plays %s"
                                  % (states[a].game.name, states[b].game.name), words)
                    self.refused(states[b], lambda: states[b].step(move), Mismatch)
        # the same game with other options: the options are named
        two = tablegames.Game("witches_dance", players=2).new_state(1)
        three = tablegames.Game("witches_dance", players=3).new_state(1)
        words = self.refused(three, lambda: three.apply(two.legal_moves()[0]), Mismatch)
        self.assertIn("players=2", words)
        # an equal game made anew takes it
        again = tablegames.Game("witches_dance", players=2).new_state(1)
        again.apply(two.legal_moves()[0])

    def test_a_clone_at_the_position_takes_it_a_diverged_one_not(self):
        for game_id in GAMES:
            with self.subTest(game=game_id):
                state = tablegames.Game(game_id).new_state(6)
                self.assertTrue(to_choice(state, random.Random(3), 4))
                moves = state.legal_moves()
                clone = state.clone()
                clone.apply(moves[1])
                diverged = clone.legal_moves()
                if diverged:
                    self.refused(state, lambda: state.apply(diverged[0]), IllegalMove)
                clone.undo()
                clone.apply(moves[0])
                state.step(moves[0])
                self.assertEqual(state, clone)

    def test_moves_of_chance_parse_and_bots_carry_their_origin(self):
        state = tablegames.Game("witches_dance").new_state(2)
        self.assertEqual(state.current_player, CHANCE)
        outcome = state.chance_outcomes()[0][0]
        drawn = state.sample_chance()
        played = state.apply_chance()
        for move in (outcome, drawn, played):
            self.refused(state, lambda: state.apply(move), IllegalMove)
        parsed = state.parse_move(state.legal_moves()[0].text)
        chosen = tablegames.Bot(state.game, state.current_player, level="random").choose(state)
        state.apply(parsed)
        self.refused(state, lambda: state.apply(parsed), IllegalMove)
        self.refused(state, lambda: state.apply(chosen), IllegalMove)


class MoveValues(unittest.TestCase):
    def test_equality_hash_and_what_a_move_shows(self):
        state = tablegames.Game("witches_dance").new_state(2)
        self.assertTrue(to_choice(state, random.Random(5), 30))
        moves = state.legal_moves()
        first = moves[0]
        self.assertEqual(first, int(first))  # compatible: equal to its id
        self.assertEqual(hash(first), hash(int(first)))
        self.assertEqual(first, state.clone().legal_moves()[0])  # same position
        self.assertIn(first, state.legal_moves())
        other = state.clone()
        other.apply(moves[1])
        stale = Move(int(first), first.text, first.origin)
        self.assertEqual(stale, first)
        other_first = [m for m in other.legal_moves() if int(m) == int(first)]
        for m in other_first:  # the same id made for another position
            self.assertNotEqual(m, first)
            self.assertEqual({m: 1}.get(int(first)), 1)
        # repr, pickle and JSON show the id and text, never the key
        self.assertNotIn(str(first.origin.key), repr(first) + repr(first.origin))
        self.assertEqual(pickle.loads(pickle.dumps(first)), int(first))
        self.assertEqual(json.dumps(first), str(int(first)))

    def test_a_move_by_hand_is_checked_by_its_text(self):
        state = tablegames.Game("witches_dance").new_state(2)
        self.assertTrue(to_choice(state, random.Random(5), 30))
        first, second = state.legal_moves()[:2]
        with self.assertRaises(IllegalMove):
            state.apply(Move(int(first), second.text))
        state.apply(Move(int(first), first.text))


class UndoRerolls(unittest.TestCase):
    def test_undo_rerolls_by_default(self):
        differed = False
        for seed in range(1, 40):
            state = tablegames.Game("bewitched").new_state(seed)
            self.assertFalse(state.undo_rewinds_rng)
            if not to_choice(state, random.Random(seed), 3):
                continue
            while not state.is_chance and not state.is_terminal:
                state.apply_id(state.legal_move_ids()[0])
            if state.is_terminal:
                continue
            a = state.apply_chance(notation=False)
            state.undo()
            if state.apply_chance(notation=False) != a:
                differed = True
                break
        self.assertTrue(differed, "some roll taken back came out differently (1.3)")

    def test_rewinding_forbids_rerolls(self):
        for game_id in GAMES:
            with self.subTest(game=game_id):
                state = tablegames.Game(game_id).new_state(12)
                state.undo_rewinds_rng = True
                self.assertTrue(state.undo_rewinds_rng)
                with self.assertRaises(TypeError):
                    state.undo_rewinds_rng = 1
                for _ in range(60):
                    if state.is_terminal:
                        break
                    if not state.is_chance:
                        state.apply_id(state.legal_move_ids()[0])
                        continue
                    a = state.apply_chance()
                    state.undo()
                    self.assertEqual(int(state.apply_chance()), int(a))
                    state.undo()
                    self.assertEqual(state.step().applied, int(a))
                self.assertTrue(state.clone().undo_rewinds_rng)
                loaded = State.load(state.save())
                self.assertFalse(loaded.undo_rewinds_rng)
                if loaded.history and loaded.history_player(loaded.history_length - 1) == CHANCE:
                    loaded.undo_rewinds_rng = True
                    with self.assertRaises(NothingToUndo):
                        loaded.undo()


if __name__ == "__main__":
    unittest.main()
