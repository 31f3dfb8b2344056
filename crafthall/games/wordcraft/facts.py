"""Study facts of a finished game: figures a balance study reports beyond scores and wins
(see :mod:`crafthall.engine.facts`)."""

from __future__ import annotations

from collections import Counter

from crafthall.engine.facts import Component, Facts, Finished, count_events, share


def _achievement_worth(points: list[int], cubes: int) -> int:
    """Wordcraft's EP for ``cubes`` on a card whose table is ``points`` (sets of 5, then rest)."""
    sets, rest = divmod(cubes, len(points))
    return sets * points[-1] + (points[rest - 1] if rest else 0)


def study_facts(done: Finished) -> Facts:
    """This game's study facts, read from what is public once it is over."""
    sides = done.table["sides"]
    seat_side = {seat: side["side"] for side in sides for seat in side["seats"]}
    facts = Facts(table={"rounds": count_events(done.events, "round-scored")})
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
                "achievement_share": share(achievements, total),
                "letter_share": share(sum(side["letter_ep"]), total),
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
