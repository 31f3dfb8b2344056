"""Carrying out a Wordcraft turn: the checks of a word, the cubes, the round's end and the game's.

The engine has checked the action's shape (:data:`.moves.ACTIONS`) before these functions see
it; they check the rules, in the order a player would want to hear them, before changing
anything.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction, require
from crafthall.engine.game import Result
from crafthall.engine.rng import Rng
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import achievement, constants, sort_grid
from crafthall.games.wordcraft.setup import draw_grid
from crafthall.games.wordcraft.spelling import missing_letter, spelled, spellings
from crafthall.games.wordcraft.state import RoundBoard, WordBefore, WordcraftState
from crafthall.games.wordcraft.words import DictionaryWords
from crafthall.lexicon.families import one_word


class Play(NamedTuple):
    """A word action that passed every check."""

    word: str
    spelling: list[str]
    claims: list[str]


def upper(word: str) -> str:
    return word.upper()


def take_turn(
    state: WordcraftState,
    seat: int,
    action: Action,
    words: DictionaryWords,
    dictionary: str,
    majority: str | None = "players",
    related: bool = False,
    take_backs: int = vote.TAKE_BACKS,
) -> list[Event]:
    """Play ``action`` (of a checked shape) for ``seat``, whose turn it is. With a vote
    ``majority`` (None: the vote is off) a word stays open to the table's vote until the next
    move (:mod:`.vote`), unless it stands: no majority can reject it, or this turn had
    ``take_backs`` words taken back already. With ``related`` a played word rules out its
    whole family, not only the words that stem from it."""
    side = state["side_of"][seat]
    events: list[Event]
    kind = action["type"]
    played = kind == "word"
    votes = majority is not None and vote.votable(state, majority, take_backs)
    before: WordBefore | None = None
    board: RoundBoard | None = None
    if played:
        play = check_word(state, side, action, words, dictionary, related)
        before = vote.before_word(state, side) if votes else None
        events = [place(state, seat, side, play)]
        board = vote.board_of(state) if votes else None
        if majority is not None and not votes and state["taken_back"]:
            events.append({"type": "word-stands", "seat": seat, "side": side, "word": play.word})
    else:
        if kind != "pass":  # only without the engine's shape check, which refuses it first
            raise IllegalAction("bad-action", f"'{kind}' is not an action here: a word or a pass.")
        timed_out = bool(action.get("timed_out", False))
        events = [{"type": "pass", "seat": seat, "side": side, "timed_out": timed_out}]
        state["passes"] += 1
    events += advance(state, side, played)
    state["disputable"] = None  # a move closes the last word's time for a vote
    state["taken_back"] = 0  # and ends the turn (a word taken back gives it back)
    if before is not None and board is not None and majority is not None:
        events += vote.open_to_vote(
            state, seat, side, play.word, play.spelling, play.claims, before, board, majority
        )
    state["last_events"] = events
    return events


def check_word(
    state: WordcraftState,
    side: int,
    action: Action,
    words: DictionaryWords,
    dictionary: str,
    related: bool = False,
) -> Play:
    """Every check of a word action, in the order a player would want to hear them.

    Each refusal's sentence is only written when the check fails: a move checks a dozen rules
    and random playouts make millions of moves.
    """
    word = action["word"].strip().lower()
    shown = upper(word)
    problem = words.check(word)
    if problem == "too-short":
        raise IllegalAction(
            "word-too-short",
            f"{shown} has {len(word)} letters; a word needs at least 3 letters: play a longer "
            "word or pass.",
        )
    if problem == "not-letters" or not word.isalpha():
        raise IllegalAction(
            "word-not-letters",
            f"{shown} is not made of letters only; hyphens, apostrophes, spaces and digits are "
            "not allowed: play another word or pass.",
        )
    grid = state["grid"]
    missing = missing_letter(word, grid)
    if missing is not None:
        raise IllegalAction(
            "letter-not-on-grid",
            f"{shown} needs the letter {missing.upper()}, which is not on this round's grid: "
            "use only the grid's letters.",
        )
    if problem is not None:
        raise IllegalAction(
            "word-not-in-dictionary",
            f"{shown} is not in the {dictionary} dictionary (names, abbreviations and prefixes "
            "are not words here): try another word or pass.",
        )
    if word in words.played_families(state["used"], related):
        refuse_played(state, word, words, related)
    if word in state["rejected"]:
        raise IllegalAction(
            "word-rejected",
            f"{shown} was rejected by the table's vote this game: play another word or pass.",
        )
    spelling = pick_spelling(word, grid, action.get("spelling"))
    supply = state["supply"][side]
    if len(spelling) > supply:
        raise IllegalAction(
            "not-enough-cubes",
            f"{shown} needs {len(spelling)} cubes (one per letter) but you have {supply} left: "
            "play a shorter word or pass.",
        )
    claims = check_claims(state, spelling, action.get("achievements"), shown)
    if len(spelling) + len(claims) > supply:
        raise IllegalAction(
            "not-enough-cubes",
            f"{shown} and {len(claims)} achievement cube(s) need {len(spelling) + len(claims)} "
            f"cubes but you have {supply} left: claim fewer achievements.",
        )
    return Play(word, spelling, claims)


def refuse_played(state: WordcraftState, word: str, words: DictionaryWords, related: bool) -> None:
    """Refuse ``word``, played earlier or ruled out by a word played earlier: one that stems
    from it, or with ``related`` one of its family."""
    shown = upper(word)
    for entry in state["used"]:
        require(
            entry["word"] != word,
            "word-already-used",
            f"{shown} was already played this game (round {entry['round']}); "
            "each word is played once: try another word or pass.",
        )
        clash = family_clash(word, entry["word"], words, related)
        if clash is not None:
            raise IllegalAction(
                "word-same-family",
                f"{clash}, played in round {entry['round']}; {family_rule(related)}: try "
                "another word or pass.",
            )


def family_clash(word: str, before: str, words: DictionaryWords, related: bool) -> str | None:
    """How ``before``, played earlier, rules ``word`` out ("BIKER stems from BIKE"), or None:
    ``word`` stems from it, or with ``related`` shares a root with it."""
    if related:
        if word in words.family(before):
            return f"{upper(word)} is of the same family as {upper(before)}"
        return None
    if word in words.derivatives(before):
        how = "is a form of" if one_word(word, before) else "stems from"
        return f"{upper(word)} {how} {upper(before)}"
    return None


def family_rule(related: bool) -> str:
    """The family rule in a few words, for a refusal."""
    if related:
        return "derivatives of played words are not allowed"
    return "played words and the words that stem from them are not allowed"


def pick_spelling(word: str, grid: list[str], given: list[str] | None) -> list[str]:
    choices = spellings(word, grid)
    shown = upper(word)
    if given is None:
        if len(choices) != 1:
            raise IllegalAction(
                "ambiguous-spelling",
                f"{shown} can be laid as "
                + " or as ".join(f"{spelled(c)} ({len(c)} cubes)" for c in choices)
                + "; say which with a spelling.",
                choices=choices,
            )
        return choices[0]
    # a listed or drawn move names its cards as the rules write them: no need to tidy them
    wanted = list(given) if given in choices else [card.strip().lower() for card in given]
    if wanted not in choices:
        raise IllegalAction(
            "bad-spelling",
            f"The cards {spelled(wanted) or '(none)'} do not spell {shown} on this grid; it "
            "can be laid as " + " or ".join(spelled(c) for c in choices) + ".",
        )
    return wanted


def check_claims(
    state: WordcraftState, spelling: list[str], given: list[str] | None, shown: str
) -> list[str]:
    if not given:
        return []
    claims = [card.strip().upper() for card in given]
    in_play = state["achievements"]
    for card in claims:
        if card not in in_play:
            raise IllegalAction(
                "achievement-not-in-play",
                f"{card} is not an achievement in play; claim only {', '.join(in_play)}.",
            )
        if claims.count(card) > 1:
            raise IllegalAction(
                "achievement-repeated",
                f"{card} is claimed twice; each achievement takes at most one cube per turn: "
                "name it once.",
            )
        if not achievement(card).fulfilled_by(spelling):
            raise IllegalAction(
                "achievement-not-fulfilled",
                f"{shown} laid as {spelled(spelling)} does not fulfil {card} "
                f"({achievement(card).requirement}): leave it out.",
            )
    return claims


def place(state: WordcraftState, seat: int, side: int, play: Play) -> Event:
    for card in play.spelling:
        state["cubes"][card][side] += 1
    for card in play.claims:
        state["claims"][card][side] += 1
    state["supply"][side] -= len(play.spelling) + len(play.claims)
    state["used"].append({"word": play.word, "side": side, "round": state["round"]})
    state["passes"] = 0
    return {
        "type": "word",
        "seat": seat,
        "side": side,
        "word": play.word,
        "spelling": play.spelling,
        "achievements": play.claims,
        "cubes": len(play.spelling) + len(play.claims),
    }


def advance(state: WordcraftState, side: int, played: bool) -> list[Event]:
    """Whose turn is next, the round-end trigger, and the end of a round."""
    sides = state["sides"]
    limits = constants()
    if state["trigger"] is not None:
        state["last_turns"].remove(side)
        if not state["last_turns"]:
            return end_round(state)
        state["turn"] = state["last_turns"][0]
        return []
    if played and state["supply"][side] <= limits["round_end_at"]:
        state["trigger"] = side
        state["bonus_ep"][side] += limits["trigger_bonus"]
        state["last_turns"] = [(side + step) % sides for step in range(1, sides)]
        state["turn"] = state["last_turns"][0]
        return [
            {
                "type": "round-end-triggered",
                "side": side,
                "bonus": limits["trigger_bonus"],
                "last_turns": list(state["last_turns"]),
            }
        ]
    if state["passes"] >= sides:
        return [{"type": "all-passed", "round": state["round"]}, *end_round(state)]
    state["turn"] = (side + 1) % sides
    return []


def end_round(state: WordcraftState) -> list[Event]:
    sides = state["sides"]
    points = {card: scoring.card_points(card, counts) for card, counts in state["cubes"].items()}
    totals = scoring.letter_points(state["cubes"], sides)
    state["letter_ep"].append(totals)
    events: list[Event] = [
        {"type": "round-scored", "round": state["round"], "letters": points, "points": totals}
    ]
    if state["round"] >= constants()["rounds"]:
        return events + end_game(state)  # the last board stays on show
    for counts in state["cubes"].values():
        for side, count in enumerate(counts):
            state["supply"][side] += count
    on_cards = scoring.achievement_cubes(state["claims"], sides)
    first = scoring.next_first_player(on_cards, state["first"])
    planned = state["planned"].pop(0)
    grid = sort_grid(planned or draw_grid(Rng(state["rng"])))
    state.update(
        {
            "round": state["round"] + 1,
            "grid": grid,
            "cubes": {card: [0] * sides for card in grid},
            "supply": [count + constants()["per_round"] for count in state["supply"]],
            "first": first,
            "turn": first,
            "trigger": None,
            "last_turns": [],
            "passes": 0,
        }
    )
    events.append({"type": "new-round", "round": state["round"], "grid": grid, "first": first})
    return events


def end_game(state: WordcraftState) -> list[Event]:
    sides = state["sides"]
    ach = scoring.achievement_totals(state["claims"], sides)
    banked = scoring.banked(state)
    totals = [banked[side] + ach[side] for side in range(sides)]
    places = scoring.places(totals, scoring.achievement_cubes(state["claims"], sides))
    state["final"] = {"achievement_ep": ach, "totals": totals, "places": places}
    return [{"type": "game-over", "achievement_ep": ach, "totals": totals, "places": places}]


def game_result(state: WordcraftState, teams: list[list[int]] | None) -> Result | None:
    """The result once the game is over and its last word's vote is closed: each seat takes
    its side's score and place (the losing team of two is second, not third)."""
    final = state["final"]
    if final is None or state["vote"] is not None:
        return None
    side_of = state["side_of"]
    cubes = scoring.achievement_cubes(state["claims"], state["sides"])
    ranks = [final["places"][side] for side in side_of]
    details: dict[str, Any] = {
        "achievement_cubes": [cubes[side] for side in side_of],
        "achievement_ep": [final["achievement_ep"][side] for side in side_of],
        "letter_ep": [[rounds[side] for rounds in state["letter_ep"]] for side in side_of],
        "bonus_ep": [state["bonus_ep"][side] for side in side_of],
    }
    if teams is not None:
        details["teams"] = teams
    scores = [final["totals"][side] for side in side_of]
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return Result(scores, ranks, winners, details)
