"""Per-game "study facts": figures a balance study reports beyond scores and winners.

Each game's extractor reads only what is public once a game is over (its events, the final
views and the result), never the rules' internals, so a study works from any finished match or
record. A game without an extractor still gets the generic figures (scores, wins, length).

Facts come in three kinds:

- ``table``: one number per game (``rounds`` is read by the study's length plot);
- ``seats``: numbers per seat (a share of the score, spells published);
- ``components``: rows ``(family, name, seat, value)`` about one card, letter or power. A row
  with ``value > 0`` means the seat *holds* the component in that game (won the letter, hired
  the familiar, used the zone), which is how the study measures whether holding it goes with
  winning. ``seat`` is ``None`` for a fact about the table (a magic card's tie rule fired).

>>> from crafthall.arena.autoplay import play_to_end, seat_bots
>>> from crafthall.games import new_match
>>> match = new_match("swordcrafters", ["a", "b"], seed=2)
>>> _ = play_to_end(match, seat_bots(match, ["random"], 2), 2)
>>> facts = study_facts(match)
>>> sorted(facts.seats[0])
['length_share', 'magic_share', 'quality_share', 'sword_length']
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from crafthall.engine.data import Event, View
from crafthall.engine.game import Result
from crafthall.engine.match import Match


@dataclass(frozen=True)
class Finished:
    """What is public about one finished game."""

    game: str
    seats: int
    events: list[Event]
    table: View
    """The spectator's final view."""
    views: list[View]
    """Each seat's final view."""
    result: Result


@dataclass(frozen=True)
class Component:
    family: str
    name: str
    seat: int | None
    value: float


@dataclass
class Facts:
    table: dict[str, float] = field(default_factory=dict)
    seats: list[dict[str, float]] = field(default_factory=list)
    components: list[Component] = field(default_factory=list)


Extractor = Callable[[Finished], Facts]

EXTRACTORS: dict[str, Extractor] = {}
"""Study-fact extractors by game name; add one with :func:`extractor`."""


def extractor(name: str) -> Callable[[Extractor], Extractor]:
    def register(function: Extractor) -> Extractor:
        EXTRACTORS[name] = function
        return function

    return register


def finished(match: Match) -> Finished:
    result = match.result()
    if result is None:
        raise ValueError("Study facts are read from finished games only.")
    seats = len(match.seat_names)
    return Finished(
        match.game.name,
        seats,
        match.events,
        match.view(None),
        [match.view(seat) for seat in range(seats)],
        result,
    )


def study_facts(match: Match) -> Facts:
    """The game's own facts about a finished ``match`` (empty for a game with no extractor)."""
    done = finished(match)
    facts = EXTRACTORS[done.game](done) if done.game in EXTRACTORS else Facts()
    while len(facts.seats) < done.seats:
        facts.seats.append({})
    return facts


def _share(part: float, total: float) -> float:
    return part / total if total else 0.0


def _count(events: list[Event], kind: str) -> int:
    return sum(1 for event in events if event.get("type") == kind)


@extractor("swordcrafters")
def _swordcrafters(done: Finished) -> Facts:
    table = done.table["score_table"]
    facts = Facts(table={"rounds": _count(done.events, "round") + 1})
    for seat in range(done.seats):
        total = table["total"][seat]
        magic = sum(points[seat] for points in table["magic"])
        facts.seats.append(
            {
                "length_share": _share(table["longest"][seat], total),
                "quality_share": _share(table["quality"][seat], total),
                "magic_share": _share(magic, total),
                "sword_length": table["lengths"][seat],
            }
        )
    for card in done.table["magic"]:
        counts = [count for count in card["counts"] if count > 0]
        tie = len(counts) != len(set(counts))  # two seats with the same positive count
        facts.components.append(Component("magic card tie", card["text"], None, float(tie)))
        top = max(card["points"])
        for seat, points in enumerate(card["points"]):
            # Held: the seat took the card's first place (alone or tied); worth: its points.
            held = points if points == top > 0 else 0
            facts.components.append(Component("magic card won", card["text"], seat, held))
    return facts


def _achievement_worth(points: list[int], cubes: int) -> int:
    """Wordcraft's EP for ``cubes`` on a card whose table is ``points`` (sets of 5, then rest)."""
    sets, rest = divmod(cubes, len(points))
    return sets * points[-1] + (points[rest - 1] if rest else 0)


@extractor("wordcraft")
def _wordcraft(done: Finished) -> Facts:
    sides = done.table["sides"]
    seat_side = {seat: side["side"] for side in sides for seat in side["seats"]}
    facts = Facts(table={"rounds": _count(done.events, "round-scored")})
    words: Counter[int] = Counter()
    for event in done.events:
        if event.get("type") == "word":
            words[event["seat"]] += 1
    for seat in range(done.seats):
        side = sides[seat_side[seat]]
        total = side["score"]
        achievements = done.result.details["achievement_ep"][side["side"]]
        facts.seats.append(
            {
                "words": words[seat],
                "achievement_share": _share(achievements, total),
                "letter_share": _share(sum(side["letter_ep"]), total),
            }
        )
    for card in done.table["achievements"]:
        for seat in range(done.seats):
            cubes = card["cubes"][seat_side[seat]]
            worth = _achievement_worth(card["points"], cubes)
            facts.components.append(Component("achievement card", card["id"], seat, worth))
    for event in done.events:
        if event.get("type") == "round-scored":
            for letter, points in event["letters"].items():
                for seat in range(done.seats):
                    worth = points[seat_side[seat]]
                    facts.components.append(Component("letter card", letter.upper(), seat, worth))
    return facts


@extractor("evocabulary")
def _evocabulary(done: Finished) -> Facts:
    facts = Facts()
    lengths: defaultdict[int, list[int]] = defaultdict(list)
    hired: Counter[int] = Counter()
    for event in done.events:
        kind = event.get("type")
        if kind == "published":
            lengths[event["seat"]].append(len(event["word"]))
            facts.components.append(
                Component("spell length", f"{len(event['word']):02d} letters", None, 1.0)
            )
        elif kind == "hired":
            hired[event["seat"]] += 1
            facts.components.append(Component("familiar", event["familiar"], event["seat"], 1.0))
    claimed = done.result.details.get("achievements", [[] for _ in range(done.seats)])
    for seat in range(done.seats):
        spells = lengths[seat]
        facts.seats.append(
            {
                "spells": len(spells),
                "mean_spell_length": sum(spells) / len(spells) if spells else 0.0,
                "familiars_hired": hired[seat],
                "achievements": len(claimed[seat]),
            }
        )
        for card in claimed[seat]:
            facts.components.append(Component("achievement", card, seat, 1.0))
    return facts


_ZONE_POWERS = {"overwrite": "red", "insert": "green", "swap": "blue", "face-down": "grey"}


@extractor("enchanted-grid")
def _enchanted_grid(done: Finished) -> Facts:
    facts = Facts(table={"rounds": _count(done.events, "round-end")})
    mover: dict[int, int] = {}
    powers: Counter[tuple[int, str]] = Counter()
    claimed: Counter[int] = Counter()
    stolen: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    for event in done.events:
        kind = event.get("type")
        if kind == "played":
            mover[event["move"]] = event["seat"]
            if event["how"] in _ZONE_POWERS:
                powers[event["seat"], _ZONE_POWERS[event["how"]]] += 1
        elif kind == "claimed":
            claimed[event["seat"]] += 1
        elif kind == "broken" and mover.get(event["move"], event["seat"]) != event["seat"]:
            # A claim broken by another seat's card: that seat took the word away.
            stolen[mover[event["move"]]] += 1
            lost[event["seat"]] += 1
    for seat in range(done.seats):
        facts.seats.append(
            {
                "words_claimed": claimed[seat],
                "words_stolen": stolen[seat],
                "words_lost": lost[seat],
                "zone_powers_used": sum(powers[seat, c] for c in _ZONE_POWERS.values()),
            }
        )
        for colour in _ZONE_POWERS.values():
            facts.components.append(
                Component("zone power", f"{colour} zone", seat, powers[seat, colour])
            )
    return facts


@extractor("wordsmith")
def _wordsmith(done: Finished) -> Facts:
    facts = Facts(table={"rounds": _count(done.events, "scored")})
    words: Counter[int] = Counter()
    boxes: Counter[int] = Counter()
    letters: Counter[tuple[int, str]] = Counter()
    for event in done.events:
        if event.get("type") != "claimed":
            continue
        seat = event["seat"]
        words[seat] += 1
        boxes[seat] += event.get("boxes_checked", 0)
        for letter in event.get("word", ""):  # Secret Wordsmith hides words until scoring
            letters[seat, letter.upper()] += 1
    challenges = max(1, facts.table["rounds"])
    for seat in range(done.seats):
        facts.seats.append(
            {
                "words_per_challenge": words[seat] / challenges,
                "discard_boxes_used": boxes[seat],
            }
        )
    for (seat, letter), count in sorted(letters.items()):
        facts.components.append(Component("letter built", letter, seat, count))
    return facts
