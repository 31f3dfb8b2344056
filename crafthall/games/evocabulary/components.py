"""Evocabulary's cards, read once from ``components.json`` (the data lives there, not here).

Letter cards get the ids 0..125 in the order of the data file's table (all the E cards, then
the A cards, ...). Familiars, leaders and achievements keep the ids printed in the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

WILD = "?"
ACTIONS = ("draw", "wild", "burn", "publish", "lock", "hire", "teamwork", "pickup")
"""Every familiar action; ``lock`` acts when the familiar is gained, the others on activation."""
TEAMS = (3, 4, 5, 6)
"""Team leader numbers; the 6 team (printed 6+) takes spells of six letters or more."""


@dataclass(frozen=True)
class Familiar:
    id: str
    name: str
    front: str
    back: str

    def action(self, side: str) -> str:
        return self.front if side == "front" else self.back


@dataclass(frozen=True)
class Leader:
    id: str
    colour: int
    number: int
    a: str
    b: str

    def action(self, side: str) -> str:
        return self.a if side == "a" else self.b


@dataclass(frozen=True)
class Achievement:
    id: str
    pile: str
    players: tuple[int, ...]
    points: int
    factor: int

    @property
    def multiplies(self) -> bool:
        return self.factor > 1


@dataclass(frozen=True)
class Pile:
    name: str
    kind: str  # "letters" or "syllables"
    length: int
    or_more: bool
    text: str

    def met(self, letters: int, syllables: tuple[int, ...]) -> bool:
        """Whether a spell of ``letters`` letters meets the requirement; ``syllables`` holds
        every count of the word's standard pronunciations, and any one of them fits."""
        values = (letters,) if self.kind == "letters" else syllables
        if self.or_more:
            return any(value >= self.length for value in values)
        return self.length in values


@dataclass(frozen=True)
class Components:
    hand_size: int
    market_size: int
    faces: tuple[str, ...]
    """Face of each letter card, by id."""
    points: dict[str, int]
    """Points of each face."""
    familiars: dict[str, Familiar]
    leaders: tuple[Leader, ...]
    piles: dict[str, Pile]
    achievements: dict[str, Achievement]

    @property
    def card_count(self) -> int:
        return len(self.faces)

    def leader(self, colour: int, number: int) -> Leader:
        return self._leaders_by_place[colour, number]

    @cached_property
    def _leaders_by_place(self) -> dict[tuple[int, int], Leader]:
        """Each leader by its colour and number (looked up for every team of every view)."""
        found: dict[tuple[int, int], Leader] = {}
        for x in self.leaders:
            found.setdefault((x.colour, x.number), x)  # the first, as a search would find
        return found

    def achievement_piles(self, players: int) -> dict[str, list[str]]:
        """Each pile for ``players``: achievement ids, best (top) first."""
        piles: dict[str, list[str]] = {name: [] for name in self.piles}
        for ach in self.achievements.values():
            if players in ach.players:
                piles[ach.pile].append(ach.id)
        for ids in piles.values():
            ids.sort(key=lambda i: (-self.achievements[i].factor, -self.achievements[i].points, i))
        return piles


def _read() -> dict[str, Any]:
    path = Path(__file__).with_name("components.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def components() -> Components:
    data = _read()
    faces: list[str] = []
    points: dict[str, int] = {}
    for row in data["letters"]:
        faces.extend([row["face"]] * row["count"])
        points[row["face"]] = row["points"]
    familiars = {row["id"]: Familiar(**row) for row in data["familiars"]}
    leaders = tuple(Leader(**row) for row in data["leaders"])
    piles = {name: Pile(name=name, **row) for name, row in data["achievement_piles"].items()}
    achievements = {
        row["id"]: Achievement(
            id=row["id"],
            pile=row["pile"],
            players=tuple(row["players"]),
            points=row.get("points", 0),
            factor=row.get("factor", 1),
        )
        for row in data["achievements"]
    }
    return Components(
        hand_size=data["hand_size"],
        market_size=data["market_size"],
        faces=tuple(faces),
        points=points,
        familiars=familiars,
        leaders=leaders,
        piles=piles,
        achievements=achievements,
    )


def team_for_length(letters: int) -> int:
    """The leader number a spell of ``letters`` letters sits at (3, 4, 5 or 6 for 6+)."""
    return min(letters, 6)
