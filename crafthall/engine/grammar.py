"""Sentences about a player that agree with the name: ``Ann passes`` but ``You pass``.

A seat may be named "You" (the tutorials' learner is; ``crafthall play`` without seats sits
"you"), and the log read "You passes", "You's time is up". Every sentence built on a player's
name takes its verb from :func:`agree` and its possessive from :func:`whose`, written as for
anyone else ("passes", "is"), so that no game has to think of the second person.
"""

from __future__ import annotations

IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
"""Verbs whose second person is not the third less its s."""

SIBILANT_ES = ("sses", "shes", "ches", "xes", "zes")
"""Endings that took an "es" after a hissing sound: passes -> pass, reaches -> reach."""


def addressed(name: str) -> bool:
    """True when the player is spoken to rather than of: a name that is "you" in any case."""
    return name.strip().lower() == "you"


def agree(name: str, verb: str) -> str:
    """``verb``, given as it follows any other name ("passes", "is", "has"), as it follows
    ``name``: unchanged for Ann, "pass", "are", "have" for You."""
    if not addressed(name):
        return verb
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(SIBILANT_ES):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb.removesuffix("s")


def acts(name: str, verb: str) -> str:
    """``Ann passes``, ``You pass``: the name, then ``verb`` agreeing with it."""
    return f"{name} {agree(name, verb)}"


def whose(name: str) -> str:
    """The possessive of ``name``: "Ann's", but "Your" for You (in the name's own case)."""
    if not addressed(name):
        return f"{name}'s"
    you = name.strip()
    return you + ("R" if you.isupper() else "r")
