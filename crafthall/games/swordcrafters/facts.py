"""Study facts of a finished game: figures a balance study reports beyond scores and wins
(see :mod:`crafthall.engine.facts`)."""

from __future__ import annotations

from crafthall.engine.facts import Component, Facts, Finished, count_events, share


def study_facts(done: Finished) -> Facts:
    """This game's study facts, read from what is public once it is over."""
    table = done.table["score_table"]
    facts = Facts(table={"rounds": count_events(done.events, "round") + 1})
    for seat in range(done.seats):
        total = table["total"][seat]
        magic = sum(points[seat] for points in table["magic"])
        facts.seats.append(
            {
                "length_share": share(table["longest"][seat], total),
                "quality_share": share(table["quality"][seat], total),
                "magic_share": share(magic, total),
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
