"""After a fault: every game's stored history replays through the library
to its current state.

For each table: its root save loads (tg_state_load), its decisions replay
through tg_state_apply with every drawn die drawn again from the state's
RNG, and the result equals (tg_state_equal) the state the server's own
loader builds from the same rows, the state reloaded from the replay's
full binary save, and - for a server in this process - the live state
(compared under the live table's lock, so nothing is decided meanwhile).
"""

import contextlib

import tablegames

from tablegames_table.bots import BotRunner
from tablegames_table.live import LiveTable


async def replay(store, table_id):
    """The table's state rebuilt from the store by the library alone."""
    stored = await store.load_table(table_id)
    state = tablegames.State.load(stored.root)
    for d in await store.decisions(table_id):
        if d.kind == "drawn":
            drawn = int(state.sample_chance())
            assert drawn == d.move, "table %s decision %d: RNG gives %d, stored %d" % (
                table_id, d.seq, drawn, d.move)
        state.apply(d.move)
    return state, stored


async def _check_one(test, store, table_id, runner, live):
    state, stored = await replay(store, table_id)
    loaded = await LiveTable.load(store, table_id, runner)
    again = tablegames.State.load(state.save())
    try:
        test.assertTrue(loaded.state == state, table_id)
        test.assertTrue(again == state, table_id)
        test.assertEqual(stored.finished, state.is_terminal, table_id)
        if live is not None:
            test.assertEqual(live.version, loaded.version, table_id)
            test.assertTrue(live.state == state, table_id)
        return loaded.version
    finally:
        for s in (again, state, loaded.state):
            s.close()


async def check_histories(test, store, table_ids, live_tables=None):
    """Asserts the replay for every table; returns {table_id: version}."""
    runner = BotRunner(pace=0)
    versions = {}
    try:
        for table_id in table_ids:
            live = (live_tables or {}).get(table_id)
            async with (live.lock if live is not None else contextlib.nullcontext()):
                versions[table_id] = await _check_one(test, store, table_id, runner, live)
    finally:
        runner.close()
    return versions
