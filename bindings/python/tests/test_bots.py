"""Computer players from Python: every game and player count played to the
end by bots, hints, and bot misuse."""

import threading
import unittest

import tablegames
from tablegames import Bot, ClosedError, Game, InvalidArgument

from support import every_setup, play_out, seeded


def play_with_bots(test, state, bots):
    """Plays to the end, every seat by its bot; checks each choice."""
    while not state.is_terminal:
        if state.is_chance:
            state.apply_chance()
            continue
        player = state.current_player
        before = state.save()
        move = bots[player].choose(state)
        test.assertEqual(state.save(), before, "choose() changed the state")
        test.assertIn(int(move), state.legal_move_ids())
        state.apply(move)


class BotGameTest(unittest.TestCase):
    def test_cheap_bots_finish_every_game(self):
        for game_id, players in every_setup():
            for level in ("random", "easy"):
                with self.subTest(game=game_id, players=players, level=level):
                    game = Game(game_id, players=players)
                    bots = [Bot(game, p, level, seed=p) for p in range(players)]
                    state = game.new_state(21)
                    play_with_bots(self, state, bots)
                    self.assertEqual(bots[0].last_simulations, 0)

    def test_search_bot_chooses_and_hints(self):
        for game_id, players in every_setup():
            with self.subTest(game=game_id, players=players):
                game = Game(game_id, players=players)
                state = game.new_state(22)
                play_out(state, seeded(game_id, players, 22), limit=6)
                while state.is_chance:
                    state.apply_chance()
                if state.is_terminal:
                    continue
                bot = Bot(game, state.current_player, "medium", simulations=40, seed=1)
                self.assertIn(int(bot.choose(state)), state.legal_move_ids())
                self.assertGreater(bot.last_simulations, 0)
                ranked = bot.hint(state)
                self.assertEqual(sorted(int(m) for m, _s in ranked), state.legal_move_ids())
                # Search bots score by estimated chance of winning. (Best first
                # is the bot's own ranking, by visits; scores need not be sorted.)
                self.assertTrue(all(0.0 <= s <= 1.0 for _m, s in ranked))
                self.assertTrue(all(m.text for m, _s in ranked))

    def test_same_seed_same_choice(self):
        game_id, players = every_setup()[0]
        game = Game(game_id, players=players)
        state = game.new_state(23)
        while state.is_chance:
            state.apply_chance()
        a = Bot(game, state.current_player, "medium", simulations=30, seed=5)
        b = Bot(game, state.current_player, "medium", simulations=30, seed=5)
        self.assertEqual(a.choose(state), b.choose(state))


class BotMisuseTest(unittest.TestCase):
    def setUp(self):
        self.game_id, self.players = every_setup()[0]
        self.game = Game(self.game_id, players=self.players)
        self.state = self.game.new_state(24)
        while self.state.is_chance:
            self.state.apply_chance()

    def test_bad_arguments(self):
        for seat in (-1, self.players, 2 ** 40):
            with self.subTest(seat=seat), self.assertRaises(InvalidArgument):
                Bot(self.game, seat)
        for level in ("genius", 7, -1):
            with self.subTest(level=level), self.assertRaises(InvalidArgument):
                Bot(self.game, 0, level)
        for bad in ({"simulations": -1}, {"simulations": 2 ** 32}, {"seconds": -1.0},
                    {"seconds": float("nan")}, {"seed": -1}):
            with self.subTest(params=bad), self.assertRaises(InvalidArgument):
                Bot(self.game, 0, **bad)
        with self.assertRaises(TypeError):
            Bot("game", 0)
        with self.assertRaises(TypeError):
            Bot(self.game, "0")
        bot = Bot(self.game, 0, "random")
        with self.assertRaises(TypeError):
            bot.choose("state")

    def test_refusals_say_why(self):
        with self.assertRaises(InvalidArgument) as ctx:
            Bot(self.game, 99)
        self.assertIn("seat 99 is not in this", ctx.exception.message)
        with self.assertRaises(InvalidArgument) as ctx:
            Bot(self.game, 0, simulations=2 ** 31)
        self.assertIn("simulations", ctx.exception.message)
        with self.assertRaises(InvalidArgument):
            Bot(self.game, 0, memory="everything")
        other_seat = (self.state.current_player + 1) % self.players
        with self.assertRaises(tablegames.WrongPhase) as ctx:
            Bot(self.game, other_seat, "easy").choose(self.state)
        self.assertIn("turn", ctx.exception.message)

    def test_settings_are_read_back_with_defaults_resolved(self):
        hard = Bot(self.game, 0, "hard", seed=9)
        self.assertEqual(hard.settings, {"level": "hard", "simulations": 3000, "seconds": 0.0,
                                         "seed": 9, "memory": "full"})
        self.assertEqual(Bot(self.game, 0, "easy").settings["memory"], "last")
        self.assertEqual(Bot(self.game, 0, "hard", memory="last").settings["memory"], "last")

    def test_a_stop_asked_before_a_decision_ends_it(self):
        bot = Bot(self.game, self.state.current_player, "hard", simulations=100)
        bot.stop()
        self.assertIn(int(bot.choose(self.state)), self.state.legal_move_ids())
        self.assertEqual(bot.last_simulations, 0)
        bot.choose(self.state)
        self.assertEqual(bot.last_simulations, 100)

    def test_wrong_turn_and_wrong_game(self):
        other_seat = (self.state.current_player + 1) % self.players
        bot = Bot(self.game, other_seat, "easy")
        with self.assertRaises(tablegames.WrongPhase):
            bot.choose(self.state)
        with self.assertRaises(tablegames.WrongPhase):
            bot.hint(self.state)
        mine = Bot(self.game, self.state.current_player, "easy")
        others = [(g, n) for g, n in every_setup() if (g, n) != (self.game_id, self.players)]
        if others:
            foreign = Game(others[0][0], players=others[0][1]).new_state(0)
            while foreign.is_chance:
                foreign.apply_chance()
            with self.assertRaises(tablegames.TableGamesError):
                mine.choose(foreign)

    def test_closed_bot_raises_and_outlives_its_game(self):
        bot = Bot(self.game, self.state.current_player, "random")
        self.game.close()
        self.assertIn(int(bot.choose(self.state)), self.state.legal_move_ids())
        with bot:
            pass
        for call in (lambda: bot.choose(self.state), lambda: bot.hint(self.state),
                     lambda: bot.last_simulations):
            with self.assertRaises(ClosedError):
                call()
        bot.stop()   # harmless once closed
        bot.close()
        self.assertIn("closed", repr(bot))

    def test_stop_from_another_thread(self):
        bot = Bot(self.game, self.state.current_player, "hard", seconds=30.0, seed=3)
        result = []
        worker = threading.Thread(target=lambda: result.append(bot.choose(self.state)))
        worker.start()
        timer = threading.Timer(0.3, bot.stop)
        timer.start()
        worker.join(20)
        timer.join()
        self.assertFalse(worker.is_alive(), "stop() did not end the search")
        self.assertIn(int(result[0]), self.state.legal_move_ids())
        bot.close()


if __name__ == "__main__":
    unittest.main()
