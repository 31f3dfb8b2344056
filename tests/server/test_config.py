"""A table's settings, typed, every default in one place: a new table stores them all, and a
table stored before a setting existed reads it at what it meant then."""

from __future__ import annotations

import httpx

from crafthall.server.config import (
    RATED,
    STORED_ZOMBIE_LEVEL,
    UNDO,
    ZOMBIE_LEVEL,
    Commitment,
    chosen,
    new_config,
    read_config,
)
from crafthall.server.creation import new_table
from crafthall.server.routes.schemas import TableSpec
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, play_against_a_bot, seats


def test_a_table_stored_without_settings_reads_their_defaults() -> None:
    assert read_config({}) == {
        "undo": UNDO,
        "clock": None,
        "grace": None,
        "hints": None,
        "zombie_level": STORED_ZOMBIE_LEVEL,
        "pace": None,
        "rated": RATED,
        "prepared": True,  # from before commitments: nothing to check
        "commitment": None,
        "started_at": None,
    }


def test_a_new_tables_choices_take_todays_defaults() -> None:
    assert chosen({}) == {
        "undo": UNDO,
        "clock": None,
        "grace": None,
        "hints": None,
        "zombie_level": ZOMBIE_LEVEL,
        "pace": None,
        "rated": RATED,
    }
    assert TableSpec.model_fields["undo"].default is UNDO
    assert TableSpec.model_fields["zombie_level"].default == ZOMBIE_LEVEL


def test_a_clock_without_an_increment_has_none() -> None:
    assert chosen({"clock": {"initial": 60}})["clock"] == {"initial": 60.0, "increment": 0.0}


def test_a_committed_table_is_not_prepared() -> None:
    promise: Commitment = {"sha256": "ab" * 32, "salt": "cd"}
    config = new_config(chosen({"undo": False}), promise)
    assert config["prepared"] is False and read_config(config) == config
    assert read_config({"commitment": promise})["prepared"] is False


def test_a_new_table_stores_every_setting(toys: None) -> None:
    made = new_table(
        "toy-turns",
        {},
        seats("Ann", "Ben"),
        seed=3,
        fixed=None,
        config={"undo": False},
        private=False,
    )
    stored = made.row.config
    assert set(stored) == set(read_config({}))
    assert stored["undo"] is False and stored["zombie_level"] == ZOMBIE_LEVEL
    assert stored["started_at"] is not None  # no open seat: it started at once


def test_play_again_keeps_the_tables_choices(server: ThreadServer) -> None:
    choices = {
        "undo": False,
        "clock": {"initial": 600.0, "increment": 5.0},
        "grace": 30.0,
        "hints": True,
        "zombie_level": "random",
    }
    made, _final = play_against_a_bot(server.base, "toy-turns", seed=4, play_seed=2, **choices)
    table = made["table"]["id"]
    again = httpx.post(
        f"{server.base}/api/tables/{table}/again",
        json={"token": made["tokens"]["0"]},
        timeout=A_WHILE,
    )
    assert again.status_code == 201, again.text
    following = httpx.get(
        f"{server.base}/api/tables/{again.json()['table']['id']}", timeout=A_WHILE
    ).json()
    assert {key: following[key] for key in choices} == choices
