"""The sentences sent with each change (``said``): the game's own words for its events,
worked out once per change, also for changes stored before changes carried them."""

from __future__ import annotations

import httpx

from crafthall.engine.data import Event
from crafthall.engine.game import Game
from crafthall.engine.record import Move
from crafthall.games import entry, make_game, match_from_lines
from crafthall.server.creation import new_table
from crafthall.server.store import Commit
from crafthall.server.table import LiveTable
from crafthall.tutorial import Lesson, load
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import (
    ThreadServer,
    Ws,
    create,
    play_against_a_bot,
    seats,
    store_on,
)


def game_says(game: Game, names: list[str], seat: int | None, events: list[Event]) -> list[str]:
    """What the game itself says of ``events`` (the sentences a change must carry)."""
    text = entry(game.name).text(game, names)
    return [s for s in (text.say(seat, event) for event in events) if s is not None]


def test_an_update_carries_the_games_sentence_for_a_move(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=5)
    table = made["table"]["id"]
    ann, watcher = Ws(server.base, table), Ws(server.base, table)
    first = ann.hello(made["tokens"]["0"])
    watcher.hello()
    assert first["changes"][0]["said"] == []  # the table was made: nothing to word
    ann.act({"type": "add", "amount": 2})
    change = watcher.until(lambda m: m["type"] == "update" and m["version"] == 2)["changes"][0]
    expected = game_says(make_game("toy-turns"), ["Ann", "Ben"], 0, change["events"])
    assert change["said"] == expected and expected[0].startswith("Ann: ")
    ann.close()
    watcher.close()


def test_a_replay_step_carries_the_games_sentences(server: ThreadServer) -> None:
    made, _final = play_against_a_bot(server.base, "toy-turns", seed=9, play_seed=1)
    table = made["table"]["id"]
    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE)
    match = match_from_lines(record.text.splitlines())
    replay = f"{server.base}/api/tables/{table}/replay"
    for move in (0, 2):
        step = httpx.get(replay, params={"move": move}, timeout=A_WHILE).json()
        if move == 0:
            assert step["said"] == []
            continue
        mover = match.moves[move - 1].seat
        expected = game_says(match.game, match.seat_names, mover, step["events"])
        assert step["said"] == expected and expected


def test_a_lesson_outcome_carries_the_games_sentences(server: ThreadServer) -> None:
    started = httpx.post(f"{server.base}/api/learn/swordcrafters", timeout=PATIENCE).json()
    tutorial = load("swordcrafters")
    play = tutorial.steps[0].play
    url = f"{server.base}/api/learn/{started['id']}/move"
    outcome = httpx.post(url, json={"action": play}, timeout=A_WHILE).json()["outcome"]
    here = Lesson(tutorial)
    mine = here.move(play)
    names, game = here.match.seat_names, here.match.game
    assert outcome["said"] == game_says(game, names, here.learner, mine.events)
    assert outcome["said"]
    for sent, (scripted, events) in zip(outcome["scripted"], mine.scripted, strict=True):
        assert sent["said"] == game_says(game, names, scripted.seat, events)


def test_a_change_stored_without_sentences_gets_them_when_read_back(toys: None) -> None:
    made = new_table(
        "toy-turns", {}, seats("Ann", "Ben"), seed=3, fixed=None, config={}, private=False
    )
    with store_on("sqlite") as (store, _url, _schema):
        store.create(made.row, made.seats, made.change)
        events: list[Event] = [{"type": "added", "seat": 0, "amount": 3}]
        old = {"version": 2, "kind": "move", "seat": 0, "move": 0, "events": events}
        move = Move(0, {"type": "add", "amount": 3}, 0.0)
        store.commit(Commit(made.row.id, 1, old, insert_move=move, move_index=0))
        snapshot = store.load(made.row.id)
    assert snapshot is not None and "said" not in snapshot.changes[-1]
    table = LiveTable(snapshot)
    assert table.changes[-1]["said"] == game_says(make_game("toy-turns"), ["Ann", "Ben"], 0, events)
