"""A server-side bot's seeming think time comes from its level's data: no bot is made on the
web process to read it, and bots still play on with a pause before each move."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crafthall.bots.levels import LADDER, OLD_NAMES
from crafthall.games import make_game
from crafthall.games.wordsmith.bots import LEVELS as WORDSMITH_LEVELS
from crafthall.server.pacing import PACE_SPREAD, seeming_thought
from tests.server.helpers import ThreadServer, Ws, create, make_settings, seats


def test_a_real_time_bot_seems_to_think_at_its_levels_pace() -> None:
    wordsmith = make_game("wordsmith")
    for level in [*LADDER, *WORDSMITH_LEVELS]:
        pace = LADDER[OLD_NAMES.get(level, level)].pace
        times = [seeming_thought(wordsmith, level, random.Random(n)) for n in range(200)]
        assert min(times) >= pace * (1 - PACE_SPREAD), level
        assert max(times) <= pace * (1 + PACE_SPREAD), level
        assert max(times) - min(times) > pace * PACE_SPREAD, f"{level}: no spread"


def test_wordsmiths_own_bots_keep_the_pace_they_had() -> None:
    # Wordsmith's own easy, medium and strong bots waited their level's ``think`` seconds.
    wordsmith = make_game("wordsmith")
    for name, level in WORDSMITH_LEVELS.items():
        times = [seeming_thought(wordsmith, name, random.Random(n)) for n in range(50)]
        assert level.think * (1 - PACE_SPREAD) <= min(times) <= max(times)
        assert max(times) <= level.think * (1 + PACE_SPREAD)


@pytest.mark.parametrize("level", ["expert", "random", "greedy", "no-such-level"])
def test_no_seeming_thought_in_a_game_of_turns_or_for_a_yardstick(level: str) -> None:
    assert seeming_thought(make_game("wordcraft"), level, random.Random(1)) == 0.0
    if level not in LADDER:
        assert seeming_thought(make_game("wordsmith"), level, random.Random(1)) == 0.0


def test_the_same_seed_seems_to_think_as_long() -> None:
    wordsmith = make_game("wordsmith")
    first = seeming_thought(wordsmith, "casual", random.Random("7:1:12"))
    assert seeming_thought(wordsmith, "casual", random.Random("7:1:12")) == first


def test_bots_with_a_pause_play_a_game_to_its_end(toys: None, tmp_path: Path) -> None:
    with ThreadServer(make_settings(tmp_path, bot_delay=0.01)) as running:
        made = create(
            running.base,
            game="toy-turns",
            seats=seats("bot:casual", "bot:beginner"),
            options={"target": 6},
        )
        watcher = Ws(running.base, made["table"]["id"])
        watcher.hello()
        final = watcher.final_update()
        assert final["table"]["result"] is not None
        assert final["table"]["moves"] > 0
        watcher.close()
