"""Study facts of a finished game: figures a balance study reports beyond scores and wins
(see :mod:`crafthall.engine.facts`)."""

from __future__ import annotations

from collections import Counter

from crafthall.engine.facts import Component, Facts, Finished, count_events


def study_facts(done: Finished) -> Facts:
    """This game's study facts, read from what is public once it is over."""
    facts = Facts(table={"rounds": count_events(done.events, "scored")})
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
