"""Carrying out moves: validating a card's play, laying it, claiming and breaking words, the
end of a round and the final scramble. Actions arrive already shaped (the engine checked their
fields and types against :data:`crafthall.games.enchanted_grid.rules.ACTIONS`)."""

from __future__ import annotations

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction
from crafthall.games.enchanted_grid.components import card, card_json, deck
from crafthall.games.enchanted_grid.grid import (
    CELLS,
    COLOURS,
    KEYS,
    PUSHES,
    REACH,
    Board,
    Cell,
    Effect,
    Tops,
    key,
    reading_order,
    unkey,
)
from crafthall.games.enchanted_grid.state import Award, EnchantedGridState, GridEntry
from crafthall.games.enchanted_grid.words import (
    Word,
    WordReader,
    award_owners,
    in_claim_order,
    unchanged_words,
)

DECK_SIZE = len(deck())
POWER_VERBS = {
    "face-down": "be placed face down",
    "swap": "swap",
    "overwrite": "overwrite a card",
    "insert": "be inserted",
}


def name_of(card_id: int) -> str:
    """'the grey U Enchanter', 'the green B'."""
    c = card(card_id)
    return f"the {c.colour} {c.letter}" + (" Enchanter" if c.enchanter else "")


def describe(board: Board, cell: Cell) -> str:
    """A cell as the player sees it: 'the green B', 'the face-down card', 'that empty spot'."""
    card_id = board.face_up(cell)
    if card_id is not None:
        return name_of(card_id)
    return "the face-down card" if cell in board else "that empty spot"


def next_with_cards(state: EnchantedGridState, seat: int, include: bool = False) -> int:
    """The next seat in order (``seat`` itself first if ``include``) that holds a card."""
    seats = state["seats"]
    for offset in range(0 if include else 1, seats + 1):
        candidate = (seat + offset) % seats
        if state["hands"][candidate]:
            return candidate
    return seat


# --- validation ----------------------------------------------------------------------------


def _card_in_hand(state: EnchantedGridState, seat: int, card_id: int) -> None:
    if not 0 <= card_id < DECK_SIZE:
        raise IllegalAction(
            "bad-card",
            f"There is no card {card_id}: 'card' is the id of a card in your hand (the view's "
            "'hand' lists them).",
        )
    if card_id not in state["hands"][seat]:
        raise IllegalAction(
            "card-not-in-hand",
            f"{name_of(card_id).capitalize()} (card {card_id}) is not in your hand; play one of "
            "the cards your view's 'hand' lists.",
        )


def _in_zone(board: Board, cell: Cell, colour: str, code: str, power: str) -> None:
    if not board.in_reach(cell, colour):
        own = " or on the Enchanter itself" if (0, 0) in REACH[colour] else ""
        raise IllegalAction(
            code,
            f"{describe(board, cell).capitalize()} is not in a {colour} zone: a {colour} card "
            f"may {power} only in the eight cells around a face-up {colour} Enchanter{own}.",
        )


def _needs(colour: str, needed: str, card_id: int, power: str, instead: str) -> None:
    """Refuse a power used by a card of another colour."""
    if colour != needed:
        raise IllegalAction(
            f"{power}-needs-{needed}",
            f"Only a {needed} card may {POWER_VERBS[power]}; {name_of(card_id)} is {colour}: "
            f"{instead}.",
        )


def _check_place(board: Board, action: Action, at: Cell, card_id: int) -> None:
    colour = COLOURS[card_id]
    grid = board.grid
    if KEYS[at] in grid:
        raise IllegalAction(
            "cell-occupied",
            f"That spot already holds {describe(board, at)}; only a red card in a red zone may "
            "go on top of a card (overwrite), and a green card in a green zone may push it "
            "(insert).",
        )
    if not grid:
        if at != (0, 0):
            raise IllegalAction(
                "first-card-at-origin",
                "The grid is empty: the first card goes on the starting spot, where the "
                "grid begins.",
            )
    elif not board.touches_card(at):
        raise IllegalAction(
            "not-next-to-a-card",
            "That spot is not next to a card: place a card left of, right of, above or "
            "under a card on the grid.",
        )
    if action.get("face_down", False):
        _needs(colour, "grey", card_id, "face-down", "place it face up")
        _in_zone(board, at, "grey", "not-in-grey-zone", "go face down")
    if "swap" in action:
        _needs(colour, "blue", card_id, "swap", "place it without a swap")
        _in_zone(board, at, "blue", "not-in-blue-zone", "swap")
        target = (action["swap"][0], action["swap"][1])
        if target not in board.swap_targets(at):
            raise IllegalAction(
                "swap-out-of-zone",
                "A blue card placed there may swap only with a card in the 3 x 3 square of a "
                f"blue Enchanter whose zone holds that spot; {describe(board, target)} is not "
                "one.",
            )


def _check_overwrite(board: Board, at: Cell, card_id: int) -> None:
    _needs(COLOURS[card_id], "red", card_id, "overwrite", "place it on an empty cell")
    if at not in board:
        raise IllegalAction(
            "nothing-to-overwrite",
            "That spot is empty: there is no card to overwrite; place the card there instead.",
        )
    _in_zone(board, at, "red", "not-in-red-zone", "overwrite")


def _check_insert(board: Board, action: Action, at: Cell, card_id: int) -> None:
    _needs(COLOURS[card_id], "green", card_id, "insert", "place it on an empty cell")
    if at not in board:
        raise IllegalAction(
            "nothing-to-push",
            "That spot is empty: an insertion pushes the card there; place the card there instead.",
        )
    push = action["push"]
    dx, dy = PUSHES[push]
    if (at[0] - dx, at[1] - dy) not in board:
        raise IllegalAction(
            "not-between-cards",
            f"An insertion goes between two cards: pushing {describe(board, at)} {push} needs "
            "a card on the other side of it too.",
        )
    _in_zone(board, at, "green", "not-in-green-zone", "be inserted")


def plan(state: EnchantedGridState, board: Board, seat: int, action: Action) -> Effect:
    """Validate a play action completely (nothing changes) and return its effect."""
    card_id = action["card"]
    _card_in_hand(state, seat, card_id)
    at = (action["at"][0], action["at"][1])
    kind = action["type"]
    if kind == "place":
        _check_place(board, action, at, card_id)
    elif kind == "overwrite":
        _check_overwrite(board, at, card_id)
    else:
        _check_insert(board, action, at, card_id)
    return board.effect_of(action)


def tops_after(board: Board, effect: Effect, entry: GridEntry) -> Tops:
    """The face-up top cards as a move would leave them, leaving ``board`` as it is (for
    bots)."""
    after = dict(board.tops)
    taken = {target: after.pop(key(source), None) for source, target in effect.moves.items()}
    for target, card_id in taken.items():
        if card_id is not None:  # a face-down top stays a blank where it goes
            after[key(target)] = card_id
    if entry["down"]:
        after.pop(key(effect.put), None)
    else:
        after[key(effect.put)] = entry["card"]
    return after


# --- playing a card ------------------------------------------------------------------------


def play_card(
    state: EnchantedGridState, seat: int, action: Action, reader: WordReader
) -> list[Event]:
    """Validate and play a card, claim and break words, draw (the round end comes after)."""
    board = Board(state)
    effect = plan(state, board, seat, action)
    card_id: int = action["card"]
    face_down = bool(action.get("face_down", False))
    # Everything is valid: change the state.
    entry: GridEntry = {"card": card_id, "by": seat, "down": face_down}
    if "swap" in action:
        created, broken = _swap(board, reader, effect, entry)
    elif effect.moves:
        touched = effect.cells()
        before = reader.near(board.tops, touched)
        board.move(effect.moves)
        board.put(effect.put, entry)
        created, broken = reader.changes(before, reader.near(board.tops, touched))
    else:
        top = board.face_up(effect.put)  # the covered card, when overwriting
        board.put(effect.put, entry)
        created, broken = reader.change_at(board.tops, effect.put, top)
    state["hands"][seat].remove(card_id)
    events: list[Event] = [_played_event(seat, action, card_id, effect, face_down)]
    update_claims(state, seat, created, broken, events)
    state["counter"] += 1
    if state["deck"]:
        state["hands"][seat].append(state["deck"].pop(0))
    return events


def _swap(
    board: Board, reader: WordReader, effect: Effect, entry: GridEntry
) -> tuple[list[Word], list[Word]]:
    """Swap the blue card with the stack at ``effect.put`` (a change of one cell after the
    other, so that each reads only its own two lines)."""
    ((source, target),) = effect.moves.items()
    covered = board.face_up(source)
    stack = board.take(source)
    board.put(source, entry)  # the blue card takes the swapped card's cell...
    first = reader.change_at(board.tops, source, covered)
    board.set_down(target, stack)  # ...and the swapped stack the cell it was placed on
    return reader.then(first, reader.change_at(board.tops, target, None))


def _played_event(
    seat: int, action: Action, card_id: int, effect: Effect, face_down: bool
) -> Event:
    how = action["type"]
    if face_down:
        how = "face-down"
    elif "swap" in action:
        how = "swap"
    event: Event = {
        "type": "played",
        "seat": seat,
        "how": how,
        "at": [action["at"][0], action["at"][1]],
        "card": None if face_down else card_json(card_id),
    }
    if how == "swap":
        event["swap"] = list(effect.put)
    if how == "insert":
        event["push"] = action["push"]
    return event


def update_claims(
    state: EnchantedGridState,
    seat: int,
    created: list[Word],
    broken: list[Word],
    events: list[Event],
) -> None:
    """Strike the broken words off the list and add the created ones under ``seat``; a word
    the change left reading the same letters on the same cells keeps its claim."""
    created, broken, renewed = unchanged_words(created, broken)
    if broken or renewed:
        gone = {w.key for w in broken}
        kept = []
        for claim in state["claims"]:
            word_key = (claim["direction"], tuple(claim["cards"]))
            if word_key in gone:
                events.append({"type": "broken", "seat": claim["seat"], "word": claim["word"]})
                continue
            if word_key in renewed:
                claim["cards"] = list(renewed[word_key].ids)
            kept.append(claim)
        state["claims"] = kept
    for word in in_claim_order(created) if created else ():
        state["claims"].append(
            {"seat": seat, "word": word.text, "direction": word.direction, "cards": list(word.ids)}
        )
        events.append(
            {
                "type": "claimed",
                "seat": seat,
                "word": word.text,
                "direction": word.direction,
                "at": list(word.cells[0]),
            }
        )


def after_card(
    state: EnchantedGridState, seat: int, events: list[Event], reader: WordReader, round_cards: int
) -> None:
    """Pass the turn, or end the round once its cards are played or no one holds a card."""
    if state["counter"] >= round_cards or not any(state["hands"]):
        end_round(state, events, reader)
    else:
        state["turn"] = next_with_cards(state, seat)


# --- end of a round ------------------------------------------------------------------------


def _turn_up(state: EnchantedGridState, board: Board, cell: Cell) -> Event:
    top = board.turn_up(cell)
    state["revealed"] += 1
    return {"type": "revealed", "at": list(cell), "card": card_json(top["card"])}


def _face_down_tops(board: Board) -> list[Cell]:
    """Cells whose top card is face down, in reading order."""
    return reading_order([CELLS[name] for name in board.grid.keys() - board.tops.keys()])


def end_round(state: EnchantedGridState, events: list[Event], reader: WordReader) -> None:
    board = Board(state)
    # 1. Reveal face-down cards on top; their placer claims what they make.
    for cell in _face_down_tops(board):
        placer = board.grid[key(cell)][-1]["by"]
        events.append(_turn_up(state, board, cell))
        created, broken = reader.change_at(board.tops, cell, None)
        update_claims(state, placer, created, broken, events)
    # 2. Award the claimed words.
    claims = state["claims"]
    owners = award_owners(claims)
    where = dict(zip(board.tops.values(), board.tops, strict=True))  # card id -> cell key
    awards: list[Award] = []
    for index, claim in enumerate(claims):
        won = [c for c in claim["cards"] if owners[c] == index]
        for card_id in won:
            board.lift(unkey(where[card_id]))
            state["won"][claim["seat"]].append(card_id)
        award: Award = {"seat": claim["seat"], "word": claim["word"], "cards": len(won)}
        awards.append(award)
        events.append({"type": "awarded", **award})
    # 3. Clean up: the list is erased; surfaced face-down cards turn up.
    for cell in _face_down_tops(board):
        events.append(_turn_up(state, board, cell))
    state["claims"] = []
    state["counter"] = 0
    state["last_round"] = awards
    events.append({"type": "round-end", "round": state["round"]})
    # 4. The next round, or the scramble.
    state["round"] += 1
    state["first"] = (state["first"] + 1) % state["seats"]
    if any(state["hands"]):
        state["turn"] = next_with_cards(state, state["first"], include=True)
    else:
        start_scramble(state, events, reader)


# --- the final scramble --------------------------------------------------------------------


def start_scramble(state: EnchantedGridState, events: list[Event], reader: WordReader) -> None:
    state["phase"] = "scramble"
    state["turn"] = state["first"]
    state["passes"] = 0
    events.append({"type": "scramble"})
    _maybe_over(state, events, reader)


def _maybe_over(state: EnchantedGridState, events: list[Event], reader: WordReader) -> None:
    if state["passes"] >= state["seats"] or not reader.all_words(state["tops"], True):
        state["phase"] = "over"
        events.append({"type": "game-over", "scores": [len(w) for w in state["won"]]})


def scramble(
    state: EnchantedGridState, seat: int, action: Action, reader: WordReader
) -> list[Event]:
    """A claim or a pass in the final scramble."""
    events: list[Event] = []
    if action["type"] == "pass":
        state["passes"] += 1
        events.append({"type": "passed", "seat": seat})
    else:
        events = _claim(state, seat, action, reader)
        state["passes"] = 0
    state["turn"] = (seat + 1) % state["seats"]
    _maybe_over(state, events, reader)
    return events


def _claim(state: EnchantedGridState, seat: int, action: Action, reader: WordReader) -> list[Event]:
    at = (action["at"][0], action["at"][1])
    direction = action["direction"]
    board = Board(state)
    word = reader.word_at(board.tops, at, direction)
    if word is None or word.cells[0] != at or word.direction != direction:
        standing = reader.all_words(board.tops).values()
        listed = ", ".join(f"{w.text} ({w.direction})" for w in standing)
        raise IllegalAction(
            "no-word-there",
            f"No word starts on that card going {direction} ({reader.rule}); the words "
            f"standing are {listed}: choose the first card of one of them.",
            at=list(at),
        )
    events: list[Event] = [
        {"type": "awarded", "seat": seat, "word": word.text, "cards": len(word.ids)}
    ]
    for cell in word.cells:
        board.lift(cell)
        top = board.top(cell)
        if top is not None and top["down"]:
            events.append(_turn_up(state, board, cell))
    state["won"][seat].extend(word.ids)
    return events
