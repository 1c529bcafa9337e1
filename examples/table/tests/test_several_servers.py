"""Two server processes on one PostgreSQL database serve the same tables:
a move made through one reaches the seats on the other (LISTEN/NOTIFY),
and two moves racing for one decision from the two end with exactly one
stored (the version is checked in the same transaction)."""

import asyncio
import unittest

from progress import STALL, while_moving
from several_servers import ServersOnOneDatabase

PERSON = {"kind": "person"}


class MovesReachTheOtherServer(ServersOnOneDatabase):
    async def test_seats_on_two_servers_play_one_game(self):
        table, keys = await self.table("witches_dance", [PERSON, PERSON], options={"witches": 2})
        ann = self.player(table, 0, keys[0], first=0)
        bob = self.player(table, 1, keys[1], first=1)
        # The news of each move crosses over: no server polls the
        # database, so without NOTIFY the other seat would wait for ever.
        done = lambda: ann.over() or min(ann.version, bob.version) >= 60   # noqa: E731
        await while_moving(asyncio.gather(ann.play(self.session, done),
                                          bob.play(self.session, done)),
                           lambda: (ann.version, bob.version), "the game on two servers")
        self.assertEqual((ann.connections, bob.connections), (1, 1))
        # Both seats saw every version, each through its own server.
        for p in (ann, bob):
            seen = [m["version"] for m in p.acked]
            self.assertEqual(seen, list(range(seen[0], seen[-1] + 1)))
        await self.check_everything([ann, bob])


class RacingDecisions(ServersOnOneDatabase):
    async def race(self, table, seat_keys, kind, pick):
        """Connects each (seat, key) to a different server; at each point
        where pick(i, state) gives connection i a move, all send theirs for
        the same version at once. Returns how many races were run."""
        socks = []
        for i, (seat, key) in enumerate(seat_keys):
            ws = await self.session.ws_connect("%s/ws/%s" % (self.bases[i % 2], table))
            await ws.send_json({"type": "hello", "seat": seat, "key": key})
            self.assertEqual((await ws.receive_json(timeout=STALL))["type"], "welcome")
            socks.append(ws)
        latest = [await self.next_state(ws) for ws in socks]
        rounds, stale = 0, 0
        for _ in range(6):
            target = max(m["version"] for m in latest)
            latest = await asyncio.gather(*(
                self.until(ws, m, lambda s, i=i: s["version"] >= target
                           and (s["turn"]["over"] or pick(i, s) is not None), autoplay=True)
                for i, (ws, m) in enumerate(zip(socks, latest))))
            version = latest[0]["version"]
            if any(m["version"] != version for m in latest) or latest[0]["turn"]["over"]:
                break
            choices = [pick(i, m) for i, m in enumerate(latest)]
            await asyncio.gather(*(ws.send_json({"type": kind, "move": c, "version": version})
                                   for ws, c in zip(socks, choices)))
            # Exactly one decision follows that version (the one making
            # version + 1), and it is one of the racers'.
            made = await self.stored_after(table, version)
            self.assertEqual(len(made), 1)
            self.assertIn(made[0].move, choices)
            # Everyone hears of it; a sender whose move lost hears "stale".
            if len(set(choices)) == len(choices):
                winner = choices.index(made[0].move)
                latest = [await self.answer(ws, version, stale=i != winner)
                          for i, ws in enumerate(socks)]
                losers = len(socks) - 1
            else:   # the same move from both: one of them, either, is refused
                heard = await asyncio.gather(*(self.answer(ws, version, stale=None)
                                               for ws in socks))
                latest = [h[0] for h in heard]
                losers = sum(h[1] for h in heard)
            self.assertEqual(losers, len(socks) - 1)
            stale += losers
            rounds += 1
        for ws in socks:
            await ws.close()
        self.assertGreater(stale, 0)       # the race was run, and lost by someone
        return rounds

    async def stored_after(self, table, version):
        """The stored decisions that make version + 1 (once there is one)."""
        end = asyncio.get_running_loop().time() + STALL
        while asyncio.get_running_loop().time() < end:
            made = [d for d in await self.store.decisions(table, after=version)
                    if d.seq == version + 1]
            if made:
                return made
            await asyncio.sleep(0.025)
        return []

    async def next_state(self, ws):
        while True:
            m = await ws.receive_json(timeout=STALL)
            if m["type"] == "state":
                return m

    async def until(self, ws, current, predicate, autoplay=False):
        """The first state from current on that satisfies predicate; with
        autoplay, the seat plays its first move when it is to move
        meanwhile (the moves between the races)."""
        while not predicate(current):
            if autoplay and "moves" in current:
                await ws.send_json({"type": "move", "move": current["moves"][0]["id"],
                                    "version": current["version"]})
            current = await self.next_state(ws)
        return current

    async def answer(self, ws, version, stale):
        """The state after version; with stale, also the refusal "stale"
        (the loser's server tells it the news, then refuses its move);
        with stale None, (state, whether the move was refused). A ping
        sent after the move is answered after the move's refusal, if it
        has one: no time window to guess."""
        state, refused = None, False
        while state is None or (stale and not refused):
            m = await ws.receive_json(timeout=STALL)
            if m["type"] == "error":
                self.assertEqual(m["code"], "stale", m)
                self.assertIsNot(stale, False, m)
                refused = True
            elif m["type"] == "state" and m["version"] > version:
                state = m
        if stale is not None:
            return state
        await ws.send_json({"type": "ping"})
        while True:
            m = await ws.receive_json(timeout=STALL)
            if m["type"] == "pong":
                break
            if m["type"] == "error":
                self.assertEqual(m["code"], "stale", m)
                refused = True
            elif m["type"] == "state":
                state = m
        return state, refused

    async def test_one_seat_open_on_both_servers_moves_once(self):
        table, keys = await self.table("witches_dance", [PERSON, {"kind": "bot", "level": "easy"}],
                                       options={"witches": 1})
        # The same link opened on two devices, one on each server; the two
        # devices play different moves when there is a choice.
        def pick(i, state):
            if "moves" not in state:
                return None
            moves = state["moves"]
            return moves[(state["version"] + i) % len(moves)]["id"]
        rounds = await self.race(table, [(0, keys[0]), (0, keys[0])], "move", pick)
        self.assertGreaterEqual(rounds, 1)
        decisions = await self.store.decisions(table)
        self.assertEqual([d.seq for d in decisions], list(range(1, len(decisions) + 1)))

    async def test_two_people_entering_one_roll_count_once(self):
        table, keys = await self.table("witches_dance", [PERSON, PERSON], companion=True,
                                       options={"witches": 1})

        def pick(i, state):
            # Ann enters the first outcome, Bob the last: never the same.
            if "chance" in state:
                return state["chance"]["outcomes"][-i]["id"]
            return None

        rounds = await self.race(table, [(0, keys[0]), (1, keys[1])], "enter", pick)
        self.assertGreaterEqual(rounds, 1)
        entered = [d for d in await self.store.decisions(table) if d.kind == "entered"]
        self.assertEqual(len(entered), len({d.seq for d in entered}))


class ComputerSeatsWithTwoServers(ServersOnOneDatabase):
    async def test_bots_play_once_whichever_server_their_people_use(self):
        games = [("bewitched", {}), ("creepy_cauldron", {}),
                 ("spinning_wishes", {"princesses": "seat"})]
        players = []
        for n, (game, options) in enumerate(games):
            table, keys = await self.table(game, [PERSON, {"kind": "bot", "level": "easy"},
                                                  PERSON], on=n % 2, options=options)
            players += [self.player(table, 0, keys[0], first=0),
                        self.player(table, 2, keys[2], first=1)]

        def done():
            return all(p.over() or p.version >= 40 for p in players)
        await while_moving(asyncio.gather(*(p.play(self.session, done) for p in players)),
                           lambda: sum(p.version for p in players), "three games")
        versions = await self.check_everything(players)
        self.assertTrue(all(v >= 40 for v in versions.values()), versions)


if __name__ == "__main__":
    unittest.main()
