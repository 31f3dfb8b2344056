"""``crafthall review RECORD`` in the game's own words: every move it prints, played or best, is
the sentence the game's log gives it, never the engine's naming of the action; ``--json`` puts
each sentence beside its action."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.cli.main import main
from crafthall.cli.review import JSON_SHAPE
from crafthall.engine.record import Seat
from crafthall.games import names, new_match
from crafthall.review.analysis import action_label

SMALL = ["--iterations", "4"]
"""A small review effort: its best moves differ from the played ones often enough."""


def finished_record(name: str, folder: Path) -> Path:
    """A short finished game of ``name`` (greedy against random), saved in ``folder``."""
    match = new_match(name, [Seat("Ann"), Seat("Ben")], seed=5)
    play_to_end(match, seat_bots(match, ["greedy", "random"], 1), 1)
    return match.save(folder / f"{name}.jsonl")


def actions_in(review: dict[str, Any]) -> list[dict[str, Any]]:
    """Every action the review holds: each move's, its best, its alternatives, its words."""
    found = []
    for move in review["moves"]:
        found.append(move["action"])
        found += [one["action"] for one in [move["best"] or {}, *move["alternatives"]] if one]
        found += [word["action"] for word in move["words"]]
    return found


def engine_labels_in(text: str, actions: list[dict[str, Any]]) -> list[str]:
    """The engine's names of ``actions`` of more than a word (``take group A``, ``slice from
    0,2 to 3,2``) that ``text`` holds as a whole. A one-word name (``draw``) may be a word of
    the game's own sentences too: where a move is printed, its sentence is checked instead."""
    return sorted(
        {
            label
            for label in map(action_label, actions)
            if " " in label and re.search(rf"(?<![\w-]){re.escape(label)}(?![\w-])", text)
        }
    )


def a_sentence(said: str, mover: str, action: dict[str, Any]) -> str:
    """``said``, checked to be a sentence of the game's about ``mover``'s move (not the
    engine's name of ``action``), on one line."""
    assert said.startswith(f"{mover} ") and said != action_label(action), said
    return " ".join(said.split())


def keys_in(review: dict[str, Any]) -> set[str]:
    """The keys of the review, of its moves, their best and alternative moves and words, and
    of its summary (not those of the games' own actions)."""
    keys = set(review)
    for move in review["moves"]:
        keys |= set(move)
        for one in [move["best"] or {}, *move["alternatives"], *move["words"]]:
            keys |= set(one)
    for seat in review["summary"]:
        keys |= set(seat)
    return keys


@pytest.mark.parametrize("name", names())
def test_the_review_says_every_move_in_the_games_words(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_record(name, tmp_path)
    assert main(["review", str(record), *SMALL]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # as one line, however it wrapped
    assert main(["review", str(record), "--json", *SMALL]) == 0
    review = json.loads(capsys.readouterr().out)

    assert engine_labels_in(printed, actions_in(review)) == []
    shown = [m for m in review["moves"] if m["best"] and m["lost"] >= 0.005]
    assert shown, "the small effort should find better moves than some played ones"
    for move in review["moves"]:
        assert " ".join(move["played"].split()) in printed
    for move in shown:
        best, mover = move["best"], review["seats"][move["seat"]]
        assert f"best: {a_sentence(best['said'], mover, best['action'])} (" in printed
    assert " ".join(review["reading"].split()) in printed
    assert review["turning_point"] is not None
    turned = review["moves"][review["turning_point"]]
    mover = review["seats"][turned["seat"]]
    best = a_sentence(turned["best"]["said"], mover, turned["best"]["action"])
    assert f"The game turned at move {turned['index'] + 1}: " in printed
    assert f"more to {mover}: {best}" in printed


@pytest.mark.parametrize("name", ["wordcraft", "swordcrafters"])
def test_the_json_puts_each_sentence_beside_its_action(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_record(name, tmp_path)
    assert main(["review", str(record), "--json", *SMALL]) == 0
    review = json.loads(capsys.readouterr().out)
    seats = review["seats"]
    assert seats == ["Ann", "Ben"]
    assert set(review) >= {"game", "scores", "ranks", "moves", "summary", "turning_point"}
    undocumented = {key for key in keys_in(review) if not re.search(rf"\b{key}\b", JSON_SHAPE)}
    assert undocumented == set(), "the review's --help describes every key of its JSON"
    for move in review["moves"]:
        mover = seats[move["seat"]]
        assert move["action"] and move["played"].startswith(mover)
        for one in [move["best"] or {}, *move["alternatives"]]:
            if not one:
                continue
            # The engine's name stays for scripts that read it; the sentence is beside it.
            assert one["label"] == action_label(one["action"])
            a_sentence(one["said"], mover, one["action"])
