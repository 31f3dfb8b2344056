"""Study facts of a finished game: figures a balance study reports beyond scores and wins
(see :mod:`crafthall.engine.facts`)."""

from __future__ import annotations

from collections import Counter

from crafthall.engine.facts import Component, Facts, Finished, count_events

_ZONE_POWERS = {"overwrite": "red", "insert": "green", "swap": "blue", "face-down": "grey"}


def study_facts(done: Finished) -> Facts:
    """This game's study facts, read from what is public once it is over."""
    facts = Facts(table={"rounds": count_events(done.events, "round-end")})
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
