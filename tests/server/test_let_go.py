"""Letting go of a table another process plays: a process leaves an unwatched table to the
process that changed it, and of two processes both driving a table nobody watches, exactly
one gives way, so that the table is never left with nothing to drive it."""

from __future__ import annotations

import asyncio
import random

from crafthall.server.creation import new_table
from crafthall.server.fanout import Origin, gives_way
from crafthall.server.hub import Hub
from crafthall.server.settings import Settings
from crafthall.server.table import LiveTable
from tests.server.helpers import store_on


def _process_id(picker: random.Random) -> str:
    return "".join(picker.choice("0123456789abcdef") for _ in range(16))


def test_of_two_processes_exactly_one_gives_way() -> None:
    picker = random.Random(3)
    here, there = _process_id(picker), _process_id(picker)
    outcomes = []
    for number in range(400):
        table_id = f"table-{number}"
        mine, theirs = gives_way(here, there, table_id), gives_way(there, here, table_id)
        assert mine != theirs
        outcomes.append(mine)
    # Ranked per table: each process gives way for some tables and keeps others.
    assert 150 < sum(outcomes) < 250


def _other(here: str, table_id: str, *, ranked_above: bool) -> str:
    """A process id ranked above (or below) ``here`` for ``table_id``."""
    picker = random.Random(5)
    while True:
        there = _process_id(picker)
        if gives_way(here, there, table_id) == ranked_above:
            return there


def test_a_driven_unwatched_table_is_let_go_only_by_the_process_giving_way() -> None:
    with store_on("sqlite") as (store, url, _):
        # Bots wait a minute before moving: their tasks are waiting throughout the test.
        settings = Settings(database_url=url, bot_delay=60, let_go_after=0)
        hub = Hub(settings, store)

        async def bots_only() -> LiveTable:
            spec = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
            made = new_table(
                "swordcrafters", {}, spec, seed=None, fixed=None, config={}, private=True
            )
            table = await hub.create(made)
            hub.pacer.schedule(table)
            await asyncio.sleep(0)
            assert table.bot_tasks
            return table

        async def play() -> None:
            await hub.start()
            try:
                here = hub.fanout.origin
                table = await bots_only()
                later = table.version + 1
                # Changed by a process that gives way to this one: this one keeps the table
                # and its bots (that one lets go on hearing this one's next change).
                below = Origin(_other(here, table.id, ranked_above=False), watched=False)
                await hub.notice(table.id, later, None, below)
                assert hub.tables.get(table.id) is table and table.bot_tasks
                # Changed by the process this one gives way to: it lets go, bots and all.
                above = Origin(_other(here, table.id, ranked_above=True), watched=False)
                await hub.notice(table.id, later, None, above)
                assert table.id not in hub.tables and not table.bot_tasks
                # Changed where someone watches it: let go, whatever the ranks.
                table = await bots_only()
                watched = Origin(below.process, watched=True)
                await hub.notice(table.id, table.version + 1, None, watched)
                assert table.id not in hub.tables and not table.bot_tasks
                # Nothing drives it here: let go, whatever the ranks.
                table = await bots_only()
                hub.pacer.cancel(table)
                await hub.notice(table.id, table.version + 1, None, below)
                assert table.id not in hub.tables
            finally:
                await hub.stop()

        asyncio.run(play())
