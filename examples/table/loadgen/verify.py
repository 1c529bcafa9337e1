"""After a load run: nothing its people were shown is missing from the
store, and every table's history replays through the library (the root
save loads, each decision applies, each drawn die is what the state's RNG
draws, and the full save loads back to an equal state)."""

import tablegames

from tablegames_table.server import make_store


def _replays(stored, decisions):
    state = tablegames.State.load(stored.root)
    try:
        for d in decisions:
            if d.kind == "drawn" and int(state.sample_chance()) != d.move:
                return False
            state.apply(d.move)
        again = tablegames.State.load(state.save())
        try:
            return again == state
        finally:
            again.close()
    finally:
        state.close()


async def verify(db, seen):
    """seen: {table id: highest version its people were shown}."""
    store = make_store(db)
    await store.open()
    lost, failures, decisions = [], [], 0
    try:
        for table_id, version in sorted(seen.items()):
            stored = await store.load_table(table_id)
            rows = await store.decisions(table_id)
            decisions += len(rows)
            if len(rows) < version:
                lost.append(table_id)
            try:
                if not _replays(stored, rows):
                    failures.append(table_id)
            except tablegames.TableGamesError:
                failures.append(table_id)
    finally:
        await store.close()
    return {"tables": len(seen), "stored_decisions": decisions, "lost": lost,
            "replay_failures": failures, "ok": not lost and not failures}
