"""Study facts of a finished game: figures a balance study reports beyond scores and wins
(see :mod:`crafthall.engine.facts`)."""

from __future__ import annotations

from collections import Counter, defaultdict

from crafthall.engine.facts import Component, Facts, Finished


def study_facts(done: Finished) -> Facts:
    """This game's study facts, read from what is public once it is over."""
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
