"""Carrying out Wordsmith's actions: roll, take, claim, pass, and what follows them (Done,
the next word of Word by Word, the end of a challenge and of the game).

Each step checks everything before it changes the state. The engine has already checked the
action's shape (its fields and their types), so only the rules are checked here.
"""

from __future__ import annotations

from typing import Any

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction, require
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.moves import roll_offer
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.setup import roll_die, roll_round, start_challenge
from crafthall.games.wordsmith.sheet import LINES, boxes_left, score_challenge, word_problem
from crafthall.games.wordsmith.state import PlayerState, WordsmithState
from crafthall.lexicon import Lexicon


def _refuse_adding_after_done(state: WordsmithState) -> None:
    """After Done the others claim one more word without adding pieces (no roll, no take)."""
    require(
        state["phase"] != "last-words",
        "no-adding-after-done",
        "Done has been called: you may claim one more word, but without adding pieces.",
    )


def roll(state: WordsmithState, seat: int) -> list[Event]:
    player = state["players"][seat]
    tray = state["tray"]
    require(
        state["phase"] != "word",
        "no-rolling-in-word-by-word",
        "In Word by Word nobody rolls a die; the three dice are rolled for everyone at the "
        "start of each word.",
    )
    _refuse_adding_after_done(state)
    if player["pending"] is not None:
        raise IllegalAction(
            "choose-piece-first",
            "Your last roll still waits for you to take a piece: "
            f"one of {', '.join(roll_offer(state, player['pending']))}.",
        )
    require(any(tray.values()), "tray-empty", "The tray is empty: there is no piece to roll for.")
    face = roll_die(state)
    event: Event = {"type": "rolled", "seat": seat, "face": face}
    if face in comp.WILD_FACES:
        player["pending"] = list(comp.PIECES)  # "any letter piece may be chosen"
        event["choice"] = "wild"
    elif tray[face] == 0:
        player["pending"] = [p for p in comp.PIECES if p != face]  # "any other letter piece"
        event["choice"] = "empty"
    else:
        event["piece"] = face
        return [event, *_from_tray(state, seat, face)]
    return [event]


def _from_tray(state: WordsmithState, seat: int, piece: str) -> list[Event]:
    """Move a piece from the tray to a pool. When that empties a compartment, a roll still
    waiting for its piece whose every offered piece is gone comes to nothing (``roll-lost``):
    the player goes on as if it had not been rolled, and may roll again once the tray holds a
    piece."""
    tray = state["tray"]
    tray[piece] -= 1
    state["players"][seat]["pool"][piece] += 1
    if tray[piece]:
        return []
    events: list[Event] = []
    for other, player in enumerate(state["players"]):
        if player["pending"] is not None and not roll_offer(state, player["pending"]):
            player["pending"] = None
            events.append({"type": "roll-lost", "seat": other})
    return events


def take(state: WordsmithState, seat: int, piece: str) -> list[Event]:
    player = state["players"][seat]
    require(
        piece in comp.PIECES,
        "unknown-piece",
        f"{piece!r} is not a piece; the pieces are red (long straight), yellow (short "
        "straight), blue (large curve) and green (small curve).",
    )
    if player["pending"] is not None:
        # never empty: an emptied offer loses the roll
        offered = roll_offer(state, player["pending"])
        if piece not in offered:
            why = (
                f"The {piece} compartment is empty"
                if piece in player["pending"]
                else f"You rolled {piece} when its compartment was empty, so you take another piece"
            )
            raise IllegalAction("piece-not-offered", f"{why}; take one of: {', '.join(offered)}.")
        player["pending"] = None
    else:
        _refuse_adding_after_done(state)
        require(
            player["wilds"] > 0,
            "nothing-to-take",
            "You have no wild circle left for this word; claim a word or pass."
            if state["phase"] == "word"
            else "You may only take a piece of your choice after rolling a wild or an "
            "empty compartment; roll the die instead.",
        )
        require(
            state["tray"][piece] > 0,
            "piece-not-offered",
            f"The {piece} compartment of the tray is empty; choose another piece.",
        )
        player["wilds"] -= 1
    return [{"type": "took", "seat": seat, "piece": piece}, *_from_tray(state, seat, piece)]


def check_claim(
    options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState, seat: int, action: Action
) -> tuple[str, int, str]:
    """Validate a claim: the word, its sheet line, and the sentence saying why it stands.

    Secret Wordsmith checks here only what the pieces and the sheet make physical (the
    symbols, the length, the pool, the discard boxes, a free line); the dictionary, the
    new-letter rule and the required letter are checked at scoring. (Refusal sentences are
    written only on refusal: claims are the commonest move of a playout.)
    """
    player = state["players"][seat]
    word = comp.normal_word(action["word"])
    if not word:
        raise IllegalAction(
            "bad-action",
            'A claim names its word, e.g. {"type": "claim", "word": "cast"}.',
            field="word",
        )
    needed = comp.word_vector(word)
    if needed is None:
        bad = sorted({symbol for symbol in word if symbol not in comp.SYMBOLS})
        raise IllegalAction(
            "not-letters",
            f"{word.upper()} holds {', '.join(repr(b) for b in bad)}, which no letter pieces "
            "build; words use the letters A-Z, the hyphen and the apostrophe.",
        )
    if len(word) < options.min_length:
        raise IllegalAction(
            "word-too-short",
            f"{word.upper()} has {len(word)} letter(s); a word needs at least "
            f"{options.min_length}.",
        )
    line = _claim_line(state, player, action, word)
    _check_pieces(player, word, needed)
    if options.secret:
        return word, line, "A word is written on the sheet; it is checked at scoring."
    problem = word_problem(options, lexicon, state, player, word, line)
    if problem is not None:
        details: dict[str, Any] = {"word": word}
        if problem[0] == "word-already-claimed":
            details["by"] = state["claimed"][word]  # the seat whose claim came first
        raise IllegalAction(problem[0], problem[1], **details)
    reason = f"{word.upper()} stands: a dictionary word, built from the pool, not yet claimed"
    if player["last"]:
        new = comp.new_letters(word, player["last"])
        reason += f", new letter(s) {', '.join(new).upper()} after {player['last'].upper()}"
    if state["required"] is not None:
        reason += f", holds the required letter {state['required'][line].upper()}"
    return word, line, reason + "."


def _check_pieces(player: PlayerState, word: str, needed: tuple[int, ...]) -> None:
    """The pool builds the word, and its leftovers (with unused wild circles) fit the
    unchecked discard boxes; with every box checked a word must use every piece."""
    pool = comp.as_vector(player["pool"])
    if any(need > have for need, have in zip(needed, pool, strict=True)):
        short = {p: n - h for p, n, h in zip(comp.PIECES, needed, pool, strict=True) if n > h}
        raise IllegalAction(
            "not-buildable",
            f"{word.upper()} needs {comp.describe_pieces(comp.as_pool(needed))}; your pool "
            f"lacks {comp.describe_pieces(short)}.",
        )
    leftover = sum(pool) - sum(needed)
    to_check = leftover + player["wilds"]
    boxes = boxes_left(player)
    if to_check <= boxes and (boxes > 0 or to_check == 0):
        return
    circles = " (with your unused wild circles)" if player["wilds"] else ""
    if boxes == 0:
        raise IllegalAction(
            "must-use-all-pieces",
            "All your discard boxes are checked, so a word must use every piece of your "
            f"pool; {word.upper()} leaves {leftover} piece(s){circles}.",
        )
    raise IllegalAction(
        "too-many-leftovers",
        f"{word.upper()} would discard {to_check} piece(s){circles} but only {boxes} discard "
        "box(es) are left unchecked.",
    )


def _claim_line(state: WordsmithState, player: PlayerState, action: Action, word: str) -> int:
    if state["required"] is None:
        return len(player["order"])
    line = action.get("line")
    require(
        line is not None and 0 <= line < LINES,
        "line-needed",
        f"In the Advanced Game a claim names its sheet line 0 to 5 (required letters "
        f'{state["required"].upper()}), e.g. {{"type": "claim", "word": "{word}", '
        '"line": 0}.',
    )
    assert isinstance(line, int)
    require(
        player["sheet"][line] is None,
        "line-taken",
        f"Line {line + 1} of your sheet already holds a word; choose a free line.",
    )
    return line


def claim(
    options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState, seat: int, action: Action
) -> list[Event]:
    pending = state["players"][seat]["pending"]
    if pending is not None:
        raise IllegalAction(
            "choose-piece-first",
            "Take the piece of your last roll first "
            f"(one of {', '.join(roll_offer(state, pending))}), then claim.",
        )
    word, line, reason = check_claim(options, lexicon, state, seat, action)
    player = state["players"][seat]
    needed = comp.recipe(word)
    discarded = {p: player["pool"][p] - needed[p] for p in comp.PIECES}
    for piece, count in discarded.items():
        state["tray"][piece] += count
    checked = comp.pool_size(discarded) + player["wilds"]
    player["pool"] = needed
    player["discards"] += checked
    player["wilds"] = 0
    player["sheet"][line] = word
    player["order"].append(line)
    player["last"] = word
    event: Event = {
        "type": "claimed",
        "seat": seat,
        "words": len(player["order"]),
        "discarded": comp.pool_size(discarded),
        "boxes_checked": checked,
    }
    if options.secret:
        event["reason"] = "A word is written on the sheet; it is checked at scoring."
    else:
        state["claimed"][word] = seat
        event.update(word=word, reason=reason)
        if state["required"] is not None:
            event["line"] = line
    if state["phase"] == "word":
        player["status"] = "waiting"
    elif state["phase"] == "last-words":
        player["status"] = "finished"
    events = [event]
    if state["phase"] == "race" and len(player["order"]) == LINES:
        events.append(_call_done(options, state, seat))
    return events


def _call_done(options: WordsmithOptions, state: WordsmithState, seat: int) -> Event:
    """Done: "Now all other players are allowed to build and claim 1 more word". A player
    who passed earlier (a pass only says they found no word then) is back for that word;
    under ``last_word_after_pass=false`` (rules version 2) the pass kept them out."""
    state["phase"] = "last-words"
    state["done_by"] = seat
    for other, player in enumerate(state["players"]):
        if other == seat:
            player["status"] = "done"
        elif player["status"] == "passed" and options.last_word_after_pass:
            player["status"] = "playing"
    return {"type": "done", "seat": seat}


def pass_(state: WordsmithState, seat: int) -> list[Event]:
    """Word by Word: skip this word. Race: no more rolls or words until Done (the one more
    word after Done stays open), or, after Done, decline that word. Either way a roll still
    waiting for its piece is given up."""
    player = state["players"][seat]
    player["pending"] = None
    player["wilds"] = 0
    player["status"] = "waiting" if state["phase"] == "word" else "passed"
    return [{"type": "passed", "seat": seat, "phase": state["phase"]}]


def advance(options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState) -> list[Event]:
    """End the word round or the challenge when nobody is left to act."""
    if any(player["status"] == "playing" for player in state["players"]):
        return []
    if state["phase"] == "word" and state["round"] + 1 < LINES:
        state["round"] += 1
        faces = roll_round(state)
        return [{"type": "round", "word": state["round"] + 1, "faces": faces}]
    events = [score_challenge(options, lexicon, state)]
    if state["challenge"] >= options.challenges:
        state["phase"] = "over"
        events.append({"type": "game-over", "totals": list(state["totals"])})
        return events
    start_challenge(options, lexicon, state)
    events.append(
        {
            "type": "challenge",
            "challenge": state["challenge"],
            "pool": dict(state["start_pool"]),
            "required": state["required"],
        }
    )
    if state["phase"] == "word":
        events.append({"type": "round", "word": 1, "faces": list(state["round_roll"])})
    return events
