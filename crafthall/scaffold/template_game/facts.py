"""Study facts: what a balance study reports about a finished game beyond scores and wins."""

from __future__ import annotations

from crafthall.engine.facts import Facts, Finished, count_events


def study_facts(done: Finished) -> Facts:
    """The turns taken and each seat's share of the count."""
    facts = Facts(table={"turns": count_events(done.events, "added")})
    added = done.table["added"]
    total = max(1, sum(added))
    facts.seats = [{"share_of_count": points / total} for points in added]
    return facts
